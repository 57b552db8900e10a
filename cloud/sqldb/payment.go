package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

const paymentColumns = `id, ref, coalesce(intent_id, ''), email, kind, amount_pence, currency,
	label_type, quantity, shipping_address, referral_code, claim_token_hash, status, created_at, succeeded_at`

func scanPayment(row scanner) (*cloud.Payment, error) {
	var p cloud.Payment
	err := row.Scan(&p.ID, &p.Ref, &p.IntentID, &p.Email, &p.Kind, &p.AmountPence, &p.Currency,
		&p.LabelType, &p.Quantity, &p.ShippingAddress, &p.ReferralCode, &p.ClaimTokenHash, &p.Status,
		timeDest(&p.CreatedAt), timeDest(&p.SucceededAt))
	return &p, err
}

// findPayment returns the payment with ref; lock is "" or the dialect's lockRows.
func findPayment(c conn, ref, lock string) (*cloud.Payment, error) {
	p, err := scanPayment(c.queryRow(`SELECT `+paymentColumns+` FROM payments WHERE ref = $1`+lock, ref))
	if err != nil {
		return nil, storeError(err, "payment")
	}
	return p, nil
}

func (db *DB) CreatePayment(ctx context.Context, p *cloud.Payment) error {
	err := db.conn(ctx).queryRow(`
		INSERT INTO payments (ref, email, kind, amount_pence, currency, label_type, quantity,
			shipping_address, referral_code, claim_token_hash, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
		p.Ref, p.Email, p.Kind, p.AmountPence, p.Currency, p.LabelType, max(p.Quantity, 1),
		p.ShippingAddress, p.ReferralCode, p.ClaimTokenHash, p.Status, p.CreatedAt,
	).Scan(&p.ID)
	return storeError(err, "payment")
}

func (db *DB) SetPaymentIntent(ctx context.Context, ref, intentID string) error {
	n, err := db.conn(ctx).exec(`UPDATE payments SET intent_id = $2 WHERE ref = $1`, ref, intentID)
	if err == nil && n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "payment not found")
	}
	return storeError(err, "payment")
}

func (db *DB) FindPaymentByRef(ctx context.Context, ref string) (*cloud.Payment, error) {
	return findPayment(db.conn(ctx), ref, "")
}

func (db *DB) ListPayments(ctx context.Context, email string) ([]*cloud.Payment, error) {
	return list(db.conn(ctx), "payments", scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE email = $1 ORDER BY created_at DESC, id DESC`, email)
}

func (db *DB) ListPaymentAddresses(ctx context.Context, afterID int64, limit int) ([]*cloud.Payment, error) {
	return list(db.conn(ctx), "payments", func(row scanner) (*cloud.Payment, error) {
		var p cloud.Payment
		err := row.Scan(&p.ID, &p.Ref, &p.ShippingAddress)
		return &p, err
	}, `
		SELECT id, ref, shipping_address FROM payments
		WHERE id > $1 AND shipping_address IS NOT NULL ORDER BY id LIMIT $2`, afterID, limit)
}

func (db *DB) ReplacePaymentAddress(ctx context.Context, paymentID int64, old, new []byte) (bool, error) {
	n, err := db.conn(ctx).exec(`
		UPDATE payments SET shipping_address = $3 WHERE id = $1 AND shipping_address = $2`, paymentID, old, new)
	return n == 1, storeError(err, "payment")
}

func (db *DB) InPaymentTx(ctx context.Context, fn func(cloud.PaymentTx) error) error {
	return db.inTx(ctx, func(c conn) error { return fn(paymentTx{c}) })
}

// paymentTx runs each fulfilment step as one statement in a transaction.
type paymentTx struct{ c conn }

func (t paymentTx) RecordEvent(eventID, eventType string, now time.Time) (bool, error) {
	n, err := t.c.exec(`INSERT INTO payment_events (event_id, type, received_at)
		VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`, eventID, eventType, now)
	return n == 1, storeError(err, "payment event")
}

func (t paymentTx) LockPayment(ref string) (*cloud.Payment, error) {
	return findPayment(t.c, ref, t.c.d.lockRows)
}

func (t paymentTx) MarkPaymentSucceeded(ref, intentID string, now time.Time) error {
	_, err := t.c.exec(`UPDATE payments SET status = 'succeeded', intent_id = $2, succeeded_at = $3,
		shipping_address = NULL WHERE ref = $1`, ref, intentID, now)
	return storeError(err, "payment")
}

func (t paymentTx) CreatePaidUser(email string, claimTokenHash []byte, now time.Time) (*cloud.User, error) {
	n, err := t.c.exec(`INSERT INTO users (email, user_type, claim_token_hash, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $4) ON CONFLICT (email) DO NOTHING`, email, cloud.UserTypeIndividual, claimTokenHash, now)
	if err != nil {
		return nil, storeError(err, "user")
	}
	if n == 0 {
		return nil, cloud.Errorf(cloud.ECONFLICT, "user already exists")
	}
	return findUser(t.c, `email = $1`, email)
}

func (t paymentTx) FindUserByEmail(email string) (*cloud.User, error) {
	return findUser(t.c, `email = $1`+t.c.d.lockRows, email)
}

func (t paymentTx) GrantPrintAccess(userID int64, now time.Time) error {
	_, err := t.c.exec(`UPDATE users SET has_print_access = true, updated_at = $2 WHERE id = $1`, userID, now)
	return storeError(err, "user")
}

func (t paymentTx) CreateOrder(o *cloud.Order) error { return insertOrder(t.c, o) }

func (t paymentTx) FindUserByReferralCode(code string) (*cloud.User, error) {
	return findUser(t.c, `referral_code = $1`, code)
}

func (t paymentTx) SetReferredBy(userID int64, code string, now time.Time) error {
	_, err := t.c.exec(`UPDATE users SET referred_by_code = $2, updated_at = $3
		WHERE id = $1 AND referred_by_code = ''`, userID, code, now)
	return storeError(err, "user")
}

func (t paymentTx) CreateReferral(r *cloud.Referral) error { return insertReferral(t.c, r) }
