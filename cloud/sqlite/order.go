package sqlite

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateOrder(ctx context.Context, o *cloud.Order) error {
	return insertOrder(ctx, db.db, o)
}

// insertOrder inserts o and sets o.ID, on its own or in a payment's transaction.
func insertOrder(ctx context.Context, q queryer, o *cloud.Order) error {
	err := q.QueryRowContext(ctx, `
		INSERT INTO physical_orders (order_id, user_id, label_type, quantity, price_pence,
			shipping_address, status, tracking_number, stripe_payment_id, created_at)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id`,
		o.OrderID, o.UserID, o.LabelType, o.Quantity, o.PricePence,
		o.ShippingAddress, o.Status, o.TrackingNumber, o.StripePaymentID, formatTime(o.CreatedAt),
	).Scan(&o.ID)
	return storeError(err, "order")
}

func (db *DB) ListOrders(ctx context.Context, userID int64) ([]*cloud.Order, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT id, order_id, user_id, label_type, quantity, price_pence, shipping_address,
			status, tracking_number, stripe_payment_id, created_at
		FROM physical_orders WHERE user_id = ?1 ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, storeError(err, "orders")
	}
	defer rows.Close()
	var orders []*cloud.Order
	for rows.Next() {
		var o cloud.Order
		var created string
		if err := rows.Scan(&o.ID, &o.OrderID, &o.UserID, &o.LabelType, &o.Quantity, &o.PricePence,
			&o.ShippingAddress, &o.Status, &o.TrackingNumber, &o.StripePaymentID, &created); err != nil {
			return nil, storeError(err, "orders")
		}
		if o.CreatedAt, err = parseTime(created); err != nil {
			return nil, err
		}
		orders = append(orders, &o)
	}
	return orders, storeError(rows.Err(), "orders")
}

func (db *DB) ListOrdersWithAddress(ctx context.Context, afterID int64, limit int) ([]*cloud.Order, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT id, user_id, shipping_address FROM physical_orders
		WHERE id > ?1 AND shipping_address IS NOT NULL ORDER BY id LIMIT ?2`, afterID, limit)
	if err != nil {
		return nil, storeError(err, "orders")
	}
	defer rows.Close()
	var orders []*cloud.Order
	for rows.Next() {
		var o cloud.Order
		if err := rows.Scan(&o.ID, &o.UserID, &o.ShippingAddress); err != nil {
			return nil, storeError(err, "orders")
		}
		orders = append(orders, &o)
	}
	return orders, storeError(rows.Err(), "orders")
}

func (db *DB) ReplaceShippingAddress(ctx context.Context, orderID int64, old, new []byte) (bool, error) {
	res, err := db.db.ExecContext(ctx, `
		UPDATE physical_orders SET shipping_address = ?3 WHERE id = ?1 AND shipping_address = ?2`, orderID, old, new)
	if err != nil {
		return false, storeError(err, "order")
	}
	n, err := res.RowsAffected()
	return n == 1, storeError(err, "order")
}
