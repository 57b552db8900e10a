package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateSession(ctx context.Context, s *cloud.Session) error {
	_, err := db.conn(ctx).exec(`
		INSERT INTO user_sessions (session_token, user_id, expires_at, created_at, user_agent, last_seen_at,
			parent_token, signed_in_with, browser, verified_at)
		VALUES ($1, $2, $3, $4, $5, $4, $6, $7, $8, $9)`, s.TokenHash, s.UserID, s.ExpiresAt, s.CreatedAt, s.UserAgent,
		s.ParentHash, s.SignedInWith, s.Browser, nullTime(s.VerifiedAt))
	return storeError(err, "session")
}

func (db *DB) FindSession(ctx context.Context, tokenHash []byte, now time.Time) (*cloud.Session, *cloud.User, error) {
	s := cloud.Session{TokenHash: tokenHash}
	var u cloud.User
	err := db.conn(ctx).queryRow(`
		SELECT user_sessions.user_id, user_sessions.expires_at, user_sessions.created_at,
			coalesce(user_sessions.last_seen_at, user_sessions.created_at), user_sessions.parent_token,
			user_sessions.signed_in_with, user_sessions.browser, user_sessions.verified_at, `+userColumns+`
		FROM user_sessions JOIN users ON users.id = user_sessions.user_id
		`+parentJoin+`
		WHERE user_sessions.session_token = $1 AND user_sessions.expires_at > $2 AND users.is_active AND `+parentLive,
		tokenHash, now,
	).Scan(append([]any{&s.UserID, timeDest(&s.ExpiresAt), timeDest(&s.CreatedAt), timeDest(&s.LastSeenAt),
		&s.ParentHash, &s.SignedInWith, &s.Browser, timeDest(&s.VerifiedAt)}, userFields(&u)...)...)
	if err != nil {
		return nil, nil, storeError(err, "session")
	}
	return &s, &u, nil
}

// A session made from another (a print station's, from a browser's station
// code) is live only while its parent is: whichever way the parent ended
// (signed out, ended from the session list, a password change, the
// account removed), the child is refused with it. The rows are deleted
// with the parent where the parent is deleted here, and otherwise at
// their own expiry, which is never later than the parent's.
const (
	parentJoin = `LEFT JOIN user_sessions parent ON parent.session_token = user_sessions.parent_token`
	parentLive = `(user_sessions.parent_token IS NULL OR parent.expires_at > $2)`
)

// DeleteSession ends a session, the sessions made from it and the station
// codes it asked for.
func (db *DB) DeleteSession(ctx context.Context, tokenHash []byte) error {
	return db.inTx(ctx, func(c conn) error {
		return deleteSessions(c, `session_token = $1 OR parent_token = $1`, tokenHash)
	})
}

// VerifySession sets a live session's verified_at to now.
func (db *DB) VerifySession(ctx context.Context, tokenHash []byte, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE user_sessions SET verified_at = $2 WHERE session_token = $1 AND expires_at > $2`,
		tokenHash, now)
	if err != nil {
		return storeError(err, "session")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, "session not found")
	}
	return nil
}

// deleteSessions deletes the sessions matching where (over user_sessions'
// columns) and the station codes those sessions asked for.
func deleteSessions(c conn, where string, args ...any) error {
	if _, err := c.exec(`DELETE FROM station_sso_codes WHERE parent_token IN
		(SELECT session_token FROM user_sessions WHERE `+where+`)`, args...); err != nil {
		return storeError(err, "station codes")
	}
	_, err := c.exec(`DELETE FROM user_sessions WHERE `+where, args...)
	return storeError(err, "session")
}

func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	c := db.conn(ctx)
	// Single sign-ins abandoned at the provider, and station codes never
	// exchanged, go with them.
	for _, table := range []string{"sso_logins", "station_sso_codes"} {
		if _, err := c.exec(`DELETE FROM `+table+` WHERE expires_at <= $1`, now); err != nil {
			return 0, storeError(err, "single sign-on")
		}
	}
	n, err := c.exec(`DELETE FROM user_sessions WHERE expires_at <= $1`, now)
	return n, storeError(err, "sessions")
}
