package cache

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Order is an open order as cached for printing offline: the order, and
// its customer's record as the cloud gave it when the order was synced
// (nil when the customer has none).
type Order struct {
	Order       api.AdminOrder  `json:"order"`
	Record      *emergency.Data `json:"record"`
	RecordSaved time.Time       `json:"recordSaved"`
}

// ordersSyncedKey is when the open orders were last read from the cloud.
const ordersSyncedKey = "orders-synced"

func orderRow(account, orderID string) string { return account + "/orders/" + orderID }

// ReplaceOrders makes orders the account's cached open orders, in one
// transaction, and notes syncedAt.
func (db *DB) ReplaceOrders(ctx context.Context, account string, orders []Order, syncedAt time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM orders WHERE account = ?`, account); err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		for _, o := range orders {
			sealed, err := db.sealJSON(o, orderRow(account, o.Order.OrderID))
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO orders (account, order_id, sealed) VALUES (?, ?, ?)`,
				account, o.Order.OrderID, sealed); err != nil {
				return fmt.Errorf("cache: %w", err)
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO meta (account, key, value) VALUES (?, ?, ?)
			ON CONFLICT (account, key) DO UPDATE SET value = excluded.value`,
			account, ordersSyncedKey, syncedAt.UTC().Format(time.RFC3339Nano))
		if err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		return nil
	})
}

// PutOrder replaces one cached order (a change made on the station).
func (db *DB) PutOrder(ctx context.Context, account string, o Order) error {
	sealed, err := db.sealJSON(o, orderRow(account, o.Order.OrderID))
	if err != nil {
		return err
	}
	_, err = db.sql.ExecContext(ctx, `INSERT INTO orders (account, order_id, sealed) VALUES (?, ?, ?)
		ON CONFLICT (account, order_id) DO UPDATE SET sealed = excluded.sealed`, account, o.Order.OrderID, sealed)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// Orders returns the account's cached open orders, newest first, and when
// they were synced (zero: never).
func (db *DB) Orders(ctx context.Context, account string) ([]Order, time.Time, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT order_id, sealed FROM orders WHERE account = ?`, account)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("cache: %w", err)
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var id string
		var sealed []byte
		if err := rows.Scan(&id, &sealed); err != nil {
			return nil, time.Time{}, fmt.Errorf("cache: %w", err)
		}
		var o Order
		if err := db.openJSON(sealed, orderRow(account, id), &o); err != nil {
			return nil, time.Time{}, err
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, time.Time{}, fmt.Errorf("cache: %w", err)
	}
	sortOrders(out)
	synced, err := db.Time(ctx, account, ordersSyncedKey)
	return out, synced, err
}

// Order returns one cached order, or nil.
func (db *DB) Order(ctx context.Context, account, orderID string) (*Order, error) {
	var sealed []byte
	err := db.sql.QueryRowContext(ctx, `SELECT sealed FROM orders WHERE account = ? AND order_id = ?`, account, orderID).Scan(&sealed)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	var o Order
	if err := db.openJSON(sealed, orderRow(account, orderID), &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// sortOrders puts the newest first, as the cloud lists them.
func sortOrders(orders []Order) {
	for i := 1; i < len(orders); i++ {
		for j := i; j > 0 && orders[j].Order.CreatedAt.After(orders[j-1].Order.CreatedAt); j-- {
			orders[j], orders[j-1] = orders[j-1], orders[j]
		}
	}
}
