package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateOrder(ctx context.Context, o *cloud.Order) error {
	return insertOrder(ctx, db.pool, o)
}

// rowQueryer is a pool or a transaction.
type rowQueryer interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// insertOrder inserts o and sets o.ID, on its own or in a payment's transaction.
func insertOrder(ctx context.Context, q rowQueryer, o *cloud.Order) error {
	err := q.QueryRow(ctx, `
		INSERT INTO physical_orders (order_id, user_id, label_type, quantity, price_pence,
			shipping_address, status, tracking_number, stripe_payment_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		o.OrderID, o.UserID, o.LabelType, o.Quantity, o.PricePence,
		o.ShippingAddress, o.Status, o.TrackingNumber, o.StripePaymentID, o.CreatedAt,
	).Scan(&o.ID)
	return storeError(err, "order")
}

func (db *DB) ListOrders(ctx context.Context, userID int64) ([]*cloud.Order, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT id, order_id, user_id, label_type, quantity, price_pence, shipping_address,
			status, tracking_number, stripe_payment_id, created_at
		FROM physical_orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, storeError(err, "orders")
	}
	orders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.Order, error) {
		var o cloud.Order
		err := row.Scan(&o.ID, &o.OrderID, &o.UserID, &o.LabelType, &o.Quantity, &o.PricePence,
			&o.ShippingAddress, &o.Status, &o.TrackingNumber, &o.StripePaymentID, &o.CreatedAt)
		return &o, err
	})
	return orders, storeError(err, "orders")
}

func (db *DB) ListOrdersWithAddress(ctx context.Context, afterID int64, limit int) ([]*cloud.Order, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT id, user_id, shipping_address FROM physical_orders
		WHERE id > $1 AND shipping_address IS NOT NULL ORDER BY id LIMIT $2`, afterID, limit)
	if err != nil {
		return nil, storeError(err, "orders")
	}
	orders, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.Order, error) {
		var o cloud.Order
		err := row.Scan(&o.ID, &o.UserID, &o.ShippingAddress)
		return &o, err
	})
	return orders, storeError(err, "orders")
}

func (db *DB) ReplaceShippingAddress(ctx context.Context, orderID int64, old, new []byte) (bool, error) {
	tag, err := db.pool.Exec(ctx, `
		UPDATE physical_orders SET shipping_address = $3 WHERE id = $1 AND shipping_address = $2`, orderID, old, new)
	if err != nil {
		return false, storeError(err, "order")
	}
	return tag.RowsAffected() == 1, nil
}
