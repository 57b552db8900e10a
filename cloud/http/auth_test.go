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
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/storetest"
)

func TestLogin(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("ann@example.com", "secret-1")

		// The website: the HttpOnly cookie alone, no token for page script.
		resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "  Ann@Example.com ", "password": "secret-1"})
		if resp.Status != 200 {
			t.Fatalf("login: %d %s", resp.Status, resp.Body)
		}
		body := resp.JSON()
		user := body["user"].(map[string]any)
		if _, ok := body["sessionToken"]; ok || strings.Contains(string(resp.Body), "oken") {
			t.Fatalf("the website's sign-in answer carries a token: %s", resp.Body)
		}
		if user["email"] != "ann@example.com" || user["hasPrintAccess"] != false || user["id"] == nil {
			t.Fatalf("login body %s", resp.Body)
		}
		cookie := resp.Header.Get("Set-Cookie")
		cookieToken, _, _ := strings.Cut(strings.TrimPrefix(cookie, "lifetag_session="), ";")
		for _, want := range []string{"lifetag_session=", "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=86400"} {
			if !strings.Contains(cookie, want) {
				t.Errorf("cookie %q lacks %q", cookie, want)
			}
		}
		if strings.Contains(cookie, "Secure") {
			t.Error("development cookie marked Secure: it would not work on http://127.0.0.1")
		}

		// A bearer client (the station) asks for the token, and gets no cookie.
		token := e.login("ann@example.com", "secret-1")
		if len(token) < 40 || len(cookieToken) < 40 {
			t.Fatalf("tokens %q %q", token, cookieToken)
		}
		// The store keeps only a hash of the token.
		for table, rows := range e.Dump(t) {
			for _, row := range rows {
				for column, value := range row {
					if strings.Contains(value, token) {
						t.Errorf("%s.%s holds the session token", table, column)
					}
				}
			}
		}

		t.Run("Bearer", func(t *testing.T) {
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", token, nil); resp.Status != 200 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("Cookie", func(t *testing.T) {
			resp := e.send("GET", "/api/user/data?email=ann%40example.com", nil, func(r *http.Request) {
				r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: cookieToken})
			})
			if resp.Status != 200 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrWrongPassword", func(t *testing.T) {
			wrong := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "secret-2"})
			unknown := e.do("POST", "/api/auth/login", "", map[string]string{"email": "nobody@example.com", "password": "secret-2"})
			if wrong.Status != 401 || unknown.Status != 401 || wrong.Message() != cloud.MsgLoginFailed || string(wrong.Body) != string(unknown.Body) {
				t.Fatalf("wrong password %d %s, unknown address %d %s: must be the same 401", wrong.Status, wrong.Body, unknown.Status, unknown.Body)
			}
		})
		t.Run("ErrMissingFields", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com"})
			if resp.Status != 400 || resp.Message() != cloud.MsgLoginFieldsNeeded {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrBadToken", func(t *testing.T) {
			for _, bad := range []string{"nope", strings.Repeat("x", 500), token + "x"} {
				if resp := e.do("GET", "/api/user/data?email=ann%40example.com", bad, nil); resp.Status != 401 {
					t.Fatalf("token %q: %d", bad, resp.Status)
				}
			}
		})
		t.Run("Logout", func(t *testing.T) {
			other := e.login("ann@example.com", "secret-1")
			resp := e.do("POST", "/api/auth/logout", other, nil)
			if resp.Status != 200 || !strings.Contains(resp.Header.Get("Set-Cookie"), "Max-Age=0") {
				t.Fatalf("logout: %d %v", resp.Status, resp.Header)
			}
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", other, nil); resp.Status != 401 {
				t.Fatalf("session alive after logout: %d", resp.Status)
			}
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", token, nil); resp.Status != 200 {
				t.Fatalf("logout ended another session: %d", resp.Status)
			}
		})
		t.Run("ErrLogoutFromAnotherSite", func(t *testing.T) {
			victim := e.login("ann@example.com", "secret-1")
			fromSite := func(site, origin string) func(*http.Request) {
				return func(req *http.Request) {
					req.Header.Set("Authorization", "Bearer "+victim)
					if site != "" {
						req.Header.Set("Sec-Fetch-Site", site)
					}
					if origin != "" {
						req.Header.Set("Origin", origin)
					}
				}
			}
			for _, c := range []struct{ site, origin string }{
				{"cross-site", "https://evil.example"},
				{"same-site", "https://shop.lifetag.example"},
				{"", "https://evil.example"}, // an older browser: Origin only
			} {
				resp := e.send("POST", "/api/auth/logout", nil, fromSite(c.site, c.origin))
				if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgCrossOrigin || resp.Header.Get("Set-Cookie") != "" {
					t.Fatalf("%+v: %d %s %v", c, resp.Status, resp.Body, resp.Header)
				}
				if c.site == "" {
					continue // a navigation carries no Origin: only Sec-Fetch-Site tells
				}
				link := e.send("GET", "/api/logout", nil, fromSite(c.site, ""))
				if link.Status != http.StatusSeeOther || link.Header.Get("Set-Cookie") != "" {
					t.Fatalf("/api/logout from %q: %d %v", c.site, link.Status, link.Header)
				}
			}
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", victim, nil); resp.Status != 200 {
				t.Fatalf("another site ended the session: %d", resp.Status)
			}
			// The site itself still signs out, as its own pages do.
			resp := e.send("POST", "/api/auth/logout", nil, fromSite("same-origin", e.URL))
			if resp.Status != 200 {
				t.Fatalf("same-origin logout: %d %s", resp.Status, resp.Body)
			}
		})
		t.Run("LogoutRedirect", func(t *testing.T) {
			other := e.login("ann@example.com", "secret-1")
			resp := e.do("GET", "/api/logout", other, nil)
			if resp.Status != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
				t.Fatalf("%d %v", resp.Status, resp.Header)
			}
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", other, nil); resp.Status != 401 {
				t.Fatalf("session alive after /api/logout: %d", resp.Status)
			}
		})
		t.Run("Expiry", func(t *testing.T) {
			e.Clock.Advance(cloud.SessionTTL - time.Second)
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", token, nil); resp.Status != 200 {
				t.Fatalf("session ended early: %d", resp.Status)
			}
			e.Clock.Advance(time.Second)
			if resp := e.do("GET", "/api/user/data?email=ann%40example.com", token, nil); resp.Status != 401 {
				t.Fatalf("session alive after 24 h: %d", resp.Status)
			}
			if n, err := e.Service.PurgeExpiredSessions(context.Background()); err != nil || n == 0 {
				t.Fatalf("purge: %d %v", n, err)
			}
		})
	})
}

func TestCheckUser(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("ann@example.com", "secret-1")
		for email, want := range map[string]bool{"ann@example.com": true, "ANN@example.com": true, "bob@example.com": false} {
			resp := e.do("POST", "/api/auth/check-user", "", map[string]string{"email": email})
			if resp.Status != 200 || resp.JSON()["exists"] != want {
				t.Errorf("%s: %d %s", email, resp.Status, resp.Body)
			}
		}
		for _, bad := range []string{"", "not-an-address"} {
			if resp := e.do("POST", "/api/auth/check-user", "", map[string]string{"email": bad}); resp.Status != 400 {
				t.Errorf("%q: %d", bad, resp.Status)
			}
		}
	})
}

var tokenInLink = regexp.MustCompile(`/reset-password\?token=([A-Za-z0-9_-]+)`)

func TestPasswordReset(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("ann@example.com", "secret-1")
		oldSession := e.login("ann@example.com", "secret-1")

		resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"})
		unknown := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "nobody@example.com"})
		if resp.Status != 200 || unknown.Status != 200 || resp.Message() != cloud.MsgResetSent || unknown.Message() != cloud.MsgResetSent {
			t.Fatalf("request-reset: %d %s / %d %s", resp.Status, resp.Body, unknown.Status, unknown.Body)
		}
		if _, has := unknown.JSON()["resetToken"]; has {
			t.Fatal("a token for an address without an account")
		}
		token, _ := resp.JSON()["resetToken"].(string)
		e.waitForMail() // wait for the mail
		messages := e.Outbox.Messages()
		if len(messages) != 1 || messages[0].To != "ann@example.com" || messages[0].Subject != cloud.MsgResetMailSubject {
			t.Fatalf("outbox %+v", messages)
		}
		if m := tokenInLink.FindStringSubmatch(messages[0].Text); m == nil || m[1] != token || !strings.Contains(messages[0].Text, "https://lifetag.test/reset-password?token=") {
			t.Fatalf("mail %q does not carry the token %q", messages[0].Text, token)
		}
		if strings.Contains(messages[0].Text, "signin=corporate") {
			t.Fatalf("an individual's link sends them to the corporate sign-in: %q", messages[0].Text)
		}

		t.Run("ErrShortPassword", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "12345"})
			if resp.Status != 400 || resp.Message() != cloud.MsgPasswordTooShort {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrOtherEmail", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "secret-2", "email": "bob@example.com"})
			if resp.Status != 400 || resp.Message() != cloud.MsgResetFailed {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		resp = e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "secret-2"})
		if resp.Status != 200 || resp.Message() != cloud.MsgPasswordChanged {
			t.Fatalf("reset: %d %s", resp.Status, resp.Body)
		}
		e.login("ann@example.com", "secret-2")
		if resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "secret-1"}); resp.Status != 401 {
			t.Fatalf("old password still works: %d", resp.Status)
		}
		if resp := e.do("GET", "/api/user/data?email=ann%40example.com", oldSession, nil); resp.Status != 401 {
			t.Fatalf("a session from before the reset survived: %d", resp.Status)
		}
		t.Run("ErrSingleUse", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "secret-3"})
			if resp.Status != 400 || resp.Message() != cloud.MsgResetFailed {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrExpired", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"})
			token := resp.JSON()["resetToken"].(string)
			e.Clock.Advance(cloud.ResetTokenTTL)
			resp = e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "secret-3"})
			if resp.Status != 400 || resp.Message() != cloud.MsgResetFailed {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
	})
}

// A corporate account's reset link says so: the page then sends them to
// /corporate-login, as /login refuses a corporate password.
func TestPasswordResetOfACorporateAccount(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	e.createCorporateUser("boss@acme.example", "secret-1")
	if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "boss@acme.example"}); resp.Status != 200 {
		t.Fatalf("request-reset: %d %s", resp.Status, resp.Body)
	}
	e.waitForMail() // wait for the mail
	mails := e.mailsTo("boss@acme.example")
	if len(mails) != 1 || !regexp.MustCompile(`/reset-password\?token=[A-Za-z0-9_-]+&signin=corporate\n`).MatchString(mails[0].Text) {
		t.Fatalf("mails to the account: %+v", mails)
	}
}

func TestSetPassword(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		if err := e.Service.SeedAdmins(context.Background(), []string{"new-admin@example.com"}); err != nil {
			t.Fatal(err)
		}
		e.waitForMail() // waits for the set-password mail
		token := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(e.Outbox.Messages()[0].Text)[1]

		for name, body := range map[string]map[string]string{
			"ErrNoEmail":    {"token": token, "password": "secret-1"},
			"ErrOtherEmail": {"email": "ann@example.com", "token": token, "password": "secret-1"},
			"ErrBadToken":   {"email": "new-admin@example.com", "token": "x" + token, "password": "secret-1"},
		} {
			resp := e.do("POST", "/api/auth/set-password", "", body)
			if resp.Status != 400 || resp.Message() != cloud.MsgInvalidLink {
				t.Fatalf("%s: %d %s", name, resp.Status, resp.Body)
			}
		}
		resp := e.do("POST", "/api/auth/set-password", "", map[string]string{"email": "new-admin@example.com", "token": token, "password": "secret-1"})
		if resp.Status != 200 || resp.Message() != cloud.MsgPasswordSet {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		login := e.do("POST", "/api/auth/login", "", map[string]string{"email": "new-admin@example.com", "password": "secret-1"})
		if login.Status != 200 || login.JSON()["user"].(map[string]any)["isAdmin"] != true {
			t.Fatalf("%d %s", login.Status, login.Body)
		}
	})
}

func TestResetTokenOnlyInDevelopment(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{production: true})
	e.createUser("ann@example.com", "secret-1")
	resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"})
	if _, has := resp.JSON()["resetToken"]; resp.Status != 200 || has {
		t.Fatalf("production answer %d %s", resp.Status, resp.Body)
	}
	login := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "secret-1"})
	cookie := login.Header.Get("Set-Cookie")
	if !strings.HasPrefix(cookie, "__Host-lifetag_session=") || !strings.Contains(cookie, "Secure") || !strings.Contains(cookie, "Path=/") {
		t.Fatalf("production cookie %q: want __Host-, Secure, Path=/", cookie)
	}
}

// TestResetMailOverSMTP sends the reset link through the real SMTP sender to
// an in-process SMTP server, then uses the link.
func TestResetMailOverSMTP(t *testing.T) {
	sink := smtptest.Start(t)
	sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "no-reply@lifetag.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, storetest.Backends[0], envOptions{production: true, mailer: sender})
	e.createUser("ann@example.com", "secret-1")
	if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"}); resp.Status != 200 {
		t.Fatalf("%d %s", resp.Status, resp.Body)
	}
	var text string
	select {
	case m := <-sink.Received:
		if len(m.To) != 1 || m.To[0] != "ann@example.com" {
			t.Fatalf("to %v", m.To)
		}
		text = m.Text()
	case <-time.After(10 * time.Second):
		t.Fatal("no mail reached the SMTP sink")
	}
	match := tokenInLink.FindStringSubmatch(text)
	if match == nil {
		t.Fatalf("no link in %q", text)
	}
	resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": match[1], "newPassword": "secret-2"})
	if resp.Status != 200 {
		t.Fatalf("%d %s", resp.Status, resp.Body)
	}
	e.login("ann@example.com", "secret-2")
}

func TestRateLimit(t *testing.T) {
	t.Run("PerAddress", func(t *testing.T) {
		e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: lhttpRateLimit(100, 3)})
		e.createUser("ann@example.com", "secret-1")
		for i := range 3 {
			if resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "wrong-1"}); resp.Status != 401 {
				t.Fatalf("attempt %d: %d", i+1, resp.Status)
			}
		}
		resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ANN@example.com", "password": "secret-1"})
		if resp.Status != 429 || resp.Message() != cloud.MsgTooManyRequests {
			t.Fatalf("4th attempt: %d %s", resp.Status, resp.Body)
		}
		if resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "bob@example.com", "password": "wrong-1"}); resp.Status != 401 {
			t.Fatalf("another address was limited too: %d", resp.Status)
		}
		for _, route := range []string{"/api/auth/check-user", "/api/auth/request-reset"} {
			for range 3 {
				e.do("POST", route, "", map[string]string{"email": "carol@example.com"})
			}
			if resp := e.do("POST", route, "", map[string]string{"email": "carol@example.com"}); resp.Status != 429 {
				t.Fatalf("%s not limited per address: %d", route, resp.Status)
			}
		}
	})
	t.Run("PerIP", func(t *testing.T) {
		e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: lhttpRateLimit(5, 100)})
		routes := []string{"/api/auth/login", "/api/auth/check-user", "/api/auth/request-reset", "/api/auth/reset-password", "/api/auth/set-password"}
		for i := range 5 {
			e.do("POST", routes[i], "", map[string]string{})
		}
		for _, route := range routes {
			if resp := e.do("POST", route, "", map[string]string{}); resp.Status != 429 || resp.Message() != cloud.MsgTooManyRequests {
				t.Fatalf("%s after 5 requests from one IP: %d %s", route, resp.Status, resp.Body)
			}
		}
		if resp := e.do("GET", "/api/health", "", nil); resp.Status != 200 {
			t.Fatalf("health limited: %d", resp.Status)
		}
	})
}

// TestNoLockOut: wrong passwords from one place must not
// lock the owner out: the attacker's own (address, account) pair is refused,
// the owner signing in from elsewhere is only slowed, never refused.
func TestNoLockOut(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := lhttpRateLimit(1000, 3)
		limit.TrustProxy = true
		limit.AddressDelay, limit.AddressDelayMax = time.Millisecond, 4*time.Millisecond
		e := newEnv(t, backend, envOptions{rateLimit: limit})
		e.createUser("ann@example.com", "secret-1")
		login := func(ip, password string) response {
			return e.send("POST", "/api/auth/login", map[string]string{"email": "ann@example.com", "password": password},
				func(r *http.Request) { r.Header.Set("X-Forwarded-For", ip) })
		}
		for i := range 3 {
			if resp := login("203.0.113.9", "wrong-pw"); resp.Status != 401 {
				t.Fatalf("attempt %d: %d %s", i+1, resp.Status, resp.Body)
			}
		}
		// Twenty more wrong passwords, spread over many addresses.
		for i := range 20 {
			if resp := login(fmt.Sprintf("198.51.100.%d", i+1), "wrong-pw"); resp.Status != 401 {
				t.Fatalf("spread attempt %d: %d %s", i+1, resp.Status, resp.Body)
			}
		}
		if resp := login("203.0.113.9", "secret-1"); resp.Status != 429 || resp.Message() != cloud.MsgTooManyRequests {
			t.Fatalf("the attacker's pair must be refused: %d %s", resp.Status, resp.Body)
		}
		if resp := login("192.0.2.44", "secret-1"); resp.Status != 200 {
			t.Fatalf("the owner was locked out: %d %s", resp.Status, resp.Body)
		}
	})
}

func TestAddressDelayGrows(t *testing.T) {
	base, max := 250*time.Millisecond, 8*time.Second
	for _, tc := range []struct {
		failures int
		want     time.Duration
	}{{0, 0}, {9, 0}, {10, base}, {11, 2 * base}, {13, 8 * base}, {15, max}, {1000, max}} {
		if got := lhttp.AddressDelay(tc.failures, 10, base, max); got != tc.want {
			t.Errorf("after %d failures: %v, want %v", tc.failures, got, tc.want)
		}
	}
}

func TestRateLimitBehindProxy(t *testing.T) {
	for _, trust := range []bool{false, true} {
		limit := lhttpRateLimit(2, 100)
		limit.TrustProxy = trust
		e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: limit})
		from := func(ip string) int {
			return e.send("POST", "/api/auth/check-user", map[string]string{"email": "a@example.com"}, func(r *http.Request) {
				r.Header.Set("X-Forwarded-For", ip)
			}).Status
		}
		from("203.0.113.1")
		from("203.0.113.1")
		third := from("203.0.113.2")
		if trust && third != 200 {
			t.Fatalf("trusting the proxy, another client was limited: %d", third)
		}
		if !trust && third != 429 {
			t.Fatalf("not trusting the proxy, a forged X-Forwarded-For escaped the limit: %d", third)
		}
	}

	// Behind the proxy, only the entry it appended counts: whatever the
	// client puts before it, or in headers the proxy passes on untouched
	// (True-Client-IP, X-Real-IP), names no other client.
	limit := lhttpRateLimit(2, 100)
	limit.TrustProxy = true
	e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: limit})
	for i := range 3 {
		forged := fmt.Sprintf("198.51.100.%d", i+1)
		status := e.send("POST", "/api/auth/check-user", map[string]string{"email": "a@example.com"}, func(r *http.Request) {
			r.Header.Set("True-Client-IP", forged)
			r.Header.Set("X-Real-IP", forged)
			r.Header.Set("X-Forwarded-For", forged+", 203.0.113.7") // the proxy appended the real one
		}).Status
		if want := map[bool]int{true: 429, false: 200}[i == 2]; status != want {
			t.Fatalf("request %d with forged client headers: %d, want %d", i+1, status, want)
		}
	}
}

// TestSeededAdmin: an admin from ADMIN_EMAILS gets a set-password
// link by mail and nothing else: development's reset answer carries no token
// for an admin account.
func TestSeededAdmin(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		if err := e.Service.SeedAdmins(context.Background(), []string{"Boss@Example.com"}); err != nil {
			t.Fatal(err)
		}
		e.waitForMail() // waits for the mail
		mails := e.Outbox.Messages()
		if len(mails) != 1 || mails[0].To != "boss@example.com" || mails[0].Subject != cloud.MsgSetupMailSubject {
			t.Fatalf("mails %+v", mails)
		}
		link := regexp.MustCompile(`/set-password\?email=([^&\s]+)&token=([A-Za-z0-9_-]+)`).FindStringSubmatch(mails[0].Text)
		if link == nil || link[1] != "boss%40example.com" {
			t.Fatalf("no set-password link in %q", mails[0].Text)
		}

		resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "boss@example.com"})
		if resp.Status != 200 || strings.Contains(string(resp.Body), "resetToken") {
			t.Fatalf("an admin's reset token in an answer: %d %s", resp.Status, resp.Body)
		}
		// request-reset replaced the token; the newest mail holds the live one.
		e.waitForMail()
		mails = e.Outbox.Messages()
		token := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(mails[len(mails)-1].Text)[1]
		if resp := e.do("POST", "/api/auth/set-password", "", map[string]string{"email": "boss@example.com", "token": token, "password": "boss-password"}); resp.Status != 200 {
			t.Fatalf("set-password: %d %s", resp.Status, resp.Body)
		}
		resp = e.do("POST", "/api/auth/login", "", map[string]string{"email": "boss@example.com", "password": "boss-password"})
		if resp.Status != 200 || resp.JSON()["user"].(map[string]any)["isAdmin"] != true {
			t.Fatalf("admin sign-in: %d %s", resp.Status, resp.Body)
		}
		// With a password, a restart mails nothing more.
		before := len(e.Outbox.Messages())
		if err := e.Service.SeedAdmins(context.Background(), []string{"boss@example.com"}); err != nil {
			t.Fatal(err)
		}
		e.waitForMail()
		if n := len(e.Outbox.Messages()); n != before {
			t.Fatalf("%d more mails to an admin who has a password", n-before)
		}
	})
}
