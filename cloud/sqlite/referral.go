package sqlite

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateReferral(ctx context.Context, r *cloud.Referral) error {
	return insertReferral(ctx, db.db, r)
}

// insertReferral inserts r and sets r.ID, on its own or in a payment's transaction.
func insertReferral(ctx context.Context, q queryer, r *cloud.Referral) error {
	err := q.QueryRowContext(ctx, `
		INSERT INTO referrals (referral_code, referrer_email, referred_email, reward_claimed, created_at)
		VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id`,
		r.ReferralCode, r.ReferrerEmail, r.ReferredEmail, r.RewardClaimed, formatTime(r.CreatedAt),
	).Scan(&r.ID)
	return storeError(err, "referral")
}

func (db *DB) ListReferrals(ctx context.Context, code string) ([]*cloud.Referral, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT id, referral_code, referrer_email, referred_email, reward_claimed, created_at
		FROM referrals WHERE referral_code = ?1 ORDER BY created_at, id`, code)
	if err != nil {
		return nil, storeError(err, "referrals")
	}
	defer rows.Close()
	var referrals []*cloud.Referral
	for rows.Next() {
		var r cloud.Referral
		var created string
		if err := rows.Scan(&r.ID, &r.ReferralCode, &r.ReferrerEmail, &r.ReferredEmail, &r.RewardClaimed, &created); err != nil {
			return nil, storeError(err, "referrals")
		}
		if r.CreatedAt, err = parseTime(created); err != nil {
			return nil, err
		}
		referrals = append(referrals, &r)
	}
	return referrals, storeError(rows.Err(), "referrals")
}
