package sqldb

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateReferral(ctx context.Context, r *cloud.Referral) error {
	return insertReferral(db.conn(ctx), r)
}

// insertReferral inserts r and sets r.ID, on its own or in a payment's transaction.
func insertReferral(c conn, r *cloud.Referral) error {
	err := c.queryRow(`
		INSERT INTO referrals (referral_code, referrer_email, referred_email, reward_claimed, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		r.ReferralCode, r.ReferrerEmail, r.ReferredEmail, r.RewardClaimed, r.CreatedAt,
	).Scan(&r.ID)
	return storeError(err, "referral")
}

func (db *DB) ListReferrals(ctx context.Context, code string) ([]*cloud.Referral, error) {
	return list(db.conn(ctx), "referrals", func(row scanner) (*cloud.Referral, error) {
		var r cloud.Referral
		err := row.Scan(&r.ID, &r.ReferralCode, &r.ReferrerEmail, &r.ReferredEmail, &r.RewardClaimed, timeDest(&r.CreatedAt))
		return &r, err
	}, `
		SELECT id, referral_code, referrer_email, referred_email, reward_claimed, created_at
		FROM referrals WHERE referral_code = $1 ORDER BY created_at, id`, code)
}
