package service

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"github.com/lifetag/lifetag/cloud"
)

// Login checks an address and password, then opens a session or asks for
// the second step (afterFirstFactor). Wrong address and wrong password fail
// the same way, in the same time. It is the individual and admin door: a
// corporate account, once its password is right, is told to use
// /corporate-login.
func (s *Service) Login(ctx context.Context, email, password string) (*SignIn, error) {
	ctx, span := startSpan(ctx, "Login")
	defer span.End()
	user, err := s.checkPassword(ctx, email, password)
	if err != nil {
		return nil, err
	}
	if cloud.IsCorporate(user.UserType) {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgUseCorporateLogin)
	}
	return s.afterFirstFactor(ctx, user)
}

// checkPassword returns the active account whose password this is.
func (s *Service) checkPassword(ctx context.Context, email, password string) (*cloud.User, error) {
	email = cloud.NormalizeEmail(email)
	if email == "" || password == "" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgLoginFieldsNeeded)
	}
	if len(password) > cloud.PasswordMaxBytes {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgLoginFailed)
	}
	user, err := s.store.FindUserByEmail(ctx, email)
	if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	if user == nil || user.PasswordHash == "" || !user.IsActive {
		s.passwords.Verify(password, s.dummyHash)
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgLoginFailed)
	}
	ok, err := s.passwords.Verify(password, user.PasswordHash)
	if err != nil {
		return nil, fmt.Errorf("login: stored hash: %w", err)
	}
	if !ok {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgLoginFailed)
	}
	return user, nil
}

// Authenticate returns the user and session of a live session token.
func (s *Service) Authenticate(ctx context.Context, token string) (*cloud.User, *cloud.Session, error) {
	ctx, span := startSpan(ctx, "Authenticate")
	defer span.End()
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return nil, nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	session, user, err := s.store.FindSession(ctx, hashToken(token), s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	} else if err != nil {
		return nil, nil, err
	}
	if now := s.now(); now.Sub(session.LastSeenAt) >= cloud.SessionTouchEvery {
		// "Last seen" in the session list; a failure only leaves it older.
		if err := s.store.TouchSession(ctx, session.TokenHash, now); err != nil {
			s.logger.WarnContext(ctx, "session not touched", "error", err.Error())
		}
	}
	return user, session, nil
}

// Logout ends the session of token, if there is one.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return nil
	}
	return s.store.DeleteSession(ctx, hashToken(token))
}

// PurgeExpiredSessions deletes sessions past their expiry.
func (s *Service) PurgeExpiredSessions(ctx context.Context) (int64, error) {
	return s.store.DeleteExpiredSessions(ctx, s.now())
}

// CheckUser reports whether an account exists for email. The account-setup
// flow needs it (docs/design/individual.md §4); it is rate-limited like sign-in.
func (s *Service) CheckUser(ctx context.Context, email string) (bool, error) {
	email = cloud.NormalizeEmail(email)
	if err := validEmail(email); err != nil {
		return false, err
	}
	_, err := s.store.FindUserByEmail(ctx, email)
	switch cloud.ErrorCode(err) {
	case "":
		return true, nil
	case cloud.ENOTFOUND:
		return false, nil
	}
	return false, err
}

// RequestReset e-mails a single-use password link when an account exists.
// The answer is the same either way; only in development does it carry the
// token (docs/design/individual.md §7), and then only when there is one and the
// account is not an admin's: an admin's link goes by mail alone.
func (s *Service) RequestReset(ctx context.Context, email string) (devToken string, err error) {
	email = cloud.NormalizeEmail(email)
	if err := validEmail(email); err != nil {
		return "", err
	}
	// Counted whether or not the address has an account, so that neither
	// the limit nor its message tells which.
	if err := s.allowMail(ctx, 0, nil, email); err != nil {
		return "", err
	}
	user, err := s.store.FindUserByEmail(ctx, email)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && !user.IsActive) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	link := s.baseURL + "/reset-password?token=" + token
	if cloud.IsCorporate(user.UserType) {
		// The page then sends them to the corporate sign-in, the only one
		// that takes their password.
		link += "&signin=corporate"
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetResetToken(ctx, user.ID, hash, s.now().Add(cloud.ResetTokenTTL)); err != nil {
			return err
		}
		return s.sendMail(ctx, mailCause("reset", hash), cloud.Mail{
			To:      user.Email,
			Subject: cloud.MsgResetMailSubject,
			Text:    fmt.Sprintf(resetMailText, link),
		})
	})
	if err != nil {
		return "", err
	}
	if s.development && !user.IsAdmin {
		return token, nil
	}
	return "", nil
}

// resetMailText holds the link and nothing personal.
const resetMailText = `Someone asked to reset the password of your Lifetag account.

To choose a new password, open this link within 24 hours:

%s

If it was not you, ignore this message; your password stays as it is.
`

func validPassword(password string) error {
	switch {
	case password == "":
		return cloud.NewError(cloud.EINVALID, cloud.MsgPasswordRequired)
	case len([]rune(password)) < cloud.PasswordMinLength:
		return cloud.NewError(cloud.EINVALID, cloud.MsgPasswordTooShort)
	case len(password) > cloud.PasswordMaxBytes:
		return cloud.NewError(cloud.EINVALID, cloud.MsgPasswordTooLong)
	}
	return nil
}

// ResetPassword sets a new password with a token from RequestReset. email
// is optional; when given it must be the token's account.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword, email string) error {
	return s.usePasswordToken(ctx, token, newPassword, cloud.NormalizeEmail(email), cloud.MsgResetFailed)
}

// SetPassword sets the first password from an e-mailed link (email + token).
func (s *Service) SetPassword(ctx context.Context, email, token, password string) error {
	email = cloud.NormalizeEmail(email)
	if email == "" || token == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgInvalidLink)
	}
	return s.usePasswordToken(ctx, token, password, email, cloud.MsgInvalidLink)
}

func (s *Service) usePasswordToken(ctx context.Context, token, password, email, failure string) error {
	if token == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgTokenRequired)
	}
	if err := validPassword(password); err != nil {
		return err
	}
	if len(token) > cloud.TokenMaxBytes {
		return cloud.NewError(cloud.EINVALID, failure)
	}
	// The cheap check first: a made-up token costs a look-up, never the
	// deliberately slow password hash.
	tokenHash := hashToken(token)
	if _, err := s.store.FindUserByPasswordToken(ctx, tokenHash, email, s.now()); cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.EINVALID, failure)
	} else if err != nil {
		return err
	}
	hash, err := s.passwords.Hash(password)
	if err != nil {
		return err
	}
	// UsePasswordToken checks the token again, atomically with its use.
	_, err = s.store.UsePasswordToken(ctx, tokenHash, email, hash, s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.EINVALID, failure)
	}
	return err
}

// openSession starts a 24-hour session for a user who has just proved who
// they are (with: cloud.SignedInWith...) and returns its token.
func (s *Service) openSession(ctx context.Context, userID int64, with string) (string, *cloud.Session, error) {
	now := s.now()
	return s.createSession(ctx, &cloud.Session{UserID: userID, CreatedAt: now, ExpiresAt: now.Add(cloud.SessionTTL),
		SignedInWith: with, VerifiedAt: now, Browser: !clientFrom(ctx).bearer})
}

// createSession stores session under a new token and returns the token.
func (s *Service) createSession(ctx context.Context, session *cloud.Session) (string, *cloud.Session, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", nil, err
	}
	session.TokenHash = hash
	session.UserAgent = clientFrom(ctx).userAgent
	session.LastSeenAt = session.CreatedAt
	if err := s.store.CreateSession(ctx, session); err != nil {
		return "", nil, err
	}
	return token, session, nil
}

// Sessions lists the account's live sessions, newest first.
func (s *Service) Sessions(ctx context.Context, actor *cloud.User) ([]*cloud.SessionInfo, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	return s.store.ListSessions(ctx, actor.ID, s.now())
}

// SessionID names a session in the account's list without revealing its
// token or the token's hash.
func SessionID(tokenHash []byte) string {
	sum := sha256.Sum256(append([]byte("lifetag/session-id/"), tokenHash...))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// CurrentSessionID is the id of the session of token.
func CurrentSessionID(token string) string { return SessionID(hashToken(token)) }

// EndSession signs one of the account's sessions out.
func (s *Service) EndSession(ctx context.Context, actor *cloud.User, sessionID string) error {
	sessions, err := s.Sessions(ctx, actor)
	if err != nil {
		return err
	}
	for _, session := range sessions {
		if SessionID(session.TokenHash) == sessionID {
			return s.store.DeleteUserSession(ctx, actor.ID, session.TokenHash)
		}
	}
	return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSessionNotFound)
}

// EndOtherSessions signs the account out everywhere but the session of
// token (this device).
func (s *Service) EndOtherSessions(ctx context.Context, actor *cloud.User, token string) error {
	if actor == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	return s.store.DeleteOtherSessions(ctx, actor.ID, hashToken(token))
}

// PurgeExpiredSignIns deletes half-finished sign-ins past their expiry.
func (s *Service) PurgeExpiredSignIns(ctx context.Context) (int64, error) {
	return s.store.DeleteExpiredSignInChallenges(ctx, s.now())
}
