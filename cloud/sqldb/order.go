package sqldb

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateOrder(ctx context.Context, o *cloud.Order) error {
	return insertOrder(db.conn(ctx), o)
}

// insertOrder inserts o and sets o.ID, on its own or in a payment's transaction.
func insertOrder(c conn, o *cloud.Order) error {
	err := c.queryRow(`
		INSERT INTO physical_orders (order_id, user_id, label_type, quantity, price_pence,
			shipping_address, status, tracking_number, stripe_payment_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		o.OrderID, o.UserID, o.LabelType, o.Quantity, o.PricePence,
		o.ShippingAddress, o.Status, o.TrackingNumber, o.StripePaymentID, o.CreatedAt,
	).Scan(&o.ID)
	if err != nil {
		return storeError(err, "order")
	}
	// Every order's history starts with its first status, set by the payment.
	return insertOrderStatusChange(c, &cloud.OrderStatusChange{
		OrderID: o.ID, Status: o.Status, TrackingNumber: o.TrackingNumber, ChangedAt: o.CreatedAt})
}

func (db *DB) ListOrders(ctx context.Context, userID int64) ([]*cloud.Order, error) {
	return list(db.conn(ctx), "orders", func(row scanner) (*cloud.Order, error) {
		var o cloud.Order
		err := row.Scan(&o.ID, &o.OrderID, &o.UserID, &o.LabelType, &o.Quantity, &o.PricePence,
			&o.ShippingAddress, &o.Status, &o.TrackingNumber, &o.StripePaymentID, timeDest(&o.CreatedAt))
		return &o, err
	}, `
		SELECT id, order_id, user_id, label_type, quantity, price_pence, shipping_address,
			status, tracking_number, stripe_payment_id, created_at
		FROM physical_orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, userID)
}

func (db *DB) ListOrdersWithAddress(ctx context.Context, afterID int64, limit int) ([]*cloud.Order, error) {
	return list(db.conn(ctx), "orders", func(row scanner) (*cloud.Order, error) {
		var o cloud.Order
		err := row.Scan(&o.ID, &o.UserID, &o.ShippingAddress)
		return &o, err
	}, `
		SELECT id, user_id, shipping_address FROM physical_orders
		WHERE id > $1 AND shipping_address IS NOT NULL ORDER BY id LIMIT $2`, afterID, limit)
}

func (db *DB) ReplaceShippingAddress(ctx context.Context, orderID int64, old, new []byte) (bool, error) {
	n, err := db.conn(ctx).exec(`
		UPDATE physical_orders SET shipping_address = $3 WHERE id = $1 AND shipping_address = $2`, orderID, old, new)
	return n == 1, storeError(err, "order")
}
