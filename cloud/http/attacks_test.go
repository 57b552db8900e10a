package http_test

// Attacks found by a security review, each reproduced over HTTP against a
// real cloud. Every test here failed before its fix.

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// payAnonymously buys print access for email from browser, as a visitor who
// is not signed in, through the local test checkout.
func payAnonymously(t *testing.T, rig *paymentRig, browser *http.Client, body map[string]any) int {
	t.Helper()
	status, out := rig.call(browser, "POST", "/api/create-payment-intent", body, nil)
	if status != http.StatusOK {
		return status
	}
	if status, out = rig.call(browser, "POST", "/api/test-checkout/confirm",
		map[string]any{"clientSecret": out["clientSecret"], "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
		t.Fatalf("confirm: %d %v", status, out)
	}
	return http.StatusOK
}

func claim(rig *paymentRig, browser *http.Client, email, password string) (int, map[string]any) {
	return rig.call(browser, "POST", "/api/auth/create-account-after-payment",
		map[string]any{"email": email, "password": password}, nil)
}

// TestAttackClaimSeededAdmin: paying £0.99 for a seeded admin's address that
// has no password yet must not make the payer that admin.
func TestAttackClaimSeededAdmin(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		if err := rig.env.Service.SeedAdmins(context.Background(), []string{"admin@example.com"}); err != nil {
			t.Fatal(err)
		}
		attacker := newBrowser(t)
		status := payAnonymously(t, rig, attacker, printCheckout("admin@example.com"))
		claimStatus, out := claim(rig, attacker, "admin@example.com", "attacker-pw")
		if claimStatus == http.StatusOK || out["user"] != nil {
			t.Fatalf("checkout %d, then the claim of a seeded admin answered %d %v", status, claimStatus, out)
		}
		admin := rig.user("admin@example.com")
		if admin.PasswordHash != "" || admin.HasPrintAccess {
			t.Fatalf("the admin account changed: %+v", admin)
		}
		if resp := rig.env.do("POST", "/api/auth/login", "", map[string]string{"email": "admin@example.com", "password": "attacker-pw"}); resp.Status != http.StatusUnauthorized {
			t.Fatalf("the attacker signed in as the admin: %d %s", resp.Status, resp.Body)
		}
	})
}

// TestAttackClaimBeforeAdminListed: the other order: a stranger pays for an
// address before the operator lists it in ADMIN_EMAILS, and sets its
// password. Listing it must not make the stranger the admin: the password
// and session go, and the set-up link goes to the mailbox.
func TestAttackClaimBeforeAdminListed(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		attacker := newBrowser(t)
		if status := payAnonymously(t, rig, attacker, printCheckout("ops@example.com")); status != http.StatusOK {
			t.Fatalf("checkout: %d", status)
		}
		if status, out := claim(rig, attacker, "ops@example.com", "attacker-pw"); status != http.StatusOK {
			t.Fatalf("the claim of an unlisted address: %d %v", status, out)
		}
		session := rig.env.login("ops@example.com", "attacker-pw")

		// The operator lists the address and restarts.
		if err := rig.env.Service.SeedAdmins(context.Background(), []string{"ops@example.com"}); err != nil {
			t.Fatal(err)
		}
		if resp := rig.env.do("POST", "/api/auth/login", "", map[string]string{"email": "ops@example.com", "password": "attacker-pw"}); resp.Status != http.StatusUnauthorized {
			t.Fatalf("the stranger signed in as the admin: %d %s", resp.Status, resp.Body)
		}
		if resp := rig.env.do("GET", "/api/admin/stats", session, nil); resp.Status != http.StatusUnauthorized {
			t.Fatalf("the stranger's session reached the admin's stats: %d %s", resp.Status, resp.Body)
		}
		rig.env.waitForMail() // waits for the mail
		mails := rig.env.mailsTo("ops@example.com")
		if len(mails) == 0 || mails[len(mails)-1].Subject != cloud.MsgSetupMailSubject {
			t.Fatalf("no set-up link to the listed mailbox: %+v", mails)
		}
	})
}

// TestAttackClaimAnotherBuyersAccount: a customer paid anonymously for
// printed labels and has not set a password yet; a stranger's payment for
// the same address must not let the stranger claim the account (and its
// name and home address).
func TestAttackClaimAnotherBuyersAccount(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		victim, attacker := newBrowser(t), newBrowser(t)
		if status := payAnonymously(t, rig, victim, physicalCheckout("jane@example.com")); status != http.StatusOK {
			t.Fatalf("the victim's checkout: %d", status)
		}
		status := payAnonymously(t, rig, attacker, printCheckout("jane@example.com"))
		if claimStatus, out := claim(rig, attacker, "jane@example.com", "attacker-pw"); claimStatus == http.StatusOK {
			t.Fatalf("checkout %d, then the stranger claimed the buyer's account: %v", status, out)
		}
		// The buyer still can, from the browser that paid.
		if claimStatus, out := claim(rig, victim, "jane@example.com", "victim-pw"); claimStatus != http.StatusOK {
			t.Fatalf("the buyer's own claim: %d %v", claimStatus, out)
		}
	})
}

// TestAttackPlantedClaimToken: a claim token the browser already holds (one
// another site or a sibling domain could have planted) is never adopted.
func TestAttackPlantedClaimToken(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		planted := strings.Repeat("A", 43)
		base, _ := url.Parse(rig.url)
		victim := newBrowser(t)
		victim.Jar.SetCookies(base, []*http.Cookie{{Name: "lifetag_claim", Value: planted, Path: "/"}})
		if status := payAnonymously(t, rig, victim, printCheckout("jane@example.com")); status != http.StatusOK {
			t.Fatalf("checkout: %d", status)
		}
		attacker := newBrowser(t)
		attacker.Jar.SetCookies(base, []*http.Cookie{{Name: "lifetag_claim", Value: planted, Path: "/"}})
		if status, out := claim(rig, attacker, "jane@example.com", "attacker-pw"); status == http.StatusOK {
			t.Fatalf("the planted token claimed the account: %v", out)
		}
		if status, out := claim(rig, victim, "jane@example.com", "victim-pw"); status != http.StatusOK {
			t.Fatalf("the buyer's own claim: %d %v", status, out)
		}
	})
}

// TestAttackSquattedAddressIsRecovered: a stranger may buy for an address
// whose owner has no account yet (nothing proves an address before its
// mail is read), but the owner takes the account back through the reset
// mailed to them, which ends the stranger's session.
func TestAttackSquattedAddressIsRecovered(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		attacker := newBrowser(t)
		if status := payAnonymously(t, rig, attacker, printCheckout("owner@example.com")); status != http.StatusOK {
			t.Fatalf("checkout: %d", status)
		}
		if status, out := claim(rig, attacker, "owner@example.com", "attacker-pw"); status != http.StatusOK {
			t.Fatalf("claim: %d %v", status, out)
		}
		if status, _ := rig.call(attacker, "POST", "/api/privacy/export-data", map[string]any{"email": "owner@example.com"}, nil); status != http.StatusOK {
			t.Fatalf("the claimer's session: %d", status)
		}
		e := rig.env
		if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "owner@example.com"}); resp.Status != 200 {
			t.Fatalf("reset: %d %s", resp.Status, resp.Body)
		}
		e.waitForMail() // waits for the mail
		mails := e.Outbox.Messages()
		last := mails[len(mails)-1]
		if last.To != "owner@example.com" {
			t.Fatalf("reset mail to %q", last.To)
		}
		token := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(last.Text)[1]
		if resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "owner-pw"}); resp.Status != 200 {
			t.Fatalf("reset-password: %d %s", resp.Status, resp.Body)
		}
		if status, _ := rig.call(attacker, "POST", "/api/privacy/export-data", map[string]any{"email": "owner@example.com"}, nil); status != http.StatusUnauthorized {
			t.Fatalf("the squatter's session outlived the owner's reset: %d", status)
		}
		e.login("owner@example.com", "owner-pw")
	})
}

// TestAttackIdentityAfterDeleteData: the identity locked after payment
// survives "delete my data": the same identity may come back, a new one not.
func TestAttackIdentityAfterDeleteData(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		u := e.createUser("ann@example.com", "secret-1")
		e.grantPrintAccess(u)
		token := e.login("ann@example.com", "secret-1")
		push := func(d any) response {
			return e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": "ann@example.com", "emergencyData": d})
		}
		if resp := push(sampleData("ann@example.com")); resp.Status != 200 {
			t.Fatalf("first record: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("POST", "/api/privacy/delete-data", token, map[string]string{"email": "ann@example.com", "confirmation": cloud.PhraseDeleteData}); resp.Status != 200 {
			t.Fatalf("delete-data: %d %s", resp.Status, resp.Body)
		}
		other := sampleData("ann@example.com")
		other.PersonalInfo.FullName = "Somebody Else"
		if resp := push(other); resp.Status != http.StatusConflict || resp.Message() != cloud.MsgIdentityLocked {
			t.Fatalf("a new identity after delete-data: %d %s", resp.Status, resp.Body)
		}
		same := sampleData("ann@example.com")
		same.MedicalInfo.Allergies = "None known"
		if resp := push(same); resp.Status != 200 {
			t.Fatalf("the same identity after delete-data: %d %s", resp.Status, resp.Body)
		}
		// The fields themselves are not kept beside the fingerprint.
		for table, rows := range e.Dump(t) {
			for _, row := range rows {
				for column, value := range row {
					if column == "identity_fingerprint" && (strings.Contains(value, "Ann") || strings.Contains(value, "1990")) {
						t.Errorf("%s.%s holds the identity itself", table, column)
					}
				}
			}
		}
	})
}
