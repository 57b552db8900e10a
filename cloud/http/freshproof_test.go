package http_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/oidctest"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// wantFreshProofNeeded: the change was refused for want of a fresh proof,
// in words a person understands and with the reason a program acts on.
func wantFreshProofNeeded(t testing.TB, resp response) {
	t.Helper()
	wantStatus(t, resp, http.StatusForbidden, cloud.MsgFreshProofRequired)
	if reason := resp.JSON()["reason"]; reason != cloud.ReasonFreshProofRequired {
		t.Fatalf("reason %v in %s, want %q", reason, resp.Body, cloud.ReasonFreshProofRequired)
	}
}

// confirmIdentity proves again who holds the session.
func (e *env) confirmIdentity(session string, proof map[string]any) response {
	e.t.Helper()
	return e.do("POST", "/api/account/confirm-identity", session, proof)
}

// securityMails are the security-change mails to address, oldest first.
func (e *env) securityMails(address string) []string {
	e.t.Helper()
	var texts []string
	for _, m := range e.mailsTo(address) {
		if m.Subject == cloud.MsgSecurityMailSubject {
			texts = append(texts, m.Text)
		}
	}
	return texts
}

// TestChangesThatCouldTakeOverNeedAFreshProof: with a session whose sign-in
// is older than cloud.FreshProofTTL, adding or removing a factor and
// replacing the recovery codes are refused and change nothing, until the
// password, an app's code or a passkey proves who is there; the proof
// lasts FreshProofTTL. The owner is mailed after each change.
func TestChangesThatCouldTakeOverNeedAFreshProof(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("ann@example.com", "ann-password")
		session := e.login("ann@example.com", "ann-password")
		// Right after signing in, the sign-in is the proof.
		secret := e.setUpTOTP(session)
		e.confirmTOTP(session, secret)
		key := newSoftAuthenticator(t)
		e.addPasskey(session, key)
		security := e.do("GET", "/api/account/security", session, nil)
		passkeyID := int64(security.JSON()["passkeys"].([]any)[0].(map[string]any)["id"].(float64))
		removePasskey := fmt.Sprintf("/api/account/passkeys/%d", passkeyID)

		e.Clock.Advance(cloud.FreshProofTTL)
		for _, change := range []struct{ method, path string }{
			{"POST", "/api/account/recovery-codes"}, {"POST", "/api/account/passkey-options"},
			{"DELETE", removePasskey}, {"DELETE", "/api/account/totp"}, {"POST", "/api/account/totp"},
		} {
			wantFreshProofNeeded(t, e.do(change.method, change.path, session, nil))
		}
		after := e.do("GET", "/api/account/security", session, nil).JSON()
		if after["totp"] != true || len(after["passkeys"].([]any)) != 1 || after["recoveryCodesLeft"] != float64(10) {
			t.Fatalf("a refused change changed the account: %v", after)
		}

		// The password.
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "password", "password": "not-her-password"}),
			http.StatusUnauthorized, cloud.MsgConfirmFailed)
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "password"}), http.StatusBadRequest, cloud.MsgConfirmNeedsPassword)
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "password", "password": "ann-password"}),
			http.StatusOK, cloud.MsgIdentityConfirmed)
		wantStatus(t, e.do("POST", "/api/account/recovery-codes", session, nil), http.StatusOK, "")

		// A passkey, in its own ceremony.
		e.Clock.Advance(cloud.FreshProofTTL)
		wantFreshProofNeeded(t, e.do("POST", "/api/account/recovery-codes", session, nil))
		options := e.do("POST", "/api/account/confirm-identity/passkey-options", session, nil)
		confirmToken, _ := options.JSON()["confirmToken"].(string)
		if confirmToken == "" {
			t.Fatalf("passkey options without a confirmToken: %s", options.Body)
		}
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "passkey", "confirmToken": confirmToken,
			"credential": key.assert(t, options)}), http.StatusOK, cloud.MsgIdentityConfirmed)
		wantStatus(t, e.do("POST", "/api/account/passkey-options", session, nil), http.StatusOK, "")
		wantStatus(t, e.do("DELETE", removePasskey, session, nil), http.StatusOK, cloud.MsgSecondFactorRemoved)

		// An authenticator app's code.
		e.Clock.Advance(cloud.FreshProofTTL)
		wantFreshProofNeeded(t, e.do("DELETE", "/api/account/totp", session, nil))
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "totp", "code": wrongCode(t, secret, e.Clock.Now())}),
			http.StatusUnauthorized, cloud.MsgSecondFactorFailed)
		wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())}),
			http.StatusOK, cloud.MsgIdentityConfirmed)
		wantStatus(t, e.do("DELETE", "/api/account/totp", session, nil), http.StatusOK, cloud.MsgSecondFactorRemoved)
		wantStatus(t, e.do("POST", "/api/account/totp", session, nil), http.StatusOK, "")

		// Each change is mailed: what, when, and what to do if it was not her.
		mails := e.securityMails("ann@example.com")
		want := []string{service.ChangeFactorAdded, service.ChangeFactorAdded, service.ChangeRecoveryCodes,
			service.ChangeFactorRemoved, service.ChangeFactorRemoved}
		if len(mails) != len(want) {
			t.Fatalf("%d security mails, want %d: %q", len(mails), len(want), mails)
		}
		for i, text := range mails {
			if !strings.HasPrefix(text, want[i]) || !strings.Contains(text, "When: ") ||
				!strings.Contains(text, "Sign out everywhere else") || strings.Contains(text, "http") {
				t.Fatalf("mail %d: %q", i, text)
			}
		}
	})
}

// TestConfirmIdentityCountsLikeASignIn: wrong passwords at the proof are
// failed sign-ins, so it is no way round the sign-in's limits.
func TestConfirmIdentityCountsLikeASignIn(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{rateLimit: lhttpRateLimit(1_000_000, 3)})
		e.createUser("ann@example.com", "ann-password")
		session := e.login("ann@example.com", "ann-password")
		for range 3 {
			wantStatus(t, e.confirmIdentity(session, map[string]any{"method": "password", "password": "guess"}),
				http.StatusUnauthorized, cloud.MsgConfirmFailed)
		}
		if resp := e.confirmIdentity(session, map[string]any{"method": "password", "password": "ann-password"}); resp.Status != http.StatusTooManyRequests {
			t.Fatalf("a proof past the limit: %d %s", resp.Status, resp.Body)
		}
		login := e.send("POST", "/api/auth/login", map[string]string{"email": "ann@example.com", "password": "ann-password"}, bearerClient)
		if login.Status != http.StatusTooManyRequests {
			t.Fatalf("a sign-in after failed proofs: %d %s", login.Status, login.Body)
		}
	})
}

// TestStationSessionNeedsItsOwnProof: a print station's session made from
// the website's station code proved nothing itself, so it changes no
// factor until its person proves who they are on it.
func TestStationSessionNeedsItsOwnProof(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createAdmin("ops@lifetag.test", "ops-password")
		website := e.browserLogin("/api/auth/login", "ops@lifetag.test", "ops-password")
		st := newStationLoopback()
		station, _ := e.stationSession(st, e.stationCode(e.mintStationCode(st, website, false)))

		wantFreshProofNeeded(t, e.do("POST", "/api/account/totp", station, nil))
		wantFreshProofNeeded(t, e.do("POST", "/api/account/passkey-options", station, nil))
		wantStatus(t, e.confirmIdentity(station, map[string]any{"method": "password", "password": "ops-password"}),
			http.StatusOK, cloud.MsgIdentityConfirmed)
		wantStatus(t, e.do("POST", "/api/account/totp", station, nil), http.StatusOK, "")
	})
}

// TestSingleSignOnSettingsNeedAFreshProof: an owner's stale session cannot
// turn "require single sign-on" off or point it at another provider; after
// the password it can, and the owner is mailed.
func TestSingleSignOnSettingsNeedAFreshProof(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := newSSOOrganization(t, e)
		settings := map[string]any{"issuer": o.provider.Issuer, "clientId": ssoClient.ID, "domains": []string{"acme.test"}, "requireSso": true}
		wantStatus(t, e.do("PUT", o.owner.path("/sso"), o.owner.token, settings), http.StatusOK, "")

		e.Clock.Advance(cloud.FreshProofTTL)
		settings["requireSso"] = false
		wantFreshProofNeeded(t, e.do("PUT", o.owner.path("/sso"), o.owner.token, settings))
		if got := e.do("GET", o.owner.path("/sso"), o.owner.token, nil).JSON(); got["requireSso"] != true {
			t.Fatalf("a refused change changed the settings: %v", got)
		}
		wantStatus(t, e.confirmIdentity(o.owner.token, map[string]any{"method": "password", "password": "owner-password"}),
			http.StatusOK, cloud.MsgIdentityConfirmed)
		wantStatus(t, e.do("PUT", o.owner.path("/sso"), o.owner.token, settings), http.StatusOK, "")

		mails := e.securityMails("boss@acme.test")
		if len(mails) != 3 || !strings.Contains(mails[2], "single sign-on settings of your organisation \u201cAcme\u201d were changed") {
			t.Fatalf("security mails to the owner: %q", mails)
		}
	})
}

// TestSingleSignOnPersonProvesItAtTheProvider: a member made by single
// sign-on has no password and no factor; a fresh sign-in through the
// provider is the proof.
func TestSingleSignOnPersonProvesItAtTheProvider(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := newSSOOrganization(t, e)
		browser := oidctest.NewBrowser()
		withCookies := func(method, path string, body any) response {
			t.Helper()
			u, _ := url.Parse(e.URL)
			return e.send(method, path, body, func(r *http.Request) {
				for _, c := range browser.HTTP.Jar.Cookies(u) {
					r.AddCookie(c)
				}
			})
		}
		o.signIn(browser, nil, "alice@acme.test", "alice")
		wantStatus(t, withCookies("POST", "/api/account/totp", nil), http.StatusOK, "")

		e.Clock.Advance(cloud.FreshProofTTL)
		wantFreshProofNeeded(t, withCookies("POST", "/api/account/totp", nil))
		wantStatus(t, withCookies("POST", "/api/account/confirm-identity", map[string]any{"method": "password", "password": "anything"}),
			http.StatusBadRequest, cloud.MsgConfirmNoPassword)

		o.signIn(browser, nil, "alice@acme.test", "alice")
		wantStatus(t, withCookies("POST", "/api/account/totp", nil), http.StatusOK, "")
	})
}
