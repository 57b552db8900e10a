package http_test

import (
	"cmp"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// limitEnv is a server whose limits are all generous except those set
// changes, per minute, behind a proxy (so that a test can be several
// clients through X-Forwarded-For).
func limitEnv(t *testing.T, set func(*lhttp.RateLimit)) *env {
	limit := noRateLimit
	limit.Window, limit.TrustProxy = time.Minute, true
	set(&limit)
	return newEnv(t, storetest.Backends[0], envOptions{rateLimit: limit})
}

// from sends a request as the client at address.
func (e *env) from(address, method, path, token string, body any) response {
	e.t.Helper()
	return e.send(method, path, body, func(r *http.Request) {
		r.Header.Set("X-Forwarded-For", address)
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
	})
}

// fieldEntry is one entry of RateLimit or RateLimit-Policy: a quoted name
// and integer parameters ("api";q=600;w=60).
type fieldEntry struct {
	name   string
	params map[string]int
}

func parseField(t *testing.T, field, value string) []fieldEntry {
	t.Helper()
	var entries []fieldEntry
	for _, item := range strings.Split(value, ", ") {
		parts := strings.Split(item, ";")
		name, err := strconv.Unquote(parts[0])
		if err != nil {
			t.Fatalf("%s: %q: the entry %q has no quoted name", field, value, item)
		}
		e := fieldEntry{name: name, params: map[string]int{}}
		for _, p := range parts[1:] {
			key, text, ok := strings.Cut(p, "=")
			n, err := strconv.Atoi(text)
			if !ok || err != nil {
				t.Fatalf("%s: %q: the parameter %q is not an integer", field, value, p)
			}
			e.params[key] = n
		}
		entries = append(entries, e)
	}
	return entries
}

// wantLimit is what a limit's entries should say.
type wantLimit struct {
	name             string
	quota, remaining int
}

// anyRemaining is a wantLimit's remaining when it is not checked.
const anyRemaining = -1

// wantFields checks both fields list exactly these limits, in this order,
// each a minute long, and that httprate's X-RateLimit-* headers are gone.
func wantFields(t *testing.T, resp response, want ...wantLimit) {
	t.Helper()
	policy := parseField(t, "RateLimit-Policy", resp.Header.Get("RateLimit-Policy"))
	state := parseField(t, "RateLimit", resp.Header.Get("RateLimit"))
	if len(resp.Header.Values("RateLimit")) != 1 || len(resp.Header.Values("RateLimit-Policy")) != 1 {
		t.Fatalf("each field should be one line: %v", resp.Header)
	}
	if len(policy) != len(want) || len(state) != len(want) {
		t.Fatalf("RateLimit-Policy %q and RateLimit %q, want the limits %v", resp.Header.Get("RateLimit-Policy"), resp.Header.Get("RateLimit"), want)
	}
	for i, w := range want {
		p, s := policy[i], state[i]
		if p.name != w.name || p.params["q"] != w.quota || p.params["w"] != 60 || len(p.params) != 2 {
			t.Errorf("RateLimit-Policy entry %d: %+v, want %q;q=%d;w=60", i, p, w.name, w.quota)
		}
		if s.name != w.name || (w.remaining != anyRemaining && s.params["r"] != w.remaining) || s.params["t"] < 1 || s.params["t"] > 60 || len(s.params) != 2 {
			t.Errorf("RateLimit entry %d: %+v, want %q;r=%d;t=1..60", i, s, w.name, w.remaining)
		}
	}
	for name := range resp.Header {
		if strings.HasPrefix(name, "X-Ratelimit") {
			t.Errorf("the answer still carries %s: one scheme, the IETF fields", name)
		}
	}
}

// TestRateLimitFields: every answer under /api/ carries the general
// limit's entry; an answer that passed stricter limits carries theirs too,
// after it, in the order they were passed.
func TestRateLimitFields(t *testing.T) {
	e := limitEnv(t, func(l *lhttp.RateLimit) {
		l.APIPerClient, l.PerIP, l.PerAddress, l.PerAPIKey = 50, 30, 10, 20
	})
	wantFields(t, e.do("GET", "/api/health", "", nil), wantLimit{"api", 50, 49})
	wantFields(t, e.do("GET", "/api/no-such-route", "", nil), wantLimit{"api", 50, 48})

	check := e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "ann@example.com"})
	wantStatus(t, check, 200, "")
	wantFields(t, check, wantLimit{"api", 50, 47}, wantLimit{"sign-in", 30, 29}, wantLimit{"sign-in-address", 10, 9})

	orgID, _ := e.activeOrganization("Fields Ltd", "boss@fields.example")
	key := e.apiKey(orgID, "Fields", cloud.APIKeyScopeRead, time.Time{})
	library := e.do("GET", orgURL(orgID, "/qr-codes"), key, nil)
	wantStatus(t, library, 200, "")
	// Setting the organisation up used some of the general allowance.
	wantFields(t, library, wantLimit{"api", 50, anyRemaining}, wantLimit{"api-key-failures", 10, 10}, wantLimit{"api-key", 20, 19})
}

// TestRateLimitRefusalsSayWhenToRetry: every limit that refuses a request
// answers 429 with its message, Retry-After in whole seconds (at least
// one, at most the window and a little) and its entries, r=0. The mail
// and trial limits, which the service applies, add no entry of their own
// (mail_limit.go says why) but say when to retry all the same.
func TestRateLimitRefusalsSayWhenToRetry(t *testing.T) {
	type refusal struct {
		limit   string // the refusing limit's entry; "" for none
		set     func(*lhttp.RateLimit)
		refused func(e *env) response // the first refused request, after those that pass
		message string
		within  time.Duration // the longest wait Retry-After may ask for
	}
	wrongKey := cloud.APIKeyPrefixTest + strings.Repeat("A", 43)
	workerPost := func(e *env, token string, body any) response {
		return e.do("POST", "/api/collect/"+token, "", body)
	}
	for _, c := range []refusal{
		{"api", func(l *lhttp.RateLimit) { l.APIPerClient = 2 }, func(e *env) response {
			e.do("GET", "/api/health", "", nil)
			e.do("GET", "/api/health", "", nil)
			return e.do("GET", "/api/health", "", nil)
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"sign-in", func(l *lhttp.RateLimit) { l.PerIP = 1 }, func(e *env) response {
			wantStatus(t, e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "a@example.com"}), 200, "")
			return e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "b@example.com"})
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"sign-in-address", func(l *lhttp.RateLimit) { l.PerAddress = 1 }, func(e *env) response {
			wantStatus(t, e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "a@example.com"}), 200, "")
			return e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "a@example.com"})
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"sign-in-failures", func(l *lhttp.RateLimit) { l.PerAddress = 1 }, func(e *env) response {
			e.createUser("ann@example.com", "ann-password")
			wantStatus(t, e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "wrong-one"}), 401, "")
			return e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "ann-password"})
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"analytics", func(l *lhttp.RateLimit) { l.AnalyticsPerIP = 1 }, func(e *env) response {
			e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": "/"})
			return e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": "/"})
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"collect", func(l *lhttp.RateLimit) { l.CollectPerIP = 1 }, func(e *env) response {
			e.do("GET", "/api/collect/no-such-link", "", nil)
			return e.do("GET", "/api/collect/no-such-link", "", nil)
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"collect-link", func(l *lhttp.RateLimit) { l.CollectPerLink = 1 }, func(e *env) response {
			token := e.newLink(e.newOfficer("officer@acme.example"), map[string]any{})
			wantStatus(t, workerPost(e, token, map[string]any{"values": workerRecord("One"), "consent": true}), 201, "")
			return workerPost(e, token, map[string]any{"values": workerRecord("Two"), "consent": true})
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"collect-refused", func(l *lhttp.RateLimit) { l.CollectMalformedPerIP = 1 }, func(e *env) response {
			token := e.newLink(e.newOfficer("officer@acme.example"), map[string]any{})
			wantStatus(t, workerPost(e, token, `{"values": `), 400, "")
			return workerPost(e, token, `{"values": `)
		}, cloud.MsgTooManyRequests, 2 * time.Minute},
		{"api-key", func(l *lhttp.RateLimit) { l.PerAPIKey = 1 }, func(e *env) response {
			orgID, _ := e.activeOrganization("Busy Ltd", "boss@busy.example")
			key := e.apiKey(orgID, "Busy", cloud.APIKeyScopeRead, time.Time{})
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), key, nil), 200, "")
			return e.do("GET", orgURL(orgID, "/qr-codes"), key, nil)
		}, cloud.MsgAPIKeyRateLimited, 2 * time.Minute},
		{"api-key-failures", func(l *lhttp.RateLimit) { l.PerAddress = 1 }, func(e *env) response {
			orgID, _ := e.activeOrganization("Guess Ltd", "boss@guess.example")
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), wrongKey, nil), 401, cloud.MsgAPIKeyInvalid)
			return e.do("GET", orgURL(orgID, "/qr-codes"), wrongKey, nil)
		}, cloud.MsgAPIKeyTooManyFailures, 2 * time.Minute},
		{"", func(l *lhttp.RateLimit) { l.MailPerRecipient = 1 }, func(e *env) response {
			wantStatus(t, e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "nobody@example.com"}), 200, "")
			return e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "nobody@example.com"})
		}, cloud.MsgMailRecipientLimit, 2 * cloud.MailLimitWindow},
		{"", func(l *lhttp.RateLimit) {}, func(e *env) response {
			var last response
			for i := range cloud.TrialRegistrationsADay + 1 {
				last = e.do("POST", "/api/corporate/register", "", map[string]string{"name": "Trial Ltd",
					"contactEmail": fmt.Sprintf("t%d@trial.example", i), "subscriptionTier": "starter"})
			}
			return last
		}, cloud.MsgTooManyTrials, 24 * time.Hour},
	} {
		t.Run(cmp.Or(c.limit, c.message), func(t *testing.T) {
			e := limitEnv(t, c.set)
			resp := c.refused(e)
			wantStatus(t, resp, http.StatusTooManyRequests, c.message)
			retry, err := strconv.Atoi(resp.Header.Get("Retry-After"))
			if err != nil || retry < 1 || time.Duration(retry)*time.Second > c.within {
				t.Errorf("Retry-After %q, want whole seconds from 1 to %v", resp.Header.Get("Retry-After"), c.within)
			}
			policy := parseField(t, "RateLimit-Policy", resp.Header.Get("RateLimit-Policy"))
			state := parseField(t, "RateLimit", resp.Header.Get("RateLimit"))
			if policy[0].name != "api" || state[0].name != "api" {
				t.Errorf("the general limit's entry is not first: %v", resp.Header)
			}
			last := state[len(state)-1]
			if c.limit != "" && (policy[len(policy)-1].name != c.limit || last.name != c.limit || last.params["r"] != 0) {
				t.Errorf("RateLimit-Policy %q, RateLimit %q: want %q's entry last, r=0", resp.Header.Get("RateLimit-Policy"), resp.Header.Get("RateLimit"), c.limit)
			}
		})
	}
}

// TestAPILimitPerClient: past the general limit a client is refused on
// every route under /api/, one it never used too; another client is not.
func TestAPILimitPerClient(t *testing.T) {
	e := limitEnv(t, func(l *lhttp.RateLimit) { l.APIPerClient = 3 })
	for range 3 {
		wantStatus(t, e.from("203.0.113.7", "GET", "/api/health", "", nil), 200, "")
	}
	wantStatus(t, e.from("203.0.113.7", "GET", "/api/health", "", nil), 429, cloud.MsgTooManyRequests)
	wantStatus(t, e.from("203.0.113.7", "GET", "/api/labels/catalogue", "", nil), 429, cloud.MsgTooManyRequests)
	wantStatus(t, e.from("198.51.100.8", "GET", "/api/labels/catalogue", "", nil), 200, "")
	// The website itself is not under the limit.
	if resp := e.from("203.0.113.7", "GET", "/", "", nil); resp.Status == 429 || resp.Header.Get("RateLimit") != "" {
		t.Fatalf("the website answered %d with RateLimit %q", resp.Status, resp.Header.Get("RateLimit"))
	}
}

// TestWrongAPIKeysLimited: wrong API keys count per client address like
// failed sign-ins; past the allowance that client is refused 429 with its
// own message, and its keys are not even looked up (a right one neither),
// while another client's keys still work.
func TestWrongAPIKeysLimited(t *testing.T) {
	e := limitEnv(t, func(l *lhttp.RateLimit) { l.PerAddress = 3 })
	orgID, _ := e.activeOrganization("Guess Ltd", "boss@guess.example")
	key := e.apiKey(orgID, "Right", cloud.APIKeyScopeRead, time.Time{})
	guess := func(i int) string { return cloud.APIKeyPrefixTest + fmt.Sprintf("%043d", i) }
	for i := range 3 {
		wantStatus(t, e.from("203.0.113.7", "GET", orgURL(orgID, "/qr-codes"), guess(i), nil), 401, cloud.MsgAPIKeyInvalid)
	}
	for i := 3; i < 80; i++ {
		wantStatus(t, e.from("203.0.113.7", "GET", orgURL(orgID, "/qr-codes"), guess(i), nil), 429, cloud.MsgAPIKeyTooManyFailures)
	}
	wantStatus(t, e.from("203.0.113.7", "GET", orgURL(orgID, "/qr-codes"), key, nil), 429, cloud.MsgAPIKeyTooManyFailures)
	wantStatus(t, e.from("198.51.100.8", "GET", orgURL(orgID, "/qr-codes"), key, nil), 200, "")
	wantStatus(t, e.from("198.51.100.8", "GET", orgURL(orgID, "/qr-codes"), guess(99), nil), 401, cloud.MsgAPIKeyInvalid)
	// A session is no key: the same client signs in and works as ever.
	_, owner := e.activeOrganization("Owner Ltd", "boss@owner.example")
	wantStatus(t, e.from("203.0.113.7", "GET", "/api/corporate/organization", owner, nil), 200, "")
}

// TestAPILimitCountedInMemory: the general limit is counted in each
// instance's memory, never in the database, even where the other limits
// are shared there: it must cost no write per request. Two instances on
// one store each allow the client its full quota.
func TestAPILimitCountedInMemory(t *testing.T) {
	limit := noRateLimit
	limit.APIPerClient = 2
	a := newEnv(t, storetest.Backends[0], envOptions{rateLimit: limit, sharedRateLimits: true})
	b := a.secondInstance(limit, true)
	for _, e := range []*env{a, a, b, b} {
		wantStatus(t, e.do("GET", "/api/health", "", nil), 200, "")
	}
	wantStatus(t, a.do("GET", "/api/health", "", nil), 429, cloud.MsgTooManyRequests)
	wantStatus(t, b.do("GET", "/api/health", "", nil), 429, cloud.MsgTooManyRequests)
}
