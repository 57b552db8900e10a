package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) ConfirmEmergencyRecord(ctx context.Context, userID int64, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE emergency_data SET reviewed_at = $2 WHERE user_id = $1`, userID, now)
	if err != nil {
		return storeError(err, "emergency data")
	}
	if n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "emergency data not found")
	}
	return nil
}

func (db *DB) ReviewInterval(ctx context.Context, userID int64) (int, error) {
	var months int
	err := db.conn(ctx).queryRow(`SELECT review_reminder_months FROM users WHERE id = $1`, userID).Scan(&months)
	return months, storeError(err, "user")
}

func (db *DB) SetReviewInterval(ctx context.Context, userID int64, months int) error {
	n, err := db.conn(ctx).exec(`UPDATE users SET review_reminder_months = $2 WHERE id = $1`, userID, months)
	if err != nil {
		return storeError(err, "user")
	}
	if n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "user not found")
	}
	return nil
}

func (db *DB) ListReviewsDue(ctx context.Context, cutoffs cloud.ReviewCutoffs, limit int) ([]cloud.ReviewDue, error) {
	rows, err := list(db.conn(ctx), "review", func(row scanner) (*cloud.ReviewDue, error) {
		var d cloud.ReviewDue
		return &d, row.Scan(&d.UserID, &d.Email, timeDest(&d.ReviewedAt))
	}, `
		SELECT u.id, u.email, e.reviewed_at FROM users u JOIN emergency_data e ON e.user_id = u.id
		WHERE u.is_active AND u.user_type = $1
			AND ((u.review_reminder_months = $2 AND e.reviewed_at <= $3)
				OR (u.review_reminder_months = $4 AND e.reviewed_at <= $5))
			AND NOT EXISTS (SELECT 1 FROM review_reminders r WHERE r.user_id = u.id AND r.period_start = e.reviewed_at)
		ORDER BY u.id LIMIT $6`,
		cloud.UserTypeIndividual, cloud.ReviewEverySixMonths, cutoffs.SixMonths, cloud.ReviewEveryYear, cutoffs.Year, limit)
	if err != nil {
		return nil, err
	}
	due := make([]cloud.ReviewDue, len(rows))
	for i, d := range rows {
		due[i] = *d
	}
	return due, nil
}

func (db *DB) CreateReviewReminder(ctx context.Context, r *cloud.ReviewReminder) (bool, error) {
	n, err := db.conn(ctx).exec(`
		INSERT INTO review_reminders (user_id, period_start, sent_at, confirm_token_hash, confirm_expires_at,
			unsubscribe_token_hash, unsubscribe_expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (user_id, period_start) DO NOTHING`,
		r.UserID, r.PeriodStart, r.SentAt, r.ConfirmTokenHash, r.ConfirmExpiresAt,
		r.UnsubscribeTokenHash, r.UnsubscribeExpiresAt)
	if err != nil || n == 0 {
		return false, storeError(err, "review reminder")
	}
	found, err := db.findReviewReminder(db.conn(ctx), `confirm_token_hash = $1`, r.ConfirmTokenHash)
	if err != nil {
		return false, err
	}
	r.ID = found.ID
	return true, nil
}

const reviewReminderColumns = `id, user_id, period_start, sent_at, confirm_token_hash, confirm_expires_at,
	confirmed_at, unsubscribe_token_hash, unsubscribe_expires_at`

func (db *DB) findReviewReminder(c conn, where string, args ...any) (*cloud.ReviewReminder, error) {
	var r cloud.ReviewReminder
	var confirmedAt time.Time
	err := c.queryRow(`SELECT `+reviewReminderColumns+` FROM review_reminders WHERE `+where, args...).Scan(
		&r.ID, &r.UserID, timeDest(&r.PeriodStart), timeDest(&r.SentAt), &r.ConfirmTokenHash,
		timeDest(&r.ConfirmExpiresAt), timeDest(&confirmedAt), &r.UnsubscribeTokenHash, timeDest(&r.UnsubscribeExpiresAt))
	if err != nil {
		return nil, storeError(err, "review reminder")
	}
	if !confirmedAt.IsZero() {
		r.ConfirmedAt = &confirmedAt
	}
	return &r, nil
}

func (db *DB) FindReviewReminderByConfirmToken(ctx context.Context, tokenHash []byte) (*cloud.ReviewReminder, error) {
	return db.findReviewReminder(db.conn(ctx), `confirm_token_hash = $1`, tokenHash)
}

func (db *DB) FindReviewReminderByUnsubscribeToken(ctx context.Context, tokenHash []byte) (*cloud.ReviewReminder, error) {
	return db.findReviewReminder(db.conn(ctx), `unsubscribe_token_hash = $1`, tokenHash)
}

func (db *DB) UseReviewConfirmLink(ctx context.Context, reminderID int64, now time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE review_reminders SET confirmed_at = $2 WHERE id = $1 AND confirmed_at IS NULL`,
		reminderID, now)
	return n == 1, storeError(err, "review reminder")
}
