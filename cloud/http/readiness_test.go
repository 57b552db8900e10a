package http_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// TestReadiness: /api/ready is 503 until start-up is marked done, 200 while
// the database answers, and 503 again while draining or when the database
// is gone; /api/health keeps saying whether the database answers.
func TestReadiness(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		starting := lhttp.NewServer(lhttp.Config{Service: e.Service, Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler)})
		probe := func(h http.Handler) (int, string) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/ready", nil))
			return rec.Code, rec.Body.String()
		}
		if code, body := probe(starting); code != 503 || !strings.Contains(body, cloud.MsgStarting) {
			t.Fatalf("starting: %d %s", code, body)
		}
		starting.Ready()
		if code, body := probe(starting); code != 200 || body != `{"status":"ready"}`+"\n" {
			t.Fatalf("started: %d %s", code, body)
		}
		starting.Drain()
		if code, body := probe(starting); code != 503 || !strings.Contains(body, cloud.MsgDraining) {
			t.Fatalf("draining: %d %s", code, body)
		}
		starting.Ready() // a draining instance never comes back
		if code, _ := probe(starting); code != 503 {
			t.Fatalf("Ready after Drain: %d", code)
		}
		// Requests other than the probe are still served while draining.
		rec := httptest.NewRecorder()
		starting.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
		if rec.Code != 200 {
			t.Fatalf("health while draining: %d", rec.Code)
		}

		if resp := e.do("GET", "/api/ready", "", nil); resp.Status != 200 {
			t.Fatalf("env ready: %d %s", resp.Status, resp.Body)
		}
		e.closeDatabase()
		for _, path := range []string{"/api/ready", "/api/health"} {
			if resp := e.do("GET", path, "", nil); resp.Status != 503 || resp.Message() != cloud.MsgDatabaseUnavailable {
				t.Fatalf("%s with the database closed: %d %s", path, resp.Status, resp.Body)
			}
		}
	})
}

// TestRequestIDs: every answer carries an X-Request-Id, the same id is on
// every log line of that request, and a client's id is taken only from
// behind a trusted proxy (and only if it is a plain token).
func TestRequestIDs(t *testing.T) {
	var logs clienttest.LogBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newEnv(t, storetest.Backends[0], envOptions{logger: logger})
	withID := func(id string) func(*http.Request) {
		return func(r *http.Request) { r.Header.Set(lhttp.RequestIDHeader, id) }
	}

	first := e.send("GET", "/api/health", nil, nil).Header.Get(lhttp.RequestIDHeader)
	second := e.send("GET", "/api/health", nil, nil).Header.Get(lhttp.RequestIDHeader)
	if first == "" || first == second {
		t.Fatalf("request ids %q and %q: want two different ids", first, second)
	}
	if got := e.send("GET", "/api/health", nil, withID("lb-1234")).Header.Get(lhttp.RequestIDHeader); got == "lb-1234" {
		t.Fatal("a client's X-Request-Id was taken without TRUST_PROXY_HEADERS")
	}

	// A request that logs an internal error: the error line and the request
	// line carry the one id of the answer.
	e.closeDatabase()
	failed := e.send("GET", "/api/health", nil, nil)
	id := failed.Header.Get(lhttp.RequestIDHeader)
	// The id ends its value (a trace_id may follow it).
	lines := regexp.MustCompile(`(?m)^.*request_id=`+regexp.QuoteMeta(id)+`(?: .*)?$`).FindAllString(logs.String(), -1)
	if len(lines) != 2 || !strings.Contains(lines[0], "health check failed") || !strings.Contains(lines[1], "msg=request") {
		t.Fatalf("log lines with request_id=%s: %q\nlog:\n%s", id, lines, logs.String())
	}

	proxied := newEnv(t, storetest.Backends[0], envOptions{rateLimit: lhttp.RateLimit{
		PerIP: 1000, PerAddress: 1000, AnalyticsPerIP: 1000, Window: noRateLimit.Window, TrustProxy: true}})
	for sent, want := range map[string]string{
		"lb-1234":                   "lb-1234",
		"Root=1-67891233-abcdef012": "Root=1-67891233-abcdef012",
		"two words":                 "",
		`x" level=ERROR`:            "",
		strings.Repeat("a", 65):     "",
	} {
		got := proxied.send("GET", "/api/health", nil, withID(sent)).Header.Get(lhttp.RequestIDHeader)
		if want != "" && got != want || want == "" && (got == sent || got == "") {
			t.Errorf("behind a proxy, sent %q: answered %q", sent, got)
		}
	}
}
