package http_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// testClient is the client address the service is told a test's trial
// registration came from.
const testClient = "192.0.2.1"

// orgOf is the organisation of the account email.
func orgOf(t *testing.T, e *env, email string) int64 {
	t.Helper()
	u, err := e.Store.FindUserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.OrganizationID
}

var setupLink = regexp.MustCompile(`/corporate-password-setup\?token=([A-Za-z0-9_-]+)`)

// newestSetupToken is the token of the newest setup or trial mail to email
// ("" when there is none).
func (e *env) newestSetupToken(email string) string {
	e.waitForMail() // wait for the mail
	token := ""
	for _, m := range e.Outbox.Messages() {
		if m.To == email && m.Subject == cloud.MsgCorporateMailSubject {
			if match := setupLink.FindStringSubmatch(m.Text); match != nil {
				token = match[1]
			}
		}
	}
	return token
}

// trialOrganization registers a trial for ownerEmail (from a client
// address of its own), proves the address with the mailed link, setting
// the owner's password to "owner-password", and returns the organisation.
func (e *env) trialOrganization(name, ownerEmail string) int64 {
	e.t.Helper()
	if _, err := e.Service.RegisterTrial(context.Background(), cloud.TrialRegistration{Name: name, ContactEmail: ownerEmail},
		"client-of-"+ownerEmail); err != nil {
		e.t.Fatal(err)
	}
	resp := e.do("POST", "/api/corporate/setup-password", "", map[string]string{
		"token": e.newestSetupToken(ownerEmail), "password": "owner-password"})
	if resp.Status != 200 {
		e.t.Fatalf("trial confirmation: %d %s", resp.Status, resp.Body)
	}
	return int64(resp.JSON()["organizationId"].(float64))
}

// TestTrialNeedsProof: a trial
// registration creates nothing until the mailed link is opened, so a
// stranger's registration blocks nobody; the link expires; a mailbox gets
// one trial (plus-addresses and Gmail dots fold), a client address and a
// mailbox three registrations a day; the trial holds Starter's allowance;
// the landing page's resend is limited.
func TestTrialNeedsProof(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		// Client addresses come from X-Forwarded-For, as behind the proxy.
		limits := noRateLimit
		limits.TrustProxy = true
		e := newEnv(t, backend, envOptions{rateLimit: limits})
		register := func(email, plan, client string) response {
			return e.send("POST", "/api/corporate/register", map[string]string{"name": "Squat Ltd", "contactEmail": email,
				"subscriptionTier": plan}, func(r *http.Request) { r.Header.Set("X-Forwarded-For", client) })
		}
		// A stranger registers the owner's address: nothing exists for it.
		resp := register("jane.doe@gmail.com", "enterprise", "198.51.100.7")
		if resp.Status != 200 || resp.JSON()["contactEmail"] != "jane.doe@gmail.com" || resp.Message() != cloud.MsgTrialMailSent {
			t.Fatalf("register: %d %s", resp.Status, resp.Body)
		}
		strangers := resp.JSON()["registrationId"].(string)
		if _, err := e.Store.FindUserByEmail(context.Background(), "jane.doe@gmail.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
			t.Fatalf("an unproven registration made an account: %v", err)
		}
		orgs, _, _ := e.Store.ListOrganizations(context.Background(), "", 0, 10)
		if len(orgs) != 0 {
			t.Fatalf("an unproven registration made an organisation: %v", orgs)
		}
		// The real owner registers for herself, unblocked, and buys.
		if checkout := e.do("POST", "/api/corporate/create-payment-intent", "", registrationBody("jane.doe@gmail.com")); checkout.Status != 200 {
			t.Fatalf("the owner's own registration: %d %s", checkout.Status, checkout.Body)
		}
		// The stranger's link expires unopened.
		staleToken := e.newestSetupToken("jane.doe@gmail.com")
		e.Clock.Advance(cloud.ResetTokenTTL + time.Minute)
		wantStatus(t, e.do("POST", "/api/corporate/setup-password", "", map[string]string{"token": staleToken,
			"password": "owner-password"}), 410, cloud.MsgSetupLinkExpired)

		// Landing page: resend, three mails at most for one registration.
		resp = register("mia+trial@example.org", "professional", "198.51.100.8")
		ref := resp.JSON()["registrationId"].(string)
		first := e.newestSetupToken("mia+trial@example.org")
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": ref}), 200, cloud.MsgSetupMailResent)
		second := e.newestSetupToken("mia+trial@example.org")
		if second == first || second == "" {
			t.Fatal("resend sent no new link")
		}
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": ref}), 200, cloud.MsgSetupMailResent)
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": ref}), 429, cloud.MsgTooManySetupMails)
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": strangers}), 200, cloud.MsgSetupMailResent)
		// The newest link proves the address: organisation, owner, Starter's allowance.
		wantStatus(t, e.do("POST", "/api/corporate/setup-password", "", map[string]string{"token": first,
			"password": "owner-password"}), 400, cloud.MsgInvalidLink)
		confirmed := e.do("POST", "/api/corporate/setup-password", "", map[string]string{
			"token": e.newestSetupToken("mia+trial@example.org"), "password": "owner-password"})
		if confirmed.Status != 200 {
			t.Fatalf("confirmation: %d %s", confirmed.Status, confirmed.Body)
		}
		org, err := e.Store.FindOrganization(context.Background(), int64(confirmed.JSON()["organizationId"].(float64)))
		if err != nil || org.Plan != "professional" || org.MaxQRCodes != 50 || org.SubscriptionStatus != cloud.SubscriptionTrial ||
			org.ContactEmail != "mia+trial@example.org" {
			t.Fatalf("the trial: %+v %v", org, err)
		}
		e.corporateLogin("mia+trial@example.org", "owner-password")

		// One trial per mailbox: another plus-address of it is refused.
		wantStatus(t, register("mia+again@example.org", "starter", "198.51.100.9"), 409, cloud.MsgTrialMailboxUsed)
		// Gmail folds dots and plus-tags: one mailbox, one trial.
		resp = register("bob.smith+1@gmail.com", "starter", "198.51.100.10")
		e.do("POST", "/api/corporate/setup-password", "", map[string]string{
			"token": e.newestSetupToken("bob.smith+1@gmail.com"), "password": "owner-password"})
		wantStatus(t, register("BobSmith+2@googlemail.com", "starter", "198.51.100.11"), 409, cloud.MsgTrialMailboxUsed)
		// Two links of one mailbox, both opened: the second makes nothing.
		register("carol+a@example.net", "starter", "198.51.100.12")
		tokenA := e.newestSetupToken("carol+a@example.net")
		register("carol+b@example.net", "starter", "198.51.100.12")
		tokenB := e.newestSetupToken("carol+b@example.net")
		wantStatus(t, e.do("POST", "/api/corporate/setup-password", "", map[string]string{"token": tokenA, "password": "owner-password"}), 200, "")
		wantStatus(t, e.do("POST", "/api/corporate/setup-password", "", map[string]string{"token": tokenB, "password": "owner-password"}), 409, cloud.MsgTrialMailboxUsed)

		// Three registrations a day from one client address.
		for i := range 3 {
			if resp := register(fmt.Sprintf("person%d@spray.example", i), "starter", "203.0.113.5"); resp.Status != 200 && i < 2 {
				t.Fatalf("registration %d: %d %s", i, resp.Status, resp.Body)
			}
		}
		wantStatus(t, register("person9@spray.example", "starter", "203.0.113.5"), 429, cloud.MsgTooManyTrials)
		e.Clock.Advance(25 * time.Hour)
		wantStatus(t, register("person9@spray.example", "starter", "203.0.113.5"), 200, cloud.MsgTrialMailSent)
	})
}

func TestFoldMailbox(t *testing.T) {
	for in, want := range map[string]string{
		"Jane.Doe+x@GMail.com":     "janedoe@gmail.com",
		"j.a.n.e@googlemail.com":   "jane@gmail.com",
		"jane.doe+tag@example.org": "jane.doe@example.org",
		"jane.doe@example.org":     "jane.doe@example.org",
		"+only@example.org":        "@example.org",
	} {
		if got := cloud.FoldMailbox(in); got != want {
			t.Errorf("FoldMailbox(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTrialEndsAtItsDate: a trial past its end date
// prints and creates nothing at the next request, before the hourly job
// marks it inactive, and its dashboard says so.
func TestTrialEndsAtItsDate(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		orgID := e.trialOrganization("Ending Ltd", "boss@ending.example")
		token := e.corporateLogin("boss@ending.example", "owner-password")
		create := func() response {
			return e.do("POST", orgURL(orgID, "/qr-codes"), token, map[string]any{"values": libraryValues("Worker")})
		}
		wantStatus(t, create(), 201, "")
		e.Clock.Advance(14*24*time.Hour + time.Second)
		token = e.corporateLogin("boss@ending.example", "owner-password") // sessions last less than a trial
		wantStatus(t, create(), 403, cloud.MsgOrganizationInactive)
		d := e.do("GET", orgURL(orgID, "/dashboard"), token, nil).JSON()["organization"].(map[string]any)
		if d["subscriptionStatus"] != cloud.SubscriptionInactive || d["paused"] != cloud.MsgOrganizationInactive {
			t.Fatalf("dashboard after the trial's end: %v", d)
		}
	})
}

// TestAdminOrganizationChanges: a site admin
// raises a trial's allowance, hands an organisation over to another
// address, and deletes one, each in the audit log; the old owner's address
// is free again; a live paid subscription is not deleted.
func TestAdminOrganizationChanges(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createAdmin("admin@lifetag.example", "admin-password")
		admin := e.login("admin@lifetag.example", "admin-password")
		orgID := e.trialOrganization("Squatted Ltd", "squatter@example.com")
		base := fmt.Sprintf("/api/admin/organizations/%d", orgID)

		wantStatus(t, e.do("PUT", base+"/allowance", admin, map[string]int{"maxQrCodes": 0}), 400, cloud.MsgAllowanceInvalid)
		wantStatus(t, e.do("PUT", base+"/allowance", admin, map[string]int{"maxQrCodes": 500}), 200, cloud.MsgAllowanceChanged)
		if o, _ := e.Store.FindOrganization(context.Background(), orgID); o.MaxQRCodes != 500 {
			t.Fatalf("allowance %d", o.MaxQRCodes)
		}

		// The squatter's ways back in: a key of the organisation's, and a
		// second account of theirs made an admin of it.
		key := e.apiKey(orgID, "Squatter's sync", cloud.APIKeyScopeRead, time.Time{})
		wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), key, nil), 200, "")
		err := e.Store.InCorporateTx(context.Background(), func(tx cloud.CorporateTx) error {
			_, err := tx.CreateMember(orgID, "squatter.friend@example.com", cloud.UserTypeCorporateAdmin, e.Clock.Now())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		e.createUser("taken@example.com", "taken-password")
		wantStatus(t, e.do("POST", base+"/hand-over", admin, map[string]string{"email": "taken@example.com"}), 409, cloud.MsgAccountAlreadyExists)
		wantStatus(t, e.do("POST", base+"/hand-over", admin, map[string]string{"email": "real.owner@example.com"}), 200, cloud.MsgOrganizationHandedOver)
		for _, gone := range []string{"squatter@example.com", "squatter.friend@example.com"} {
			if _, err := e.Store.FindUserByEmail(context.Background(), gone); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("the old team's account %s: %v", gone, err)
			}
		}
		if resp := e.do("GET", orgURL(orgID, "/qr-codes"), key, nil); resp.Status != 401 {
			t.Fatalf("the old owner's key after the hand-over: %d %s", resp.Status, resp.Body)
		}
		if orgOf(t, e, "real.owner@example.com") != orgID || e.newestSetupToken("real.owner@example.com") == "" {
			t.Fatal("the new owner is not the organisation's, or was not mailed")
		}
		// The squatted address is free: its owner registers.
		if resp := e.do("POST", "/api/corporate/create-payment-intent", "", registrationBody("squatter@example.com")); resp.Status != 200 {
			t.Fatalf("the freed address: %d %s", resp.Status, resp.Body)
		}

		wantStatus(t, e.do("DELETE", base, admin, nil), 200, cloud.MsgOrganizationDeleted)
		if _, err := e.Store.FindOrganization(context.Background(), orgID); cloud.ErrorCode(err) != cloud.ENOTFOUND {
			t.Fatalf("deleted organisation: %v", err)
		}
		if _, err := e.Store.FindUserByEmail(context.Background(), "real.owner@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
			t.Fatalf("the deleted organisation's owner: %v", err)
		}
		log := e.do("GET", "/api/admin/audit-log", admin, nil)
		for _, action := range []string{cloud.AuditAllowanceChanged, cloud.AuditOrganizationHandedOver, cloud.AuditOrganizationDeleted} {
			if !strings.Contains(string(log.Body), action) {
				t.Errorf("audit log lacks %s: %s", action, log.Body)
			}
		}
		paid, _, _ := e.newOwnedOrganization("Paying Ltd", "payer@example.com", &cloud.Organization{Plan: "starter",
			SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50, StripeSubscriptionID: "sub_paying"})
		wantStatus(t, e.do("DELETE", fmt.Sprintf("/api/admin/organizations/%d", paid), admin, nil), 409, cloud.MsgOrganizationHasSubscription)
	})
}

// TestQuotaShownEarly: the import preview says when its
// rows would not fit, before Import; a collection link at the limit is
// refused with the plan's number.
func TestQuotaShownEarly(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		orgID := e.trialOrganization("Full Ltd", "boss@full.example")
		token := e.corporateLogin("boss@full.example", "owner-password")
		e.importWorkers(token, orgID, 28)
		// Other workers than the 28 imported: a row with the name and phone
		// of one of them would update that code and take no room.
		preview := e.do("POST", orgURL(orgID, "/qr-codes/import"), token, map[string]any{"csv": workersFromCSV(100, 25)})
		want := fmt.Sprintf(cloud.MsgImportQuotaPreview, 25, 50, 28, 22)
		if preview.Status != 200 || preview.JSON()["quotaProblem"] != want {
			t.Fatalf("preview over the quota: %d %s; want %q", preview.Status, preview.Body, want)
		}
		if p := e.do("POST", orgURL(orgID, "/qr-codes/import"), token, map[string]any{"csv": workersFromCSV(100, 22)}); p.JSON()["quotaProblem"] != "" {
			t.Fatalf("preview that fits: %s", p.Body)
		}
		wantStatus(t, e.do("POST", orgURL(orgID, "/collection-links"), token, map[string]any{"expiresInDays": 7}), 201, "")
		wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes/import"), token,
			map[string]any{"templateId": 0, "csv": workersFromCSV(100, 22), "commit": true}), 200, "")
		wantStatus(t, e.do("POST", orgURL(orgID, "/collection-links"), token, map[string]any{"expiresInDays": 7}),
			409, cloud.ErrorMessage(cloud.QuotaError(50, 50, 1)))
	})
}

// TestTrialToPaidOverPlan: a trial whose allowance a site
// admin raised holds 60 codes, then subscribes to Starter (50) through the
// checkout: from then on it is over its plan and prints nothing.
func TestTrialToPaidOverPlan(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		orgID := e.trialOrganization("Growing Ltd", "boss@growing.example")
		e.createAdmin("admin@lifetag.example", "admin-password")
		wantStatus(t, e.do("PUT", fmt.Sprintf("/api/admin/organizations/%d/allowance", orgID),
			e.login("admin@lifetag.example", "admin-password"), map[string]int{"maxQrCodes": 100}), 200, "")
		token := e.corporateLogin("boss@growing.example", "owner-password")
		e.importWorkers(token, orgID, 60)
		resp := e.do("POST", orgURL(orgID, "/subscribe"), token, map[string]string{"subscriptionPlan": "starter"})
		session, reg := resp.JSON()["sessionId"].(string), resp.JSON()["registrationId"].(string)
		if status, out := rig.call(rig.client, "POST", "/api/corporate/test-checkout/confirm",
			map[string]string{"sessionId": session, "cardNumber": "4242424242424242"}, nil); status != 200 {
			t.Fatalf("test checkout: %d %v", status, out)
		}
		if status, out := rig.complete(session, reg); status != 200 {
			t.Fatalf("completion: %d %v", status, out)
		}
		paused := cloud.ErrorMessage(cloud.OverPlanError(50, 60))
		d := e.do("GET", orgURL(orgID, "/dashboard"), token, nil).JSON()["organization"].(map[string]any)
		if d["subscriptionStatus"] != cloud.SubscriptionActive || d["paused"] != paused {
			t.Fatalf("dashboard after subscribing to a smaller plan: %v", d)
		}
		wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes/1/label.png"), token, nil), 403, paused)
	})
}

// TestLandingAfterCheckout: the browser back from a paid
// checkout is told its owner has no password yet (the landing page says
// check your email, not "sign in"), and can have the setup mail sent again,
// only with its own session id and at most three times.
func TestLandingAfterCheckout(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		reg, session := rig.register(registrationBody("jane@acme.example"))
		if status, out := rig.call(rig.client, "POST", "/api/corporate/test-checkout/confirm",
			map[string]string{"sessionId": session, "cardNumber": "4242424242424242"}, nil); status != 200 {
			t.Fatalf("test checkout: %d %v", status, out)
		}
		status, out := rig.complete(session, reg)
		if status != 200 || out["setupPending"] != true || out["contactEmail"] != "jane@acme.example" {
			t.Fatalf("completion: %d %v", status, out)
		}
		resend := func(body map[string]string) response { return e.do("POST", "/api/corporate/resend-setup", "", body) }
		// Without the session id (the browser's proof) nothing is sent.
		wantStatus(t, resend(map[string]string{"registrationId": reg}), 200, cloud.MsgSetupMailResent)
		if n := rig.setupMails("jane@acme.example"); n != 1 {
			t.Fatalf("setup mails %d, want 1", n)
		}
		wantStatus(t, resend(map[string]string{"registrationId": reg, "sessionId": session}), 200, cloud.MsgSetupMailResent)
		if n := rig.setupMails("jane@acme.example"); n != 2 {
			t.Fatalf("setup mails after resend %d, want 2", n)
		}
		for range 2 {
			wantStatus(t, resend(map[string]string{"registrationId": reg, "sessionId": session}), 200, cloud.MsgSetupMailResent)
		}
		wantStatus(t, resend(map[string]string{"registrationId": reg, "sessionId": session}), 429, cloud.MsgTooManySetupMails)
		// Once the password is set, the same browser is sent to the dashboard.
		// (Set behind the API: the resent mails go out concurrently, so the
		// outbox's last link need not be the newest one.)
		jane, err := e.Store.FindUserByEmail(context.Background(), "jane@acme.example")
		if err != nil {
			t.Fatal(err)
		}
		hash, err := argon2id.New(fastPasswords, 0).Hash("owner-password")
		if err != nil {
			t.Fatal(err)
		}
		e.setPassword(jane, hash)
		if status, out := rig.complete(session, reg); status != 200 || out["setupPending"] != false {
			t.Fatalf("completion after sign-up: %d %v", status, out)
		}
	})
}
