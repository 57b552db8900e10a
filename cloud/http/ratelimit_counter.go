package http

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"

	"github.com/lifetag/lifetag/cloud"
)

// counterTimeout bounds one counter query: a limiter that cannot count
// answers 503 (limitError) rather than hold the request.
const counterTimeout = 2 * time.Second

// sharedCounter is an httprate.LimitCounter kept in the database
// (cloud.RateLimitStore), so that every instance on one PostgreSQL counts
// against the same limits: N instances no longer allow N times the sign-in
// attempts. Counting a request is one upsert; httprate reads the two windows
// it weighs first, in one query.
type sharedCounter struct {
	store cloud.RateLimitStore
	name  string // the limiter's name, so that limiters sharing keys (IPs) count apart
}

var _ httprate.LimitCounter = (*sharedCounter)(nil)

// Config is httprate's call to set the limit and window; windows reach the
// counter as times, so it needs neither.
func (c *sharedCounter) Config(requestLimit int, windowLength time.Duration) {}

func (c *sharedCounter) Increment(key string, window time.Time) error {
	return c.IncrementBy(key, window, 1)
}

func (c *sharedCounter) IncrementBy(key string, window time.Time, amount int) error {
	ctx, cancel := context.WithTimeout(context.Background(), counterTimeout)
	defer cancel()
	return c.store.CountRateLimit(ctx, c.hash(key), window, amount)
}

func (c *sharedCounter) Get(key string, current, previous time.Time) (int, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), counterTimeout)
	defer cancel()
	return c.store.RateLimitCounts(ctx, c.hash(key), current, previous)
}

// hash names the key in the database without the client address or e-mail
// address it holds.
func (c *sharedCounter) hash(key string) []byte {
	sum := sha256.Sum256([]byte(c.name + "\x00" + key))
	return sum[:]
}

// limiterOptions are the options every limiter of the server takes: its
// counter (shared in the store, or in this process's memory when store is
// nil) and the answer when the counter fails.
func (s *Server) limiterOptions(store cloud.RateLimitStore, name string) []httprate.Option {
	opts := []httprate.Option{httprate.WithErrorHandler(s.limitError)}
	if store != nil {
		opts = append(opts, httprate.WithLimitCounter(&sharedCounter{store: store, name: name}))
	}
	return opts
}

// onLimit answers a request over its limit, unless limitError has already
// answered it: httprate calls both when a counter fails.
func (s *Server) onLimit(w http.ResponseWriter, r *http.Request) {
	if ww, ok := w.(middleware.WrapResponseWriter); ok && ww.Status() != 0 {
		return
	}
	writeMessage(w, http.StatusTooManyRequests, cloud.MsgTooManyRequests)
}

// limitError answers a request whose limit could not be counted (the
// database is unavailable) with 503, never httprate's default of the error
// text. A request only being counted (signInFailed) gets no answer here.
func (s *Server) limitError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger.ErrorContext(r.Context(), "rate limit not counted", slog.String("route", routePattern(r)), slog.String("error", err.Error()))
	if _, counting := w.(discardHeaders); counting {
		return
	}
	if c, counting := w.(*countOnly); counting { // the mail limiter answers itself
		c.err = err
		return
	}
	writeMessage(w, http.StatusServiceUnavailable, cloud.MsgDatabaseUnavailable)
}
