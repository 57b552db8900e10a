package http_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// TestLogsHoldNoPersonalData runs every kind of request, good and bad, and
// checks the log names routes, never addresses, tokens or medical text.
func TestLogsHoldNoPersonalData(t *testing.T) {
	var logs clienttest.LogBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newEnv(t, storetest.Backends[0], envOptions{logger: logger})
	u := e.createUser("ann@example.com", "secret-1")
	token := e.seedOwnerData(u, "secret-1")
	e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "wrong-password"})
	e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "ann@example.com"})
	reset := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"}).JSON()["resetToken"].(string)
	e.do("GET", "/api/sync/emergency-data/ann%40example.com", token, nil)
	e.do("GET", "/api/user/data?email=ann%40example.com", "", nil)
	e.do("POST", "/api/sync/emergency-data", token, `{"email":"ann@example.com","emergencyData":{"personalInfo":{"fullName":"Ann Rider"}}}`)
	e.do("POST", "/api/privacy/export-data", token, map[string]string{"email": "ann@example.com"})
	e.waitForMail()

	out := logs.String()
	if !strings.Contains(out, "route=/api/sync/emergency-data/{email}") {
		t.Fatalf("the log does not show requests: %s", out)
	}
	for _, secret := range []string{"ann@example.com", "ann%40example.com", "Ann Rider", "Penicillin", "High Street", token, reset, "secret-1"} {
		if strings.Contains(out, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{production: true})
	resp := e.do("GET", "/api/health", "", nil)
	for header, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"X-Frame-Options":        "DENY",
		"Referrer-Policy":        "no-referrer",
		"Cache-Control":          "no-store",
	} {
		if got := resp.Header.Get(header); got != want {
			t.Errorf("%s: %q, want %q", header, got, want)
		}
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
	if resp.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS over plain HTTP")
	}
	behindTLS := e.send("GET", "/api/health", nil, func(r *http.Request) { r.Header.Set("X-Forwarded-Proto", "https") })
	if !strings.HasPrefix(behindTLS.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Error("no HSTS behind a TLS proxy in production")
	}
	if resp := e.do("DELETE", "/api/auth/login", "", nil); resp.Status != 405 || resp.Message() != "Method not allowed" {
		t.Errorf("wrong method: %d %s", resp.Status, resp.Body)
	}
	if resp := e.do("GET", "/api", "", nil); resp.Status != 404 || resp.Message() != "Not found" {
		t.Errorf("/api: %d %s", resp.Status, resp.Body)
	}
}
