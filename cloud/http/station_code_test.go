package http_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/lifetag/lifetag/cloud"
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
