package http_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// secondInstance is another server on e's database and service, with its
// own limiters, as a second cloud process behind the load balancer would
// have (TestTwoInstances in cmd/lifetag-cloud runs two real processes).
func (e *env) secondInstance(limit lhttp.RateLimit, shared bool) *env {
	var store cloud.RateLimitStore
	if shared {
		store = e.Store
	}
	handler := lhttp.NewServer(lhttp.Config{Service: e.Service, Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler),
		RateLimit: limit, Payments: testPayments(), RateLimitStore: store})
	handler.Ready()
	server := httptest.NewServer(handler)
	e.t.Cleanup(server.Close)
	second := *e
	second.URL, second.Server = server.URL, handler
	return &second
}

// TestRateLimitsAcrossInstances: with the counters in the database, two
// instances together allow what one does, per client and per (client,
// address) pair; with counters in memory each allows it again (which is
// what the shared counter fixes, and shows the test can fail).
func TestRateLimitsAcrossInstances(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		for _, shared := range []bool{true, false} {
			limit := lhttpRateLimit(5, 3)
			a := newEnv(t, backend, envOptions{rateLimit: limit, sharedRateLimits: shared})
			b := a.secondInstance(limit, shared)
			a.createUser("ann@example.com", "secret-1")

			// Per client: 3 on one instance and 2 on the other use up 5.
			for i, e := range []*env{a, a, a, b, b} {
				if resp := e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "x" + string(rune('a'+i)) + "@example.com"}); resp.Status != 200 {
					t.Fatalf("shared=%v: request %d: %d %s", shared, i+1, resp.Status, resp.Body)
				}
			}
			sixth := b.do("POST", "/api/auth/check-user", "", map[string]string{"email": "y@example.com"})
			if shared && (sixth.Status != 429 || sixth.Message() != cloud.MsgTooManyRequests) {
				t.Fatalf("shared counters: the 6th request from one client on two instances got %d %s, want 429", sixth.Status, sixth.Body)
			}
			if !shared && sixth.Status != 200 {
				t.Fatalf("memory counters: the second instance counted the first's requests: %d", sixth.Status)
			}
		}
	})
}

// TestFailedSignInsAcrossInstances: three wrong passwords for one (client,
// address) pair on one instance refuse that pair on the other.
func TestFailedSignInsAcrossInstances(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := lhttpRateLimit(1000, 3)
		a := newEnv(t, backend, envOptions{rateLimit: limit, sharedRateLimits: true})
		b := a.secondInstance(limit, true)
		a.createUser("ann@example.com", "secret-1")
		for i := range 3 {
			if resp := a.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "wrong-1"}); resp.Status != 401 {
				t.Fatalf("attempt %d: %d", i+1, resp.Status)
			}
		}
		if resp := b.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "secret-1"}); resp.Status != 429 {
			t.Fatalf("4th attempt, on the other instance: %d %s, want 429", resp.Status, resp.Body)
		}
	})
}

// TestRateLimitCounterDown: when the database cannot count, a limited route
// answers 503 with the one message (not httprate's error text, and not a
// 429 written after it).
func TestRateLimitCounterDown(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: lhttpRateLimit(5, 3), sharedRateLimits: true})
	e.closeDatabase()
	for _, route := range []string{"/api/auth/check-user", "/api/analytics/page-view"} {
		resp := e.send("POST", route, map[string]string{"email": "a@example.com", "path": "/"}, nil)
		if resp.Status != http.StatusServiceUnavailable || string(resp.Body) != `{"message":"`+cloud.MsgDatabaseUnavailable+`"}`+"\n" {
			t.Fatalf("%s with the counter down: %d %q", route, resp.Status, resp.Body)
		}
	}
}

// TestWrongPasswordsAtOnceMeetTheLimit: wrong passwords sent all at once
// cannot all be checked before any is counted. Each takes its place in the
// (client, address) pair's quota before its password is checked, in memory
// on one instance and in the database across two: 20 at once are answered
// 10 times 401 and 10 times 429. A right password gives its place back, so
// the twelve sign-ins before them take none of the quota.
func TestWrongPasswordsAtOnceMeetTheLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		for _, shared := range []bool{false, true} {
			limit := lhttpRateLimit(1000, 10)
			a := newEnv(t, backend, envOptions{rateLimit: limit, sharedRateLimits: shared})
			instances := []*env{a}
			if shared {
				instances = append(instances, a.secondInstance(limit, true))
			}
			a.createUser("ann@example.com", "ann-password")

			// Right passwords first: they give their places back.
			for range 12 {
				a.login("ann@example.com", "ann-password")
			}

			statuses := make(chan int, 20)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range 20 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					e := instances[i%len(instances)]
					statuses <- e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "wrong"}).Status
				}()
			}
			close(start)
			wg.Wait()
			close(statuses)
			counts := map[int]int{}
			for status := range statuses {
				counts[status]++
			}
			if counts[http.StatusUnauthorized] != 10 || counts[http.StatusTooManyRequests] != 10 {
				t.Fatalf("shared=%v: 20 wrong passwords at once were answered %v, want 10 × 401 and 10 × 429", shared, counts)
			}
		}
	})
}
