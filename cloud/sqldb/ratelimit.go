package sqldb

import (
	"context"
	"time"
)

// CountRateLimit adds by to a key's count in a window: one upsert.
func (db *DB) CountRateLimit(ctx context.Context, keyHash []byte, window time.Time, by int) error {
	_, err := db.conn(ctx).exec(`
		INSERT INTO rate_limits (key_hash, window_start, count) VALUES ($1, $2, $3)
		ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rate_limits.count + excluded.count`,
		keyHash, window, by)
	return storeError(err, "rate limit")
}

// RateLimitCounts returns a key's counts in the current and the previous
// window (0 where there is none), in one query.
func (db *DB) RateLimitCounts(ctx context.Context, keyHash []byte, current, previous time.Time) (int, int, error) {
	var cur, prev int
	err := db.conn(ctx).queryRow(`
		SELECT coalesce(sum(CASE WHEN window_start = $2 THEN count END), 0),
		       coalesce(sum(CASE WHEN window_start = $3 THEN count END), 0)
		FROM rate_limits WHERE key_hash = $1 AND window_start IN ($2, $3)`,
		keyHash, current, previous).Scan(&cur, &prev)
	return cur, prev, storeError(err, "rate limit")
}

// DeleteRateLimitsBefore deletes the windows that started before before.
func (db *DB) DeleteRateLimitsBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM rate_limits WHERE window_start < $1`, before)
	return n, storeError(err, "rate limits")
}
