package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateSession(ctx context.Context, s *cloud.Session) error {
	_, err := db.conn(ctx).exec(`
		INSERT INTO user_sessions (session_token, user_id, expires_at, created_at, user_agent, last_seen_at)
		VALUES ($1, $2, $3, $4, $5, $4)`, s.TokenHash, s.UserID, s.ExpiresAt, s.CreatedAt, s.UserAgent)
	return storeError(err, "session")
}

func (db *DB) FindSession(ctx context.Context, tokenHash []byte, now time.Time) (*cloud.Session, *cloud.User, error) {
	s := cloud.Session{TokenHash: tokenHash}
	var u cloud.User
	err := db.conn(ctx).queryRow(`
		SELECT user_sessions.user_id, user_sessions.expires_at, user_sessions.created_at,
			coalesce(user_sessions.last_seen_at, user_sessions.created_at), `+userColumns+`
		FROM user_sessions JOIN users ON users.id = user_sessions.user_id
		WHERE user_sessions.session_token = $1 AND user_sessions.expires_at > $2 AND users.is_active`,
		tokenHash, now,
	).Scan(append([]any{&s.UserID, timeDest(&s.ExpiresAt), timeDest(&s.CreatedAt), timeDest(&s.LastSeenAt)}, userFields(&u)...)...)
	if err != nil {
		return nil, nil, storeError(err, "session")
	}
	return &s, &u, nil
}

func (db *DB) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := db.conn(ctx).exec(`DELETE FROM user_sessions WHERE session_token = $1`, tokenHash)
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
