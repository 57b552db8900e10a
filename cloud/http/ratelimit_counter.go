package http

import (
	"context"
	"crypto/sha256"
	"time"

	"github.com/go-chi/httprate"

	"github.com/lifetag/lifetag/cloud"
)

// counterTimeout bounds one counter query: a limit that cannot count
// answers 503 (Server.passed) rather than hold the request.
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
