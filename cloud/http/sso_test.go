package http_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/oidctest"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client"
)

// The tests' cloud calls itself https://lifetag.test (newEnv): that is the
// redirect URI registered at the provider, and the browser is taken from
// there to the test server.
const ssoRedirectURI = "https://lifetag.test" + service.SSOCallbackPath

var (
	ssoClient   = oidctest.Client{ID: "lifetag", Secret: "lifetag-client-secret", RedirectURIs: []string{ssoRedirectURI}}
	otherClient = oidctest.Client{ID: "another-app", Secret: "another-secret", RedirectURIs: []string{"https://another.test/callback"}}
	ssoPeople   = []oidctest.Person{
		{Username: "alice", Password: "alice-pass", Email: "Alice@Acme.test", EmailVerified: true},
		{Username: "eve", Password: "eve-pass", Email: "eve@acme.test", EmailVerified: false},
		{Username: "mallory", Password: "mallory-pass", Email: "mallory@pending.test", EmailVerified: true},
		{Username: "boss", Password: "boss-pass", Email: "boss@acme.test", EmailVerified: true},
		{Username: "ivy", Password: "ivy-pass", Email: "ivy@acme.test", EmailVerified: true},
	}
)

// ssoOrganization is Acme with its provider set up by its owner and the
// domain acme.test approved by a site admin (pending.test asked for, not
// approved).
type ssoOrganization struct {
	e        *env
	provider *oidctest.Provider
	owner    officer
	admin    string
}

func newSSOOrganization(t *testing.T, e *env) *ssoOrganization {
	t.Helper()
	o := &ssoOrganization{e: e, provider: oidctest.Start(t, []oidctest.Client{ssoClient, otherClient}, ssoPeople)}
	o.owner = e.newOwner("Acme", "boss@acme.test")
	e.createAdmin("admin@example.com", "admin-password")
	o.admin = e.login("admin@example.com", "admin-password")

	settings := map[string]any{"issuer": o.provider.Issuer, "clientId": ssoClient.ID, "clientSecret": ssoClient.Secret,
		"domains": []string{"acme.test", "Pending.test"}, "requireSso": true}
	wantStatus(t, e.do("PUT", o.owner.path("/sso"), o.owner.token, settings), 400, cloud.MsgSSORequireNeedsSSO)
	settings["requireSso"] = false
	saved := e.do("PUT", o.owner.path("/sso"), o.owner.token, settings)
	wantStatus(t, saved, 200, "")
	if body := string(saved.Body); strings.Contains(body, ssoClient.Secret) || !strings.Contains(body, `"hasClientSecret":true`) ||
		!strings.Contains(body, `"redirectUri":"`+ssoRedirectURI+`"`) || !strings.Contains(body, `{"approved":false,"domain":"pending.test"}`) {
		t.Fatalf("saved settings: %s", body)
	}
	// Sealed like medical data: the secret is in no column in clear.
	for table, rows := range e.Dump(t) {
		for _, row := range rows {
			for column, value := range row {
				if strings.Contains(value, ssoClient.Secret) {
					t.Errorf("%s.%s holds the client secret", table, column)
				}
			}
		}
	}
	// Until a site admin approves the domain, it signs nobody in.
	if got := o.discover("alice@acme.test"); got != "available=false" {
		t.Fatalf("discovery before approval: %s", got)
	}
	approve := map[string]any{"organizationId": o.owner.orgID, "domain": "acme.test"}
	wantStatus(t, e.do("POST", "/api/admin/sso-domains/approve", o.owner.token, approve), 403, "")
	wantStatus(t, e.do("POST", "/api/admin/sso-domains/approve", o.admin, approve), 200, cloud.MsgSSODomainApproved)
	if got := o.discover("alice@acme.test"); got != "available=true" {
		t.Fatalf("discovery after approval: %s", got)
	}
	audit := e.do("GET", "/api/admin/audit-log", o.admin, nil)
	if !strings.Contains(string(audit.Body), "Approved the single sign-on domain acme.test") {
		t.Fatalf("the approval is not in the audit log: %s", audit.Body)
	}
	return o
}

func (o *ssoOrganization) discover(email string) string {
	resp := o.e.do("POST", "/api/auth/sso/discover", "", map[string]string{"email": email})
	if resp.Status != 200 {
		o.e.t.Fatalf("discover: %d %s", resp.Status, resp.Body)
	}
	return "available=" + map[bool]string{true: "true", false: "false"}[resp.JSON()["available"] == true]
}

// signIn starts a single sign-on for email in browser, signs in at the
// provider as username, and hands the provider's redirect to the cloud in
// the browser deliver (browser itself when nil). It returns the cloud's
// final redirect.
func (o *ssoOrganization) signIn(browser, deliver *oidctest.Browser, email, username string) *url.URL {
	o.e.t.Helper()
	back := o.toProviderAndBack(browser, email, username)
	if deliver == nil {
		deliver = browser
	}
	return o.deliver(deliver, back)
}

func (o *ssoOrganization) toProviderAndBack(browser *oidctest.Browser, email, username string) string {
	o.e.t.Helper()
	back, err := browser.SignIn(o.e.URL+"/api/auth/sso/start?email="+url.QueryEscape(email), ssoRedirectURI,
		username, passwordOf(username))
	if err != nil {
		o.e.t.Fatal(err)
	}
	return back
}

// deliver takes the provider's redirect to the test server.
func (o *ssoOrganization) deliver(browser *oidctest.Browser, back string) *url.URL {
	o.e.t.Helper()
	resp, err := browser.HTTP.Get(strings.Replace(back, "https://lifetag.test", o.e.URL, 1))
	if err != nil {
		o.e.t.Fatal(err)
	}
	resp.Body.Close()
	location, err := resp.Location()
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		o.e.t.Fatalf("callback: %d %v", resp.StatusCode, err)
	}
	return location
}

// start is where the cloud's start sends a browser for email.
func (o *ssoOrganization) start(b *oidctest.Browser, email string) *url.URL {
	o.e.t.Helper()
	resp, err := b.HTTP.Get(o.e.URL + "/api/auth/sso/start?email=" + url.QueryEscape(email))
	if err != nil {
		o.e.t.Fatal(err)
	}
	resp.Body.Close()
	location, err := resp.Location()
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		o.e.t.Fatalf("start: %d %v", resp.StatusCode, err)
	}
	return location
}

func passwordOf(username string) string {
	for _, p := range ssoPeople {
		if p.Username == username {
			return p.Password
		}
	}
	return ""
}

// refusedWith asserts a redirect back to the sign-in page with reason.
func refusedWith(t *testing.T, got *url.URL, reason string) {
	t.Helper()
	if got.Path != "/corporate-login" || got.Query().Get("sso_error") != reason {
		t.Fatalf("got %s; want the sign-in page with sso_error=%s", got, reason)
	}
}

// sessionOf reads the account a browser is signed in to.
func (o *ssoOrganization) sessionOf(browser *oidctest.Browser) response {
	o.e.t.Helper()
	u, _ := url.Parse(o.e.URL)
	req, _ := http.NewRequest("GET", o.e.URL+"/api/corporate/organization", nil)
	for _, c := range browser.HTTP.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		o.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		body.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return response{t: o.e.t, Status: resp.StatusCode, Header: resp.Header, Body: []byte(body.String())}
}

// TestSingleSignOn: through zitadel/oidc's example provider, a verified
// address of an approved domain signs in, its first time as a Standard
// member, each time in Recent Activity; "require SSO" turns off members'
// passwords (not the owner's); someone disabled at the provider cannot
// start a new session.
func TestSingleSignOn(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := newSSOOrganization(t, e)

		browser := oidctest.NewBrowser()
		landed := o.signIn(browser, nil, "alice@acme.test", "alice")
		if landed.Path != "/corporate/dashboard" {
			t.Fatalf("landed on %s", landed)
		}
		me := o.sessionOf(browser)
		if me.Status != 200 || int64(me.JSON()["id"].(float64)) != o.owner.orgID {
			t.Fatalf("the signed-in organisation: %d %s", me.Status, me.Body)
		}
		alice, err := e.Store.FindUserByEmail(context.Background(), "alice@acme.test")
		if err != nil || alice.UserType != cloud.UserTypeCorporateMember || alice.OrganizationID != o.owner.orgID || alice.PasswordHash != "" {
			t.Fatalf("the just-in-time member: %+v %v", alice, err)
		}
		// A second sign-in finds the same member.
		o.signIn(oidctest.NewBrowser(), nil, "alice@acme.test", "alice")
		team := e.do("GET", o.owner.path("/team"), o.owner.token, nil)
		if strings.Count(string(team.Body), "alice@acme.test") != 1 || !strings.Contains(string(team.Body), service.RoleMemberName) {
			t.Fatalf("team: %s", team.Body)
		}
		activity, err := e.Store.ListActivity(context.Background(), o.owner.orgID, 20)
		if err != nil {
			t.Fatal(err)
		}
		var sentences []string
		for _, a := range activity {
			sentences = append(sentences, cloud.ActivitySentence(a.Kind, a.Detail))
		}
		all := strings.Join(sentences, "\n")
		if strings.Count(all, "alice@acme.test signed in with single sign-on.") != 2 ||
			strings.Count(all, "alice@acme.test joined the team through single sign-on.") != 1 {
			t.Fatalf("activity:\n%s", all)
		}

		// A Standard member has no password to use, and gets no setup link.
		wantStatus(t, e.do("POST", o.owner.path("/team/"+strconv.FormatInt(alice.ID, 10)+"/resend"), o.owner.token, nil), 409, "")

		// Require SSO: an admin with a password is sent to the provider;
		// the owner keeps the password, so a broken provider locks nobody out.
		adminUser := e.createCorporateUser("officer@acme.test", "officer-password")
		moveToOrganization(t, e, adminUser, o.owner.orgID)
		e.corporateLogin("officer@acme.test", "officer-password")
		wantStatus(t, e.do("PUT", o.owner.path("/sso"), o.owner.token, map[string]any{"issuer": o.provider.Issuer,
			"clientId": ssoClient.ID, "domains": []string{"acme.test"}, "requireSso": true}), 200, "")
		refused := e.do("POST", "/api/corporate/login", "", map[string]string{"email": "officer@acme.test", "password": "officer-password"})
		wantStatus(t, refused, 403, cloud.MsgUseSSO)
		wrong := e.do("POST", "/api/corporate/login", "", map[string]string{"email": "officer@acme.test", "password": "wrong-password"})
		wantStatus(t, wrong, 401, cloud.MsgLoginFailed) // the rule speaks only after the password is right
		e.corporateLogin("boss@acme.test", "owner-password")
		if got := e.do("POST", "/api/auth/sso/discover", "", map[string]string{"email": "officer@acme.test"}); got.JSON()["required"] != true {
			t.Fatalf("discovery does not say single sign-on is required: %s", got.Body)
		}

		// Disabled at the provider: the provider refuses, so no new session.
		o.provider.Disable("alice")
		if _, err := oidctest.NewBrowser().SignIn(e.URL+"/api/auth/sso/start?email=alice%40acme.test", ssoRedirectURI,
			"alice", "alice-pass"); err == nil {
			t.Fatal("a person disabled at the provider came back with a code")
		}
	})
}

// TestSingleSignOnShortcutsAreRefused: each way around the rules ends on
// the sign-in page, with no session: an address of a domain not approved,
// another organisation's domain, an address with an account elsewhere, an
// unverified address, an ID token for another client, a wrong nonce, a
// replayed, forged, expired or other browser's state.
func TestSingleSignOnShortcutsAreRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := newSSOOrganization(t, e)
		ctx := context.Background()
		noSession := func(t *testing.T, b *oidctest.Browser) {
			t.Helper()
			if resp := o.sessionOf(b); resp.Status != 401 {
				t.Fatalf("a refused sign-in has a session: %d %s", resp.Status, resp.Body)
			}
		}

		t.Run("UnapprovedDomain", func(t *testing.T) {
			b := oidctest.NewBrowser()
			refusedWith(t, o.start(b, "mallory@pending.test"), cloud.SSOErrorUnavailable)
			// Starting as an approved address and signing in at the
			// provider as one of a pending domain does not help.
			refusedWith(t, o.signIn(b, nil, "alice@acme.test", "mallory"), cloud.SSOErrorUnverified)
			noSession(t, b)
			if _, err := e.Store.FindUserByEmail(ctx, "mallory@pending.test"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("an account was made for an unapproved domain: %v", err)
			}
		})
		t.Run("AnotherOrganisationsDomain", func(t *testing.T) {
			rival := e.newOwner("Rival", "boss@rival.test")
			wantStatus(t, e.do("PUT", rival.path("/sso"), rival.token, map[string]any{"issuer": o.provider.Issuer,
				"clientId": ssoClient.ID, "clientSecret": "x", "domains": []string{"acme.test"}, "requireSso": false}),
				409, cloud.MsgSSODomainTaken)
		})
		t.Run("AccountElsewhere", func(t *testing.T) {
			e.createUser("ivy@acme.test", "ivy-individual-password")
			b := oidctest.NewBrowser()
			refusedWith(t, o.signIn(b, nil, "ivy@acme.test", "ivy"), cloud.SSOErrorElsewhere)
			noSession(t, b)
			ivy, err := e.Store.FindUserByEmail(ctx, "ivy@acme.test")
			if err != nil || ivy.OrganizationID != 0 || cloud.IsCorporate(ivy.UserType) {
				t.Fatalf("the individual account changed: %+v %v", ivy, err)
			}
		})
		t.Run("UnverifiedAddress", func(t *testing.T) {
			b := oidctest.NewBrowser()
			refusedWith(t, o.signIn(b, nil, "eve@acme.test", "eve"), cloud.SSOErrorUnverified)
			noSession(t, b)
			if _, err := e.Store.FindUserByEmail(ctx, "eve@acme.test"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("an account was made for an unverified address: %v", err)
			}
		})

		// The token endpoint answers with an ID token the provider really
		// issued, for this sign-in's nonce but another client, or for this
		// client but another nonce. The same swap with the right token
		// succeeds: each refusal is the one check's.
		swapped := func(t *testing.T, client oidctest.Client, nonceOf func(string) string) *url.URL {
			t.Helper()
			b := oidctest.NewBrowser()
			authURL := o.start(b, "boss@acme.test")
			nonce := nonceOf(authURL.Query().Get("nonce"))
			token, err := o.provider.IDToken(ctx, client, nonce, "boss", "boss-pass")
			if err != nil || token == "" {
				t.Fatalf("an ID token from the provider: %q %v", token, err)
			}
			back, err := b.SignIn(authURL.String(), ssoRedirectURI, "boss", "boss-pass")
			if err != nil {
				t.Fatal(err)
			}
			o.provider.SwapIDToken(token)
			return o.deliver(b, back)
		}
		same := func(n string) string { return n }
		t.Run("IDTokenForAnotherClient", func(t *testing.T) {
			refusedWith(t, swapped(t, otherClient, same), cloud.SSOErrorProvider)
		})
		t.Run("WrongNonce", func(t *testing.T) {
			refusedWith(t, swapped(t, ssoClient, func(string) string { return "a-nonce-of-another-sign-in" }), cloud.SSOErrorProvider)
		})
		t.Run("TheRightTokenSwappedIn", func(t *testing.T) {
			if got := swapped(t, ssoClient, same); got.Path != "/corporate/dashboard" {
				t.Fatalf("got %s", got)
			}
		})

		t.Run("ReplayedState", func(t *testing.T) {
			b := oidctest.NewBrowser()
			back := o.toProviderAndBack(b, "boss@acme.test", "boss")
			if got := o.deliver(b, back); got.Path != "/corporate/dashboard" {
				t.Fatalf("first use: %s", got)
			}
			refusedWith(t, o.deliver(b, back), cloud.SSOErrorExpired)
		})
		t.Run("ForgedState", func(t *testing.T) {
			b := oidctest.NewBrowser()
			back := o.toProviderAndBack(b, "boss@acme.test", "boss")
			u, _ := url.Parse(back)
			q := u.Query()
			q.Set("state", "made-up-state-0123456789")
			u.RawQuery = q.Encode()
			refusedWith(t, o.deliver(b, u.String()), cloud.SSOErrorExpired)
			noSession(t, b)
			refusedWith(t, o.deliver(b, back), cloud.SSOErrorExpired) // a forged try used nothing up, but the cookie is gone
		})
		t.Run("AnotherBrowsersState", func(t *testing.T) {
			victim := oidctest.NewBrowser()
			back := o.toProviderAndBack(oidctest.NewBrowser(), "boss@acme.test", "boss")
			refusedWith(t, o.signInDelivered(victim, back), cloud.SSOErrorExpired)
			noSession(t, victim)
		})
		t.Run("ExpiredState", func(t *testing.T) {
			b := oidctest.NewBrowser()
			back := o.toProviderAndBack(b, "boss@acme.test", "boss")
			e.Clock.Advance(cloud.SSOLoginTTL + time.Second)
			refusedWith(t, o.deliver(b, back), cloud.SSOErrorExpired)
		})
	})
}

func (o *ssoOrganization) signInDelivered(b *oidctest.Browser, back string) *url.URL {
	return o.deliver(b, back)
}

// TestStationSignsInThroughTheBrowser: the station's own code
// (pkg/client) listens on 127.0.0.1, opens the cloud's single sign-on in
// "the system browser" (here a browser of the test that signs in at the
// provider), gets its code through the loopback redirect and exchanges it
// with its PKCE verifier for a bearer session. The code works once, and
// only with the verifier.
func TestStationSignsInThroughTheBrowser(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := newSSOOrganization(t, e)
		cloudClient, err := client.New(e.URL)
		if err != nil {
			t.Fatal(err)
		}
		var stolenCode string
		browser := func(address string) error {
			b := oidctest.NewBrowser()
			back, err := b.SignIn(address, ssoRedirectURI, "alice", "alice-pass")
			if err != nil {
				return err
			}
			loopback := o.deliver(b, back)
			if loopback.Scheme != "http" || loopback.Hostname() != "127.0.0.1" || loopback.Path != "/callback" {
				t.Errorf("the cloud sent the browser to %s", loopback)
			}
			stolenCode = loopback.Query().Get("code")
			go func() {
				if resp, err := b.HTTP.Get(loopback.String()); err == nil {
					resp.Body.Close()
				}
			}()
			return nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		in, err := cloudClient.SignInWithBrowser(ctx, "alice@acme.test", browser)
		if err != nil {
			t.Fatal(err)
		}
		if in.User.Email != "alice@acme.test" || in.OrganizationID != o.owner.orgID || in.SessionToken == "" {
			t.Fatalf("station sign-in: %+v", in)
		}
		if resp := e.do("GET", "/api/corporate/organization", in.SessionToken, nil); resp.Status != 200 {
			t.Fatalf("the station's session: %d %s", resp.Status, resp.Body)
		}
		// The code works once.
		wantStatus(t, e.do("POST", "/api/auth/sso/station-token", "", map[string]string{"code": stolenCode,
			"codeVerifier": strings.Repeat("v", 43)}), 401, cloud.MsgStationCodeInvalid)

		// Only a loopback address of this machine is taken.
		for _, redirect := range []string{"http://localhost:5000/callback", "https://127.0.0.1:5000/callback",
			"http://127.0.0.1:5000/elsewhere", "http://evil.example/callback", "http://127.0.0.1/callback"} {
			resp := e.do("GET", "/api/auth/sso/start?"+url.Values{"email": {"alice@acme.test"}, "stationRedirect": {redirect},
				"stationChallenge": {strings.Repeat("A", 43)}, "stationState": {strings.Repeat("s", 20)}}.Encode(), "", nil)
			wantStatus(t, resp, 400, cloud.MsgStationRedirectWrong)
		}
	})
}

// moveToOrganization makes u an admin of orgID, behind the API.
func moveToOrganization(t *testing.T, e *env, u *cloud.User, orgID int64) {
	t.Helper()
	e.seedSQL(`UPDATE users SET organization_id = $1 WHERE id = $2`, orgID, u.ID)
}
