package sqlite

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateSession(ctx context.Context, s *cloud.Session) error {
	_, err := db.db.ExecContext(ctx, `
		INSERT INTO user_sessions (session_token, user_id, expires_at, created_at)
		VALUES (?1, ?2, ?3, ?4)`, s.TokenHash, s.UserID, formatTime(s.ExpiresAt), formatTime(s.CreatedAt))
	return storeError(err, "session")
}

func (db *DB) FindSession(ctx context.Context, tokenHash []byte, now time.Time) (*cloud.Session, *cloud.User, error) {
	s := cloud.Session{TokenHash: tokenHash}
	var u userRow
	var expires, created string
	err := db.db.QueryRowContext(ctx, `
		SELECT user_sessions.user_id, user_sessions.expires_at, user_sessions.created_at, `+userColumns+`
		FROM user_sessions JOIN users ON users.id = user_sessions.user_id
		WHERE user_sessions.session_token = ?1 AND user_sessions.expires_at > ?2 AND users.is_active`,
		tokenHash, formatTime(now),
	).Scan(append([]any{&s.UserID, &expires, &created}, u.fields()...)...)
	if err != nil {
		return nil, nil, storeError(err, "session")
	}
	if s.ExpiresAt, err = parseTime(expires); err != nil {
		return nil, nil, err
	}
	if s.CreatedAt, err = parseTime(created); err != nil {
		return nil, nil, err
	}
	user, err := u.user()
	if err != nil {
		return nil, nil, err
	}
	return &s, user, nil
}

func (db *DB) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := db.db.ExecContext(ctx, `DELETE FROM user_sessions WHERE session_token = ?1`, tokenHash)
	return storeError(err, "session")
}

func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.db.ExecContext(ctx, `DELETE FROM user_sessions WHERE expires_at <= ?1`, formatTime(now))
	if err != nil {
		return 0, storeError(err, "sessions")
	}
	n, err := res.RowsAffected()
	return n, storeError(err, "sessions")
}
