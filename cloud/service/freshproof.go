package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/lifetag/lifetag/cloud"
)

// A fresh proof ("sudo mode", OWASP ASVS 4.0 V3.7.1). A change that could
// take an account over (a second factor added or removed, the recovery
// codes replaced, an organisation's single sign-on changed) needs more
// than a session: its person must have proved who they are within
// cloud.FreshProofTTL, by signing in or by ConfirmIdentity. A session made
// without a proof of its own (a print station's, from a browser's station
// code) has none until its person gives one. After each such change the
// account's owner is mailed (mailSecurityChange).

// RequireFreshProof refuses a change that needs a fresh proof when the
// session has none: EFORBIDDEN with cloud.ReasonFreshProofRequired, which
// tells the website to ask for one and try again.
func (s *Service) RequireFreshProof(session *cloud.Session) error {
	if session == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if session.VerifiedAt.IsZero() || s.now().Sub(session.VerifiedAt) >= cloud.FreshProofTTL {
		return &cloud.Error{Code: cloud.EFORBIDDEN, Message: cloud.MsgFreshProofRequired, Reason: cloud.ReasonFreshProofRequired}
	}
	return nil
}

// Proof is what a person gives to confirm who they are: the account's
// password, an authenticator app's code, or a passkey's assertion
// (Assertion, with the Token of ConfirmIdentityPasskeyOptions).
type Proof struct {
	Method    string // cloud.MethodPassword, MethodTOTP or MethodPasskey
	Password  string
	Code      string
	Token     string
	Assertion []byte
}

// ConfirmIdentity checks a proof of the signed-in person and marks their
// session proved now. A wrong password, code or passkey is EUNAUTHORIZED,
// which the caller counts as a failed sign-in; a wrong code or passkey also
// counts towards the account's cap on wrong second steps, as at sign-in. An account without a
// password (made by single sign-on) and without a factor proves it by
// signing in again through its provider: a new session is proved.
func (s *Service) ConfirmIdentity(ctx context.Context, actor *cloud.User, session *cloud.Session, proof Proof) error {
	if actor == nil || session == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	var err error
	switch proof.Method {
	case cloud.MethodPassword:
		err = s.confirmPassword(ctx, actor, proof.Password)
	case cloud.MethodTOTP:
		err = s.cappedSecondStep(ctx, nil, actor, func() error { return s.checkTOTP(ctx, actor.ID, proof.Code, false) })
	case cloud.MethodPasskey:
		err = s.cappedSecondStep(ctx, nil, actor, func() error { return s.confirmPasskey(ctx, actor, proof.Token, proof.Assertion) })
	default:
		err = cloud.NewError(cloud.EINVALID, cloud.MsgConfirmMethodUnknown)
	}
	if err != nil {
		return err
	}
	return s.store.VerifySession(ctx, session.TokenHash, s.now())
}

// confirmPassword checks the signed-in account's own password, in the
// time a sign-in's check takes.
func (s *Service) confirmPassword(ctx context.Context, actor *cloud.User, password string) error {
	if password == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgConfirmNeedsPassword)
	}
	if actor.PasswordHash == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgConfirmNoPassword)
	}
	user, err := s.checkPassword(ctx, actor.Email, password)
	if cloud.ErrorCode(err) == cloud.EUNAUTHORIZED {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgConfirmFailed)
	} else if err != nil {
		return err
	}
	if user.ID != actor.ID {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgConfirmFailed)
	}
	return nil
}

// ConfirmIdentityPasskeyOptions begins a passkey ceremony that proves who
// is signed in; the token binds it to ConfirmIdentity.
func (s *Service) ConfirmIdentityPasskeyOptions(ctx context.Context, actor *cloud.User) (token string, options []byte, err error) {
	if actor == nil {
		return "", nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	pu, err := s.passkeyUser(ctx, actor)
	if err != nil {
		return "", nil, err
	}
	if len(pu.credentials) == 0 {
		return "", nil, cloud.NewError(cloud.EINVALID, cloud.MsgConfirmMethodUnknown)
	}
	rp, err := s.passkeys()
	if err != nil {
		return "", nil, err
	}
	token, c, err := s.newChallenge(ctx, actor.ID, cloud.ChallengeConfirmIdentity)
	if err != nil {
		return "", nil, err
	}
	assertion, session, err := rp.BeginLogin(pu)
	if err != nil {
		return "", nil, fmt.Errorf("passkeys: %w", err)
	}
	options, err = s.rememberCeremony(ctx, c.TokenHash, assertion, session)
	return token, options, err
}

// confirmPasskey checks a passkey assertion made for the actor's own
// ceremony; the ceremony is used up either way.
func (s *Service) confirmPasskey(ctx context.Context, actor *cloud.User, token string, assertion []byte) error {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeConfirmIdentity)
	if err != nil {
		return err
	}
	if c.UserID != actor.ID {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	if err := s.takeChallenge(ctx, token, cloud.ChallengeConfirmIdentity); err != nil {
		return err
	}
	return s.checkPasskey(ctx, c, actor, assertion)
}

// The security changes the owner is mailed about (mailSecurityChange).
const (
	ChangeFactorAdded     = "A second factor (a passkey or an authenticator app) was added to your account."
	ChangeFactorRemoved   = "A second factor (a passkey or an authenticator app) was removed from your account."
	ChangeRecoveryCodes   = "New recovery codes were made for your account; the old ones no longer work."
	ChangeSingleSignOnSet = "The single sign-on settings of your organisation %s were changed."
)

// securityMailText says what changed, when, and what to do if it was not
// them; it holds no link, so that a forged copy cannot lead anywhere.
const securityMailText = `%s

When: %s (UTC)

If you made this change, there is nothing to do.

If you did not, someone may be using your account. Sign in to Lifetag,
open Sign-in and security, choose "Sign out everywhere else", and check
your passkeys and authenticator app. If you cannot sign in, reset your
password from the sign-in page and contact Lifetag support.

Lifetag
`

// mailSecurityChange mails the account's owner about a security change
// (Change...), through the mail queue. A failure is logged rather than
// undoing the change, which is done by now.
func (s *Service) mailSecurityChange(ctx context.Context, user *cloud.User, change string) {
	now := s.now()
	err := s.sendMail(ctx, mailCause("security-change", user.ID, now.UnixNano(), newCauseID()), cloud.Mail{To: user.Email,
		Subject: cloud.MsgSecurityMailSubject, Text: fmt.Sprintf(securityMailText, change, now.UTC().Format("2 January 2006, 15:04"))})
	if err != nil {
		s.logger.ErrorContext(ctx, "security change not mailed", slog.String("error", err.Error()))
	}
}
