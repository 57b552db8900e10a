package cache

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// Change states: pending changes are sent when the cloud answers; refused
// ones are kept, with the cloud's message, until the person dismisses them.
// Sent changes are deleted.
const (
	ChangePending = "pending"
	ChangeRefused = "refused"
)

// Change is one change made on the station, queued for the cloud.
type Change struct {
	ID int64
	// Key is the change's idempotency key, made when it was queued: every
	// replay of the change carries it (see the orders and library services
	// for how a replay is applied once).
	Key       string
	Kind      string
	Payload   json.RawMessage // opened
	State     string
	Message   string // the cloud's refusal
	Attempts  int
	CreatedAt time.Time
	UpdatedAt time.Time
}

func changeRow(account, key string) string { return account + "/queue/" + key }

// Enqueue queues a change of kind with payload (marshalled and sealed).
func (db *DB) Enqueue(ctx context.Context, account, kind string, payload any) (*Change, error) {
	key := newKey()
	sealed, err := db.sealJSON(payload, changeRow(account, key))
	if err != nil {
		return nil, err
	}
	now := db.Now().UTC()
	res, err := db.sql.ExecContext(ctx, `INSERT INTO queue (account, idempotency_key, kind, sealed, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, account, key, kind, sealed, ChangePending, now.Format(time.RFC3339Nano), now.Format(time.RFC3339Nano))
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	id, _ := res.LastInsertId()
	raw, _ := json.Marshal(payload)
	return &Change{ID: id, Key: key, Kind: kind, Payload: raw, State: ChangePending, CreatedAt: now, UpdatedAt: now}, nil
}

// Changes lists the account's changes in state, oldest first (the order
// they were made, which is the order they are sent).
func (db *DB) Changes(ctx context.Context, account, state string) ([]Change, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT id, idempotency_key, kind, sealed, state, message, attempts, created_at, updated_at
		FROM queue WHERE account = ? AND state = ? ORDER BY id`, account, state)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	defer rows.Close()
	var out []Change
	for rows.Next() {
		var c Change
		var sealed []byte
		var created, updated string
		if err := rows.Scan(&c.ID, &c.Key, &c.Kind, &sealed, &c.State, &c.Message, &c.Attempts, &created, &updated); err != nil {
			return nil, fmt.Errorf("cache: %w", err)
		}
		plain, err := db.seal.open(sealed, changeRow(account, c.Key))
		if err != nil {
			return nil, err
		}
		c.Payload = plain
		c.CreatedAt, _ = time.Parse(time.RFC3339Nano, created)
		c.UpdatedAt, _ = time.Parse(time.RFC3339Nano, updated)
		out = append(out, c)
	}
	return out, rows.Err()
}

// CountChanges counts the account's changes in state.
func (db *DB) CountChanges(ctx context.Context, account, state string) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT count(*) FROM queue WHERE account = ? AND state = ?`, account, state).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("cache: %w", err)
	}
	return n, nil
}

// ChangeSent removes a change the cloud applied.
func (db *DB) ChangeSent(ctx context.Context, id int64) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM queue WHERE id = ?`, id); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// ChangeRefused keeps a change the cloud refused, with its message; it is
// not sent again.
func (db *DB) ChangeRefused(ctx context.Context, id int64, message string) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE queue SET state = ?, message = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?`,
		ChangeRefused, message, db.Now().UTC().Format(time.RFC3339Nano), id)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// ChangeTried counts an attempt that got no answer; the change stays pending.
func (db *DB) ChangeTried(ctx context.Context, id int64) error {
	_, err := db.sql.ExecContext(ctx, `UPDATE queue SET attempts = attempts + 1, updated_at = ? WHERE id = ?`,
		db.Now().UTC().Format(time.RFC3339Nano), id)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// DismissChange removes a refused change once the person has read it.
func (db *DB) DismissChange(ctx context.Context, account string, id int64) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM queue WHERE id = ? AND account = ? AND state = ?`, id, account, ChangeRefused)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sql.ErrNoRows
	}
	return nil
}
