package http_test

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// requestFigures keeps the durations the server records per route.
type requestFigures struct {
	cloud.NoMetrics
	mu   sync.Mutex
	took map[string][]time.Duration
}

func (f *requestFigures) Request(route, method string, status int, took time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.took[route] = append(f.took[route], took)
}

func (f *requestFigures) of(route string) []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.took[route]...)
}

// TestGuardDelayNotInRequestFigures: the wait the sign-in guard makes on
// purpose, for an address someone is guessing, is not the server's work.
// The request figures, which the slow-route alert watches, leave it out;
// the request's log line shows it apart.
func TestGuardDelayNotInRequestFigures(t *testing.T) {
	const delay = time.Second
	limit := lhttpRateLimit(1000, 1)
	limit.TrustProxy = true
	limit.AddressDelay, limit.AddressDelayMax = delay, delay
	figures := &requestFigures{took: map[string][]time.Duration{}}
	var logs clienttest.LogBuffer
	e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: limit, metrics: figures,
		logger: slog.New(slog.NewTextHandler(&logs, nil))})
	e.createUser("ann@example.com", "secret-1")
	login := func(ip, password string) response {
		return e.send("POST", "/api/auth/login", map[string]string{"email": "ann@example.com", "password": password},
			func(r *http.Request) { r.Header.Set("X-Forwarded-For", ip) })
	}
	const route = "/api/auth/login"
	if resp := login("203.0.113.9", "wrong-pw"); resp.Status != 401 {
		t.Fatalf("the wrong password: %d %s", resp.Status, resp.Body)
	}
	// Past one failure, the address's next attempt waits, from anywhere.
	start := time.Now()
	if resp := login("198.51.100.7", "secret-1"); resp.Status != 200 {
		t.Fatalf("the owner's sign-in: %d %s", resp.Status, resp.Body)
	}
	if waited := time.Since(start); waited < delay {
		t.Fatalf("the sign-in after a failure took %v: the guard made no wait of %v", waited, delay)
	}
	clienttest.Eventually(t, 10*time.Second, "both sign-ins recorded", func() bool { return len(figures.of(route)) == 2 })
	if took := figures.of(route)[1]; took >= delay {
		t.Fatalf("the delayed sign-in is recorded as %v, the guard's deliberate %v wait in it: the slow-route alert would blame the server for it", took, delay)
	}
	if out := logs.String(); !strings.Contains(out, "route="+route+" status=200") || !strings.Contains(out, "deliberate_delay=1") {
		t.Fatalf("the delayed sign-in's log line does not show its deliberate delay:\n%s", out)
	}
}
