package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
)

var _ cloud.PaymentStore = (*DB)(nil)

const paymentColumns = `id, ref, coalesce(intent_id, ''), email, kind, amount_pence, currency,
	label_type, shipping_address, referral_code, claim_token_hash, status, created_at, succeeded_at`

func scanPayment(row pgx.Row) (*cloud.Payment, error) {
	var p cloud.Payment
	var succeeded *time.Time
	if err := row.Scan(&p.ID, &p.Ref, &p.IntentID, &p.Email, &p.Kind, &p.AmountPence, &p.Currency,
		&p.LabelType, &p.ShippingAddress, &p.ReferralCode, &p.ClaimTokenHash, &p.Status,
		&p.CreatedAt, &succeeded); err != nil {
		return nil, storeError(err, "payment")
	}
	if succeeded != nil {
		p.SucceededAt = *succeeded
	}
	return &p, nil
}

func (db *DB) CreatePayment(ctx context.Context, p *cloud.Payment) error {
	err := db.pool.QueryRow(ctx, `
		INSERT INTO payments (ref, email, kind, amount_pence, currency, label_type,
			shipping_address, referral_code, claim_token_hash, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
		p.Ref, p.Email, p.Kind, p.AmountPence, p.Currency, p.LabelType,
		p.ShippingAddress, p.ReferralCode, p.ClaimTokenHash, p.Status, p.CreatedAt,
	).Scan(&p.ID)
	return storeError(err, "payment")
}

func (db *DB) SetPaymentIntent(ctx context.Context, ref, intentID string) error {
	tag, err := db.pool.Exec(ctx, `UPDATE payments SET intent_id = $2 WHERE ref = $1`, ref, intentID)
	if err == nil && tag.RowsAffected() == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "payment not found")
	}
	return storeError(err, "payment")
}

func (db *DB) FindPaymentByRef(ctx context.Context, ref string) (*cloud.Payment, error) {
	return scanPayment(db.pool.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE ref = $1`, ref))
}

func (db *DB) ListPayments(ctx context.Context, email string) ([]*cloud.Payment, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE email = $1 ORDER BY created_at DESC, id DESC`, email)
	if err != nil {
		return nil, storeError(err, "payments")
	}
	defer rows.Close()
	var payments []*cloud.Payment
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		payments = append(payments, p)
	}
	return payments, storeError(rows.Err(), "payments")
}

func (db *DB) InPaymentTx(ctx context.Context, fn func(cloud.PaymentTx) error) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return fn(paymentTx{ctx, tx}) })
}

// paymentTx runs each fulfilment step as one statement in tx.
type paymentTx struct {
	ctx context.Context
	tx  pgx.Tx
}

func (t paymentTx) RecordEvent(eventID, eventType string, now time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `INSERT INTO payment_events (event_id, type, received_at)
		VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`, eventID, eventType, now)
	if err != nil {
		return false, storeError(err, "payment event")
	}
	return tag.RowsAffected() == 1, nil
}

func (t paymentTx) LockPayment(ref string) (*cloud.Payment, error) {
	return scanPayment(t.tx.QueryRow(t.ctx, `SELECT `+paymentColumns+` FROM payments WHERE ref = $1 FOR UPDATE`, ref))
}

func (t paymentTx) MarkPaymentSucceeded(ref, intentID string, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `UPDATE payments SET status = 'succeeded', intent_id = $2, succeeded_at = $3,
		shipping_address = NULL WHERE ref = $1`, ref, intentID, now)
	return storeError(err, "payment")
}

func (t paymentTx) EnsureUser(email string, now time.Time) (*cloud.User, error) {
	if _, err := t.tx.Exec(t.ctx, `INSERT INTO users (email, user_type, created_at, updated_at)
		VALUES ($1, $2, $3, $3) ON CONFLICT (email) DO NOTHING`, email, cloud.UserTypeIndividual, now); err != nil {
		return nil, storeError(err, "user")
	}
	return scanUser(t.tx.QueryRow(t.ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, email))
}

func (t paymentTx) GrantPrintAccess(userID int64, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `UPDATE users SET has_print_access = true, updated_at = $2 WHERE id = $1`, userID, now)
	return storeError(err, "user")
}

func (t paymentTx) CreateOrder(o *cloud.Order) error { return insertOrder(t.ctx, t.tx, o) }

func (t paymentTx) FindUserByReferralCode(code string) (*cloud.User, error) {
	return scanUser(t.tx.QueryRow(t.ctx, `SELECT `+userColumns+` FROM users WHERE referral_code = $1`, code))
}

func (t paymentTx) SetReferredBy(userID int64, code string, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `UPDATE users SET referred_by_code = $2, updated_at = $3
		WHERE id = $1 AND referred_by_code = ''`, userID, code, now)
	return storeError(err, "user")
}

func (t paymentTx) CreateReferral(r *cloud.Referral) error { return insertReferral(t.ctx, t.tx, r) }

func (db *DB) ClaimAccount(ctx context.Context, userID int64, passwordHash string, now time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE users SET password_hash = $2, updated_at = $3
		WHERE id = $1 AND password_hash = ''`, userID, passwordHash, now)
	if err != nil {
		return storeError(err, "user")
	}
	if tag.RowsAffected() == 0 {
		return cloud.Errorf(cloud.ECONFLICT, "account already has a password")
	}
	return nil
}

func (db *DB) ListPaymentAddresses(ctx context.Context, afterID int64, limit int) ([]*cloud.Payment, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT id, ref, shipping_address FROM payments
		WHERE id > $1 AND shipping_address IS NOT NULL ORDER BY id LIMIT $2`, afterID, limit)
	if err != nil {
		return nil, storeError(err, "payments")
	}
	payments, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.Payment, error) {
		var p cloud.Payment
		err := row.Scan(&p.ID, &p.Ref, &p.ShippingAddress)
		return &p, err
	})
	return payments, storeError(err, "payments")
}

func (db *DB) ReplacePaymentAddress(ctx context.Context, paymentID int64, old, new []byte) (bool, error) {
	tag, err := db.pool.Exec(ctx, `
		UPDATE payments SET shipping_address = $3 WHERE id = $1 AND shipping_address = $2`, paymentID, old, new)
	if err != nil {
		return false, storeError(err, "payment")
	}
	return tag.RowsAffected() == 1, nil
}
