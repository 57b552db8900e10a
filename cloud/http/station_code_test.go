package http_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestStationSignsInWithTheWebsiteSession: an admin whose account has an
// authenticator app (so the station's password form gets only a second
// step) signs the station in from the website, where the session exists
// only after every factor. The code goes to the station's loopback
// address, works once and only with the station's verifier, and gives a
// session for that very account.
func TestStationSignsInWithTheWebsiteSession(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createAdmin("ops@lifetag.test", "ops-password")
		session := e.browserLogin("/api/auth/login", "ops@lifetag.test", "ops-password")
		e.confirmTOTP(session, e.setUpTOTP(session))
		e.passwordStep("ops@lifetag.test", "ops-password", cloud.StepSecondFactor)

		verifier := oauth2.GenerateVerifier()
		loopback := map[string]string{"stationRedirect": "http://127.0.0.1:40123/callback",
			"stationChallenge": oauth2.S256ChallengeFromVerifier(verifier), "stationState": "station-state-0123456789"}
		mint := func(cookie string, body map[string]string) response {
			return e.send("POST", "/api/auth/station-code", body, func(r *http.Request) {
				if cookie != "" {
					r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: cookie})
				}
			})
		}
		codeOf := func(resp response) string {
			t.Helper()
			if resp.Status != http.StatusOK {
				t.Fatalf("station code: %d %s", resp.Status, resp.Body)
			}
			back, err := url.Parse(resp.JSON()["redirect"].(string))
			if err != nil || back.Scheme+"://"+back.Host+back.Path != loopback["stationRedirect"] ||
				back.Query().Get("state") != loopback["stationState"] || back.Query().Get("code") == "" {
				t.Fatalf("the browser is sent to %s", resp.Body)
			}
			return back.Query().Get("code")
		}

		wantStatus(t, mint("", loopback), http.StatusUnauthorized, cloud.MsgSignInRequired)
		crossSite := e.send("POST", "/api/auth/station-code", loopback, func(r *http.Request) {
			r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: session})
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		})
		wantStatus(t, crossSite, http.StatusForbidden, cloud.MsgCrossOrigin)
		for _, redirect := range []string{"http://localhost:40123/callback", "http://10.0.0.1:40123/callback",
			"http://127.0.0.1:80/callback", "http://127.0.0.1:40123/elsewhere", "https://127.0.0.1:40123/callback"} {
			wrong := map[string]string{"stationRedirect": redirect, "stationChallenge": loopback["stationChallenge"],
				"stationState": loopback["stationState"]}
			wantStatus(t, mint(session, wrong), http.StatusBadRequest, cloud.MsgStationRedirectWrong)
		}

		// A wrong verifier uses the code up.
		stolen := codeOf(mint(session, loopback))
		redeem := func(code, verifier string) response {
			return e.do("POST", "/api/auth/sso/station-token", "", map[string]string{"code": code, "codeVerifier": verifier})
		}
		wantStatus(t, redeem(stolen, oauth2.GenerateVerifier()), http.StatusUnauthorized, cloud.MsgStationCodeInvalid)
		wantStatus(t, redeem(stolen, verifier), http.StatusUnauthorized, cloud.MsgStationCodeInvalid)

		code := codeOf(mint(session, loopback))
		in := redeem(code, verifier)
		if in.Status != http.StatusOK {
			t.Fatalf("station token: %d %s", in.Status, in.Body)
		}
		user := in.JSON()["user"].(map[string]any)
		token, _ := in.JSON()["sessionToken"].(string)
		if user["email"] != "ops@lifetag.test" || user["isAdmin"] != true || token == "" || token == session {
			t.Fatalf("station sign-in: %s", in.Body)
		}
		if resp := e.do("GET", "/api/admin/stats", token, nil); resp.Status != http.StatusOK {
			t.Fatalf("the station's session: %d %s", resp.Status, resp.Body)
		}
		wantStatus(t, redeem(code, verifier), http.StatusUnauthorized, cloud.MsgStationCodeInvalid)

		// A corporate user gets the corporate door's answer.
		corporate := e.createCorporateUser("clerk@acme.test", "clerk-password")
		corporateIn := redeem(codeOf(mint(e.browserLogin("/api/corporate/login", "clerk@acme.test", "clerk-password"), loopback)), verifier)
		if corporateIn.Status != http.StatusOK || corporateIn.JSON()["organizationId"] != float64(corporate.OrganizationID) ||
			!strings.HasPrefix(corporateIn.JSON()["user"].(map[string]any)["userType"].(string), "corporate_") {
			t.Fatalf("corporate station sign-in: %d %s", corporateIn.Status, corporateIn.Body)
		}

		// An individual has nothing to print at the station.
		e.createUser("ann@example.com", "ann-password")
		wantStatus(t, mint(e.browserLogin("/api/auth/login", "ann@example.com", "ann-password"), loopback), http.StatusForbidden,
			cloud.MsgStationNotForIndividuals)
	})
}

// stationLoopback is a print station waiting on its loopback address.
type stationLoopback struct {
	verifier string
	body     map[string]string
}

func newStationLoopback() stationLoopback {
	verifier := oauth2.GenerateVerifier()
	return stationLoopback{verifier: verifier, body: map[string]string{"stationRedirect": "http://127.0.0.1:40123/callback",
		"stationChallenge": oauth2.S256ChallengeFromVerifier(verifier), "stationState": "station-state-0123456789"}}
}

// mintStationCode asks for a station code with session, presented as the
// website's cookie or (bearer) as a bearer token.
func (e *env) mintStationCode(st stationLoopback, session string, bearer bool) response {
	e.t.Helper()
	return e.send("POST", "/api/auth/station-code", st.body, func(r *http.Request) {
		if bearer {
			r.Header.Set("Authorization", "Bearer "+session)
		} else {
			r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: session})
		}
	})
}

// stationCode is the code a minted answer sends the browser back with.
func (e *env) stationCode(resp response) string {
	e.t.Helper()
	if resp.Status != http.StatusOK {
		e.t.Fatalf("station code: %d %s", resp.Status, resp.Body)
	}
	back, err := url.Parse(resp.JSON()["redirect"].(string))
	if err != nil || back.Query().Get("code") == "" {
		e.t.Fatalf("station code: %s", resp.Body)
	}
	return back.Query().Get("code")
}

func (e *env) redeemStationCode(st stationLoopback, code string) response {
	e.t.Helper()
	return e.do("POST", "/api/auth/sso/station-token", "", map[string]string{"code": code, "codeVerifier": st.verifier})
}

// stationSession redeems a code for the station's session token and its expiry.
func (e *env) stationSession(st stationLoopback, code string) (string, time.Time) {
	e.t.Helper()
	in := e.redeemStationCode(st, code)
	if in.Status != http.StatusOK {
		e.t.Fatalf("station token: %d %s", in.Status, in.Body)
	}
	expires, err := time.Parse(time.RFC3339, in.JSON()["expiresAt"].(string))
	if err != nil {
		e.t.Fatal(err)
	}
	return in.JSON()["sessionToken"].(string), expires
}

// TestStationSessionsEndWithTheirSignIn: a station's session made from a
// website session lives no longer than it and ends with it, whichever way
// it ends, and so do the codes it asked for; only a browser's session may
// ask, so no chain of codes keeps an account signed in for ever.
func TestStationSessionsEndWithTheirSignIn(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createAdmin("ops@lifetag.test", "ops-password")
		st := newStationLoopback()
		signedIn := func(token string) bool {
			return e.do("GET", "/api/account/sessions", token, nil).Status == http.StatusOK
		}

		website := e.browserLogin("/api/auth/login", "ops@lifetag.test", "ops-password")
		e.Clock.Advance(23 * time.Hour)
		station, expires := e.stationSession(st, e.stationCode(e.mintStationCode(st, website, false)))
		if want := storetest.T0.Add(cloud.SessionTTL); !expires.Equal(want) {
			t.Fatalf("the station's session expires at %v, after the website's %v", expires, want)
		}

		// Neither the station's session nor any bearer token asks for a
		// code: a session handed to a program, presented as a cookie, is
		// refused too.
		wantStatus(t, e.mintStationCode(st, station, true), http.StatusForbidden, cloud.MsgStationCodeNeedsBrowser)
		wantStatus(t, e.mintStationCode(st, station, false), http.StatusForbidden, cloud.MsgStationCodeNeedsBrowser)
		wantStatus(t, e.mintStationCode(st, website, true), http.StatusForbidden, cloud.MsgStationCodeNeedsBrowser)
		program := e.login("ops@lifetag.test", "ops-password")
		wantStatus(t, e.mintStationCode(st, program, false), http.StatusForbidden, cloud.MsgStationCodeNeedsBrowser)

		e.Clock.Advance(time.Hour)
		if signedIn(website) || signedIn(station) {
			t.Fatal("a session outlived the website's sign-in")
		}

		ways := []struct {
			name string
			end  func(website string)
		}{
			{"signing out", func(website string) {
				e.send("POST", "/api/auth/logout", nil, func(r *http.Request) {
					r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: website})
				})
			}},
			{"ending it from another session's list", func(website string) {
				other := e.login("ops@lifetag.test", "ops-password")
				resp := e.do("DELETE", "/api/account/sessions/"+service.CurrentSessionID(website), other, nil)
				if resp.Status != http.StatusOK {
					t.Fatalf("end session: %d %s", resp.Status, resp.Body)
				}
			}},
			{"signing out everywhere else", func(string) {
				other := e.login("ops@lifetag.test", "ops-password")
				if resp := e.do("POST", "/api/account/sessions/sign-out-others", other, nil); resp.Status != http.StatusOK {
					t.Fatalf("sign out others: %d %s", resp.Status, resp.Body)
				}
			}},
			{"resetting the password", func(string) { e.resetPasswordByMail("ops@lifetag.test", "ops-password") }},
		}
		for _, way := range ways {
			website := e.browserLogin("/api/auth/login", "ops@lifetag.test", "ops-password")
			station, _ := e.stationSession(st, e.stationCode(e.mintStationCode(st, website, false)))
			pending := e.stationCode(e.mintStationCode(st, website, false))
			way.end(website)
			if signedIn(website) || signedIn(station) {
				t.Fatalf("%s: a session lives on (website %v, station %v)", way.name, signedIn(website), signedIn(station))
			}
			wantStatus(t, e.redeemStationCode(st, pending), http.StatusUnauthorized, cloud.MsgStationCodeInvalid)
		}
	})
}

// TestStationCodeFollowsRequiredSSO: where an organisation requires its
// provider, a member who signed in with a password (before the rule, or an
// admin kept from before) cannot sign a station in from that session, nor
// redeem a code asked for before the rule was turned on.
func TestStationCodeFollowsRequiredSSO(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		admin := e.createCorporateUser("clerk@acme.test", "clerk-password")
		st := newStationLoopback()
		website := e.browserLogin("/api/corporate/login", "clerk@acme.test", "clerk-password")
		pending := e.stationCode(e.mintStationCode(st, website, false))

		e.requireSSO(admin.OrganizationID)
		wantStatus(t, e.mintStationCode(st, website, false), http.StatusForbidden, cloud.MsgUseSSO)
		wantStatus(t, e.redeemStationCode(st, pending), http.StatusForbidden, cloud.MsgUseSSO)
	})
}

// requireSSO turns on "require single sign-on" for an organisation, as its
// owner's settings would.
func (e *env) requireSSO(orgID int64) {
	e.t.Helper()
	cfg := &cloud.SSOConfig{OrganizationID: orgID, Issuer: "https://idp.acme.test", ClientID: "lifetag",
		ClientSecret: []byte("sealed"), RequireSSO: true, UpdatedAt: e.Clock.Now()}
	if err := e.Store.SaveSSOConfig(context.Background(), cfg, []string{"acme.test"}); err != nil {
		e.t.Fatal(err)
	}
}
