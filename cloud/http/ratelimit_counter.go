package http

import (
	"context"
	"crypto/sha256"
	"sync"
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

// reserve counts one request for key unless that would take the sliding
// count past quota, in one statement (cloud.RateLimitStore's
// ReserveRateLimit), weighing the previous window as httprate does.
func (c *sharedCounter) reserve(ctx context.Context, key string, now time.Time, quota int, window time.Duration) (bool, int, error) {
	ctx, cancel := context.WithTimeout(ctx, counterTimeout)
	defer cancel()
	current := now.Truncate(window)
	previousWeight := float64(window-now.Sub(current)) / float64(window)
	ok, used, err := c.store.ReserveRateLimit(ctx, c.hash(key), current, current.Add(-window), previousWeight, quota, 1)
	return ok, max(quota-used, 0), err
}

func (c *sharedCounter) release(key string, window time.Time) error {
	ctx, cancel := context.WithTimeout(context.Background(), counterTimeout)
	defer cancel()
	return c.store.ReleaseRateLimit(ctx, c.hash(key), window, 1)
}

// memoryCounter is httprate's counter in this process's memory, able to
// give a request back (release) without harm: httprate's counter keeps
// two windows and forgets both when told of one it does not expect, so a
// request given back after its window has ended is simply left counted.
type memoryCounter struct {
	httprate.LimitCounter
	mu     sync.Mutex
	latest time.Time // the newest window counted in
}

func (c *memoryCounter) IncrementBy(key string, window time.Time, amount int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if window.After(c.latest) {
		c.latest = window
	}
	return c.LimitCounter.IncrementBy(key, window, amount)
}

func (c *memoryCounter) Increment(key string, window time.Time) error {
	return c.IncrementBy(key, window, 1)
}

func (c *memoryCounter) release(key string, window time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !window.Equal(c.latest) {
		return nil
	}
	return c.LimitCounter.IncrementBy(key, window, -1)
}

// hash names the key in the database without the client address or e-mail
// address it holds.
func (c *sharedCounter) hash(key string) []byte {
	sum := sha256.Sum256([]byte(c.name + "\x00" + key))
	return sum[:]
}
