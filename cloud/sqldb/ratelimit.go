package sqldb

import (
	"context"
	"math"
	"time"

	"github.com/lifetag/lifetag/cloud"
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

// ReserveRateLimit: one statement. On PostgreSQL a second request for the
// same key waits on the first one's row lock and re-checks the condition
// against the count the first one left (ON CONFLICT ... DO UPDATE ...
// WHERE); on SQLite writes are serial. So N requests at once cannot all
// pass a check made before any of them counted.
func (db *DB) ReserveRateLimit(ctx context.Context, keyHash []byte, current, previous time.Time, previousWeight float64,
	quota, by int) (bool, int, error) {
	var count, previousCount int
	err := db.conn(ctx).queryRow(`
		WITH previous AS (SELECT coalesce(sum(count), 0) AS n FROM rate_limits WHERE key_hash = $1 AND window_start = $3)
		INSERT INTO rate_limits (key_hash, window_start, count)
		SELECT $1, $2, CAST($6 AS integer) FROM previous
		WHERE round(previous.n * CAST($4 AS double precision)) + CAST($6 AS integer) <= CAST($5 AS integer)
		ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rate_limits.count + excluded.count
			WHERE round(rate_limits.count + (SELECT n FROM previous) * CAST($4 AS double precision)) + excluded.count
				<= CAST($5 AS integer)
		RETURNING count, (SELECT n FROM previous)`,
		keyHash, current, previous, previousWeight, quota, by).Scan(&count, &previousCount)
	if cloud.ErrorCode(storeError(err, "rate limit")) == cloud.ENOTFOUND {
		return false, 0, nil
	} else if err != nil {
		return false, 0, storeError(err, "rate limit")
	}
	return true, int(math.Round(float64(previousCount)*previousWeight + float64(count))), nil
}

// ReleaseRateLimit takes a reservation back.
func (db *DB) ReleaseRateLimit(ctx context.Context, keyHash []byte, window time.Time, by int) error {
	_, err := db.conn(ctx).exec(`UPDATE rate_limits SET count = count - $3
		WHERE key_hash = $1 AND window_start = $2 AND count >= $3`, keyHash, window, by)
	return storeError(err, "rate limit")
}

// DeleteRateLimitsBefore deletes the windows that started before before.
func (db *DB) DeleteRateLimitsBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM rate_limits WHERE window_start < $1`, before)
	return n, storeError(err, "rate limits")
}
