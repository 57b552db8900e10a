package cloud

import (
	"context"
	"time"
)

// Sign-in in steps. A password (or nothing, for a passkey sign-in) starts a
// sign-in; a session exists only once its last step is done. Between the
// steps the caller holds a SignInChallenge's token: single-purpose, short
// lived, read only by the sign-in step routes and never as a session.

const (
	// SignInStepTTL is how long a half-finished sign-in may wait for its
	// next step.
	SignInStepTTL = 5 * time.Minute
	// RecoveryCodeCount is how many single-use recovery codes an account
	// gets at a time.
	RecoveryCodeCount = 10
	// SecondStepFailuresPerSignIn wrong codes (or passkeys) use a
	// half-finished sign-in up: the password must be given again, and the
	// owner is mailed, since whoever tries has the password.
	SecondStepFailuresPerSignIn = 5
	// SecondStepFailuresPerAccount wrong second steps in a row, over every
	// sign-in and from every address, lock the account's second step until
	// its password is reset through the mailed link (NIST SP 800-63B
	// 5.2.2: at most 100 consecutive failures). A right one clears them.
	SecondStepFailuresPerAccount = 100
	// SessionTouchEvery bounds how often a session's "last seen" is
	// written: most requests write nothing.
	SessionTouchEvery = 5 * time.Minute
	// TOTPIssuer names the service in an authenticator app.
	TOTPIssuer = "Lifetag"
	// FreshProofTTL is how long a proof of who is signed in (the sign-in
	// itself, or the password or a factor asked for again) lets the session
	// make a change that could take the account over: add or remove a
	// factor, replace the recovery codes, change single sign-on (OWASP ASVS
	// 4.0 V3.7.1). A stolen session alone can then do none of them.
	FreshProofTTL = 5 * time.Minute
)

// How a session's person proved who they are (Session.SignedInWith).
const (
	SignedInWithPassword = "password" // a password, and a second factor where the account has one
	SignedInWithPasskey  = "passkey"  // a passkey alone
	SignedInWithSSO      = "sso"      // the organisation's identity provider
	SignedInWithCheckout = "checkout" // an account made at checkout, with its new password
)

// The next step a sign-in answer asks for (SignInStep.Step).
const (
	// StepSecondFactor: prove a second factor the account has.
	StepSecondFactor = "second-factor"
	// StepSetUpSecondFactor: the account must have one and has none; setting
	// one up finishes the sign-in.
	StepSetUpSecondFactor = "set-up-second-factor"
)

// Purposes of a sign-in challenge: a token of one purpose is refused by
// every route of another.
const (
	ChallengeSecondFactor = "second-factor"
	ChallengeSetUp        = "set-up"
	ChallengePasskey      = "passkey"     // a passkey sign-in, no password
	ChallengeAddPasskey   = "add-passkey" // a signed-in account adding one
	// ChallengeConfirmIdentity: a signed-in person proving it again with
	// a passkey (FreshProofTTL).
	ChallengeConfirmIdentity = "confirm-identity"
)

// Second-factor methods (SignInStep.Methods, the set-up step's choices).
// Confirming who is signed in also takes MethodPassword.
const (
	MethodPassword     = "password"
	MethodPasskey      = "passkey"
	MethodTOTP         = "totp"
	MethodRecoveryCode = "recovery-code"
)

// SignInChallenge is a half-finished sign-in or passkey ceremony.
type SignInChallenge struct {
	TokenHash []byte
	UserID    int64 // 0 for a passkey sign-in, until the passkey names its account
	Purpose   string
	// WebAuthnSession is the ceremony's challenge (go-webauthn's session
	// data, JSON), once one has begun.
	WebAuthnSession []byte
	ExpiresAt       time.Time
	CreatedAt       time.Time
}

// TOTP is an account's authenticator app.
type TOTP struct {
	UserID       int64
	SecretSealed []byte
	Enabled      bool // a first code proved the app holds the secret
	LastStep     int64
}

// Passkey is one WebAuthn credential of an account.
type Passkey struct {
	ID           int64
	UserID       int64
	CredentialID []byte
	Credential   []byte // go-webauthn's credential record, JSON
	SignCount    uint32
	Name         string
	CreatedAt    time.Time
	LastUsedAt   time.Time
}

// SecondStepCount is a reserved second step: the half-finished sign-in's
// and the account's counts with it, or which limit refused it.
type SecondStepCount struct {
	SignIn, Account int
	UsedUp          bool // the sign-in had its SecondStepFailuresPerSignIn
	Locked          bool // the account had its SecondStepFailuresPerAccount
}

// SessionInfo is one of an account's sessions as its owner sees it.
type SessionInfo struct {
	TokenHash  []byte
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
}

// Activity kinds of second factors. An organisation member's change shows
// in the organisation's Recent Activity (detail: the member's address and
// the factor); a site admin's removal is in the audit log.
const (
	ActivitySecondFactorAdded    = "member.second_factor_added"
	ActivitySecondFactorRemoved  = "member.second_factor_removed"
	ActivitySecondFactorRequired = "organization.second_factor_required"
	ActivitySecondFactorOptional = "organization.second_factor_optional"
	AuditSecondFactorsRemoved    = "user.second_factors_removed"
)

// SecondFactorStore keeps second factors, sign-in challenges and the
// session list.
type SecondFactorStore interface {
	CreateSignInChallenge(ctx context.Context, c *SignInChallenge) error
	// FindSignInChallenge returns a live challenge of purpose; ENOTFOUND
	// otherwise.
	FindSignInChallenge(ctx context.Context, tokenHash []byte, purpose string, now time.Time) (*SignInChallenge, error)
	// SetChallengeWebAuthn stores a ceremony's session data on a live challenge.
	SetChallengeWebAuthn(ctx context.Context, tokenHash []byte, session []byte) error
	// TakeSignInChallenge deletes a live challenge of purpose and returns
	// it: each challenge is used once, even by two requests at once.
	TakeSignInChallenge(ctx context.Context, tokenHash []byte, purpose string, now time.Time) (*SignInChallenge, error)
	DeleteExpiredSignInChallenges(ctx context.Context, now time.Time) (int64, error)

	// SaveTOTP stores a new, not yet enabled secret (replacing any).
	SaveTOTP(ctx context.Context, userID int64, secretSealed []byte, now time.Time) error
	FindTOTP(ctx context.Context, userID int64) (*TOTP, error)
	// UseTOTPStep records step as the last accepted one when it is later
	// than the last; false when it is not (a code used again).
	UseTOTPStep(ctx context.Context, userID, step int64, enable bool, now time.Time) (bool, error)
	DeleteTOTP(ctx context.Context, userID int64) error
	// ListTOTPSecrets pages through every stored secret by user id, and
	// ReplaceTOTPSecret swaps one only if it is unchanged (the re-seal
	// after a data key rotation).
	ListTOTPSecrets(ctx context.Context, afterUserID int64, limit int) ([]*TOTP, error)
	ReplaceTOTPSecret(ctx context.Context, userID int64, old, new []byte) (bool, error)

	CreatePasskey(ctx context.Context, p *Passkey) error
	ListPasskeys(ctx context.Context, userID int64) ([]*Passkey, error)
	FindPasskeyByCredentialID(ctx context.Context, credentialID []byte) (*Passkey, error)
	// UsePasskey stores a passkey's record after a sign-in whose counter
	// went up (or stays 0, for authenticators without one); false when
	// another sign-in already used this counter value (a replay).
	UsePasskey(ctx context.Context, id int64, credential []byte, signCount uint32, now time.Time) (bool, error)
	// DeletePasskey: ENOTFOUND when the account has no such passkey.
	DeletePasskey(ctx context.Context, userID, id int64) (*Passkey, error)

	// ReplaceRecoveryCodes makes these the account's only recovery codes.
	ReplaceRecoveryCodes(ctx context.Context, userID int64, hashes [][]byte) error
	// UseRecoveryCode marks an unused code used; false when there is none.
	UseRecoveryCode(ctx context.Context, userID int64, hash []byte, now time.Time) (bool, error)
	CountRecoveryCodes(ctx context.Context, userID int64) (int, error)

	// ReserveSecondStep counts a second step about to be checked against
	// its half-finished sign-in (none when tokenHash is nil: a signed-in
	// person proving it again) and its account, each in one atomic step,
	// so that steps sent at once cannot all be checked: refused
	// (UsedUp or Locked, nothing counted) once the sign-in has perSignIn
	// or the account perAccount.
	ReserveSecondStep(ctx context.Context, tokenHash []byte, userID int64, now time.Time, perSignIn, perAccount int) (SecondStepCount, error)
	// ReleaseSecondStep gives a reservation back (its check did not fail).
	ReleaseSecondStep(ctx context.Context, tokenHash []byte, userID int64) error
	// ClearSecondStepFailures forgets the account's wrong second steps (a
	// right one, or a password reset through the mailed link).
	ClearSecondStepFailures(ctx context.Context, userID int64) error

	// DeleteSecondFactors removes every factor and recovery code.
	DeleteSecondFactors(ctx context.Context, userID int64) error

	ListSessions(ctx context.Context, userID int64, now time.Time) ([]*SessionInfo, error)
	TouchSession(ctx context.Context, tokenHash []byte, now time.Time) error
	DeleteUserSession(ctx context.Context, userID int64, tokenHash []byte) error
	// DeleteOtherSessions ends every session of the account but keep (nil:
	// every session).
	DeleteOtherSessions(ctx context.Context, userID int64, keep []byte) error

	OrganizationRequiresSecondFactor(ctx context.Context, organizationID int64) (bool, error)
	SetOrganizationRequiresSecondFactor(ctx context.Context, organizationID int64, required bool) error
}
