package http_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// The safety officer's first week, its server parts: the organisation's
// paper, the caller's permissions, and mails, messages and activity
// sentences.

// TestOrganizationPaperSize: an organisation prints on A4 unless it says
// otherwise; any member may change it, a site admin may not; nonsense is
// refused with the paper message.
func TestOrganizationPaperSize(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		paper := func() string {
			t.Helper()
			resp := e.do("GET", "/api/corporate/organization", o.token, nil)
			if resp.Status != 200 {
				t.Fatalf("organization: %d %s", resp.Status, resp.Body)
			}
			return resp.JSON()["paperSize"].(string)
		}
		if got := paper(); got != "a4" {
			t.Fatalf("a new trial's paper: %q, want a4", got)
		}
		if resp := e.do("PUT", o.path("/paper-size"), o.token, map[string]string{"paperSize": "a3"}); resp.Status != 400 || resp.Message() != cloud.MsgPaperSizeInvalid {
			t.Fatalf("a3: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("PUT", o.path("/paper-size"), o.token, map[string]string{"paperSize": "letter"}); resp.Status != 200 || resp.Message() != cloud.MsgPaperSizeSaved {
			t.Fatalf("letter: %d %s", resp.Status, resp.Body)
		}
		if got := paper(); got != "letter" {
			t.Fatalf("after the change: %q", got)
		}
		e.createAdmin("admin@example.com", "admin-password")
		admin := e.login("admin@example.com", "admin-password")
		if resp := e.do("PUT", o.path("/paper-size"), admin, map[string]string{"paperSize": "a4"}); resp.Status != 404 {
			t.Fatalf("a site admin changing an organisation's paper: %d %s", resp.Status, resp.Body)
		}
		d := e.do("GET", o.path("/dashboard"), o.token, nil).JSON()
		first := d["recentActivity"].([]any)[0].(map[string]any)
		if first["sentence"] != "The paper size was set to US Letter." {
			t.Fatalf("activity: %v", first)
		}
	})
}

// TestNewOrganizationPaperFollowsCountry: a paid registration from the
// United States starts on Letter, one from the UK on A4.
func TestNewOrganizationPaperFollowsCountry(t *testing.T) {
	for country, want := range map[string]string{"United Kingdom": "a4", "USA": "letter"} {
		if got := cloud.PaperForCountry(country); got != want {
			t.Fatalf("%s: %s, want %s", country, got, want)
		}
	}
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, paidCheckout{})
		body := registrationBody("jane@acme.example")
		body["country"] = "United States"
		registrationID, sessionID := rig.register(body)
		if status, out := rig.complete(sessionID, registrationID); status != 200 {
			t.Fatalf("complete: %d %v", status, out)
		}
		orgs := rig.organizations()
		if len(orgs) != 1 || orgs[0].PaperSize != "letter" {
			t.Fatalf("organisations %+v", orgs)
		}
	})
}

// TestPermissionsFollowTheServerRule: the dashboard and team answers say
// what the caller may do, from the rule the routes enforce: the owner
// manages the team and billing, an admin edits but does not manage the
// team, a site admin only reads. Each stated permission is then tried.
func TestPermissionsFollowTheServerRule(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		_, err := e.Service.RegisterTrial(context.Background(), cloud.TrialRegistration{Name: "Acme", ContactEmail: "boss@acme.example"}, testClient)
		if err != nil {
			t.Fatal(err)
		}
		owner := rig.signUp("boss@acme.example", "boss-password")
		orgID := orgOf(t, e, "boss@acme.example")
		if resp := e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "ann@acme.example"}); resp.Status != 201 {
			t.Fatalf("invite: %d %s", resp.Status, resp.Body)
		}
		admin := rig.signUp("ann@acme.example", "ann-password")
		e.createAdmin("site@example.com", "site-password")
		site := e.login("site@example.com", "site-password")

		for _, c := range []struct {
			who, token                      string
			edit, manageTeam, manageBilling bool
		}{
			{"owner", owner, true, true, true},
			{"admin", admin, true, false, false},
			{"site admin", site, false, false, false},
		} {
			for _, route := range []string{"/dashboard", "/team"} {
				resp := e.do("GET", orgURL(orgID, route), c.token, nil)
				p, _ := resp.JSON()["permissions"].(map[string]any)
				if resp.Status != 200 || p["edit"] != c.edit || p["manageTeam"] != c.manageTeam || p["manageBilling"] != c.manageBilling {
					t.Fatalf("%s %s: %d %s", c.who, route, resp.Status, resp.Body)
				}
			}
			// Each member's buttons: the owner is never removable, and only
			// the team's manager removes anyone.
			members := e.do("GET", orgURL(orgID, "/team"), c.token, nil).JSON()["members"].([]any)
			for _, x := range members {
				m := x.(map[string]any)
				wantRemove := c.manageTeam && m["userType"] != cloud.UserTypeCorporateOwner
				if m["canRemove"] != wantRemove || m["canResend"] != (c.manageTeam && m["passwordSet"] == false) {
					t.Fatalf("%s sees member %v", c.who, m)
				}
			}
			// What is stated is what the routes do.
			invite := e.do("POST", orgURL(orgID, "/team/invite"), c.token, map[string]string{"email": "x@acme.example"})
			if c.manageTeam != (invite.Status == 201 || invite.Status == 409) {
				t.Fatalf("%s inviting: %d %s, stated manageTeam=%v", c.who, invite.Status, invite.Body, c.manageTeam)
			}
			paper := e.do("PUT", orgURL(orgID, "/paper-size"), c.token, map[string]string{"paperSize": "a4"})
			if c.edit != (paper.Status == 200) {
				t.Fatalf("%s changing the paper: %d, stated edit=%v", c.who, paper.Status, c.edit)
			}
		}
	})
}

// TestSetupMailsAndLinks: an invitation names the organisation and who
// invited; a trial's welcome says nothing of Stripe receipts; a used link
// says it was used; inviting an existing account says why it cannot be.
func TestSetupMailsAndLinks(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newCorporateRig(t, backend, stripe.LocalCheckout{})
		e := rig.env
		_, err := e.Service.RegisterTrial(context.Background(), cloud.TrialRegistration{Name: "Acme 100% Scaffolding", ContactEmail: "boss@acme.example"}, testClient)
		if err != nil {
			t.Fatal(err)
		}
		mailTo := func(to string) string {
			t.Helper()
			e.waitForMail()
			text := ""
			for _, m := range e.Outbox.Messages() {
				if m.To == to && m.Subject == cloud.MsgCorporateMailSubject {
					text = m.Text
				}
			}
			if text == "" {
				t.Fatalf("no setup mail to %s", to)
			}
			return text
		}
		if welcome := mailTo("boss@acme.example"); strings.Contains(welcome, "Stripe") || strings.Contains(welcome, "receipt") ||
			!strings.Contains(welcome, "trial") {
			t.Fatalf("a trial's welcome mail: %q", welcome)
		}
		token := rig.setupToken("boss@acme.example")
		owner := rig.signUp("boss@acme.example", "boss-password")
		orgID := orgOf(t, e, "boss@acme.example")

		if status, out := rig.call(rig.client, "POST", "/api/corporate/setup-password", map[string]string{"token": token, "password": "again-password"}, nil); status != 410 || out["message"] != cloud.MsgSetupLinkUsed {
			t.Fatalf("a used setup link: %d %v", status, out)
		}
		if status, out := rig.call(rig.client, "POST", "/api/corporate/setup-password", map[string]string{"token": "never-issued", "password": "again-password"}, nil); status != 400 || out["message"] != cloud.MsgInvalidLink {
			t.Fatalf("a made-up link: %d %v", status, out)
		}

		if resp := e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "ann@acme.example"}); resp.Status != 201 {
			t.Fatalf("invite: %d %s", resp.Status, resp.Body)
		}
		invite := mailTo("ann@acme.example")
		if !strings.Contains(invite, "boss@acme.example") || !strings.Contains(invite, "“Acme 100% Scaffolding”") ||
			!strings.Contains(invite, "/corporate-password-setup?token=") {
			t.Fatalf("the invitation: %q", invite)
		}
		e.createUser("rider@example.com", "rider-password")
		// An existing account is answered as any invitation is (the owner
		// learns nothing of who has an account); its holder is told why
		// nothing changed.
		if resp := e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "rider@example.com"}); resp.Status != 201 {
			t.Fatalf("inviting an existing account: %d %s", resp.Status, resp.Body)
		}

		// An invitation left unused expires: its link says so.
		inviteToken := rig.setupToken("ann@acme.example")
		e.Clock.Advance(cloud.ResetTokenTTL + 1)
		if status, out := rig.call(rig.client, "POST", "/api/corporate/setup-password", map[string]string{"token": inviteToken, "password": "ann-password"}, nil); status != 410 || out["message"] != cloud.MsgSetupLinkExpired {
			t.Fatalf("an expired setup link: %d %v", status, out)
		}

	})
}

// TestAuditLogReadsAsSentences: the admin audit log says what happened in
// words, never a raw action such as order.address_viewed.
func TestAuditLogReadsAsSentences(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		sealed, err := a.Service.SealShippingAddress(a.customer.ID, cloud.ShippingAddress{Email: "ann@example.com",
			FullName: "Ann Rider", AddressLine1: "1 High Street", City: "York", Postcode: "YO1 7HH", Country: "United Kingdom"})
		if err != nil {
			t.Fatal(err)
		}
		const orderID = "LT-SHIP00000001"
		if err := a.Store.CreateOrder(context.Background(), &cloud.Order{OrderID: orderID, UserID: a.customer.ID, LabelType: "gear",
			Quantity: 1, PricePence: cloud.PricePhysicalPence, ShippingAddress: sealed, Status: cloud.OrderPending, CreatedAt: a.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		if resp := a.do("GET", "/api/admin/physical-orders/"+orderID+"/shipping-address", a.admin, nil); resp.Status != 200 {
			t.Fatalf("shipping address: %d %s", resp.Status, resp.Body)
		}
		if resp := a.do("PUT", "/api/admin/physical-orders/"+orderID, a.admin, map[string]string{"status": "processing"}); resp.Status != 200 {
			t.Fatalf("status: %d %s", resp.Status, resp.Body)
		}
		resp := a.do("GET", "/api/admin/audit-log?pageSize=200", a.admin, nil)
		entries := resp.JSON()["entries"].([]any)
		found, moved := false, false
		for _, x := range entries {
			entry := x.(map[string]any)
			sentence, _ := entry["sentence"].(string)
			if sentence == "" || strings.Contains(sentence, "_") || strings.HasPrefix(sentence, "Other activity") {
				t.Fatalf("an entry without a sentence: %v", entry)
			}
			switch entry["action"] {
			case cloud.AuditShippingViewed:
				found = sentence == "Viewed the delivery address of order "+orderID+"."
			case cloud.AuditOrderStatusChanged:
				moved = sentence == "Moved order "+orderID+" to processing."
			}
		}
		if !found || !moved {
			t.Fatalf("no sentence for the address read: %s", resp.Body)
		}
	})
}

// TestTrialCountry: the trial form's country is
// kept on the registration and then the organisation, so a trial from the
// United States prints on Letter and reads 04/12/1985 only as ISO dates
// allow; an organisation whose country is unknown (a row from before the
// form asked) keeps the UK's reading, and its import template says so.
func TestTrialCountry(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		start := func(email string, body map[string]string) (int64, string) {
			t.Helper()
			body["name"], body["contactEmail"] = "Acme", email
			if resp := e.do("POST", "/api/corporate/register", "", body); resp.Status != 200 {
				t.Fatalf("register %s: %d %s", email, resp.Status, resp.Body)
			}
			confirmed := e.do("POST", "/api/corporate/setup-password", "", map[string]string{
				"token": e.newestSetupToken(email), "password": "owner-password"})
			if confirmed.Status != 200 {
				t.Fatalf("confirm %s: %d %s", email, confirmed.Status, confirmed.Body)
			}
			return int64(confirmed.JSON()["organizationId"].(float64)), e.corporateLogin(email, "owner-password")
		}
		template := func(orgID int64, token string) string {
			t.Helper()
			resp := e.do("GET", orgURL(orgID, "/qr-codes/import-template.csv"), token, nil)
			wantStatus(t, resp, 200, "")
			return string(resp.Body)
		}

		usID, us := start("boss@acme-us.example", map[string]string{"country": " United States "})
		org, err := e.Store.FindOrganization(context.Background(), usID)
		if err != nil {
			t.Fatal(err)
		}
		if org.Country != "United States" || org.PaperSize != "letter" || org.DayFirstDates() {
			t.Fatalf("a US trial: country %q, paper %q, day first %v", org.Country, org.PaperSize, org.DayFirstDates())
		}
		if got := template(usID, us); !strings.Contains(got, "YYYY-MM-DD") || strings.Contains(got, "DD/MM") {
			t.Fatalf("a US trial's import template: %q", got)
		}

		ukID, uk := start("boss@acme-uk.example", map[string]string{"country": "United Kingdom"})
		if got := template(ukID, uk); !strings.Contains(got, "DD/MM/YYYY or YYYY-MM-DD") || strings.Contains(got, cloud.MsgCountryUnknownDates) {
			t.Fatalf("a UK trial's import template: %q", got)
		}

		// A trial registered without a country (an older client) is an
		// organisation whose country is unknown: the UK's way, said.
		oldID, old := start("boss@acme-old.example", map[string]string{})
		org, err = e.Store.FindOrganization(context.Background(), oldID)
		if err != nil {
			t.Fatal(err)
		}
		if org.Country != "" || org.PaperSize != "a4" || !org.DayFirstDates() {
			t.Fatalf("a trial without a country: %+v", org)
		}
		if got := template(oldID, old); !strings.Contains(got, "DD/MM/YYYY or YYYY-MM-DD "+cloud.MsgCountryUnknownDates) {
			t.Fatalf("an unknown country's import template: %q", got)
		}

		if resp := e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Acme",
			"contactEmail": "x@acme.example", "country": "U"}); resp.Status != 400 || resp.Message() != cloud.MsgCountryRequired {
			t.Fatalf("a one-letter country: %d %s", resp.Status, resp.Body)
		}
	})
}

// TestSetupLinkStateOnOpening: the setup page learns
// what its link is as it opens, without using it: valid, used, expired or
// invalid, and the way to a new link. An expired trial link (no account
// exists yet, so the reset page would send nothing) is renewed by mail
// and the new link starts the trial.
func TestSetupLinkStateOnOpening(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		check := func(token string) map[string]any {
			t.Helper()
			resp := e.do("GET", "/api/corporate/setup-password?token="+url.QueryEscape(token), "", nil)
			if resp.Status != 200 {
				t.Fatalf("check %q: %d %s", token, resp.Status, resp.Body)
			}
			return resp.JSON()
		}
		want := func(got map[string]any, state, message, newLink string) {
			t.Helper()
			if got["state"] != state || got["message"] != message || got["newLink"] != newLink {
				t.Fatalf("got %v, want %s %q %s", got, state, message, newLink)
			}
		}
		register := func(email string) string {
			t.Helper()
			if resp := e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Acme", "contactEmail": email}); resp.Status != 200 {
				t.Fatalf("register: %d %s", resp.Status, resp.Body)
			}
			return e.newestSetupToken(email)
		}
		setPassword := func(token string) response {
			return e.do("POST", "/api/corporate/setup-password", "", map[string]string{"token": token, "password": "owner-password"})
		}

		boss := register("boss@acme.example")
		late := register("late@acme.example")
		want(check(boss), "valid", "", "")
		want(check(boss), "valid", "", "") // looking uses nothing
		wantStatus(t, setPassword(boss), 200, "")
		want(check(boss), "used", cloud.MsgSetupLinkUsed, "reset")
		want(check("never-issued"), "invalid", cloud.MsgInvalidLink, "reset")
		want(check(""), "invalid", cloud.MsgInvalidLink, "reset")

		owner := e.corporateLogin("boss@acme.example", "owner-password")
		orgID := orgOf(t, e, "boss@acme.example")
		wantStatus(t, e.do("POST", orgURL(orgID, "/team/invite"), owner, map[string]string{"email": "ann@acme.example"}), 201, "")
		invite := e.newestSetupToken("ann@acme.example")
		want(check(invite), "valid", "", "")

		e.Clock.Advance(cloud.ResetTokenTTL + time.Minute)
		// An invitation's account exists: the reset page mails a new link.
		want(check(invite), "expired", cloud.MsgSetupLinkExpired, "reset")
		// A trial's does not yet: its expired link mails a new one.
		want(check(late), "expired", cloud.MsgSetupLinkExpired, "mail")
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"token": late}), 200, cloud.MsgSetupMailResent)
		renewed := e.newestSetupToken("late@acme.example")
		if renewed == late || renewed == "" {
			t.Fatal("no new trial link was mailed")
		}
		want(check(renewed), "valid", "", "")
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"token": late}), 200, cloud.MsgSetupMailResent)
		if e.newestSetupToken("late@acme.example") != renewed {
			t.Fatal("a replaced link renewed the trial again")
		}
		wantStatus(t, setPassword(renewed), 200, "")
		if orgOf(t, e, "late@acme.example") == 0 {
			t.Fatal("the renewed link started no trial")
		}
		want(check(renewed), "used", cloud.MsgSetupLinkUsed, "reset")

		// A link resent from the landing page late in the first day works
		// its own 24 hours, not what was left of the first link's.
		resp := e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Acme", "contactEmail": "slow@acme.example"})
		wantStatus(t, resp, 200, "")
		e.Clock.Advance(cloud.ResetTokenTTL - time.Hour)
		wantStatus(t, e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": resp.JSON()["registrationId"].(string)}),
			200, cloud.MsgSetupMailResent)
		e.Clock.Advance(2 * time.Hour)
		want(check(e.newestSetupToken("slow@acme.example")), "valid", "", "")
	})
}
