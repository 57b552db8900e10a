package http_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// corporateRig is a running cloud for the corporate tests.
type corporateRig struct {
	*paymentRig
}

func newCorporateRig(t *testing.T, backend storetest.Backend, provider cloud.PaymentProvider) *corporateRig {
	return &corporateRig{newPaymentRig(t, backend, provider)}
}

// register posts the full form and returns the registration and session ids.
func (r *corporateRig) register(body map[string]string) (registrationID, sessionID string) {
	r.t.Helper()
	status, out := r.call(r.client, "POST", "/api/corporate/create-payment-intent", body, nil)
	if status != http.StatusOK {
		r.t.Fatalf("create-payment-intent: %d %v", status, out)
	}
	registrationID, _ = out["registrationId"].(string)
	sessionID, _ = out["sessionId"].(string)
	if registrationID == "" || sessionID == "" || out["redirectUrl"] == "" {
		r.t.Fatalf("create-payment-intent answer %v", out)
	}
	return registrationID, sessionID
}

func (r *corporateRig) complete(sessionID, registrationID string) (int, map[string]any) {
	r.t.Helper()
	return r.call(newBrowser(r.t), "POST", "/api/corporate/complete-registration",
		map[string]string{"sessionId": sessionID, "registrationId": registrationID}, nil)
}

// deliverCheckout signs and delivers a checkout.session.completed event.
func (r *corporateRig) deliverCheckout(eventID, sessionID, registrationID, paymentStatus string) map[string]any {
	r.t.Helper()
	payload, header, err := stripe.SignedCheckoutCompletedEvent(eventID, sessionID, registrationID, paymentStatus,
		"cus_"+registrationID, "sub_"+registrationID, testWebhookSecret, time.Now())
	if err != nil {
		r.t.Fatal(err)
	}
	status, out := r.deliver(payload, header)
	if status != http.StatusOK {
		r.t.Fatalf("webhook: %d %v", status, out)
	}
	return out
}

// organizations counts what a registration made: organisations (by the
// admin listing) and corporate owners named by the contact address.
func (r *corporateRig) organizations() []*cloud.Organization {
	r.t.Helper()
	orgs, total, err := r.store.ListOrganizations(context.Background(), "", 0, 100)
	if err != nil || total != len(orgs) {
		r.t.Fatalf("list organizations: %v (%d of %d)", err, len(orgs), total)
	}
	return orgs
}

// setupToken is the token of the newest corporate setup mail to email.
func (r *corporateRig) setupToken(email string) string {
	r.t.Helper()
	r.env.waitForMail() // wait for the mail
	var token string
	for _, m := range r.env.Outbox.Messages() {
		if m.To == email && m.Subject == cloud.MsgCorporateMailSubject {
			match := regexp.MustCompile(`/corporate-password-setup\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Text)
			if match == nil {
				r.t.Fatalf("setup mail without its link: %q", m.Text)
			}
			token = match[1]
		}
	}
	if token == "" {
		r.t.Fatalf("no setup mail to %s", email)
	}
	return token
}

func (r *corporateRig) setupMails(email string) int {
	r.env.waitForMail()
	n := 0
	for _, m := range r.env.Outbox.Messages() {
		if m.To == email && m.Subject == cloud.MsgCorporateMailSubject {
			n++
		}
	}
	return n
}

// signUp sets a corporate user's password from their mail and signs them
// in at the corporate door; it returns the session token.
func (r *corporateRig) signUp(email, password string) string {
	r.t.Helper()
	status, out := r.call(newBrowser(r.t), "POST", "/api/corporate/setup-password",
		map[string]string{"token": r.setupToken(email), "password": password}, nil)
	if status != http.StatusOK || out["success"] != true {
		r.t.Fatalf("setup-password: %d %v", status, out)
	}
	return r.env.corporateLogin(email, password)
}

// paidCheckout is a provider whose local sessions read back as paid, as
// Stripe says when asked before its webhook arrives.
type paidCheckout struct{ stripe.LocalCheckout }

func (paidCheckout) ReadCheckoutSession(_ context.Context, sessionID string) (cloud.PaymentEvent, error) {
	ref, _ := stripe.LocalRegistrationRef(sessionID)
	return cloud.PaymentEvent{ID: "readback_" + sessionID, Type: cloud.EventCheckoutCompleted, Created: time.Now(),
		Checkout: &cloud.CheckoutEvent{SessionID: sessionID, Mode: cloud.CheckoutModeSubscription,
			PaymentStatus: cloud.CheckoutPaid, RegistrationRef: ref, CustomerID: "cus_" + ref, SubscriptionID: "sub_" + ref}}, nil
}

// TestCorporateRegistrationValidation: each rule of docs/design/admin-corporate.md §5 with its message,
// and nothing stored for a refused form.
func TestCorporateRegistrationValidation(t *testing.T) {
	rig := newCorporateRig(t, storetest.Backends[0], stripe.LocalCheckout{})
	cases := []struct{ field, value, message string }{
		{"organizationName", "A", cloud.MsgOrgNameTooShort},
		{"contactFirstName", " J ", cloud.MsgFirstNameTooShort},
		{"contactLastName", "", cloud.MsgLastNameTooShort},
		{"contactEmail", "jane@", cloud.MsgValidEmailRequired},
		{"phone", "123456789", cloud.MsgPhoneInvalid},
		{"organizationType", "circus", cloud.MsgOrgTypeRequired},
		{"employeeCount", "", cloud.MsgEmployeeCountRequired},
		{"subscriptionPlan", "platinum", cloud.MsgPlanRequired},
		{"address", "1 Street", cloud.MsgAddressTooShort},
		{"city", "L", cloud.MsgCityRequired},
		{"country", "", cloud.MsgCountryRequired},
		{"requirements", strings.Repeat("x", cloud.RequirementsMaxBytes+1), cloud.MsgCorporateFieldTooLong},
	}
	for _, c := range cases {
		t.Run(c.field, func(t *testing.T) {
			body := registrationBody("jane@acme.example")
			body[c.field] = c.value
			status, out := rig.call(rig.client, "POST", "/api/corporate/create-payment-intent", body, nil)
			if status != http.StatusBadRequest || out["message"] != c.message {
				t.Fatalf("%s=%q: %d %v, want 400 %q", c.field, c.value, status, out, c.message)
			}
		})
	}
	if orgs := rig.organizations(); len(orgs) != 0 {
		t.Fatalf("organisations after refused forms: %d", len(orgs))
	}
}

// TestCorporateRegistrationExactlyOnce: a paid session makes one
// organisation and one owner, however many times the webhook and the
// completion call arrive, in either order; the owner gets one setup mail.
func TestCorporateRegistrationExactlyOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		t.Run("WebhookFirst", func(t *testing.T) {
			rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
			reg, session := rig.register(registrationBody("jane@acme.example"))
			if status, _ := rig.complete(session, reg); status != http.StatusBadRequest {
				t.Fatalf("completion before payment: %d, want 400", status)
			}
			if out := rig.deliverCheckout("evt_1", session, reg, "paid"); out["received"] != service.EventApplied {
				t.Fatalf("first delivery: %v", out)
			}
			if out := rig.deliverCheckout("evt_1", session, reg, "paid"); out["received"] != service.EventDuplicate {
				t.Fatalf("redelivery: %v", out)
			}
			if out := rig.deliverCheckout("evt_2", session, reg, "paid"); out["received"] != service.EventAlreadyFulfilled {
				t.Fatalf("another event of the same session: %v", out)
			}
			for range 2 {
				if status, out := rig.complete(session, reg); status != http.StatusOK || out["message"] != cloud.MsgRegistrationSuccessful {
					t.Fatalf("completion: %d %v", status, out)
				}
			}
			rig.assertOneOrganization("jane@acme.example")
		})
		t.Run("CompletionFirst", func(t *testing.T) {
			rig := newCorporateRig(t, backend, paidCheckout{})
			reg, session := rig.register(registrationBody("jane@acme.example"))
			// Concurrent completions and webhooks: still one of each.
			var wg sync.WaitGroup
			for i := range 4 {
				wg.Add(2)
				go func() { defer wg.Done(); rig.complete(session, reg) }()
				go func() {
					defer wg.Done()
					rig.deliverCheckout("evt_"+string(rune('a'+i)), session, reg, "paid")
				}()
			}
			wg.Wait()
			if status, out := rig.complete(session, reg); status != http.StatusOK || out["success"] != true {
				t.Fatalf("completion: %d %v", status, out)
			}
			rig.assertOneOrganization("jane@acme.example")
		})
	})
}

func (r *corporateRig) assertOneOrganization(owner string) {
	r.t.Helper()
	orgs := r.organizations()
	if len(orgs) != 1 {
		r.t.Fatalf("%d organisations, want 1", len(orgs))
	}
	o := orgs[0]
	if o.Name != "Acme Scaffolding" || o.Plan != "professional" || o.MaxQRCodes != 200 ||
		o.SubscriptionStatus != cloud.SubscriptionActive || !strings.HasPrefix(o.StripeCustomerID, "cus_") {
		r.t.Fatalf("organisation %+v", o)
	}
	members, err := r.store.ListMembers(context.Background(), o.ID)
	if err != nil || len(members) != 1 || members[0].Email != owner || members[0].UserType != cloud.UserTypeCorporateOwner {
		r.t.Fatalf("members %v %v", members, err)
	}
	if n := r.setupMails(owner); n != 1 {
		r.t.Fatalf("%d setup mails to the owner, want 1", n)
	}
}

// TestCorporateRegistrationRefused: an unpaid session, a session that is
// not the registration's, or an unknown registration make nothing.
func TestCorporateRegistrationRefused(t *testing.T) {
	rig := newCorporateRig(t, storetest.Backends[0], paidCheckout{})
	reg, session := rig.register(registrationBody("jane@acme.example"))
	otherReg, otherSession := rig.register(registrationBody("john@other.example"))

	if out := rig.deliverCheckout("evt_unpaid", session, reg, "unpaid"); out["received"] != service.EventIgnored {
		t.Fatalf("unpaid: %v", out)
	}
	if out := rig.deliverCheckout("evt_foreign", otherSession, reg, "paid"); out["received"] != service.EventIgnored {
		t.Fatalf("a session that is not the registration's: %v", out)
	}
	if out := rig.deliverCheckout("evt_unknown", "cs_nope", "nope", "paid"); out["received"] != service.EventIgnored {
		t.Fatalf("an unknown registration: %v", out)
	}
	if status, out := rig.complete(otherSession, reg); status != http.StatusNotFound || out["message"] != cloud.MsgRegistrationNotFound {
		t.Fatalf("completion with another registration's session: %d %v", status, out)
	}
	if status, out := rig.complete("", otherReg); status != http.StatusBadRequest || out["message"] != cloud.MsgMissingPaymentInfo {
		t.Fatalf("completion without a session: %d %v", status, out)
	}
	if orgs := rig.organizations(); len(orgs) != 0 {
		t.Fatalf("organisations: %d, want none", len(orgs))
	}
	// An address with an account cannot register.
	rig.env.createUser("ann@example.com", "ann-password")
	if status, _ := rig.call(rig.client, "POST", "/api/corporate/create-payment-intent", registrationBody("ann@example.com"), nil); status != http.StatusConflict {
		t.Fatalf("taken address: %d, want 409", status)
	}
}

// TestCorporateTestCheckout: without Stripe keys the local checkout page's
// Pay button makes the organisation through the signed event.
func TestCorporateTestCheckout(t *testing.T) {
	rig := newCorporateRig(t, storetest.Backends[0], stripe.LocalCheckout{})
	status, out := rig.call(rig.client, "POST", "/api/corporate/create-payment-intent", registrationBody("jane@acme.example"), nil)
	redirect, _ := out["redirectUrl"].(string)
	if status != 200 || !strings.HasPrefix(redirect, stripe.LocalCheckoutPath+"?session_id=cs_local_") {
		t.Fatalf("create-payment-intent: %d %v", status, out)
	}
	session, reg := out["sessionId"].(string), out["registrationId"].(string)
	if status, out := rig.call(rig.client, "POST", "/api/corporate/test-checkout/confirm",
		map[string]string{"sessionId": session, "cardNumber": "4000 0000 0000 0002"}, nil); status != http.StatusPaymentRequired {
		t.Fatalf("declined card: %d %v", status, out)
	}
	if len(rig.organizations()) != 0 {
		t.Fatal("a declined card made an organisation")
	}
	if status, out := rig.call(rig.client, "POST", "/api/corporate/test-checkout/confirm",
		map[string]string{"sessionId": session, "cardNumber": "4242 4242 4242 4242"}, nil); status != 200 {
		t.Fatalf("test card: %d %v", status, out)
	}
	if status, out := rig.complete(session, reg); status != 200 {
		t.Fatalf("completion: %d %v", status, out)
	}
	rig.assertOneOrganization("jane@acme.example")
}

// TestCorporateOnStripeMock: the Stripe client opens a subscription
// checkout (prices by lookup key) on stripe-mock; its session reads back
// unpaid, so completion makes nothing until the signed webhook says paid;
// then subscription events change the status and plan.
func TestCorporateOnStripeMock(t *testing.T) {
	url := storetest.ServiceURL(t, "LIFETAG_TEST_STRIPE_URL")
	client := stripe.NewClient("sk_test_lifetag", url, &http.Client{Timeout: 10 * time.Second})
	rig := newCorporateRig(t, storetest.Backends[0], client)
	status, out := rig.call(rig.client, "POST", "/api/corporate/create-payment-intent", registrationBody("jane@acme.example"), nil)
	session, _ := out["sessionId"].(string)
	reg, _ := out["registrationId"].(string)
	if status != 200 || !strings.HasPrefix(session, "cs_") || !strings.HasPrefix(out["redirectUrl"].(string), "https://") {
		t.Fatalf("create-payment-intent on stripe-mock: %d %v", status, out)
	}
	if status, out := rig.complete(session, reg); status != http.StatusBadRequest || out["message"] != cloud.MsgRegistrationUnpaid {
		t.Fatalf("completion of an unpaid session: %d %v", status, out)
	}
	if len(rig.organizations()) != 0 {
		t.Fatal("an unpaid session made an organisation")
	}
	rig.deliverCheckout("evt_paid", session, reg, "paid")
	rig.assertOneOrganization("jane@acme.example")
	org := rig.organizations()[0]
	sub := "sub_" + reg
	now := time.Now()

	subscriptionEvent := func(id, eventType, status, lookupKey string, at time.Time) map[string]any {
		payload, header, err := stripe.SignedSubscriptionEvent(id, eventType, sub, "cus_"+reg, status, lookupKey, testWebhookSecret, at)
		if err != nil {
			t.Fatal(err)
		}
		_, out := rig.deliver(payload, header)
		return out
	}
	check := func(what, status, plan string, max int) {
		t.Helper()
		o, err := rig.store.FindOrganization(context.Background(), org.ID)
		if err != nil || o.SubscriptionStatus != status || o.Plan != plan || o.MaxQRCodes != max {
			t.Fatalf("%s: %+v %v; want %s %s %d", what, o, err, status, plan, max)
		}
	}
	subscriptionEvent("evt_up", cloud.EventSubscriptionUpdated, "active", "lifetag_enterprise_monthly", now)
	check("plan change", cloud.SubscriptionActive, "enterprise", 2000)

	payload, header, _ := stripe.SignedInvoiceFailedEvent("evt_fail", sub, "cus_"+reg, testWebhookSecret, now.Add(time.Second))
	rig.deliver(payload, header)
	check("payment failed", cloud.SubscriptionPastDue, "enterprise", 2000)

	if out := subscriptionEvent("evt_old", cloud.EventSubscriptionUpdated, "active", "lifetag_starter_monthly", now); out["received"] != service.EventOutdated {
		t.Fatalf("an older event: %v", out)
	}
	check("older event", cloud.SubscriptionPastDue, "enterprise", 2000)

	subscriptionEvent("evt_del", cloud.EventSubscriptionDeleted, "canceled", "lifetag_enterprise_monthly", now.Add(2*time.Second))
	check("cancellation", cloud.SubscriptionCanceled, "enterprise", 2000)

	// The owner opens the customer portal (stripe-mock answers a URL).
	token := rig.signUp("jane@acme.example", "owner-password")
	resp := rig.env.do("POST", orgURL(org.ID, "/billing-portal"), token, nil)
	if resp.Status != 200 || !strings.HasPrefix(resp.JSON()["url"].(string), "https://") {
		t.Fatalf("billing portal: %d %s", resp.Status, resp.Body)
	}
}

func orgURL(id int64, rest string) string {
	return "/api/corporate/" + itoa(id) + rest
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestCorporateSignInAndTeam: the two doors, the answer shape, the team of
// at most 3 (enforced under concurrency), scoping, and the dashboard's
// figures and activity.
func TestCorporateSignInAndTeam(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		ctx := context.Background()
		if _, err := e.Service.RegisterTrial(ctx, cloud.TrialRegistration{Name: "Acme", ContactEmail: "boss@acme.example", SubscriptionTier: "starter"}, testClient); err != nil {
			t.Fatal(err)
		}
		// The setup link sets a password at most once.
		token := rig.setupToken("boss@acme.example")
		if status, out := rig.call(rig.client, "POST", "/api/corporate/setup-password", map[string]string{"token": token, "password": "short"}, nil); status != 400 || out["message"] != cloud.MsgPasswordTooShort {
			t.Fatalf("short password: %d %v", status, out)
		}
		owner := rig.signUp("boss@acme.example", "boss-password")
		orgID := orgOf(t, e, "boss@acme.example")
		if status, _ := rig.call(rig.client, "POST", "/api/corporate/setup-password", map[string]string{"token": token, "password": "again-password"}, nil); status != 410 {
			t.Fatalf("a used setup link: %d", status)
		}

		// The answer shape (docs/design/admin-corporate.md §3) and the doors.
		resp := e.send("POST", "/api/corporate/login", map[string]string{"email": "boss@acme.example", "password": "boss-password"}, nil)
		body := resp.JSON()
		user, _ := body["user"].(map[string]any)
		if resp.Status != 200 || body["success"] != true || body["message"] != cloud.MsgWelcomeBack || body["organizationId"] != float64(orgID) ||
			user["userType"] != cloud.UserTypeCorporateOwner || user["email"] != "boss@acme.example" || user["organizationId"] != float64(orgID) {
			t.Fatalf("corporate login answer: %d %s", resp.Status, resp.Body)
		}
		if _, has := body["sessionToken"]; has || resp.Header.Get("Set-Cookie") == "" {
			t.Fatal("the website gets the cookie, never the token")
		}
		if resp := e.send("POST", "/api/auth/login", map[string]string{"email": "boss@acme.example", "password": "boss-password"}, nil); resp.Status != 403 || resp.Message() != cloud.MsgUseCorporateLogin {
			t.Fatalf("individual door for a corporate user: %d %s", resp.Status, resp.Body)
		}
		e.createUser("ann@example.com", "ann-password")
		if resp := e.send("POST", "/api/corporate/login", map[string]string{"email": "ann@example.com", "password": "ann-password"}, nil); resp.Status != 403 || resp.Message() != cloud.MsgUseIndividualLogin {
			t.Fatalf("corporate door for an individual: %d %s", resp.Status, resp.Body)
		}
		if resp := e.send("POST", "/api/corporate/login", map[string]string{"email": "boss@acme.example", "password": "wrong-password"}, nil); resp.Status != 401 || resp.Message() != cloud.MsgLoginFailed {
			t.Fatalf("wrong password: %d %s", resp.Status, resp.Body)
		}

		// Five invitations at once: two fit beside the owner.
		var wg sync.WaitGroup
		statuses := make([]int, 5)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "admin" + itoa(int64(i)) + "@acme.example"}).Status
			}()
		}
		wg.Wait()
		created := 0
		for _, s := range statuses {
			if s == http.StatusCreated {
				created++
			} else if s != http.StatusConflict {
				t.Fatalf("invite statuses %v", statuses)
			}
		}
		if created != 2 {
			t.Fatalf("invites accepted: %d of %v, want 2", created, statuses)
		}
		resp = e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "fourth@acme.example"})
		if resp.Status != http.StatusConflict || resp.Message() != cloud.MsgTeamFull {
			t.Fatalf("a fourth account: %d %s", resp.Status, resp.Body)
		}

		team := e.do("GET", orgURL(orgID, "/team"), owner, nil)
		members := team.JSON()["members"].([]any)
		if team.Status != 200 || len(members) != 3 || members[0].(map[string]any)["role"] != service.RoleOwnerName {
			t.Fatalf("team: %d %s", team.Status, team.Body)
		}
		var admin map[string]any
		for _, m := range members[1:] {
			admin = m.(map[string]any)
			if admin["role"] != service.RoleAdminName || admin["passwordSet"] != false {
				t.Fatalf("admin %v", admin)
			}
		}
		adminEmail := admin["email"].(string)
		adminID := int64(admin["id"].(float64))
		if resp := e.do("POST", orgURL(orgID, "/team/"+itoa(adminID)+"/resend"), owner, nil); resp.Status != 200 {
			t.Fatalf("resend: %d %s", resp.Status, resp.Body)
		}
		adminToken := rig.signUp(adminEmail, "admin-password")

		// An admin reads but does not manage the team or billing.
		if resp := e.do("GET", orgURL(orgID, "/dashboard"), adminToken, nil); resp.Status != 200 || resp.JSON()["role"] != service.RoleAdminName {
			t.Fatalf("admin's dashboard: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("POST", orgURL(orgID, "/team/invite"), adminToken, map[string]string{"email": "x@acme.example"}); resp.Status != 403 || resp.Message() != cloud.MsgOwnerOnly {
			t.Fatalf("admin inviting: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("DELETE", orgURL(orgID, "/team/"+itoa(adminID)), adminToken, nil); resp.Status != 403 {
			t.Fatalf("admin removing: %d %s", resp.Status, resp.Body)
		}

		// Another organisation's user gets 404 for every one of these.
		e.createCorporateUser("officer@other-org.example", "officer-password")
		other := e.corporateLogin("officer@other-org.example", "officer-password")
		for _, c := range []struct{ method, path string }{
			{"GET", "/dashboard"}, {"GET", "/team"}, {"POST", "/team/invite"},
			{"POST", "/team/" + itoa(adminID) + "/resend"}, {"DELETE", "/team/" + itoa(adminID)}, {"POST", "/billing-portal"},
		} {
			var body any
			if c.path == "/team/invite" {
				body = map[string]string{"email": "spy@other.example"}
			}
			if resp := e.do(c.method, orgURL(orgID, c.path), other, body); resp.Status != 404 || resp.Message() != cloud.MsgOrganizationNotFound {
				t.Fatalf("another organisation's user: %s %s: %d %s", c.method, c.path, resp.Status, resp.Body)
			}
		}
		// Nor can the owner reach the other organisation's member.
		if resp := e.do("DELETE", orgURL(orgID, "/team/"+itoa(userID(t, e, "officer@other-org.example"))), owner, nil); resp.Status != 404 || resp.Message() != cloud.MsgMemberNotFound {
			t.Fatalf("removing another organisation's user: %d %s", resp.Status, resp.Body)
		}

		// Removing an admin frees a place; the owner cannot be removed.
		if resp := e.do("DELETE", orgURL(orgID, "/team/"+itoa(adminID)), owner, nil); resp.Status != 200 {
			t.Fatalf("remove: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("GET", orgURL(orgID, "/dashboard"), adminToken, nil); resp.Status != 401 {
			t.Fatalf("a removed admin's session: %d", resp.Status)
		}
		if resp := e.do("DELETE", orgURL(orgID, "/team/"+itoa(userID(t, e, "boss@acme.example"))), owner, nil); resp.Status != 403 || resp.Message() != cloud.MsgOwnerCannotBeRemoved {
			t.Fatalf("removing the owner: %d %s", resp.Status, resp.Body)
		}

		// The dashboard's figures and activity come from the database.
		resp = e.do("GET", orgURL(orgID, "/dashboard"), owner, nil)
		d := resp.JSON()
		org := d["organization"].(map[string]any)
		activity := d["recentActivity"].([]any)
		if resp.Status != 200 || org["name"] != "Acme" || org["subscriptionStatus"] != cloud.SubscriptionTrial || org["maxQrCodes"] != float64(50) ||
			org["currentQrCodes"] != float64(0) || d["teamMembers"] != float64(2) || d["projects"] != float64(0) || d["role"] != service.RoleOwnerName {
			t.Fatalf("dashboard: %d %s", resp.Status, resp.Body)
		}
		kinds := []string{}
		for _, a := range activity {
			kinds = append(kinds, a.(map[string]any)["kind"].(string))
		}
		want := []string{cloud.ActivityMemberRemoved, cloud.ActivityPasswordSet, cloud.ActivityInviteResent,
			cloud.ActivityMemberInvited, cloud.ActivityMemberInvited, cloud.ActivityPasswordSet, cloud.ActivityOrganizationCreated}
		if strings.Join(kinds, ",") != strings.Join(want, ",") {
			t.Fatalf("activity %v, want %v", kinds, want)
		}
		if resp := e.do("GET", "/api/corporate/organization", owner, nil); resp.Status != 200 || resp.JSON()["id"] != float64(orgID) {
			t.Fatalf("own organisation: %d %s", resp.Status, resp.Body)
		}
		// Nor can the owner delete their own account from under the organisation.
		if resp := e.do("POST", "/api/privacy/delete-account", owner, map[string]string{"email": "boss@acme.example",
			"confirmation": cloud.PhraseDeleteAccount}); resp.Status != 409 || resp.Message() != cloud.MsgOwnerCannotBeRemoved {
			t.Fatalf("owner deleting their account: %d %s", resp.Status, resp.Body)
		}
		// A trial has no billing account.
		if resp := e.do("POST", orgURL(orgID, "/billing-portal"), owner, nil); resp.Status != 409 || resp.Message() != cloud.MsgNoBillingAccount {
			t.Fatalf("billing portal of a trial: %d %s", resp.Status, resp.Body)
		}
	})
}

func userID(t *testing.T, e *env, email string) int64 {
	u, err := e.Store.FindUserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestCorporateTrial: the simple form starts a 14-day trial; its contact is
// told 3 days before the end, once, and an ended trial becomes inactive.
func TestCorporateTrial(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		resp := e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Acme", "industry": "mining",
			"contactEmail": "boss@acme.example", "subscriptionTier": "enterprise"})
		if resp.Status != 200 || resp.JSON()["registrationId"] == nil {
			t.Fatalf("register: %d %s", resp.Status, resp.Body)
		}
		confirmed := e.do("POST", "/api/corporate/setup-password", "", map[string]string{
			"token": e.newestSetupToken("boss@acme.example"), "password": "owner-password"})
		if confirmed.Status != 200 {
			t.Fatalf("confirm: %d %s", confirmed.Status, confirmed.Body)
		}
		id := int64(confirmed.JSON()["organizationId"].(float64))
		// A registration never paid for is deleted with time.
		checkout := e.do("POST", "/api/corporate/create-payment-intent", "", registrationBody("jane@acme.example"))
		if checkout.Status != 200 {
			t.Fatalf("create-payment-intent: %d %s", checkout.Status, checkout.Body)
		}
		registration := checkout.JSON()["registrationId"].(string)
		if resp := e.do("POST", "/api/corporate/register", "", map[string]string{"contactEmail": "x@acme.example"}); resp.Status != 400 || resp.Message() != cloud.MsgOrgNameRequired {
			t.Fatalf("no name: %d %s", resp.Status, resp.Body)
		}
		status := func() string {
			o, err := e.Store.FindOrganization(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			// The plan tried, with Starter's allowance (TestTrialNeedsProof).
			if o.Plan != "enterprise" || o.MaxQRCodes != 50 {
				t.Fatalf("trial %+v", o)
			}
			return o.SubscriptionStatus
		}
		notices := func() int {
			e.waitForMail()
			n := 0
			for _, m := range e.Outbox.Messages() {
				if m.Subject == cloud.MsgTrialEndingSubject && m.To == "boss@acme.example" {
					n++
				}
			}
			return n
		}
		check := func(advance time.Duration, wantStatus string, wantNotices int) {
			t.Helper()
			e.Clock.Advance(advance)
			if _, err := e.Service.CheckTrials(context.Background()); err != nil {
				t.Fatal(err)
			}
			if s, n := status(), notices(); s != wantStatus || n != wantNotices {
				t.Fatalf("after %v: %s with %d notices, want %s with %d", advance, s, n, wantStatus, wantNotices)
			}
		}
		check(10*24*time.Hour, cloud.SubscriptionTrial, 0)
		check(24*time.Hour+time.Minute, cloud.SubscriptionTrial, 1)
		check(time.Hour, cloud.SubscriptionTrial, 1)
		check(3*24*time.Hour, cloud.SubscriptionInactive, 1)
		if _, err := e.Store.FindRegistration(context.Background(), registration); cloud.ErrorCode(err) != cloud.ENOTFOUND {
			t.Fatalf("a two-week-old registration: %v", err)
		}
	})
}

// TestCorporateTrialSubscribes: a trial's owner pays for a plan through the
// same checkout; the paid session turns the same organisation active, with
// the plan's allowance, and makes nothing new.
func TestCorporateTrialSubscribes(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		if _, err := e.Service.RegisterTrial(context.Background(), cloud.TrialRegistration{Name: "Acme", ContactEmail: "boss@acme.example"}, testClient); err != nil {
			t.Fatal(err)
		}
		owner := rig.signUp("boss@acme.example", "boss-password")
		orgID := orgOf(t, e, "boss@acme.example")
		if resp := e.do("POST", orgURL(orgID, "/subscribe"), owner, map[string]string{"subscriptionPlan": "platinum"}); resp.Status != 400 || resp.Message() != cloud.MsgPlanRequired {
			t.Fatalf("unknown plan: %d %s", resp.Status, resp.Body)
		}
		resp := e.do("POST", orgURL(orgID, "/subscribe"), owner, map[string]string{"subscriptionPlan": "enterprise"})
		if resp.Status != 200 {
			t.Fatalf("subscribe: %d %s", resp.Status, resp.Body)
		}
		session, reg := resp.JSON()["sessionId"].(string), resp.JSON()["registrationId"].(string)
		if status, out := rig.complete(session, reg); status != http.StatusBadRequest {
			t.Fatalf("completion before payment: %d %v", status, out)
		}
		if status, out := rig.call(rig.client, "POST", "/api/corporate/test-checkout/confirm",
			map[string]string{"sessionId": session, "cardNumber": "4242424242424242"}, nil); status != 200 {
			t.Fatalf("test checkout: %d %v", status, out)
		}
		status, out := rig.complete(session, reg)
		if status != 200 || out["organizationId"] != float64(orgID) {
			t.Fatalf("completion: %d %v", status, out)
		}
		orgs := rig.organizations()
		if len(orgs) != 1 {
			t.Fatalf("%d organisations, want the one", len(orgs))
		}
		o := orgs[0]
		if o.SubscriptionStatus != cloud.SubscriptionActive || o.Plan != "enterprise" || o.MaxQRCodes != 2000 ||
			!o.TrialEndsAt.IsZero() || o.StripeSubscriptionID != "sub_local_"+reg {
			t.Fatalf("after subscribing %+v", o)
		}
		if members, _ := rig.store.ListMembers(context.Background(), orgID); len(members) != 1 {
			t.Fatalf("members %v", members)
		}
		if n := rig.setupMails("boss@acme.example"); n != 1 {
			t.Fatalf("setup mails %d, want only the trial's", n)
		}
		// An expiry check no longer touches it; a second subscription is refused.
		e.Clock.Advance(20 * 24 * time.Hour)
		if _, err := e.Service.CheckTrials(context.Background()); err != nil {
			t.Fatal(err)
		}
		if o, _ := rig.store.FindOrganization(context.Background(), orgID); o.SubscriptionStatus != cloud.SubscriptionActive {
			t.Fatalf("status after the trial's end: %s", o.SubscriptionStatus)
		}
		owner = e.corporateLogin("boss@acme.example", "boss-password")
		if resp := e.do("POST", orgURL(orgID, "/subscribe"), owner, map[string]string{"subscriptionPlan": "starter"}); resp.Status != 409 || resp.Message() != cloud.MsgAlreadySubscribed {
			t.Fatalf("second subscription: %d %s", resp.Status, resp.Body)
		}
	})
}

// TestAdminListsOrganizations: the admin dashboard's Corporate tab lists
// real organisations with their plan, quota and code count; nobody else may.
func TestAdminListsOrganizations(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createAdmin("admin@example.com", "admin-password")
		token := e.login("admin@example.com", "admin-password")
		if resp := e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Acme Mining", "industry": "mining",
			"contactEmail": "boss@acme.example", "subscriptionTier": "professional"}); resp.Status != 200 {
			t.Fatalf("register: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("GET", "/api/corporate/organizations", token, nil); string(resp.Body) != "[]\n" {
			t.Fatalf("an unproven trial is listed: %s", resp.Body)
		}
		if resp := e.do("POST", "/api/corporate/setup-password", "", map[string]string{
			"token": e.newestSetupToken("boss@acme.example"), "password": "owner-password"}); resp.Status != 200 {
			t.Fatalf("confirm: %d %s", resp.Status, resp.Body)
		}
		resp := e.do("GET", "/api/corporate/organizations", token, nil)
		var orgs []map[string]any
		if err := json.Unmarshal(resp.Body, &orgs); resp.Status != 200 || err != nil || len(orgs) != 1 {
			t.Fatalf("organizations: %d %s (%v)", resp.Status, resp.Body, err)
		}
		o := orgs[0]
		// A trial holds Starter's allowance (50) whatever plan it tries.
		if o["name"] != "Acme Mining" || o["subscriptionTier"] != "professional" || o["maxQrCodes"] != float64(50) ||
			o["currentQrCodes"] != float64(0) || o["subscriptionStatus"] != "trial" {
			t.Fatalf("organization %v", o)
		}
		e.createUser("rider@example.com", "rider-password")
		if resp := e.do("GET", "/api/corporate/organizations", e.login("rider@example.com", "rider-password"), nil); resp.Status != http.StatusForbidden {
			t.Fatal("a non-admin listed organisations")
		}
	})
}

// TestRemovedMemberIsErased: removing a team member erases them as account
// deletion does; the payments they made keep nothing that names them.
func TestRemovedMemberIsErased(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		ctx := context.Background()
		if _, err := e.Service.RegisterTrial(ctx, cloud.TrialRegistration{Name: "Acme", ContactEmail: "boss@acme.example", SubscriptionTier: "starter"}, testClient); err != nil {
			t.Fatal(err)
		}
		owner := rig.signUp("boss@acme.example", "boss-password")
		orgID := orgOf(t, e, "boss@acme.example")
		if resp := e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "mia@acme.example"}); resp.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", resp.Status, resp.Body)
		}
		member := rig.signUp("mia@acme.example", "mia-password")
		if resp := e.do("POST", "/api/create-payment-intent", member, map[string]string{"type": "print", "email": "mia@acme.example"}); resp.Status != http.StatusOK {
			t.Fatalf("the member pays: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("DELETE", orgURL(orgID, "/team/"+itoa(userID(t, e, "mia@acme.example"))), owner, nil); resp.Status != http.StatusOK {
			t.Fatalf("remove: %d %s", resp.Status, resp.Body)
		}
		payments, err := e.Store.ListPayments(ctx, "mia@acme.example")
		if err != nil {
			t.Fatal(err)
		}
		if len(payments) != 0 {
			t.Fatalf("a removed member's payments still name them: %d", len(payments))
		}
	})
}

// TestRemovedMemberIsMailed: a member who had joined is told by mail that
// their account is gone, and where from; a pending invitation's removal
// mails nobody (nothing was ever theirs to lose).
func TestRemovedMemberIsMailed(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOwner("Acme", "boss@acme.example")
		for _, email := range []string{"mia@acme.example", "new@acme.example"} {
			wantStatus(t, e.do("POST", acme.path("/team/invite"), acme.token, map[string]any{"email": email}), http.StatusCreated, cloud.MsgInviteSent)
		}
		wantStatus(t, e.do("POST", "/api/corporate/setup-password", "", map[string]string{
			"token": e.newestSetupToken("mia@acme.example"), "password": "mia-password"}), http.StatusOK, "")
		pendingID := int64(0)
		for _, m := range e.do("GET", acme.path("/team"), acme.token, nil).JSON()["members"].([]any) {
			if member := m.(map[string]any); member["email"] == "new@acme.example" {
				pendingID = int64(member["id"].(float64))
			}
		}
		for _, id := range []int64{userID(t, e, "mia@acme.example"), pendingID} {
			wantStatus(t, e.do("DELETE", acme.path("/team/"+itoa(id)), acme.token, nil), http.StatusOK, cloud.MsgMemberRemoved)
		}
		mails := e.mailsTo("mia@acme.example")
		last := mails[len(mails)-1]
		if last.Subject != cloud.MsgMemberRemovedMailSubject || !strings.Contains(last.Text, "\u201cAcme\u201d") ||
			!strings.Contains(last.Text, "no longer sign in") {
			t.Errorf("the removed member was mailed %+v", mails)
		}
		if mails := e.mailsTo("new@acme.example"); len(mails) != 1 {
			t.Errorf("the removed invitation was mailed %d times, want only its invitation", len(mails))
		}
	})
}

// laterPaidCheckout reads a session back as unpaid until paid is set, as
// Stripe does while a payment is still being confirmed.
type laterPaidCheckout struct {
	paidCheckout
	paid *atomic.Bool
}

func (c laterPaidCheckout) ReadCheckoutSession(ctx context.Context, sessionID string) (cloud.PaymentEvent, error) {
	ev, err := c.paidCheckout.ReadCheckoutSession(ctx, sessionID)
	if !c.paid.Load() {
		ev.Checkout.PaymentStatus = "unpaid"
	}
	return ev, err
}

// TestCorporateCompletionAfterAnUnpaidReadBack: completing while the session
// is still unpaid makes nothing, and does not stop a later completion once
// it is paid (the read-back event's id is kept only when it makes something).
func TestCorporateCompletionAfterAnUnpaidReadBack(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		paid := &atomic.Bool{}
		rig := newCorporateRig(t, backend, laterPaidCheckout{paid: paid})
		reg, session := rig.register(registrationBody("jane@acme.example"))
		if status, out := rig.complete(session, reg); status != http.StatusBadRequest || out["message"] != cloud.MsgRegistrationUnpaid {
			t.Fatalf("completion while unpaid: %d %v", status, out)
		}
		paid.Store(true)
		if status, out := rig.complete(session, reg); status != http.StatusOK {
			t.Fatalf("completion once paid: %d %v", status, out)
		}
		if orgs := rig.organizations(); len(orgs) != 1 {
			t.Fatalf("organisations: %d, want 1", len(orgs))
		}
	})
}
