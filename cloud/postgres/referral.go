package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateReferral(ctx context.Context, r *cloud.Referral) error {
	return insertReferral(ctx, db.pool, r)
}

// insertReferral inserts r and sets r.ID, on its own or in a payment's transaction.
func insertReferral(ctx context.Context, q rowQueryer, r *cloud.Referral) error {
	err := q.QueryRow(ctx, `
		INSERT INTO referrals (referral_code, referrer_email, referred_email, reward_claimed, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		r.ReferralCode, r.ReferrerEmail, r.ReferredEmail, r.RewardClaimed, r.CreatedAt,
	).Scan(&r.ID)
	return storeError(err, "referral")
}

func (db *DB) ListReferrals(ctx context.Context, code string) ([]*cloud.Referral, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT id, referral_code, referrer_email, referred_email, reward_claimed, created_at
		FROM referrals WHERE referral_code = $1 ORDER BY created_at, id`, code)
	if err != nil {
		return nil, storeError(err, "referrals")
	}
	referrals, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.Referral, error) {
		var r cloud.Referral
		err := row.Scan(&r.ID, &r.ReferralCode, &r.ReferrerEmail, &r.ReferredEmail, &r.RewardClaimed, &r.CreatedAt)
		return &r, err
	})
	return referrals, storeError(err, "referrals")
}
