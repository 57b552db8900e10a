package service

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/lifetag/lifetag/cloud"
)

// The sign-in state machine, in one place. A door (a password, a passkey,
// or an organisation's identity provider) proves who someone is; then
// passkeys is the relying party, or a refusal when this site has none
// (newWebAuthn).
func (s *Service) passkeys() (*webauthn.WebAuthn, error) {
	if s.webauthn == nil {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgPasskeysNeedADomain)
	}
	return s.webauthn, nil
}

// afterFirstFactor decides the next step, and completeSignIn is the only
// place a person's sign-in becomes a session:
//
//	password ──► afterFirstFactor ──► completeSignIn (no factor, none required)
//	                 │ has a factor ──► second-factor step ──► completeSignIn
//	                 │ must have one ─► set-up step ─────────► completeSignIn
//	passkey alone (discoverable, user verified) ─────────────► completeSignIn
//
// A door that is itself a second factor (a passkey, the company's provider)
// calls completeSignIn directly. Between the steps the caller holds only a
// SignInChallenge's token, of one purpose, for cloud.SignInStepTTL.

// SignIn is where a sign-in stands after a step: a session, or the next step.
type SignIn struct {
	User *cloud.User
	// Session and Token once signed in.
	Session *cloud.Session
	Token   string
	// Otherwise the next step (cloud.Step*), its token and the ways to do it.
	Step          string
	StepToken     string
	StepExpiresAt time.Time
	Methods       []string
	// RecoveryCodes are shown once, when a sign-in set up the first factor.
	RecoveryCodes []string
}

// field names the sealed authenticator-app secret (aad).
const fieldTOTPSecret = "user_totp.secret"

// sessionClient is who a session opened by a request is handed to.
type sessionClient struct {
	userAgent string
	bearer    bool // a program keeping its own token, not the website's cookie
}

type sessionClientKey struct{}

// WithClient remembers, for a session the request opens, the client's
// User-Agent (listed in account settings) and whether it asked for a bearer
// token rather than the website's cookie.
func WithClient(ctx context.Context, userAgent string, bearer bool) context.Context {
	return context.WithValue(ctx, sessionClientKey{}, sessionClient{userAgent: userAgent, bearer: bearer})
}

func clientFrom(ctx context.Context) sessionClient {
	c, _ := ctx.Value(sessionClientKey{}).(sessionClient)
	if len(c.userAgent) > cloud.UserAgentMaxBytes {
		c.userAgent = strings.ToValidUTF8(c.userAgent[:cloud.UserAgentMaxBytes], "")
	}
	return c
}

// newWebAuthn is the relying party: the site's own host and origin; nil
// when the host is an IP address, which WebAuthn does not accept as a
// site (a cloud reached only by its address, as in some tests, then has
// no passkeys rather than no start).
func newWebAuthn(baseURL string) (*webauthn.WebAuthn, error) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("passkeys: the base URL %q has no host", baseURL)
	}
	if net.ParseIP(u.Hostname()) != nil {
		return nil, nil
	}
	return webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: "Lifetag",
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
	})
}

// afterFirstFactor decides what follows a checked password.
func (s *Service) afterFirstFactor(ctx context.Context, user *cloud.User) (*SignIn, error) {
	methods, err := s.secondFactorMethods(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	if len(methods) > 0 {
		return s.nextStep(ctx, user, cloud.StepSecondFactor, cloud.ChallengeSecondFactor, methods)
	}
	required, err := s.SecondFactorRequired(ctx, user)
	if err != nil {
		return nil, err
	}
	if required {
		return s.nextStep(ctx, user, cloud.StepSetUpSecondFactor, cloud.ChallengeSetUp,
			[]string{cloud.MethodPasskey, cloud.MethodTOTP})
	}
	return s.completeSignIn(ctx, user, cloud.SignedInWithPassword)
}

// completeSignIn opens the session of a sign-in whose every step is done;
// with says how the person proved who they are (cloud.SignedInWith...).
func (s *Service) completeSignIn(ctx context.Context, user *cloud.User, with string) (*SignIn, error) {
	token, session, err := s.openSession(ctx, user.ID, with)
	if err != nil {
		return nil, err
	}
	return &SignIn{User: user, Session: session, Token: token}, nil
}

// SecondFactorRequired: site admins must have a second factor where the
// rule is on (always in production), and so must the members of an
// organisation whose owner asks for it.
func (s *Service) SecondFactorRequired(ctx context.Context, user *cloud.User) (bool, error) {
	if user.IsAdmin && s.adminsNeedSecondFactor {
		return true, nil
	}
	if user.OrganizationID == 0 {
		return false, nil
	}
	return s.store.OrganizationRequiresSecondFactor(ctx, user.OrganizationID)
}

// secondFactorMethods lists the factors the account can use now.
func (s *Service) secondFactorMethods(ctx context.Context, userID int64) ([]string, error) {
	var methods []string
	passkeys, err := s.store.ListPasskeys(ctx, userID)
	if err != nil {
		return nil, err
	}
	if len(passkeys) > 0 {
		methods = append(methods, cloud.MethodPasskey)
	}
	t, err := s.store.FindTOTP(ctx, userID)
	if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	if t != nil && t.Enabled {
		methods = append(methods, cloud.MethodTOTP)
	}
	if len(methods) == 0 {
		// Recovery codes stand in for a factor, never alone.
		return nil, nil
	}
	if n, err := s.store.CountRecoveryCodes(ctx, userID); err != nil {
		return nil, err
	} else if n > 0 {
		methods = append(methods, cloud.MethodRecoveryCode)
	}
	return methods, nil
}

func (s *Service) nextStep(ctx context.Context, user *cloud.User, step, purpose string, methods []string) (*SignIn, error) {
	token, c, err := s.newChallenge(ctx, user.ID, purpose)
	if err != nil {
		return nil, err
	}
	return &SignIn{User: user, Step: step, StepToken: token, StepExpiresAt: c.ExpiresAt, Methods: methods}, nil
}

func (s *Service) newChallenge(ctx context.Context, userID int64, purpose string) (string, *cloud.SignInChallenge, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", nil, err
	}
	now := s.now()
	c := &cloud.SignInChallenge{TokenHash: hash, UserID: userID, Purpose: purpose, CreatedAt: now,
		ExpiresAt: now.Add(cloud.SignInStepTTL)}
	return token, c, s.store.CreateSignInChallenge(ctx, c)
}

// findChallenge returns a live challenge of purpose, without using it.
func (s *Service) findChallenge(ctx context.Context, token, purpose string) (*cloud.SignInChallenge, error) {
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	c, err := s.store.FindSignInChallenge(ctx, hashToken(token), purpose, s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	return c, err
}

// takeChallenge uses a challenge up: a second request with it fails.
func (s *Service) takeChallenge(ctx context.Context, token, purpose string) error {
	_, err := s.store.TakeSignInChallenge(ctx, hashToken(token), purpose, s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	return err
}

// PendingSignIn is the account of a half-finished sign-in (the set-up or
// second-factor step), for the step's rate limits.
func (s *Service) PendingSignIn(ctx context.Context, token string, setUp bool) (*cloud.User, error) {
	purpose := cloud.ChallengeSecondFactor
	if setUp {
		purpose = cloud.ChallengeSetUp
	}
	c, err := s.findChallenge(ctx, token, purpose)
	if err != nil {
		return nil, err
	}
	return s.activeUser(ctx, c.UserID)
}

func (s *Service) activeUser(ctx context.Context, userID int64) (*cloud.User, error) {
	user, err := s.store.FindUserByID(ctx, userID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && !user.IsActive) {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	return user, err
}

// SecondFactor finishes a sign-in with one of the account's factors: an
// authenticator app's code, a recovery code or a passkey's assertion.
//
// Whoever gets here has the password, so guessing the second step is
// capped per half-finished sign-in and per account, however many addresses
// the guesses come from: each step takes its place in both counts before
// it is checked (the store does each in one atomic step), and gives it
// back unless it was wrong. Past cloud.SecondStepFailuresPerSignIn the
// sign-in is used up, past cloud.SecondStepFailuresPerAccount in a row the
// account's second step is locked until a password reset, and the owner is
// mailed at each.
func (s *Service) SecondFactor(ctx context.Context, token, method, code string, assertion []byte) (*SignIn, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeSecondFactor)
	if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	err = s.cappedSecondStep(ctx, c, user, func() error {
		switch method {
		case cloud.MethodTOTP:
			return s.checkTOTP(ctx, user.ID, code, false)
		case cloud.MethodRecoveryCode:
			return s.useRecoveryCode(ctx, user.ID, code)
		case cloud.MethodPasskey:
			return s.checkPasskey(ctx, c, user, assertion)
		}
		return cloud.NewError(cloud.EINVALID, cloud.MsgMethodUnknown)
	})
	if err != nil {
		return nil, err
	}
	if err := s.takeChallenge(ctx, token, cloud.ChallengeSecondFactor); err != nil {
		return nil, err
	}
	return s.completeSignIn(ctx, user, cloud.SignedInWithPassword)
}

// cappedSecondStep runs check, a second factor's check for user, within
// the caps on wrong ones: counted first against the half-finished sign-in
// c (nil for a signed-in person proving it again, ConfirmIdentity) and the
// account, given back unless check says it was wrong (EUNAUTHORIZED), and
// the account's count cleared when it was right.
func (s *Service) cappedSecondStep(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User, check func() error) error {
	var tokenHash []byte
	if c != nil {
		tokenHash = c.TokenHash
	}
	count, err := s.store.ReserveSecondStep(ctx, tokenHash, user.ID, s.now(),
		cloud.SecondStepFailuresPerSignIn, cloud.SecondStepFailuresPerAccount)
	switch {
	case err != nil:
		return err
	case count.Locked:
		return cloud.NewError(cloud.ETOOMANY, cloud.MsgSecondStepLocked)
	case count.UsedUp:
		return s.secondStepUsedUp(ctx, c)
	}
	err = check()
	if cloud.ErrorCode(err) == cloud.EUNAUTHORIZED {
		return s.secondStepFailed(ctx, c, user, count, err)
	}
	if err != nil {
		if releaseErr := s.store.ReleaseSecondStep(ctx, tokenHash, user.ID); releaseErr != nil {
			return releaseErr
		}
		return err
	}
	return s.store.ClearSecondStepFailures(ctx, user.ID)
}

// secondStepFailed answers a wrong second step (failed), once it has been
// counted: the sign-in that has had its last try is used up, and the owner
// hears of it when that happens and when the account's second step locks.
func (s *Service) secondStepFailed(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User, count cloud.SecondStepCount, failed error) error {
	if count.Account >= cloud.SecondStepFailuresPerAccount {
		cause := mailCause("second-step-locked", user.ID, newCauseID())
		if err := s.mailSecondStepWarning(ctx, user, cause, secondStepLockedMailText, cloud.SecondStepFailuresPerAccount); err != nil {
			return err
		}
		return cloud.NewError(cloud.ETOOMANY, cloud.MsgSecondStepLocked)
	}
	if c != nil && count.SignIn >= cloud.SecondStepFailuresPerSignIn {
		if err := s.mailSecondStepWarning(ctx, user, mailCause("second-step-used-up", c.TokenHash),
			secondStepUsedUpMailText, cloud.SecondStepFailuresPerSignIn); err != nil {
			return err
		}
		return s.secondStepUsedUp(ctx, c)
	}
	return failed
}

// secondStepUsedUp ends a half-finished sign-in that has had its tries.
func (s *Service) secondStepUsedUp(ctx context.Context, c *cloud.SignInChallenge) error {
	if _, err := s.store.TakeSignInChallenge(ctx, c.TokenHash, c.Purpose, s.now()); err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return err
	}
	return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSecondStepUsedUp)
}

// mailSecondStepWarning tells the owner that someone with their password
// is guessing their second step (text holds the number of wrong codes and
// the reset page's address).
func (s *Service) mailSecondStepWarning(ctx context.Context, user *cloud.User, cause, text string, failures int) error {
	return s.sendMail(ctx, cause, cloud.Mail{To: user.Email, Subject: cloud.MsgSecondStepMailSubject,
		Text: fmt.Sprintf(text, failures, s.baseURL+"/reset-password")})
}

// The warnings hold nothing personal, and no link that signs anyone in.
const (
	secondStepUsedUpMailText = `Someone signed in to your Lifetag account with your password, then entered a wrong code %d times. That sign-in has been stopped.

If this was not you, your password is known to someone else: choose a new one now at
%s

If it was you, sign in again; nothing else needs doing.
`
	secondStepLockedMailText = `Wrong codes have been entered for your Lifetag account %d times in a row, after its password. To protect it, signing in to it is locked.

Someone knows your password. Choose a new one at the address below; that also unlocks signing in:
%s
`
)

// SecondFactorPasskeyOptions begins the passkey ceremony of a second step.
func (s *Service) SecondFactorPasskeyOptions(ctx context.Context, token string) ([]byte, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeSecondFactor)
	if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	pu, err := s.passkeyUser(ctx, user)
	if err != nil {
		return nil, err
	}
	if len(pu.credentials) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgMethodUnknown)
	}
	rp, err := s.passkeys()
	if err != nil {
		return nil, err
	}
	options, session, err := rp.BeginLogin(pu)
	if err != nil {
		return nil, fmt.Errorf("passkeys: %w", err)
	}
	return s.rememberCeremony(ctx, c.TokenHash, options, session)
}

// PasskeyOptions begins a sign-in by passkey alone (a discoverable
// credential that verified its user): the answer's token carries it on.
func (s *Service) PasskeyOptions(ctx context.Context) (token string, options []byte, err error) {
	token, c, err := s.newChallenge(ctx, 0, cloud.ChallengePasskey)
	if err != nil {
		return "", nil, err
	}
	rp, err := s.passkeys()
	if err != nil {
		return "", nil, err
	}
	assertion, session, err := rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return "", nil, fmt.Errorf("passkeys: %w", err)
	}
	options, err = s.rememberCeremony(ctx, c.TokenHash, assertion, session)
	return token, options, err
}

// PasskeySignIn finishes a sign-in by passkey alone. A passkey is
// something the person has, unlocked by something they are or know, so it
// is both factors: the session opens at once.
func (s *Service) PasskeySignIn(ctx context.Context, token string, assertion []byte) (*SignIn, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengePasskey)
	if err != nil {
		return nil, err
	}
	if err := s.takeChallenge(ctx, token, cloud.ChallengePasskey); err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(assertion)
	if err != nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	stored, err := s.store.FindPasskeyByCredentialID(ctx, parsed.RawID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyUnknown)
	} else if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, stored.UserID)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(parsed.Response.UserHandle, webAuthnID(user.ID)) {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	c.UserID = user.ID
	if err := s.verifyAssertion(ctx, c, user, parsed); err != nil {
		return nil, err
	}
	return s.completeSignIn(ctx, user, cloud.SignedInWithPasskey)
}

// checkPasskey verifies a second step's passkey assertion.
func (s *Service) checkPasskey(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User, assertion []byte) error {
	parsed, err := protocol.ParseCredentialRequestResponseBytes(assertion)
	if err != nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	return s.verifyAssertion(ctx, c, user, parsed)
}

// verifyAssertion checks an assertion against the challenge's ceremony and
// the stored passkey, then records its sign counter. The ceremony's
// challenge is single-use (its sign-in challenge is used up with it), and
// a counter that did not go up is refused: a replayed assertion fails both.
func (s *Service) verifyAssertion(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User, parsed *protocol.ParsedCredentialAssertionData) error {
	if len(c.WebAuthnSession) == 0 {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(c.WebAuthnSession, &session); err != nil {
		return fmt.Errorf("passkeys: stored ceremony: %w", err)
	}
	if len(session.UserID) == 0 {
		// A discoverable sign-in names its account only now.
		session.UserID = webAuthnID(user.ID)
	}
	pu, err := s.passkeyUser(ctx, user)
	if err != nil {
		return err
	}
	rp, err := s.passkeys()
	if err != nil {
		return err
	}
	credential, err := rp.ValidateLogin(pu, session, parsed)
	if err != nil || credential.Authenticator.CloneWarning {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	stored := pu.byID(credential.ID)
	if stored == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	record, err := json.Marshal(credential)
	if err != nil {
		return err
	}
	ok, err := s.store.UsePasskey(ctx, stored.ID, record, credential.Authenticator.SignCount, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	return nil
}

func (s *Service) rememberCeremony(ctx context.Context, challengeHash []byte, options any, session *webauthn.SessionData) ([]byte, error) {
	data, err := json.Marshal(session)
	if err != nil {
		return nil, err
	}
	if err := s.store.SetChallengeWebAuthn(ctx, challengeHash, data); err != nil {
		return nil, err
	}
	return json.Marshal(options)
}

// checkTOTP accepts an authenticator app's code once: the code of this
// 30-second step or of the one before or after (clocks drift), never a step
// at or before the last one accepted. enable: the code that turns a newly
// set-up app on.
func (s *Service) checkTOTP(ctx context.Context, userID int64, code string, enable bool) error {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	if code == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgCodeRequired)
	}
	failed := cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSecondFactorFailed)
	t, err := s.store.FindTOTP(ctx, userID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		if enable {
			return cloud.NewError(cloud.EINVALID, cloud.MsgTOTPNotStarted)
		}
		return failed
	} else if err != nil {
		return err
	}
	if t.Enabled == enable {
		if enable {
			return cloud.NewError(cloud.EINVALID, cloud.MsgTOTPNotStarted)
		}
		return failed
	}
	secret, err := s.sealer.Open(t.SecretSealed, aad(userID, fieldTOTPSecret))
	if err != nil {
		return fmt.Errorf("authenticator app: %w", err)
	}
	now := s.now().Unix()
	for _, step := range []int64{now/totpPeriod - 1, now / totpPeriod, now/totpPeriod + 1} {
		ok, err := totp.ValidateCustom(code, string(secret), time.Unix(step*totpPeriod, 0).UTC(), totpOptions)
		if err != nil || !ok {
			continue
		}
		used, err := s.store.UseTOTPStep(ctx, userID, step, enable, s.now())
		if err != nil {
			return err
		}
		if !used {
			return failed
		}
		return nil
	}
	return failed
}

const totpPeriod = 30

var totpOptions = totp.ValidateOpts{Period: totpPeriod, Skew: 0, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// useRecoveryCode uses up one of the account's recovery codes.
func (s *Service) useRecoveryCode(ctx context.Context, userID int64, code string) error {
	normal := normalRecoveryCode(code)
	if normal == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgCodeRequired)
	}
	ok, err := s.store.UseRecoveryCode(ctx, userID, hashToken(normal), s.now())
	if err != nil {
		return err
	}
	if !ok {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSecondFactorFailed)
	}
	return nil
}

// normalRecoveryCode is the form a recovery code is hashed in: lower case,
// without the dashes and spaces it is shown and typed with.
func normalRecoveryCode(code string) string {
	return strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(code)))
}

// newRecoveryCodes replaces the account's recovery codes with ten new
// ones (80 random bits each), returned once, formatted to be copied.
func (s *Service) newRecoveryCodes(ctx context.Context, userID int64) ([]string, error) {
	codes := make([]string, cloud.RecoveryCodeCount)
	hashes := make([][]byte, cloud.RecoveryCodeCount)
	for i := range codes {
		raw := make([]byte, 10)
		if _, err := rand.Read(raw); err != nil {
			return nil, err
		}
		plain := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(raw))
		codes[i] = plain[0:4] + "-" + plain[4:8] + "-" + plain[8:12] + "-" + plain[12:16]
		hashes[i] = hashToken(plain)
	}
	return codes, s.store.ReplaceRecoveryCodes(ctx, userID, hashes)
}

// webAuthnID is the account's WebAuthn user handle: its id, which says
// nothing about the person.
func webAuthnID(userID int64) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(userID))
}

// passkeyUser is an account as go-webauthn sees it.
type passkeyUser struct {
	user        *cloud.User
	stored      []*cloud.Passkey
	credentials []webauthn.Credential
}

func (u *passkeyUser) WebAuthnID() []byte                         { return webAuthnID(u.user.ID) }
func (u *passkeyUser) WebAuthnName() string                       { return u.user.Email }
func (u *passkeyUser) WebAuthnDisplayName() string                { return u.user.Email }
func (u *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.credentials }

func (u *passkeyUser) byID(credentialID []byte) *cloud.Passkey {
	i := slices.IndexFunc(u.stored, func(p *cloud.Passkey) bool { return bytes.Equal(p.CredentialID, credentialID) })
	if i < 0 {
		return nil
	}
	return u.stored[i]
}

func (s *Service) passkeyUser(ctx context.Context, user *cloud.User) (*passkeyUser, error) {
	stored, err := s.store.ListPasskeys(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	pu := &passkeyUser{user: user, stored: stored}
	for _, p := range stored {
		var c webauthn.Credential
		if err := json.Unmarshal(p.Credential, &c); err != nil {
			return nil, fmt.Errorf("passkeys: stored credential %d: %w", p.ID, err)
		}
		pu.credentials = append(pu.credentials, c)
	}
	return pu, nil
}
