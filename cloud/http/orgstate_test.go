package http_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// The organisation-state matrix: every organisation route x {within its
// plan, over its plan, a trial past its end date}. The routes that print,
// create or mail (cloud.CanCreateCodes) answer 403 with the reason in both
// paused states; every other route answers as it does within the plan, so
// the organisation can read, export, edit and delete its way back. The
// routes come from the router: an organisation route without a row fails.

// orgState is the organisation a cell runs against.
type orgState int

const (
	withinPlan orgState = iota
	overPlan
	trialEnded
	orgStateCount
)

var orgStateNames = [orgStateCount]string{"within its plan", "over its plan", "trial ended"}

// orgRefs are the ids a cell's request names: all of the cell's own
// organisation.
type orgRefs struct {
	Org, Code, Project, Template, Link, Owner int64
	LinkToken                                 string
}

// stateCase is one organisation route. ok is its answer within the plan;
// gated routes print, create or mail, and answer 403 with pausedMessage (the
// organisation's own reason when empty) in a paused state.
type stateCase struct {
	route string
	path  func(r orgRefs) string
	body  func(r orgRefs) any
	ok    int
	gated bool
	// trialOK, when set, is the answer for an ended trial of a route that
	// is not gated (subscribing: a trial has no subscription yet).
	trialOK int
	// pausedMessage, when set, is the gated answer's message (a worker's
	// form says only that it is closed).
	pausedMessage string
}

func op(rest string) func(orgRefs) string {
	return func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d%s", r.Org, rest) }
}

func codePath(rest string) func(orgRefs) string {
	return func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/qr-codes/%d%s", r.Org, r.Code, rest) }
}

var stateCases = []stateCase{
	{route: "GET /api/corporate/{orgId}/dashboard", path: op("/dashboard"), ok: 200},
	{route: "GET /api/corporate/{orgId}/team", path: op("/team"), ok: 200},
	{route: "POST /api/corporate/{orgId}/team/invite", path: op("/team/invite"),
		body: func(orgRefs) any { return map[string]string{"email": "new.admin@state.example"} }, ok: 201, gated: true},
	{route: "POST /api/corporate/{orgId}/team/{userId}/resend",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/team/%d/resend", r.Org, r.Owner) },
		ok:   http.StatusConflict, gated: true}, // the owner has a password
	{route: "DELETE /api/corporate/{orgId}/team/{userId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/team/%d", r.Org, r.Owner) },
		ok:   http.StatusForbidden}, // the owner cannot be removed, in any state
	{route: "POST /api/corporate/{orgId}/billing-portal", path: op("/billing-portal"), ok: http.StatusConflict},
	// Subscribing is the way out, in every state: the organisation here has
	// a live subscription, so it is sent to Manage Billing.
	{route: "POST /api/corporate/{orgId}/subscribe", path: op("/subscribe"),
		body: func(orgRefs) any { return map[string]string{"subscriptionPlan": "enterprise"} }, ok: http.StatusConflict,
		trialOK: 200},
	{route: "POST /api/corporate/{orgId}/batch-print.pdf", path: op("/batch-print.pdf"),
		body: func(r orgRefs) any {
			return map[string]any{"codeIds": []int64{r.Code}, "layout": map[string]string{"id": "avery-5163"}, "preview": true}
		}, ok: 200, gated: true},
	{route: "POST /api/corporate/{orgId}/batch-print/fit", path: op("/batch-print/fit"),
		body: func(r orgRefs) any { return map[string]any{"codeIds": []int64{r.Code}} }, ok: 200, gated: true},
	{route: "POST /api/corporate/{orgId}/print-runs", path: op("/print-runs"),
		body: func(r orgRefs) any {
			return map[string]any{"layout": "avery-5163", "labels": 1, "codeIds": []int64{r.Code}}
		},
		ok: 201, gated: true},
	{route: "GET /api/corporate/projects/{orgId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/projects/%d", r.Org) }, ok: 200},
	{route: "POST /api/corporate/{orgId}/projects", path: op("/projects"),
		body: func(orgRefs) any { return map[string]string{"name": "North Site"} }, ok: 201},
	{route: "PUT /api/corporate/{orgId}/projects/{projectId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/projects/%d", r.Org, r.Project) },
		body: func(orgRefs) any { return map[string]string{"name": "Renamed"} }, ok: 200},
	// Deleting an empty project and choosing the paper neither print,
	// create nor mail: allowed in every state.
	{route: "DELETE /api/corporate/{orgId}/projects/{projectId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/projects/%d", r.Org, r.Project) }, ok: 200},
	{route: "PUT /api/corporate/{orgId}/paper-size", path: op("/paper-size"),
		body: func(orgRefs) any { return map[string]string{"paperSize": "letter"} }, ok: 200},
	// Sign-in security is no printing: the rule is set in any state (false,
	// so that the matrix's own sign-ins stay a password's).
	{route: "GET /api/corporate/{orgId}/second-factor-rule", path: op("/second-factor-rule"), ok: 200},
	{route: "PUT /api/corporate/{orgId}/second-factor-rule", path: op("/second-factor-rule"),
		body: func(orgRefs) any { return map[string]bool{"required": false} }, ok: 200},
	{route: "GET /api/corporate/{orgId}/qr-codes", path: op("/qr-codes?records=1"), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes", path: op("/qr-codes"),
		// The Standard form by name: the matrix's organisation has a default template by now.
		body: func(orgRefs) any { return map[string]any{"templateId": 0, "values": libraryValues("New Worker")} }, ok: 201, gated: true},
	{route: "GET /api/corporate/{orgId}/qr-codes/import-template.csv", path: op("/qr-codes/import-template.csv"), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes/import", path: op("/qr-codes/import"),
		body: func(orgRefs) any { return map[string]any{"templateId": 0, "csv": workersCSV(1), "commit": true} }, ok: 200, gated: true},
	// Giving codes their numbers edits them, which a paused organisation may.
	{route: "POST /api/corporate/{orgId}/qr-codes/external-ids", path: op("/qr-codes/external-ids"),
		body: func(orgRefs) any { return map[string]any{"csv": "Name,externalId\nNobody,X-1\n"} }, ok: 200},
	{route: "GET /api/corporate/{orgId}/qr-codes/{codeId}", path: codePath(""), ok: 200},
	{route: "PUT /api/corporate/{orgId}/qr-codes/{codeId}", path: codePath(""),
		body: func(orgRefs) any { return map[string]any{"isActive": false} }, ok: 200},
	{route: "DELETE /api/corporate/{orgId}/qr-codes/{codeId}", path: codePath(""), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes/{codeId}/duplicate", path: codePath("/duplicate"), ok: 201, gated: true},
	{route: "GET /api/corporate/{orgId}/qr-codes/{codeId}/label.pdf", path: codePath("/label.pdf"), ok: 200, gated: true},
	{route: "GET /api/corporate/{orgId}/qr-codes/{codeId}/label.png", path: codePath("/label.png"), ok: 200, gated: true},
	{route: "POST /api/corporate/{orgId}/qr-codes/{codeId}/update-link", path: codePath("/update-link"),
		body: func(orgRefs) any { return map[string]any{} }, ok: 201, gated: true},
	// Corporate integration: a new worker is a create (gated);
	// deactivating, activating and reading are not.
	{route: "PUT /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}", path: op("/qr-codes/by-external-id/NEW-1"),
		// templateId 0: the Standard form these values fill (the
		// organisation's default template is another).
		body: func(orgRefs) any { return map[string]any{"templateId": 0, "values": libraryValues("New Worker")} }, ok: 201, gated: true},
	{route: "POST /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}/deactivate",
		path: op("/qr-codes/by-external-id/SEED-1/deactivate"), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}/activate",
		path: op("/qr-codes/by-external-id/SEED-1/activate"), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes/bulk-upsert", path: op("/qr-codes/bulk-upsert"),
		body: func(orgRefs) any {
			return map[string]any{"qrCodes": []any{map[string]any{"externalId": "NEW-2", "templateId": 0, "values": libraryValues("New Worker")}}}
		}, ok: 200, gated: true},
	{route: "GET /api/corporate/{orgId}/qr-codes/changes", path: op("/qr-codes/changes?include=record"), ok: 200},
	{route: "POST /api/corporate/{orgId}/qr-codes/labels-by-external-id.pdf", path: op("/qr-codes/labels-by-external-id.pdf"),
		body: func(orgRefs) any {
			return map[string]any{"externalIds": []string{"SEED-1"}, "layout": map[string]string{"id": "avery-5163"}, "preview": true}
		}, ok: 200, gated: true},
	{route: "GET /api/corporate/{orgId}/form-templates", path: op("/form-templates"), ok: 200},
	{route: "POST /api/corporate/{orgId}/form-templates", path: op("/form-templates"),
		body: func(orgRefs) any { return templateBody("Scaffolders") }, ok: 201},
	{route: "PUT /api/corporate/form-templates/{templateId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/form-templates/%d", r.Template) },
		body: func(orgRefs) any { return templateBody("Renamed") }, ok: 200},
	{route: "DELETE /api/corporate/form-templates/{templateId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/form-templates/%d", r.Template) }, ok: 200},
	{route: "GET /api/corporate/{orgId}/collection-links", path: op("/collection-links"), ok: 200},
	{route: "POST /api/corporate/{orgId}/collection-links", path: op("/collection-links"),
		body: func(orgRefs) any { return map[string]any{"templateId": 0, "expiresInDays": 7} }, ok: 201, gated: true},
	{route: "DELETE /api/corporate/{orgId}/collection-links/{linkId}",
		path: func(r orgRefs) string { return fmt.Sprintf("/api/corporate/%d/collection-links/%d", r.Org, r.Link) }, ok: 200},
	{route: "GET /api/corporate/{orgId}/analytics", path: op("/analytics"), ok: 200},
	{route: "GET /api/corporate/{orgId}/analytics/report.csv", path: op("/analytics/report.csv"), ok: 200},
	// Keys are managed in any state (an inactive
	// organisation's keys are refused when used: TestAPIKeys); 999 is no
	// key of the cell's organisation.
	{route: "GET /api/corporate/{orgId}/api-keys", path: op("/api-keys"), ok: 200},
	{route: "POST /api/corporate/{orgId}/api-keys", path: op("/api-keys"),
		body: func(orgRefs) any { return map[string]string{"name": "State sync", "scope": "write"} }, ok: 201},
	{route: "DELETE /api/corporate/{orgId}/api-keys/{keyId}", path: op("/api-keys/999"), ok: 404},
	// Single sign-on is set up in any state (here refused for its issuer,
	// before any network: TestSingleSignOn sets a real one up).
	{route: "GET /api/corporate/{orgId}/sso", path: op("/sso"), ok: 200},
	{route: "PUT /api/corporate/{orgId}/sso", path: op("/sso"),
		body: func(orgRefs) any {
			return map[string]any{"issuer": "not an address", "clientId": "x", "domains": []string{}, "requireSso": false}
		}, ok: 400},
	// Webhooks are managed in any state: they print, create and mail
	// nothing (here a loopback address is refused before any network, and
	// the organisation has no endpoint 1: TestWebhooks delivers).
	{route: "GET /api/corporate/{orgId}/webhooks", path: op("/webhooks"), ok: 200},
	{route: "POST /api/corporate/{orgId}/webhooks", path: op("/webhooks"),
		body: func(orgRefs) any {
			return map[string]any{"url": "https://127.0.0.1/hook", "events": []string{"qr_code.created"}}
		}, ok: 400},
	{route: "PUT /api/corporate/{orgId}/webhooks/{endpointId}", path: op("/webhooks/1"),
		body: func(orgRefs) any { return map[string]any{"enabled": true} }, ok: 404},
	{route: "DELETE /api/corporate/{orgId}/webhooks/{endpointId}", path: op("/webhooks/1"), ok: 404},
	{route: "POST /api/corporate/{orgId}/webhooks/{endpointId}/rotate-secret", path: op("/webhooks/1/rotate-secret"), ok: 404},
	{route: "GET /api/corporate/{orgId}/webhooks/{endpointId}/deliveries", path: op("/webhooks/1/deliveries"), ok: 404},
	{route: "POST /api/corporate/{orgId}/webhooks/{endpointId}/deliveries/{messageId}/resend",
		path: op("/webhooks/1/deliveries/1/resend"), ok: 404},
	// Review cycles: confirming a code and choosing the period edit, which a
	// paused organisation may; a round mails its workers, so it is gated
	// (here the cell's fresh codes are none of them due: 409).
	{route: "POST /api/corporate/{orgId}/qr-codes/{codeId}/confirm", path: codePath("/confirm"), ok: 200},
	{route: "PUT /api/corporate/{orgId}/review-period", path: op("/review-period"),
		body: func(orgRefs) any { return map[string]int{"reviewPeriodMonths": 6} }, ok: 200},
	{route: "GET /api/corporate/{orgId}/review-rounds", path: op("/review-rounds"), ok: 200},
	{route: "POST /api/corporate/{orgId}/review-rounds", path: op("/review-rounds"),
		body: func(orgRefs) any { return map[string]any{"reminderDays": []int{7}} }, ok: http.StatusConflict, gated: true},
	{route: "GET /api/corporate/{orgId}/review-rounds/{roundId}", path: op("/review-rounds/999"), ok: 404},
	{route: "POST /api/corporate/{orgId}/review-rounds/{roundId}/hand-out-links",
		path: op("/review-rounds/999/hand-out-links"), ok: 404, gated: true},
	// A worker's form through a live link: closed while the organisation
	// is paused, without its plan's details.
	{route: "GET /api/collect/{token}", path: func(r orgRefs) string { return "/api/collect/" + r.LinkToken },
		ok: 200, gated: true, pausedMessage: cloud.MsgCollectionClosed},
	{route: "POST /api/collect/{token}", path: func(r orgRefs) string { return "/api/collect/" + r.LinkToken },
		body: func(orgRefs) any {
			return map[string]any{"values": libraryValues("Walk-in Worker"), "consent": true}
		}, ok: 201, gated: true, pausedMessage: cloud.MsgCollectionClosed},
	// Only an update link confirms; the cell's link is a shared one.
	{route: "POST /api/collect/{token}/confirm", path: func(r orgRefs) string { return "/api/collect/" + r.LinkToken + "/confirm" },
		ok: http.StatusBadRequest, gated: true, pausedMessage: cloud.MsgCollectionClosed},
}

// isOrganizationRoute: the routes the state matrix must cover.
func isOrganizationRoute(route string) bool {
	if strings.HasPrefix(route, "/api/admin/") {
		return false // a site admin's, in any state (TestAdminOrganizationChanges)
	}
	return strings.Contains(route, "{orgId}") || strings.Contains(route, "/form-templates/") ||
		strings.HasPrefix(route, "/api/collect/")
}

// stateSeedCodes is how many codes each cell's organisation holds, and
// stateStarterMax the plan it is then moved to for overPlan.
const (
	stateSeedCodes  = 12
	stateStarterMax = 10
)

// newOwnedOrganization makes an organisation of plan with its owner (a
// password set as the setup link sets it), behind the API, and returns
// the owner's session.
func (e *env) newOwnedOrganization(name, ownerEmail string, o *cloud.Organization) (int64, *cloud.User, string) {
	e.t.Helper()
	ctx := context.Background()
	o.Name, o.ContactEmail, o.CreatedAt = name, ownerEmail, e.Clock.Now()
	var owner *cloud.User
	err := e.Store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if err := tx.CreateOrganization(o); err != nil {
			return err
		}
		var err error
		owner, err = tx.CreateMember(o.ID, ownerEmail, cloud.UserTypeCorporateOwner, e.Clock.Now())
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	hash, err := argon2id.New(fastPasswords, 0).Hash("owner-password")
	if err != nil {
		e.t.Fatal(err)
	}
	tokenHash := sha256.Sum256([]byte("setup-" + ownerEmail))
	if err := e.Store.SetResetToken(ctx, owner.ID, tokenHash[:], e.Clock.Now().Add(time.Hour)); err != nil {
		e.t.Fatal(err)
	}
	if owner, err = e.Store.UsePasswordToken(ctx, tokenHash[:], ownerEmail, hash, e.Clock.Now()); err != nil {
		e.t.Fatal(err)
	}
	return o.ID, owner, e.corporateLogin(ownerEmail, "owner-password")
}

// importWorkers adds n codes through the import route.
func (e *env) importWorkers(token string, orgID int64, n int) {
	e.t.Helper()
	resp := e.do("POST", orgURL(orgID, "/qr-codes/import"), token, map[string]any{"templateId": 0, "csv": workersCSV(n), "commit": true})
	if resp.Status != 200 {
		e.t.Fatalf("import %d workers: %d %s", n, resp.Status, resp.Body)
	}
}

// workersCSV is an import file of n valid workers for the standard template.
func workersCSV(n int) string { return workersFromCSV(0, n) }

// workersFromCSV is an import file of n valid workers, numbered from first.
func workersFromCSV(first, n int) string {
	csv := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\n"
	for i := first; i < first+n; i++ {
		csv += fmt.Sprintf("Worker %d,Worker %d,O+,Site Office,+44 7700 900%03d\n", i, i, i)
	}
	return csv
}

// stateOrganization makes a cell's organisation in state, with a project,
// a template, a live collection link and stateSeedCodes codes.
func (e *env) stateOrganization(owner string, state orgState) (orgRefs, string) {
	e.t.Helper()
	o := &cloud.Organization{Plan: "professional", SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 200,
		StripeCustomerID: "cus_" + owner, StripeSubscriptionID: "sub_" + owner}
	if state == trialEnded {
		o.SubscriptionStatus, o.StripeCustomerID, o.StripeSubscriptionID = cloud.SubscriptionTrial, "", ""
		o.TrialEndsAt = e.Clock.Now().Add(time.Hour)
	}
	orgID, user, token := e.newOwnedOrganization("State Org "+owner, owner, o)
	refs := orgRefs{Org: orgID, Owner: user.ID}
	e.importWorkers(token, orgID, stateSeedCodes)
	resp := e.do("GET", orgURL(orgID, "/qr-codes"), token, nil)
	refs.Code = int64(resp.JSON()["qrCodes"].([]any)[0].(map[string]any)["id"].(float64))
	// Corporate integration: the seeded code carries an external id.
	if resp := e.do("PUT", fmt.Sprintf("%s/%d", orgURL(orgID, "/qr-codes"), refs.Code), token,
		map[string]any{"externalId": "SEED-1"}); resp.Status != 200 {
		e.t.Fatalf("seed external id: %d %s", resp.Status, resp.Body)
	}
	resp = e.do("POST", orgURL(orgID, "/projects"), token, map[string]string{"name": "Seeded"})
	refs.Project = int64(resp.JSON()["project"].(map[string]any)["id"].(float64))
	resp = e.do("POST", orgURL(orgID, "/form-templates"), token, templateBody("Seeded form"))
	refs.Template = int64(resp.JSON()["template"].(map[string]any)["id"].(float64))
	resp = e.do("POST", orgURL(orgID, "/collection-links"), token, map[string]any{"templateId": 0, "expiresInDays": 7})
	if resp.Status != 201 {
		e.t.Fatalf("seed link: %d %s", resp.Status, resp.Body)
	}
	link := resp.JSON()["link"].(map[string]any)
	refs.Link = int64(link["id"].(float64))
	refs.LinkToken = link["url"].(string)[strings.LastIndex(link["url"].(string), "/")+1:]
	switch state {
	case overPlan:
		// A downgrade, as Stripe reports it (TestOverPlanAfterDowngrade
		// sends the signed event); here behind the API.
		e.setOrganization(orgID, stateStarterMax, cloud.SubscriptionActive)
	case trialEnded:
		// Past its end, and the hourly job has not run. The owner proves
		// who they are again, as the website asks before a change that
		// needs it (single sign-on's settings), so that the row sees the
		// organisation's state rather than the session's age.
		e.Clock.Advance(2 * time.Hour)
		wantStatus(e.t, e.confirmIdentity(token, map[string]any{"method": "password", "password": "owner-password"}),
			http.StatusOK, cloud.MsgIdentityConfirmed)
	}
	return refs, token
}

// TestOrganizationStateMatrix: each organisation route x state (above).
func TestOrganizationStateMatrix(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		t.Run("EveryOrganizationRouteHasARow", func(t *testing.T) { checkStateMatrixCoversRouter(t, e.Server.Routes()) })
		for i, sc := range stateCases {
			for state := withinPlan; state < orgStateCount; state++ {
				t.Run(fmt.Sprintf("%s/%s", sc.route, orgStateNames[state]), func(t *testing.T) {
					refs, token := e.stateOrganization(fmt.Sprintf("owner-%d-%d@state.example", i, state), state)
					if state == trialEnded {
						defer e.Clock.Advance(-2 * time.Hour)
					}
					var body any
					if sc.body != nil {
						body = sc.body(refs)
					}
					method, _, _ := strings.Cut(sc.route, " ")
					resp := e.do(method, sc.path(refs), token, body)
					want := sc.ok
					if state == trialEnded && sc.trialOK != 0 {
						want = sc.trialOK
					}
					switch {
					case state == withinPlan || !sc.gated:
						if resp.Status != want {
							t.Fatalf("got %d %s, want %d", resp.Status, resp.Body, want)
						}
					default:
						want := sc.pausedMessage
						if want == "" && state == overPlan {
							want = cloud.ErrorMessage(cloud.OverPlanError(stateStarterMax, stateSeedCodes))
						} else if want == "" {
							want = cloud.MsgOrganizationInactive
						}
						wantStatus(t, resp, http.StatusForbidden, want)
					}
				})
			}
		}
	})
}

// TestLibraryListSaysWhetherPrintingIsPaused: the list the station caches
// for printing offline carries the one rule's answer in each state, in the
// words the gated routes refuse with ("" within the plan).
func TestLibraryListSaysWhetherPrintingIsPaused(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		want := [orgStateCount]string{
			withinPlan: "",
			overPlan:   cloud.ErrorMessage(cloud.OverPlanError(stateStarterMax, stateSeedCodes)),
			trialEnded: cloud.MsgOrganizationInactive,
		}
		for state := withinPlan; state < orgStateCount; state++ {
			t.Run(orgStateNames[state], func(t *testing.T) {
				refs, token := e.stateOrganization(fmt.Sprintf("paused-%d@state.example", state), state)
				if state == trialEnded {
					defer e.Clock.Advance(-2 * time.Hour)
				}
				for _, query := range []string{"?records=1", "?page=1&pageSize=5&status=active"} {
					resp := e.do("GET", orgURL(refs.Org, "/qr-codes"+query), token, nil)
					if resp.Status != 200 || resp.JSON()["paused"] != want[state] {
						t.Fatalf("%s: got %d paused %q, want %q", query, resp.Status, resp.JSON()["paused"], want[state])
					}
				}
			})
		}
	})
}

// checkStateMatrixCoversRouter fails for every organisation route without
// a row in stateCases, and every row whose route is not registered.
func checkStateMatrixCoversRouter(t *testing.T, routes chi.Routes) {
	registered := map[string]bool{}
	if err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if isOrganizationRoute(route) {
			registered[method+" "+route] = true
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, sc := range stateCases {
		covered[sc.route] = true
		if !registered[sc.route] {
			t.Errorf("state matrix row %q is not a registered organisation route", sc.route)
		}
	}
	for route := range registered {
		if !covered[route] {
			t.Errorf("organisation route %q has no row in the state matrix (stateCases): may it print, create or mail when the organisation is over its plan?", route)
		}
	}
}

// TestOverPlanAfterDowngrade: an organisation with 60 codes on Enterprise
// moves to Starter (50) by a signed customer.subscription.updated event.
// From then on it prints, creates and links nothing, and its dashboard
// says why with the numbers; it can still read, export and delete, and
// once under the limit it prints again.
func TestOverPlanAfterDowngrade(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		orgID, _, token := e.newOwnedOrganization("Downgrade Ltd", "boss@downgrade.example", &cloud.Organization{
			Plan: "enterprise", SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 2000,
			StripeCustomerID: "cus_down", StripeSubscriptionID: "sub_down"})
		e.importWorkers(token, orgID, 60)
		list := e.do("GET", orgURL(orgID, "/qr-codes"), token, nil).JSON()["qrCodes"].([]any)
		first := int64(list[0].(map[string]any)["id"].(float64))

		payload, header, err := stripe.SignedSubscriptionEvent("evt_downgrade", cloud.EventSubscriptionUpdated, "sub_down",
			"cus_down", "active", "lifetag_starter_monthly", testWebhookSecret, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if status, out := rig.deliver(payload, header); status != 200 {
			t.Fatalf("webhook: %d %v", status, out)
		}
		paused := cloud.ErrorMessage(cloud.OverPlanError(50, 60))
		if !strings.Contains(paused, "60") || !strings.Contains(paused, "50") || !strings.Contains(paused, "delete 10") {
			t.Fatalf("the paused message lacks the numbers: %q", paused)
		}
		dash := e.do("GET", orgURL(orgID, "/dashboard"), token, nil).JSON()["organization"].(map[string]any)
		if dash["paused"] != paused || dash["currentQrCodes"] != float64(60) || dash["maxQrCodes"] != float64(50) {
			t.Fatalf("dashboard after the downgrade: %v", dash)
		}
		printBody := map[string]any{"codeIds": []int64{first}, "layout": map[string]string{"id": "avery-5163"}, "preview": true}
		wantStatus(t, e.do("POST", orgURL(orgID, "/batch-print.pdf"), token, printBody), 403, paused)
		wantStatus(t, e.do("POST", orgURL(orgID, "/collection-links"), token, map[string]any{"expiresInDays": 7}), 403, paused)
		wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes?records=1"), token, nil), 200, "")
		for _, c := range list[:10] {
			id := int64(c.(map[string]any)["id"].(float64))
			wantStatus(t, e.do("DELETE", orgURL(orgID, "/qr-codes/"+itoa(id)), token, nil), 200, "")
		}
		// At the limit: printing again; a new code is over the quota.
		if resp := e.do("POST", orgURL(orgID, "/batch-print.pdf"), token, map[string]any{"codeIds": []int64{
			int64(list[10].(map[string]any)["id"].(float64))}, "layout": map[string]string{"id": "avery-5163"}, "preview": true}); resp.Status != 200 {
			t.Fatalf("print at the limit: %d %s", resp.Status, resp.Body)
		}
		wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes"), token, map[string]any{"values": libraryValues("One More")}),
			409, cloud.ErrorMessage(cloud.QuotaError(50, 50, 1)))
		if d := e.do("GET", orgURL(orgID, "/dashboard"), token, nil).JSON()["organization"].(map[string]any); d["paused"] != "" {
			t.Fatalf("still paused at the limit: %v", d)
		}
	})
}
