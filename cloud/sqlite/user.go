package sqlite

import (
	"context"
	"database/sql"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

const userColumns = `users.id, users.email, users.password_hash, users.first_name, users.last_name,
	users.profile_image_url, users.stripe_customer_id, users.stripe_subscription_id,
	users.has_print_access, coalesce(users.referral_code, ''), users.referred_by_code,
	users.user_type, users.is_admin, users.is_active, users.created_at, users.updated_at`

// userRow receives userColumns; times arrive as text.
type userRow struct {
	u                cloud.User
	created, updated string
}

func (r *userRow) fields() []any {
	u := &r.u
	return []any{&u.ID, &u.Email, &u.PasswordHash, &u.FirstName, &u.LastName,
		&u.ProfileImageURL, &u.StripeCustomerID, &u.StripeSubscriptionID,
		&u.HasPrintAccess, &u.ReferralCode, &u.ReferredByCode,
		&u.UserType, &u.IsAdmin, &u.IsActive, &r.created, &r.updated}
}

func (r *userRow) user() (*cloud.User, error) {
	var err error
	if r.u.CreatedAt, err = parseTime(r.created); err != nil {
		return nil, err
	}
	if r.u.UpdatedAt, err = parseTime(r.updated); err != nil {
		return nil, err
	}
	return &r.u, nil
}

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func findUser(ctx context.Context, q queryer, where string, args ...any) (*cloud.User, error) {
	var r userRow
	if err := q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE `+where, args...).Scan(r.fields()...); err != nil {
		return nil, storeError(err, "user")
	}
	return r.user()
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
	err := db.db.QueryRowContext(ctx, `
		INSERT INTO users (email, password_hash, first_name, last_name, profile_image_url,
			stripe_customer_id, stripe_subscription_id, has_print_access, referral_code,
			referred_by_code, user_type, is_admin, is_active, created_at, updated_at)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1, ?13, ?14)
		RETURNING id`,
		u.Email, u.PasswordHash, u.FirstName, u.LastName, u.ProfileImageURL,
		u.StripeCustomerID, u.StripeSubscriptionID, u.HasPrintAccess, nullIfEmpty(u.ReferralCode),
		u.ReferredByCode, u.UserType, u.IsAdmin, formatTime(u.CreatedAt), formatTime(u.UpdatedAt),
	).Scan(&u.ID)
	return storeError(err, "user")
}

func (db *DB) FindUserByID(ctx context.Context, id int64) (*cloud.User, error) {
	return findUser(ctx, db.db, `id = ?1`, id)
}

func (db *DB) FindUserByEmail(ctx context.Context, email string) (*cloud.User, error) {
	return findUser(ctx, db.db, `email = ?1`, email)
}

func (db *DB) SeedAdmins(ctx context.Context, emails []string, now time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET is_admin = 0, updated_at = ?1 WHERE is_admin`, formatTime(now)); err != nil {
			return storeError(err, "admins")
		}
		for _, email := range emails {
			_, err := tx.ExecContext(ctx, `
				INSERT INTO users (email, is_admin, created_at, updated_at) VALUES (?1, 1, ?2, ?2)
				ON CONFLICT (email) DO UPDATE SET is_admin = 1, updated_at = ?2`, email, formatTime(now))
			if err != nil {
				return storeError(err, "admin")
			}
		}
		return nil
	})
}

func (db *DB) SetReferralCode(ctx context.Context, userID int64, code string, now time.Time) error {
	res, err := db.db.ExecContext(ctx, `
		UPDATE users SET referral_code = ?2, updated_at = ?3
		WHERE id = ?1 AND referral_code IS NULL`, userID, code, formatTime(now))
	if err != nil {
		return storeError(err, "referral code")
	}
	if n, err := res.RowsAffected(); err != nil {
		return storeError(err, "referral code")
	} else if n == 0 {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgReferralExists)
	}
	return nil
}

func (db *DB) SetResetToken(ctx context.Context, userID int64, tokenHash []byte, expiresAt time.Time) error {
	res, err := db.db.ExecContext(ctx, `
		UPDATE users SET reset_token_hash = ?2, reset_token_expiry = ?3 WHERE id = ?1`,
		userID, tokenHash, formatTime(expiresAt))
	if err != nil {
		return storeError(err, "reset token")
	}
	if n, err := res.RowsAffected(); err != nil {
		return storeError(err, "reset token")
	} else if n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "user not found")
	}
	return nil
}

func (db *DB) UsePasswordToken(ctx context.Context, tokenHash []byte, email, passwordHash string, now time.Time) (*cloud.User, error) {
	var user *cloud.User
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		user, err = findUser(ctx, tx, `reset_token_hash = ?1 AND reset_token_expiry > ?2 AND (?3 = '' OR email = ?3)`,
			tokenHash, formatTime(now), email)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `
			UPDATE users SET password_hash = ?2, reset_token_hash = NULL, reset_token_expiry = NULL,
				updated_at = ?3 WHERE id = ?1`, user.ID, passwordHash, formatTime(now)); err != nil {
			return storeError(err, "password")
		}
		user.PasswordHash = passwordHash
		if _, err := tx.ExecContext(ctx, `DELETE FROM user_sessions WHERE user_id = ?1`, user.ID); err != nil {
			return storeError(err, "sessions")
		}
		return nil
	})
	return user, err
}
