package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) DeletePersonalData(ctx context.Context, userID int64, now time.Time) error {
	return db.inTx(ctx, func(c conn) error {
		statements := []string{
			`DELETE FROM emergency_data WHERE user_id = $1`,
			// The reminders were about the record: when it was confirmed and
			// whether the mail's link was used.
			`DELETE FROM review_reminders WHERE user_id = $1`,
			`UPDATE physical_orders SET shipping_address = NULL WHERE user_id = $1`,
			`UPDATE payments SET shipping_address = NULL WHERE email = (SELECT email FROM users WHERE id = $1)`,
		}
		for _, q := range statements {
			if _, err := c.exec(q, userID); err != nil {
				return storeError(err, "personal data")
			}
		}
		_, err := c.exec(`
			UPDATE users SET first_name = '', last_name = '', profile_image_url = '',
				department = '', employee_id = '', job_title = '', updated_at = $2
			WHERE id = $1`, userID, now)
		return storeError(err, "personal data")
	})
}

func (db *DB) DeleteAccount(ctx context.Context, userID int64) error {
	return db.inTx(ctx, func(c conn) error {
		user, err := findUser(c, `id = $1`+c.d.lockRows, userID)
		if err != nil {
			return err
		}
		return deleteAccount(c, user)
	})
}

// deleteAccount deletes a user and everything that names them (account
// deletion, an admin's, and an organisation's removal of a member).
func deleteAccount(c conn, user *cloud.User) error {
	userID := user.ID
	// Referrals name people by address; the user's own referrals go, and
	// where they were the one referred, the referrer keeps the count only.
	if _, err := c.exec(`DELETE FROM referrals WHERE referrer_email = $1`, user.Email); err != nil {
		return storeError(err, "referrals")
	}
	if _, err := c.exec(`UPDATE referrals SET referred_email = '' WHERE referred_email = $1`, user.Email); err != nil {
		return storeError(err, "referrals")
	}
	if user.ReferralCode != "" {
		if _, err := c.exec(`UPDATE users SET referred_by_code = '' WHERE referred_by_code = $1`, user.ReferralCode); err != nil {
			return storeError(err, "referrals")
		}
		if _, err := c.exec(`UPDATE payments SET referral_code = '' WHERE referral_code = $1`, user.ReferralCode); err != nil {
			return storeError(err, "payments")
		}
	}
	// A member's invitation goes with them (it would list them as pending again).
	if user.OrganizationID != 0 {
		if _, err := c.exec(`DELETE FROM team_invitations WHERE organization_id = $1 AND email = $2`,
			user.OrganizationID, user.Email); err != nil {
			return storeError(err, "invitation")
		}
	}
	// Payments stay for the books, without anything that names the person.
	if _, err := c.exec(`UPDATE payments SET email = '', shipping_address = NULL, claim_token_hash = NULL,
		referral_code = '' WHERE email = $1`, user.Email); err != nil {
		return storeError(err, "payments")
	}
	// The admin audit log keeps what was done, but no longer whose
	// account it was, nor who did it if the deleted user was the admin.
	if _, err := c.exec(`UPDATE admin_audit_log SET target_user_id = NULL, target = $2
		WHERE target_user_id = $1`, userID, cloud.AuditDeletedTarget); err != nil {
		return storeError(err, "audit log")
	}
	if _, err := c.exec(`UPDATE admin_audit_log SET actor_email = $2 WHERE actor_email = $1`,
		user.Email, cloud.AuditDeletedTarget); err != nil {
		return storeError(err, "audit log")
	}
	// Sessions, emergency data, orders and their history go by ON DELETE
	// CASCADE; an admin's changes keep their history, without the admin.
	_, err := c.exec(`DELETE FROM users WHERE id = $1`, userID)
	return storeError(err, "user")
}
