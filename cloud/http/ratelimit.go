package http

import (
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/httprate"

	"github.com/lifetag/lifetag/cloud"
)

// Every limit that can refuse a request is a *limit: an httprate limiter
// (counted in this process's memory, or in the database so that every
// instance counts together) with the name, quota and window it is announced
// by. Each limit a request passes adds its entry to the two fields of the
// IETF draft (draft-ietf-httpapi-ratelimit-headers), in the order the
// request met them, so the general "api" limit comes first:
//
//	RateLimit-Policy: "api";q=1200;w=60, "sign-in";q=30;w=60
//	RateLimit: "api";r=1199;t=42, "sign-in";r=29;t=42
//
// q requests per w seconds; r requests left, t seconds until the window
// ends. A refused request is answered 429 with Retry-After (whole seconds
// until one more request fits) and the limit's message. httprate's own
// X-RateLimit-* headers are never sent: one scheme, the standard's.
type limit struct {
	name    string
	quota   int
	window  time.Duration
	message string // the 429 answer's
	limiter *httprate.RateLimiter
	// Exactly one of these counts: shared in the database, or memory.
	shared *sharedCounter
	memory *memoryCounter
}

// remainingHeader is where httprate writes how many requests a key has
// left: on a probe, never on the answer.
const remainingHeader = "Remaining"

// newLimit makes a limit counted in store, or in this process's memory
// when store is nil. Either way its windows start at multiples of window
// (httprate aligns only its default counter to the moment it started), so
// the end of the current window is known without asking the counter.
func newLimit(name string, quota int, window time.Duration, message string, store cloud.RateLimitStore) *limit {
	l := &limit{name: name, quota: quota, window: window, message: message}
	var counter httprate.LimitCounter
	if store != nil {
		l.shared = &sharedCounter{store: store, name: name}
		counter = l.shared
	} else {
		l.memory = &memoryCounter{LimitCounter: httprate.NewLocalLimitCounter(window)}
		counter = l.memory
	}
	l.limiter = httprate.NewRateLimiter(quota, window,
		httprate.WithLimitCounter(counter),
		httprate.WithResponseHeaders(httprate.ResponseHeaders{Remaining: remainingHeader}),
		httprate.WithErrorHandler(keepCounterError))
	return l
}

// probe is the response httprate writes to: its headers stay here (take
// reads the remaining count from them), and a counter's failure is kept in
// err for the caller to answer.
type probe struct {
	header http.Header
	err    error
}

func (p *probe) Header() http.Header         { return p.header }
func (p *probe) Write(b []byte) (int, error) { return len(b), nil }
func (p *probe) WriteHeader(int)             {}

// keepCounterError is every limiter's error handler: limiters only ever
// write to a probe.
func keepCounterError(w http.ResponseWriter, r *http.Request, err error) {
	if p, ok := w.(*probe); ok {
		p.err = err
	}
}

// take counts one request for key, unless the quota is used up (then ok is
// false and nothing is counted); remaining is what is left after it, and
// window the start of the window it was counted in. The check and the
// count are one step that requests at once cannot interleave: in memory
// httprate holds its lock across both, and in the database one statement
// does both for every instance (sharedCounter.reserve).
func (l *limit) take(r *http.Request, key string) (ok bool, remaining int, window time.Time, err error) {
	now := time.Now().UTC()
	window = now.Truncate(l.window)
	if l.shared != nil {
		ok, remaining, err = l.shared.reserve(r.Context(), key, now, l.quota, l.window)
		return ok, remaining, window, err
	}
	p := &probe{header: http.Header{}}
	refused := l.limiter.OnLimit(p, r, key)
	if p.err != nil {
		return false, 0, window, p.err
	}
	remaining, _ = strconv.Atoi(p.header.Get(remainingHeader))
	return !refused, max(remaining, 0), window, nil
}

// release gives back one request take counted in window, for a request
// that turned out not to use the quota (a sign-in that did not fail).
func (l *limit) release(key string, window time.Time) error {
	if l.shared != nil {
		return l.shared.release(key, window)
	}
	return l.memory.release(key, window)
}

// used is how many requests key has made in the sliding window (httprate
// weighs the previous window by how much of it still overlaps), rounded as
// httprate rounds it.
func (l *limit) used(key string) (int, error) {
	_, rate, err := l.limiter.Status(key)
	return int(math.Round(rate)), err
}

// reset is how long until the current window ends.
func (l *limit) reset(now time.Time) time.Duration {
	return now.Truncate(l.window).Add(l.window).Sub(now)
}

// retryAfter is how long a refused caller waits until one more request
// fits: the current window ends, then the previous window (at most quota
// requests, as refused ones are not counted) must have slid out by one
// request's share.
func (l *limit) retryAfter(now time.Time) time.Duration {
	return l.reset(now) + l.window/time.Duration(l.quota)
}

// wholeSeconds rounds d up to whole seconds, at least one: what Retry-After
// and the fields' t and w carry.
func wholeSeconds(d time.Duration) int {
	return max(int(math.Ceil(d.Seconds())), 1)
}

// allow counts the request against l for key and says whether it may go
// on. Past the quota it is answered 429 (Retry-After, l's message), and
// 503 when the counter fails. The answer carries l's entries either way.
func (s *Server) allow(w http.ResponseWriter, r *http.Request, l *limit, key string) bool {
	_, ok := s.reserve(w, r, l, key)
	return ok
}

// reservation is one request counted against a limit that may be given
// back (release).
type reservation struct {
	limit  *limit
	key    string
	window time.Time
}

// reserve is allow, and says where the request was counted so that it can
// be given back.
func (s *Server) reserve(w http.ResponseWriter, r *http.Request, l *limit, key string) (reservation, bool) {
	ok, remaining, window, err := l.take(r, key)
	return reservation{limit: l, key: key, window: window}, s.passed(w, r, l, ok, remaining, err)
}

// release gives a reservation back; a failure only leaves the request
// counted.
func (s *Server) release(r *http.Request, res reservation) {
	if err := res.limit.release(res.key, res.window); err != nil {
		s.logger.ErrorContext(r.Context(), "rate limit not given back", slog.String("limit", res.limit.name),
			slog.String("route", routePattern(r)), slog.String("error", err.Error()))
	}
}

// allowUncounted is allow without counting the request: the handler counts
// it later (count), once it knows which limit it is for, and requests
// checked together may pass the quota by the few in flight.
func (s *Server) allowUncounted(w http.ResponseWriter, r *http.Request, l *limit, key string) bool {
	used, err := l.used(key)
	remaining := max(l.quota-used, 0)
	return s.passed(w, r, l, remaining > 0, remaining, err)
}

// count counts a request against l for key without answering it (a failed
// sign-in, an accepted submission); a key past its quota is not counted
// further.
func (s *Server) count(r *http.Request, l *limit, key string) {
	if _, _, _, err := l.take(r, key); err != nil {
		s.logger.ErrorContext(r.Context(), "rate limit not counted", slog.String("limit", l.name),
			slog.String("route", routePattern(r)), slog.String("error", err.Error()))
	}
}

func (s *Server) passed(w http.ResponseWriter, r *http.Request, l *limit, ok bool, remaining int, err error) bool {
	if err != nil {
		// The database is unavailable: 503, never the counter's error text.
		s.logger.ErrorContext(r.Context(), "rate limit not counted", slog.String("limit", l.name),
			slog.String("route", routePattern(r)), slog.String("error", err.Error()))
		writeMessage(w, http.StatusServiceUnavailable, cloud.MsgDatabaseUnavailable)
		return false
	}
	now := time.Now()
	appendEntry(w.Header(), "RateLimit-Policy", l.name, fmt.Sprintf("q=%d;w=%d", l.quota, wholeSeconds(l.window)))
	appendEntry(w.Header(), "RateLimit", l.name, fmt.Sprintf("r=%d;t=%d", remaining, wholeSeconds(l.reset(now))))
	if !ok {
		s.metrics.RateLimited(l.name)
		setRetryAfter(w.Header(), l.retryAfter(now))
		writeMessage(w, http.StatusTooManyRequests, l.message)
	}
	return ok
}

// appendEntry adds name's entry to the structured-field list in field, as
// one line (a client reading the first line sees every entry).
func appendEntry(h http.Header, field, name, params string) {
	entry := strconv.Quote(name) + ";" + params
	if list := h.Get(field); list != "" {
		entry = list + ", " + entry
	}
	h.Set(field, entry)
}

// setRetryAfter says when a refused caller may try again.
func setRetryAfter(h http.Header, d time.Duration) {
	h.Set("Retry-After", strconv.Itoa(wholeSeconds(d)))
}

// limitPerClient is middleware counting every request of a route group
// against l per client address.
func (s *Server) limitPerClient(l *limit) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.allow(w, r, l, s.clientKey(r)) {
				next.ServeHTTP(w, r)
			}
		})
	}
}
