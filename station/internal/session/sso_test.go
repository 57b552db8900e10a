package session

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
)

// TestSignInWithCompanyKeepsTheSession: the station opens the cloud's
// single sign-on in "the system browser" with a loopback redirect on
// 127.0.0.1 and a PKCE challenge, takes the code the browser brings back
// (its own state only), exchanges it with its verifier and keeps the
// session as a corporate one. The cloud here plays only its part of the
// exchange; cloud/http's TestStationSignsInThroughTheBrowser runs the same
// client code against the real cloud and a real OpenID provider.
func TestSignInWithCompanyKeepsTheSession(t *testing.T) {
	var challenge string
	cloud := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/auth/sso/start":
			q := r.URL.Query()
			back, err := url.Parse(q.Get("stationRedirect"))
			if err != nil || back.Hostname() != "127.0.0.1" || back.Path != "/callback" || q.Get("email") != "ada@acme.test" {
				t.Errorf("start: %s", r.URL.RawQuery)
			}
			challenge = q.Get("stationChallenge")
			http.Redirect(w, r, back.String()+"?"+url.Values{"code": {"the-code"}, "state": {q.Get("stationState")}}.Encode(), http.StatusSeeOther)
		case "/api/auth/sso/station-token":
			var in api.SSOStationTokenRequest
			json.NewDecoder(r.Body).Decode(&in)
			sum := sha256.Sum256([]byte(in.CodeVerifier))
			if in.Code != "the-code" || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
				w.WriteHeader(http.StatusUnauthorized)
				json.NewEncoder(w).Encode(api.Message{Message: "refused"})
				return
			}
			json.NewEncoder(w).Encode(api.CorporateLoginResponse{Success: true, SessionToken: "station-token", OrganizationID: 7,
				ExpiresAt: time.Now().Add(time.Hour), User: api.CorporateUser{Email: "ada@acme.test", UserType: "corporate_admin", OrganizationID: 7}})
		default:
			http.NotFound(w, r)
		}
	}))
	defer cloud.Close()

	s, sec := newService(t)
	browser := func(address string) error {
		if !strings.HasPrefix(address, cloud.URL+"/api/auth/sso/start?") {
			t.Errorf("the browser was sent to %s", address)
		}
		go func() {
			// Follows the cloud's redirect to the station's loopback address.
			if resp, err := http.Get(address); err == nil {
				resp.Body.Close()
			}
		}()
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a, err := s.SignInWithCompany(ctx, cloud.URL, "ada@acme.test", browser)
	if err != nil {
		t.Fatal(err)
	}
	if a.Role != RoleCorporate || a.Email != "ada@acme.test" || a.OrganizationID != 7 {
		t.Fatalf("account: %+v", a)
	}
	kept, err := sec.Get(secretName)
	if err != nil || !strings.Contains(kept, `"token":"station-token"`) {
		t.Fatalf("kept: %q %v", kept, err)
	}
}
