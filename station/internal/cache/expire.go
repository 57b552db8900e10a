package cache

import (
	"context"
	"fmt"
	"time"
)

// syncedKeys are the meta keys of an account's syncs from the cloud.
var syncedKeys = []string{ordersSyncedKey, librarySyncedKey}

// LastSynced is the account's newest sync from the cloud, zero when never.
func (db *DB) LastSynced(ctx context.Context, account string) (time.Time, error) {
	var newest time.Time
	for _, k := range syncedKeys {
		t, err := db.Time(ctx, account, k)
		if err != nil {
			return time.Time{}, err
		}
		if t.After(newest) {
			newest = t
		}
	}
	return newest, nil
}

// ExpireBefore forgets everything cached for each account last synced
// before cutoff (one never synced: whose oldest queued change is older, or
// that has none), queued changes included, and returns how many accounts
// it forgot. Customers' and workers' records must not stay on a PC that
// no longer syncs (a station left in a drawer, a person who left).
func (db *DB) ExpireBefore(ctx context.Context, cutoff time.Time) (int, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT account FROM meta WHERE account <> ''
		UNION SELECT account FROM orders UNION SELECT account FROM codes
		UNION SELECT account FROM library UNION SELECT account FROM queue`)
	if err != nil {
		return 0, fmt.Errorf("cache: %w", err)
	}
	var accounts []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			rows.Close()
			return 0, fmt.Errorf("cache: %w", err)
		}
		accounts = append(accounts, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("cache: %w", err)
	}
	n := 0
	for _, a := range accounts {
		last, err := db.LastSynced(ctx, a)
		if err != nil {
			return n, err
		}
		if last.IsZero() {
			var oldest string
			db.sql.QueryRowContext(ctx, `SELECT coalesce(min(created_at), '') FROM queue WHERE account = ?`, a).Scan(&oldest)
			last, _ = time.Parse(time.RFC3339Nano, oldest)
		}
		if !last.Before(cutoff) {
			continue
		}
		if err := db.ForgetAccount(ctx, a); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
