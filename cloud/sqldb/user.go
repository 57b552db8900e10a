package sqldb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

const userColumns = `users.id, users.email, users.password_hash, users.first_name, users.last_name,
	users.profile_image_url, users.stripe_customer_id, users.stripe_subscription_id,
	users.has_print_access, coalesce(users.referral_code, ''), users.referred_by_code,
	users.user_type, users.is_admin, users.is_active, users.created_at, users.updated_at,
	users.claim_token_hash, users.identity_fingerprint, coalesce(users.organization_id, 0)`

// userFields lists where each of userColumns is scanned to.
func userFields(u *cloud.User) []any {
	return []any{&u.ID, &u.Email, &u.PasswordHash, &u.FirstName, &u.LastName,
		&u.ProfileImageURL, &u.StripeCustomerID, &u.StripeSubscriptionID,
		&u.HasPrintAccess, &u.ReferralCode, &u.ReferredByCode,
		&u.UserType, &u.IsAdmin, &u.IsActive, timeDest(&u.CreatedAt), timeDest(&u.UpdatedAt),
		&u.ClaimTokenHash, &u.IdentityFingerprint, &u.OrganizationID}
}

// findUser returns the one user that matches where (a condition on users,
// which may end in the dialect's lockRows).
func findUser(c conn, where string, args ...any) (*cloud.User, error) {
	var u cloud.User
	if err := c.queryRow(`SELECT `+userColumns+` FROM users WHERE `+where, args...).Scan(userFields(&u)...); err != nil {
		return nil, storeError(err, "user")
	}
	return &u, nil
}

// nullIfEmpty stores an absent unique value as NULL, which never collides.
func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// CreateUser inserts an active account and sets u.ID.
func (db *DB) CreateUser(ctx context.Context, u *cloud.User) error {
	if u.UserType == "" {
		u.UserType = cloud.UserTypeIndividual
	}
	u.IsActive = true
	err := db.conn(ctx).queryRow(`
		INSERT INTO users (email, password_hash, first_name, last_name, profile_image_url,
			stripe_customer_id, stripe_subscription_id, has_print_access, referral_code,
			referred_by_code, user_type, is_admin, is_active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, $14)
		RETURNING id`,
		u.Email, u.PasswordHash, u.FirstName, u.LastName, u.ProfileImageURL,
		u.StripeCustomerID, u.StripeSubscriptionID, u.HasPrintAccess, nullIfEmpty(u.ReferralCode),
		u.ReferredByCode, u.UserType, u.IsAdmin, u.CreatedAt, u.UpdatedAt,
	).Scan(&u.ID)
	return storeError(err, "user")
}

func (db *DB) FindUserByID(ctx context.Context, id int64) (*cloud.User, error) {
	return findUser(db.conn(ctx), `id = $1`, id)
}

func (db *DB) FindUserByEmail(ctx context.Context, email string) (*cloud.User, error) {
	return findUser(db.conn(ctx), `email = $1`, email)
}

func (db *DB) SeedAdmins(ctx context.Context, emails []string, now time.Time) error {
	// Every instance seeds at its start, at the same moment as others: each
	// statement decides on a row as it is when the statement has it locked
	// (never on what an earlier read saw), so a second instance finds the
	// first's admins admins already and changes nothing of theirs.
	return db.inTx(ctx, func(c conn) error {
		args, marks := []any{now}, make([]string, 0, len(emails))
		for _, email := range emails {
			if _, err := c.exec(`INSERT INTO users (email, is_admin, created_at, updated_at) VALUES ($1, true, $2, $2)
				ON CONFLICT (email) DO NOTHING`, email, now); err != nil {
				return storeError(err, "admin")
			}
			// A newly listed address may have been claimed by anyone before
			// the operator listed it (an anonymous purchase makes an account
			// with the password its buyer chose): its password and sessions
			// go, and the set-up link goes to the mailbox, so that only the
			// mailbox's owner becomes the admin. A password link issued
			// before goes too (development answers a reset link to whoever
			// asks): the admin's first link is the one seeding mails.
			promoted, err := c.exec(`UPDATE users SET is_admin = true, password_hash = '', claim_token_hash = NULL,
					reset_token_hash = NULL, reset_token_expiry = NULL, updated_at = $2
				WHERE email = $1 AND NOT is_admin`, email, now)
			if err != nil {
				return storeError(err, "admin")
			}
			if promoted == 1 {
				if _, err := c.exec(`DELETE FROM user_sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)`, email); err != nil {
					return storeError(err, "admin sessions")
				}
			}
			args = append(args, email)
			marks = append(marks, fmt.Sprintf("$%d", len(args)))
		}
		unlisted := `UPDATE users SET is_admin = false, updated_at = $1 WHERE is_admin`
		if len(marks) > 0 {
			unlisted += ` AND email NOT IN (` + strings.Join(marks, ", ") + `)`
		}
		if _, err := c.exec(unlisted, args...); err != nil {
			return storeError(err, "admins")
		}
		return nil
	})
}

func scanString(row scanner) (*string, error) {
	var s string
	return &s, row.Scan(&s)
}

func (db *DB) SetReferralCode(ctx context.Context, userID int64, code string, now time.Time) error {
	n, err := db.conn(ctx).exec(`
		UPDATE users SET referral_code = $2, updated_at = $3
		WHERE id = $1 AND referral_code IS NULL`, userID, code, now)
	if err != nil {
		return storeError(err, "referral code")
	}
	if n == 0 {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgReferralExists)
	}
	return nil
}

func (db *DB) SetResetToken(ctx context.Context, userID int64, tokenHash []byte, expiresAt time.Time) error {
	n, err := db.conn(ctx).exec(`
		UPDATE users SET reset_token_hash = $2, reset_token_expiry = $3 WHERE id = $1`,
		userID, tokenHash, expiresAt)
	if err != nil {
		return storeError(err, "reset token")
	}
	if n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "user not found")
	}
	return nil
}

func (db *DB) SetResetTokenUnlessLive(ctx context.Context, userID int64, tokenHash []byte, expiresAt, now time.Time) (bool, error) {
	// One statement: PostgreSQL's row lock makes a second instance's update
	// wait for the first and then see its live token; SQLite's write lock
	// runs them one after the other.
	n, err := db.conn(ctx).exec(`
		UPDATE users SET reset_token_hash = $2, reset_token_expiry = $3
		WHERE id = $1 AND (reset_token_hash IS NULL OR reset_token_expiry <= $4)`,
		userID, tokenHash, expiresAt, now)
	return n == 1, storeError(err, "reset token")
}

func (db *DB) UsePasswordToken(ctx context.Context, tokenHash []byte, email, passwordHash string, now time.Time) (*cloud.User, error) {
	var user *cloud.User
	err := db.inTx(ctx, func(c conn) error {
		var err error
		user, err = findUser(c, `reset_token_hash = $1 AND reset_token_expiry > $2 AND ($3 = '' OR email = $3)`+c.d.lockRows,
			tokenHash, now, email)
		if err != nil {
			return err
		}
		// A password set through the mailed link also unlocks a second
		// step locked by wrong codes (cloud.SecondStepFailuresPerAccount):
		// whoever guessed them had the old password, which is gone now.
		if _, err := c.exec(`
			UPDATE users SET password_hash = $2, used_reset_token_hash = reset_token_hash,
				reset_token_hash = NULL, reset_token_expiry = NULL, second_step_failures = 0, updated_at = $3
			WHERE id = $1`, user.ID, passwordHash, now); err != nil {
			return storeError(err, "password")
		}
		user.PasswordHash = passwordHash
		return deleteSessions(c, `user_id = $1`, user.ID)
	})
	return user, err
}

func (db *DB) PasswordTokenState(ctx context.Context, tokenHash []byte, now time.Time) (string, error) {
	var used, expired bool
	err := db.conn(ctx).queryRow(`SELECT
		EXISTS (SELECT 1 FROM users WHERE used_reset_token_hash = $1),
		EXISTS (SELECT 1 FROM users WHERE reset_token_hash = $1 AND reset_token_expiry <= $2)`,
		tokenHash, now).Scan(&used, &expired)
	switch {
	case err != nil:
		return "", storeError(err, "password link")
	case used:
		return cloud.PasswordTokenUsed, nil
	case expired:
		return cloud.PasswordTokenExpired, nil
	}
	return "", nil
}

func (db *DB) FindUserByPasswordToken(ctx context.Context, tokenHash []byte, email string, now time.Time) (*cloud.User, error) {
	return findUser(db.conn(ctx), `reset_token_hash = $1 AND reset_token_expiry > $2 AND ($3 = '' OR email = $3)`,
		tokenHash, now, email)
}

func (db *DB) SetIdentityFingerprint(ctx context.Context, userID int64, fingerprint []byte) error {
	_, err := db.conn(ctx).exec(`UPDATE users SET identity_fingerprint = $2 WHERE id = $1`, userID, fingerprint)
	return storeError(err, "user")
}

func (db *DB) ClaimAccount(ctx context.Context, userID int64, claimTokenHash []byte, passwordHash string, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE users SET password_hash = $3, claim_token_hash = NULL, updated_at = $4
		WHERE id = $1 AND claim_token_hash = $2 AND password_hash = '' AND NOT is_admin`,
		userID, claimTokenHash, passwordHash, now)
	if err != nil {
		return storeError(err, "user")
	}
	if n == 0 {
		return cloud.Errorf(cloud.ECONFLICT, "account already has a password")
	}
	return nil
}
