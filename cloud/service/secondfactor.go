package service

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// An account's second factors: set up during a sign-in that requires one
// (the set-up step) or from account settings, removed from account
// settings or by a site admin. Resetting a password touches none of them.

// passkeyNameMaxRunes bounds a passkey's name.
const passkeyNameMaxRunes = 60

// TOTPSetUp is a new authenticator app's secret, to scan as a QR code
// (URL) or type (Secret).
type TOTPSetUp struct {
	Secret string
	URL    string
}

// Security is an account's second factors as its owner sees them.
type Security struct {
	Passkeys          []*cloud.Passkey
	TOTP              bool
	RecoveryCodesLeft int
	Required          bool
}

// Security lists the account's factors.
func (s *Service) Security(ctx context.Context, actor *cloud.User) (*Security, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	passkeys, err := s.store.ListPasskeys(ctx, actor.ID)
	if err != nil {
		return nil, err
	}
	methods, err := s.secondFactorMethods(ctx, actor.ID)
	if err != nil {
		return nil, err
	}
	left, err := s.store.CountRecoveryCodes(ctx, actor.ID)
	if err != nil {
		return nil, err
	}
	required, err := s.SecondFactorRequired(ctx, actor)
	if err != nil {
		return nil, err
	}
	return &Security{Passkeys: passkeys, TOTP: slices.Contains(methods, cloud.MethodTOTP), RecoveryCodesLeft: left,
		Required: required}, nil
}

// StartTOTP makes a new authenticator-app secret for the signed-in account;
// it counts once ConfirmTOTP has a code from it.
func (s *Service) StartTOTP(ctx context.Context, actor *cloud.User) (*TOTPSetUp, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	return s.startTOTP(ctx, actor)
}

func (s *Service) startTOTP(ctx context.Context, user *cloud.User) (*TOTPSetUp, error) {
	if t, err := s.store.FindTOTP(ctx, user.ID); err == nil && t.Enabled {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgTOTPAlreadySetUp)
	} else if err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: cloud.TOTPIssuer, AccountName: user.Email,
		Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return nil, err
	}
	sealed, err := s.sealer.Seal([]byte(key.Secret()), aad(user.ID, fieldTOTPSecret))
	if err != nil {
		return nil, err
	}
	if err := s.store.SaveTOTP(ctx, user.ID, sealed, s.now()); err != nil {
		return nil, err
	}
	return &TOTPSetUp{Secret: key.Secret(), URL: key.URL()}, nil
}

// ConfirmTOTP turns the new authenticator app on with its first code; the
// answer holds the recovery codes when it is the account's first factor.
func (s *Service) ConfirmTOTP(ctx context.Context, actor *cloud.User, code string) ([]string, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	return s.confirmTOTP(ctx, actor, code)
}

func (s *Service) confirmTOTP(ctx context.Context, user *cloud.User, code string) ([]string, error) {
	first, err := s.hasNoFactor(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	if err := s.checkTOTP(ctx, user.ID, code, true); err != nil {
		return nil, err
	}
	s.factorActivity(ctx, user, cloud.ActivitySecondFactorAdded)
	s.mailSecurityChange(ctx, user, ChangeFactorAdded)
	if !first {
		return nil, nil
	}
	return s.newRecoveryCodes(ctx, user.ID)
}

func (s *Service) hasNoFactor(ctx context.Context, userID int64) (bool, error) {
	methods, err := s.secondFactorMethods(ctx, userID)
	return len(methods) == 0, err
}

// RemoveTOTP turns the authenticator app off.
func (s *Service) RemoveTOTP(ctx context.Context, actor *cloud.User) error {
	if actor == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	t, err := s.store.FindTOTP(ctx, actor.ID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && !t.Enabled) {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSecondFactorNotFound)
	} else if err != nil {
		return err
	}
	if err := s.mayRemoveFactor(ctx, actor); err != nil {
		return err
	}
	if err := s.store.DeleteTOTP(ctx, actor.ID); err != nil {
		return err
	}
	return s.afterFactorRemoved(ctx, actor)
}

// PasskeyRegistrationOptions begins adding a passkey to the signed-in
// account; the token binds the ceremony to AddPasskey.
func (s *Service) PasskeyRegistrationOptions(ctx context.Context, actor *cloud.User) (token string, options []byte, err error) {
	if actor == nil {
		return "", nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	token, c, err := s.newChallenge(ctx, actor.ID, cloud.ChallengeAddPasskey)
	if err != nil {
		return "", nil, err
	}
	options, err = s.beginRegistration(ctx, c, actor)
	return token, options, err
}

func (s *Service) beginRegistration(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User) ([]byte, error) {
	pu, err := s.passkeyUser(ctx, user)
	if err != nil {
		return nil, err
	}
	var exclude []protocol.CredentialDescriptor
	for _, c := range pu.credentials {
		exclude = append(exclude, c.Descriptor())
	}
	// Discoverable, so that the passkey alone can sign in.
	rp, err := s.passkeys()
	if err != nil {
		return nil, err
	}
	creation, session, err := rp.BeginRegistration(pu,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(exclude))
	if err != nil {
		return nil, fmt.Errorf("passkeys: %w", err)
	}
	return s.rememberCeremony(ctx, c.TokenHash, creation, session)
}

// AddPasskey finishes adding a passkey; the answer holds the recovery codes
// when it is the account's first factor.
func (s *Service) AddPasskey(ctx context.Context, actor *cloud.User, token, name string, attestation []byte) ([]string, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	c, err := s.findChallenge(ctx, token, cloud.ChallengeAddPasskey)
	if err != nil {
		return nil, err
	}
	if c.UserID != actor.ID {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInStepExpired)
	}
	if err := s.takeChallenge(ctx, token, cloud.ChallengeAddPasskey); err != nil {
		return nil, err
	}
	return s.finishRegistration(ctx, c, actor, name, attestation)
}

func (s *Service) finishRegistration(ctx context.Context, c *cloud.SignInChallenge, user *cloud.User, name string, attestation []byte) ([]string, error) {
	name = emergency.SingleLine(name)
	if name == "" {
		name = "Passkey"
	}
	if utf8.RuneCountInString(name) > passkeyNameMaxRunes {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPasskeyNameTooLong)
	}
	if len(c.WebAuthnSession) == 0 {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(c.WebAuthnSession, &session); err != nil {
		return nil, fmt.Errorf("passkeys: stored ceremony: %w", err)
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(attestation)
	if err != nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	pu, err := s.passkeyUser(ctx, user)
	if err != nil {
		return nil, err
	}
	rp, err := s.passkeys()
	if err != nil {
		return nil, err
	}
	credential, err := rp.CreateCredential(pu, session, parsed)
	if err != nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgPasskeyFailed)
	}
	record, err := json.Marshal(credential)
	if err != nil {
		return nil, err
	}
	first, err := s.hasNoFactor(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	if err := s.store.CreatePasskey(ctx, &cloud.Passkey{UserID: user.ID, CredentialID: credential.ID, Credential: record,
		SignCount: credential.Authenticator.SignCount, Name: name, CreatedAt: s.now()}); err != nil {
		if cloud.ErrorCode(err) == cloud.ECONFLICT {
			return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgPasskeyAlreadyAdded)
		}
		return nil, err
	}
	s.factorActivity(ctx, user, cloud.ActivitySecondFactorAdded)
	s.mailSecurityChange(ctx, user, ChangeFactorAdded)
	if !first {
		return nil, nil
	}
	return s.newRecoveryCodes(ctx, user.ID)
}

// RemovePasskey deletes one of the account's passkeys.
func (s *Service) RemovePasskey(ctx context.Context, actor *cloud.User, passkeyID int64) error {
	if actor == nil {
		return cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	passkeys, err := s.store.ListPasskeys(ctx, actor.ID)
	if err != nil {
		return err
	}
	found := false
	for _, p := range passkeys {
		found = found || p.ID == passkeyID
	}
	if !found {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSecondFactorNotFound)
	}
	if err := s.mayRemoveFactor(ctx, actor); err != nil {
		return err
	}
	if _, err := s.store.DeletePasskey(ctx, actor.ID, passkeyID); cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgSecondFactorNotFound)
	} else if err != nil {
		return err
	}
	return s.afterFactorRemoved(ctx, actor)
}

// mayRemoveFactor refuses to take away the last factor of an account that
// must have one.
func (s *Service) mayRemoveFactor(ctx context.Context, actor *cloud.User) error {
	required, err := s.SecondFactorRequired(ctx, actor)
	if err != nil || !required {
		return err
	}
	methods, err := s.secondFactorMethods(ctx, actor.ID)
	if err != nil {
		return err
	}
	factors := 0
	for _, m := range methods {
		if m != cloud.MethodRecoveryCode {
			factors++
		}
	}
	passkeys, err := s.store.ListPasskeys(ctx, actor.ID)
	if err != nil {
		return err
	}
	if len(passkeys) > 1 {
		factors++
	}
	if factors <= 1 {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgSecondFactorMustStay)
	}
	return nil
}

// afterFactorRemoved records the removal; with no factor left, the
// recovery codes go too (they stand in for a factor, never alone).
func (s *Service) afterFactorRemoved(ctx context.Context, user *cloud.User) error {
	s.factorActivity(ctx, user, cloud.ActivitySecondFactorRemoved)
	s.mailSecurityChange(ctx, user, ChangeFactorRemoved)
	none, err := s.hasNoFactor(ctx, user.ID)
	if err != nil || !none {
		return err
	}
	return s.store.ReplaceRecoveryCodes(ctx, user.ID, nil)
}

// NewRecoveryCodes replaces the account's recovery codes (the old ones
// stop working) and returns the new ones, once.
func (s *Service) NewRecoveryCodes(ctx context.Context, actor *cloud.User) ([]string, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if none, err := s.hasNoFactor(ctx, actor.ID); err != nil {
		return nil, err
	} else if none {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgRecoveryCodesNeedFactor)
	}
	codes, err := s.newRecoveryCodes(ctx, actor.ID)
	if err != nil {
		return nil, err
	}
	s.mailSecurityChange(ctx, actor, ChangeRecoveryCodes)
	return codes, nil
}

// factorActivity records a member's change in the organisation's Recent
// Activity (an account outside an organisation has no shared log; its
// owner sees the change in account settings). A failure is logged rather
// than undoing the change.
func (s *Service) factorActivity(ctx context.Context, user *cloud.User, kind string) {
	if user.OrganizationID == 0 {
		return
	}
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		return tx.AddActivity(&cloud.Activity{OrganizationID: user.OrganizationID, Kind: kind, Detail: user.Email, CreatedAt: s.now()})
	})
	if err != nil {
		s.logger.ErrorContext(ctx, "activity not written", "kind", kind, "error", err.Error())
	}
}

// AdminRemoveSecondFactors removes every second factor of an account (its
// owner lost them all, and the admin has checked who asks), audited. The
// account's sessions end; at its next sign-in it sets a factor up again
// where one is required.
func (s *Service) AdminRemoveSecondFactors(ctx context.Context, actor *cloud.User, userID int64) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	target, err := s.store.FindUserByID(ctx, userID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgUserNotFound)
	} else if err != nil {
		return err
	}
	if err := s.store.DeleteSecondFactors(ctx, target.ID); err != nil {
		return err
	}
	if err := s.store.DeleteOtherSessions(ctx, target.ID, nil); err != nil {
		return err
	}
	s.audit(ctx, actor, cloud.AuditSecondFactorsRemoved, target.ID, target.Email)
	s.factorActivity(ctx, target, cloud.ActivitySecondFactorRemoved)
	s.mailSecurityChange(ctx, target, ChangeFactorRemoved)
	return nil
}

// SecondFactorRule says whether the organisation requires a second factor
// of its members (its members and, reading, a site admin).
func (s *Service) SecondFactorRule(ctx context.Context, actor *cloud.User, orgID int64) (bool, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return false, err
	}
	return s.store.OrganizationRequiresSecondFactor(ctx, org.ID)
}

// SetSecondFactorRule: the owner requires (or stops requiring) a second
// factor of every member; a member without one sets it up at their next
// sign-in. API keys are not people and are not affected.
func (s *Service) SetSecondFactorRule(ctx context.Context, actor *cloud.User, orgID int64, required bool) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	kind := cloud.ActivitySecondFactorOptional
	if required {
		kind = cloud.ActivitySecondFactorRequired
	}
	if err := s.store.SetOrganizationRequiresSecondFactor(ctx, org.ID, required); err != nil {
		return err
	}
	return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: kind, CreatedAt: s.now()})
	})
}

// SetUpStepTOTP starts an authenticator app in a sign-in's set-up step.
func (s *Service) SetUpStepTOTP(ctx context.Context, token string) (*TOTPSetUp, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeSetUp)
	if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	return s.startTOTP(ctx, user)
}

// SetUpStepPasskeyOptions begins a passkey's registration in a sign-in's
// set-up step.
func (s *Service) SetUpStepPasskeyOptions(ctx context.Context, token string) ([]byte, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeSetUp)
	if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	return s.beginRegistration(ctx, c, user)
}

// FinishSetUpStep sets up the first factor (an app's first code, or a
// passkey) and finishes the sign-in, with the new recovery codes.
func (s *Service) FinishSetUpStep(ctx context.Context, token, method, code, name string, attestation []byte) (*SignIn, error) {
	c, err := s.findChallenge(ctx, token, cloud.ChallengeSetUp)
	if err != nil {
		return nil, err
	}
	user, err := s.activeUser(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	var codes []string
	switch method {
	case cloud.MethodTOTP:
		codes, err = s.confirmTOTP(ctx, user, code)
	case cloud.MethodPasskey:
		codes, err = s.finishRegistration(ctx, c, user, name, attestation)
	default:
		err = cloud.NewError(cloud.EINVALID, cloud.MsgMethodUnknown)
	}
	if err != nil {
		return nil, err
	}
	if err := s.takeChallenge(ctx, token, cloud.ChallengeSetUp); err != nil {
		return nil, err
	}
	in, err := s.completeSignIn(ctx, user, cloud.SignedInWithPassword)
	if err != nil {
		return nil, err
	}
	in.RecoveryCodes = codes
	return in, nil
}
