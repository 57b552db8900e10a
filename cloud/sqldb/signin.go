package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Second factors, sign-in challenges and the session list (signin.go in
// package cloud): sign_in_challenges, user_totp, user_passkeys,
// recovery_codes, and user_sessions' user_agent and last_seen_at.

const challengeColumns = `token_hash, user_id, purpose, webauthn_session, expires_at, created_at`

func scanChallenge(row scanner) (*cloud.SignInChallenge, error) {
	var c cloud.SignInChallenge
	err := row.Scan(&c.TokenHash, &c.UserID, &c.Purpose, &c.WebAuthnSession, timeDest(&c.ExpiresAt), timeDest(&c.CreatedAt))
	if err != nil {
		return nil, storeError(err, "sign-in")
	}
	return &c, nil
}

func (db *DB) CreateSignInChallenge(ctx context.Context, c *cloud.SignInChallenge) error {
	_, err := db.conn(ctx).exec(`INSERT INTO sign_in_challenges (token_hash, user_id, purpose, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)`, c.TokenHash, c.UserID, c.Purpose, c.ExpiresAt, c.CreatedAt)
	return storeError(err, "sign-in")
}

func (db *DB) FindSignInChallenge(ctx context.Context, tokenHash []byte, purpose string, now time.Time) (*cloud.SignInChallenge, error) {
	return scanChallenge(db.conn(ctx).queryRow(`SELECT `+challengeColumns+` FROM sign_in_challenges
		WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3`, tokenHash, purpose, now))
}

func (db *DB) SetChallengeWebAuthn(ctx context.Context, tokenHash []byte, session []byte) error {
	n, err := db.conn(ctx).exec(`UPDATE sign_in_challenges SET webauthn_session = $2 WHERE token_hash = $1`, tokenHash, session)
	if err == nil && n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, "sign-in not found")
	}
	return storeError(err, "sign-in")
}

func (db *DB) TakeSignInChallenge(ctx context.Context, tokenHash []byte, purpose string, now time.Time) (*cloud.SignInChallenge, error) {
	return scanChallenge(db.conn(ctx).queryRow(`DELETE FROM sign_in_challenges
		WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3 RETURNING `+challengeColumns, tokenHash, purpose, now))
}

func (db *DB) DeleteExpiredSignInChallenges(ctx context.Context, now time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM sign_in_challenges WHERE expires_at <= $1`, now)
	return n, storeError(err, "sign-ins")
}

func (db *DB) SaveTOTP(ctx context.Context, userID int64, secretSealed []byte, now time.Time) error {
	return db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(`DELETE FROM user_totp WHERE user_id = $1`, userID); err != nil {
			return storeError(err, "authenticator app")
		}
		_, err := c.exec(`INSERT INTO user_totp (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)`,
			userID, secretSealed, now)
		return storeError(err, "authenticator app")
	})
}

func (db *DB) FindTOTP(ctx context.Context, userID int64) (*cloud.TOTP, error) {
	t := cloud.TOTP{UserID: userID}
	var enabledAt time.Time
	err := db.conn(ctx).queryRow(`SELECT secret_sealed, enabled_at, last_step FROM user_totp WHERE user_id = $1`, userID).
		Scan(&t.SecretSealed, timeDest(&enabledAt), &t.LastStep)
	if err != nil {
		return nil, storeError(err, "authenticator app")
	}
	t.Enabled = !enabledAt.IsZero()
	return &t, nil
}

func (db *DB) UseTOTPStep(ctx context.Context, userID, step int64, enable bool, now time.Time) (bool, error) {
	// One statement, so two requests with the same code cannot both pass.
	query := `UPDATE user_totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2 AND enabled_at IS NOT NULL`
	args := []any{userID, step}
	if enable {
		query = `UPDATE user_totp SET last_step = $2, enabled_at = $3 WHERE user_id = $1 AND last_step < $2 AND enabled_at IS NULL`
		args = append(args, now)
	}
	n, err := db.conn(ctx).exec(query, args...)
	return n == 1, storeError(err, "authenticator app")
}

func (db *DB) DeleteTOTP(ctx context.Context, userID int64) error {
	_, err := db.conn(ctx).exec(`DELETE FROM user_totp WHERE user_id = $1`, userID)
	return storeError(err, "authenticator app")
}

func (db *DB) ListTOTPSecrets(ctx context.Context, afterUserID int64, limit int) ([]*cloud.TOTP, error) {
	return list(db.conn(ctx), "authenticator apps", func(row scanner) (*cloud.TOTP, error) {
		var t cloud.TOTP
		return &t, row.Scan(&t.UserID, &t.SecretSealed)
	}, `SELECT user_id, secret_sealed FROM user_totp WHERE user_id > $1 ORDER BY user_id LIMIT $2`, afterUserID, limit)
}

func (db *DB) ReplaceTOTPSecret(ctx context.Context, userID int64, old, new []byte) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE user_totp SET secret_sealed = $3 WHERE user_id = $1 AND secret_sealed = $2`,
		userID, old, new)
	return n == 1, storeError(err, "authenticator app")
}

const passkeyColumns = `id, user_id, credential_id, credential, sign_count, name, created_at, last_used_at FROM user_passkeys`

func scanPasskey(row scanner) (*cloud.Passkey, error) {
	var p cloud.Passkey
	var count int64
	err := row.Scan(&p.ID, &p.UserID, &p.CredentialID, &p.Credential, &count, &p.Name, timeDest(&p.CreatedAt), timeDest(&p.LastUsedAt))
	p.SignCount = uint32(count)
	return &p, err
}

func (db *DB) CreatePasskey(ctx context.Context, p *cloud.Passkey) error {
	err := db.conn(ctx).queryRow(`INSERT INTO user_passkeys (user_id, credential_id, credential, sign_count, name, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		p.UserID, p.CredentialID, p.Credential, int64(p.SignCount), p.Name, p.CreatedAt).Scan(&p.ID)
	return storeError(err, "passkey")
}

func (db *DB) ListPasskeys(ctx context.Context, userID int64) ([]*cloud.Passkey, error) {
	return list(db.conn(ctx), "passkeys", scanPasskey, `SELECT `+passkeyColumns+` WHERE user_id = $1 ORDER BY id`, userID)
}

func (db *DB) FindPasskeyByCredentialID(ctx context.Context, credentialID []byte) (*cloud.Passkey, error) {
	p, err := scanPasskey(db.conn(ctx).queryRow(`SELECT `+passkeyColumns+` WHERE credential_id = $1`, credentialID))
	if err != nil {
		return nil, storeError(err, "passkey")
	}
	return p, nil
}

func (db *DB) UsePasskey(ctx context.Context, id int64, credential []byte, signCount uint32, now time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE user_passkeys SET credential = $2, sign_count = $3, last_used_at = $4
		WHERE id = $1 AND (sign_count < $3 OR (sign_count = 0 AND $3 = 0))`, id, credential, int64(signCount), now)
	return n == 1, storeError(err, "passkey")
}

func (db *DB) DeletePasskey(ctx context.Context, userID, id int64) (*cloud.Passkey, error) {
	p, err := scanPasskey(db.conn(ctx).queryRow(`DELETE FROM user_passkeys WHERE user_id = $1 AND id = $2
		RETURNING `+passkeyColumns[:len(passkeyColumns)-len(" FROM user_passkeys")], userID, id))
	if err != nil {
		return nil, storeError(err, "passkey")
	}
	return p, nil
}

func (db *DB) ReplaceRecoveryCodes(ctx context.Context, userID int64, hashes [][]byte) error {
	return db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(`DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return storeError(err, "recovery codes")
		}
		for _, h := range hashes {
			if _, err := c.exec(`INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)`, userID, h); err != nil {
				return storeError(err, "recovery codes")
			}
		}
		return nil
	})
}

func (db *DB) UseRecoveryCode(ctx context.Context, userID int64, hash []byte, now time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE recovery_codes SET used_at = $3
		WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`, userID, hash, now)
	return n == 1, storeError(err, "recovery code")
}

func (db *DB) CountRecoveryCodes(ctx context.Context, userID int64) (int, error) {
	var n int
	err := db.conn(ctx).queryRow(`SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`, userID).Scan(&n)
	return n, storeError(err, "recovery codes")
}

// ReserveSecondStep: each count is one UPDATE whose condition PostgreSQL
// re-checks against the row as the request before left it (a second
// request waits on the row's lock); SQLite writes one at a time.
func (db *DB) ReserveSecondStep(ctx context.Context, tokenHash []byte, userID int64, now time.Time, perSignIn, perAccount int) (cloud.SecondStepCount, error) {
	var count cloud.SecondStepCount
	err := db.inTx(ctx, func(c conn) error {
		if tokenHash != nil {
			err := c.queryRow(`UPDATE sign_in_challenges SET failures = failures + 1
				WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3 AND failures < $4 RETURNING failures`,
				tokenHash, userID, now, perSignIn).Scan(&count.SignIn)
			if cloud.ErrorCode(storeError(err, "sign-in")) == cloud.ENOTFOUND {
				count.UsedUp = true
				return nil
			} else if err != nil {
				return storeError(err, "sign-in")
			}
		}
		err := c.queryRow(`UPDATE users SET second_step_failures = second_step_failures + 1
			WHERE id = $1 AND second_step_failures < $2 RETURNING second_step_failures`, userID, perAccount).Scan(&count.Account)
		if cloud.ErrorCode(storeError(err, "sign-in")) == cloud.ENOTFOUND {
			count.Locked = true
			_, err := c.exec(`UPDATE sign_in_challenges SET failures = failures - 1 WHERE token_hash = $1`, tokenHash)
			return storeError(err, "sign-in")
		}
		return storeError(err, "sign-in")
	})
	return count, err
}

func (db *DB) ReleaseSecondStep(ctx context.Context, tokenHash []byte, userID int64) error {
	return db.inTx(ctx, func(c conn) error {
		if tokenHash != nil {
			_, err := c.exec(`UPDATE sign_in_challenges SET failures = failures - 1 WHERE token_hash = $1 AND failures > 0`, tokenHash)
			if err != nil {
				return storeError(err, "sign-in")
			}
		}
		_, err := c.exec(`UPDATE users SET second_step_failures = second_step_failures - 1
			WHERE id = $1 AND second_step_failures > 0`, userID)
		return storeError(err, "sign-in")
	})
}

func (db *DB) ClearSecondStepFailures(ctx context.Context, userID int64) error {
	_, err := db.conn(ctx).exec(`UPDATE users SET second_step_failures = 0 WHERE id = $1 AND second_step_failures <> 0`, userID)
	return storeError(err, "sign-in")
}

func (db *DB) DeleteSecondFactors(ctx context.Context, userID int64) error {
	return db.inTx(ctx, func(c conn) error {
		for _, table := range []string{"user_totp", "user_passkeys", "recovery_codes"} {
			if _, err := c.exec(`DELETE FROM `+table+` WHERE user_id = $1`, userID); err != nil {
				return storeError(err, "second factors")
			}
		}
		return nil
	})
}

func scanSessionInfo(row scanner) (*cloud.SessionInfo, error) {
	var s cloud.SessionInfo
	err := row.Scan(&s.TokenHash, &s.UserAgent, timeDest(&s.CreatedAt), timeDest(&s.LastSeenAt), timeDest(&s.ExpiresAt))
	if s.LastSeenAt.IsZero() {
		s.LastSeenAt = s.CreatedAt
	}
	return &s, err
}

func (db *DB) ListSessions(ctx context.Context, userID int64, now time.Time) ([]*cloud.SessionInfo, error) {
	return list(db.conn(ctx), "sessions", scanSessionInfo, `SELECT user_sessions.session_token, user_sessions.user_agent,
		user_sessions.created_at, user_sessions.last_seen_at, user_sessions.expires_at
		FROM user_sessions `+parentJoin+`
		WHERE user_sessions.user_id = $1 AND user_sessions.expires_at > $2 AND `+parentLive+`
		ORDER BY user_sessions.created_at DESC`, userID, now)
}

func (db *DB) TouchSession(ctx context.Context, tokenHash []byte, now time.Time) error {
	_, err := db.conn(ctx).exec(`UPDATE user_sessions SET last_seen_at = $2 WHERE session_token = $1`, tokenHash, now)
	return storeError(err, "session")
}

func (db *DB) DeleteUserSession(ctx context.Context, userID int64, tokenHash []byte) error {
	return db.inTx(ctx, func(c conn) error {
		var n int
		err := c.queryRow(`SELECT count(*) FROM user_sessions WHERE user_id = $1 AND session_token = $2`, userID, tokenHash).Scan(&n)
		if err == nil && n == 0 {
			return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSessionNotFound)
		} else if err != nil {
			return storeError(err, "session")
		}
		return deleteSessions(c, `user_id = $1 AND (session_token = $2 OR parent_token = $2)`, userID, tokenHash)
	})
}

func (db *DB) DeleteOtherSessions(ctx context.Context, userID int64, keep []byte) error {
	return db.inTx(ctx, func(c conn) error {
		if keep == nil {
			// Every session (a NULL would match none in "<>").
			return deleteSessions(c, `user_id = $1`, userID)
		}
		// The sessions made from the one kept are elsewhere too (a print
		// station), and go.
		return deleteSessions(c, `user_id = $1 AND session_token <> $2`, userID, keep)
	})
}

func (db *DB) OrganizationRequiresSecondFactor(ctx context.Context, organizationID int64) (bool, error) {
	var required bool
	err := db.conn(ctx).queryRow(`SELECT require_second_factor FROM organizations WHERE id = $1`, organizationID).Scan(&required)
	return required, storeError(err, "organization")
}

func (db *DB) SetOrganizationRequiresSecondFactor(ctx context.Context, organizationID int64, required bool) error {
	_, err := db.conn(ctx).exec(`UPDATE organizations SET require_second_factor = $2 WHERE id = $1`, organizationID, required)
	return storeError(err, "organization")
}
