package sqldb

// Admin lists, stats, order status history and the audit log.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// likeContains is a LIKE pattern matching s anywhere, its wildcards escaped
// (every query using it says ESCAPE '\').
func likeContains(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// searchID is the search as a whole id, or -1 (matches no row).
func searchID(s string) int64 {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return -1
	}
	return id
}

// adminUserColumns adds the referral count (an indexed count per row of the
// page) to userColumns.
const adminUserColumns = userColumns + `,
	(SELECT count(*) FROM referrals WHERE referrals.referral_code = users.referral_code)`

func scanAdminUser(row scanner) (*cloud.AdminUser, error) {
	var u cloud.AdminUser
	err := row.Scan(append(userFields(&u.User), &u.ReferralCount)...)
	return &u, err
}

// userSearch is the WHERE of a user search and its arguments: part of an
// address, anywhere in it (a trigram index answers it on PostgreSQL,
// migration 00100; SQLite reads every address), or the whole referral code
// or id. No search matches everyone.
func userSearch(search string) (string, []any) {
	s := strings.ToLower(search)
	if s == "" {
		return "true", nil
	}
	return `(users.email LIKE $1 ESCAPE '\' OR users.referral_code = $2 OR users.id = $3)`,
		[]any{likeContains(s), strings.ToUpper(s), searchID(s)}
}

func (db *DB) ListAdminUsers(ctx context.Context, q cloud.PageQuery) ([]*cloud.AdminUser, int64, error) {
	c := db.conn(ctx)
	where, args := userSearch(q.Search)
	// A search counts at most one match past the cap (cloud.SearchCountLimit).
	count := `SELECT count(*) FROM users WHERE ` + where
	if q.Search != "" {
		count = fmt.Sprintf(`SELECT count(*) FROM (SELECT 1 FROM users WHERE %s LIMIT %d) AS matches`, where, cloud.SearchCountLimit+1)
	}
	var total int64
	if err := c.queryRow(count, args...).Scan(&total); err != nil {
		return nil, 0, storeError(err, "users")
	}
	n := len(args)
	users, err := list(c, "users", scanAdminUser, fmt.Sprintf(`SELECT `+adminUserColumns+` FROM users WHERE `+where+`
		ORDER BY users.created_at DESC, users.id DESC LIMIT $%d OFFSET $%d`, n+1, n+2), append(args, q.Limit, q.Offset)...)
	return users, total, err
}

func (db *DB) ListAdminUsersAfter(ctx context.Context, afterID int64, limit int) ([]*cloud.AdminUser, error) {
	return list(db.conn(ctx), "users", scanAdminUser, `SELECT `+adminUserColumns+` FROM users
		WHERE users.id > $1 ORDER BY users.id LIMIT $2`, afterID, limit)
}

func (db *DB) CountAdminStats(ctx context.Context) (*cloud.AdminStats, error) {
	var st cloud.AdminStats
	err := db.conn(ctx).queryRow(`SELECT
		(SELECT count(*) FROM users),
		(SELECT count(*) FROM users WHERE has_print_access),
		(SELECT count(DISTINCT referrals.referral_code) FROM referrals
			JOIN users ON users.referral_code = referrals.referral_code),
		(SELECT count(*) FROM referrals JOIN users ON users.referral_code = referrals.referral_code)`,
	).Scan(&st.TotalUsers, &st.PaidUsers, &st.ActiveReferrers, &st.TotalReferrals)
	return &st, storeError(err, "stats")
}

func (db *DB) SetPrintAccess(ctx context.Context, userID int64, granted bool, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE users SET has_print_access = $2, updated_at = $3 WHERE id = $1`, userID, granted, now)
	if err == nil && n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "user not found")
	}
	return storeError(err, "user")
}

const adminOrderColumns = `physical_orders.id, physical_orders.order_id, physical_orders.user_id,
	physical_orders.label_type, physical_orders.quantity, physical_orders.price_pence,
	physical_orders.shipping_address, physical_orders.status, physical_orders.tracking_number,
	physical_orders.stripe_payment_id, physical_orders.created_at, coalesce(users.email, '')
	FROM physical_orders LEFT JOIN users ON users.id = physical_orders.user_id`

func scanAdminOrder(row scanner) (*cloud.AdminOrder, error) {
	var o cloud.AdminOrder
	err := row.Scan(&o.ID, &o.OrderID, &o.UserID, &o.LabelType, &o.Quantity, &o.PricePence,
		&o.ShippingAddress, &o.Status, &o.TrackingNumber, &o.StripePaymentID, timeDest(&o.CreatedAt), &o.UserEmail)
	return &o, err
}

// orderSearch matches $1 (lower case) as the whole status or label type,
// or $2 as part of the order id ($3: upper case) or the customer's address.
const orderSearch = `($1 = '' OR physical_orders.status = $1 OR physical_orders.label_type = $1
	OR physical_orders.order_id LIKE $3 ESCAPE '\' OR users.email LIKE $2 ESCAPE '\')`

func (db *DB) ListAdminOrders(ctx context.Context, q cloud.PageQuery) ([]*cloud.AdminOrder, int64, error) {
	c := db.conn(ctx)
	s := strings.ToLower(q.Search)
	args := []any{s, likeContains(s), likeContains(strings.ToUpper(s))}
	var total int64
	if err := c.queryRow(`SELECT count(*) FROM physical_orders LEFT JOIN users ON users.id = physical_orders.user_id
		WHERE `+orderSearch, args...).Scan(&total); err != nil {
		return nil, 0, storeError(err, "orders")
	}
	orders, err := list(c, "orders", scanAdminOrder, `SELECT `+adminOrderColumns+` WHERE `+orderSearch+`
		ORDER BY physical_orders.created_at DESC, physical_orders.id DESC LIMIT $4 OFFSET $5`, append(args, q.Limit, q.Offset)...)
	return orders, total, err
}

func (db *DB) FindAdminOrder(ctx context.Context, orderID string) (*cloud.AdminOrder, error) {
	o, err := scanAdminOrder(db.conn(ctx).queryRow(`SELECT `+adminOrderColumns+` WHERE physical_orders.order_id = $1`, orderID))
	if err != nil {
		return nil, storeError(err, "order")
	}
	return o, nil
}

func (db *DB) ChangeOrderStatus(ctx context.Context, ch *cloud.OrderStatusChange) error {
	return db.inTx(ctx, func(c conn) error {
		n, err := c.exec(`UPDATE physical_orders SET status = $2, tracking_number = $3 WHERE id = $1`,
			ch.OrderID, ch.Status, ch.TrackingNumber)
		if err != nil {
			return storeError(err, "order")
		}
		if n == 0 {
			return cloud.Errorf(cloud.ENOTFOUND, "order not found")
		}
		return insertOrderStatusChange(c, ch)
	})
}

// insertOrderStatusChange adds ch to its order's history and sets ch.ID.
func insertOrderStatusChange(c conn, ch *cloud.OrderStatusChange) error {
	var changedBy any
	if ch.ChangedBy != 0 {
		changedBy = ch.ChangedBy
	}
	err := c.queryRow(`INSERT INTO order_status_history (order_id, status, tracking_number, changed_by, changed_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		ch.OrderID, ch.Status, ch.TrackingNumber, changedBy, ch.ChangedAt).Scan(&ch.ID)
	return storeError(err, "order status change")
}

func (db *DB) ListOrderHistory(ctx context.Context, orderID int64) ([]*cloud.OrderStatusChange, error) {
	return list(db.conn(ctx), "order history", func(row scanner) (*cloud.OrderStatusChange, error) {
		var ch cloud.OrderStatusChange
		err := row.Scan(&ch.ID, &ch.OrderID, &ch.Status, &ch.TrackingNumber, &ch.ChangedBy, timeDest(&ch.ChangedAt))
		return &ch, err
	}, `SELECT id, order_id, status, tracking_number, coalesce(changed_by, 0), changed_at
		FROM order_status_history WHERE order_id = $1 ORDER BY changed_at, id`, orderID)
}

func (db *DB) CreateAuditEntry(ctx context.Context, e *cloud.AuditEntry) error {
	var target any
	if e.TargetUserID != 0 {
		target = e.TargetUserID
	}
	err := db.conn(ctx).queryRow(`INSERT INTO admin_audit_log (actor_email, action, target_user_id, target, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, e.ActorEmail, e.Action, target, e.Target, e.CreatedAt).Scan(&e.ID)
	return storeError(err, "audit entry")
}

func (db *DB) ListAuditEntries(ctx context.Context, q cloud.PageQuery) ([]*cloud.AuditEntry, int64, error) {
	c := db.conn(ctx)
	var total int64
	if err := c.queryRow(`SELECT count(*) FROM admin_audit_log`).Scan(&total); err != nil {
		return nil, 0, storeError(err, "audit log")
	}
	entries, err := list(c, "audit log", func(row scanner) (*cloud.AuditEntry, error) {
		var e cloud.AuditEntry
		err := row.Scan(&e.ID, &e.ActorEmail, &e.Action, &e.TargetUserID, &e.Target, timeDest(&e.CreatedAt))
		return &e, err
	}, `SELECT id, actor_email, action, coalesce(target_user_id, 0), target, created_at FROM admin_audit_log
		ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, q.Limit, q.Offset)
	return entries, total, err
}

func (db *DB) DeleteAuditEntriesBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM admin_audit_log WHERE created_at < $1`, before)
	return n, storeError(err, "audit log")
}
