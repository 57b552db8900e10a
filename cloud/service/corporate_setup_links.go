package service

// How a corporate user gets in: the corporate sign-in, and the single-use
// setup links that choose a password (checked as their page opens, used,
// and mailed again when lost or expired).

import (
	"context"
	"fmt"
	"net/url"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// CorporateLogin signs in a corporate user (the corporate door); other
// accounts are told to use /login, only once their password is right.
func (s *Service) CorporateLogin(ctx context.Context, email, password string) (*SignIn, error) {
	ctx, span := startSpan(ctx, "CorporateLogin")
	defer span.End()
	user, err := s.checkPassword(ctx, email, password)
	if err != nil {
		return nil, err
	}
	if !cloud.IsCorporate(user.UserType) {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgUseIndividualLogin)
	}
	if err := s.passwordRefusedBySSO(ctx, user); err != nil {
		return nil, err
	}
	return s.afterFirstFactor(ctx, user)
}

// CorporateSetPassword sets a corporate user's password from the setup link
// (/corporate-password-setup?token=); other accounts' tokens are refused.
func (s *Service) CorporateSetPassword(ctx context.Context, token, password string) (int64, error) {
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return 0, cloud.NewError(cloud.EINVALID, cloud.MsgInvalidLink)
	}
	if err := validPassword(password); err != nil {
		return 0, err
	}
	user, err := s.store.FindUserByPasswordToken(ctx, hashToken(token), "", s.now())
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		// No account's link: a trial's, whose opening proves the address.
		orgID, err := s.confirmTrial(ctx, token, password)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			// Neither: a link already used or expired says so.
			return 0, s.deadSetupLink(ctx, token)
		}
		return orgID, err
	}
	if err == nil && !cloud.IsCorporate(user.UserType) {
		return 0, cloud.NewError(cloud.EINVALID, cloud.MsgInvalidLink)
	} else if err != nil {
		return 0, err
	}
	if err := s.usePasswordToken(ctx, token, password, user.Email, cloud.MsgInvalidLink); err != nil {
		return 0, err
	}
	return user.OrganizationID, s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		return tx.AddActivity(&cloud.Activity{OrganizationID: user.OrganizationID, Kind: cloud.ActivityPasswordSet,
			Detail: user.Email, CreatedAt: s.now()})
	})
}

// CheckSetupLink says what a setup link is when its page opens, without
// using it: valid (the page asks for a password),
// used or expired (the page says so at once, with the way to a new link),
// or invalid. Like a refused password, it tells only the holder of the
// link, and nothing of whose it is. An expired trial link still kept
// (cloud.RegistrationKept) is renewed by mail (ResendSetup with it): no
// account exists yet for the reset page to mail.
func (s *Service) CheckSetupLink(ctx context.Context, token string) (*api.CorporateSetupLinkState, error) {
	invalid := &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateInvalid, Message: cloud.MsgInvalidLink, NewLink: api.CorporateSetupLinkStateNewLinkReset}
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return invalid, nil
	}
	now, hash := s.now(), hashToken(token)
	user, err := s.store.FindUserByPasswordToken(ctx, hash, "", now)
	switch {
	case err == nil && cloud.IsCorporate(user.UserType):
		return &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateValid}, nil
	case err == nil:
		return invalid, nil // an individual's reset link: refused here (CorporateSetPassword)
	case cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return nil, err
	}
	reg, err := s.store.FindRegistrationByConfirmToken(ctx, hash)
	switch {
	case err == nil && reg.Status == cloud.RegistrationPending && now.Sub(reg.CreatedAt) > cloud.ResetTokenTTL:
		expired := &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateExpired, Message: cloud.MsgSetupLinkExpired, NewLink: api.CorporateSetupLinkStateNewLinkMail}
		if reg.MailsSent >= cloud.SetupMailsPerRegistration {
			expired.NewLink = api.CorporateSetupLinkStateNewLinkTrial
		}
		return expired, nil
	case err == nil && reg.Status == cloud.RegistrationPending:
		return &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateValid}, nil
	case err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return nil, err
	}
	// A completed trial's link set its owner's password: a used link.
	state, err := s.store.PasswordTokenState(ctx, hash, now)
	switch {
	case err != nil:
		return nil, err
	case state == cloud.PasswordTokenUsed:
		return &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateUsed, Message: cloud.MsgSetupLinkUsed, NewLink: api.CorporateSetupLinkStateNewLinkReset}, nil
	case state == cloud.PasswordTokenExpired:
		return &api.CorporateSetupLinkState{State: api.CorporateSetupLinkStateStateExpired, Message: cloud.MsgSetupLinkExpired, NewLink: api.CorporateSetupLinkStateNewLinkReset}, nil
	}
	return invalid, nil
}

// ResendSetup mails a registration's link again, for the page a new
// customer lands on: a trial's confirmation (a new link; the old one stops
// working), or for a paid registration (its checkout session id is the
// browser's proof) the owner's setup link while no password is set. The
// answer is the same whether or not anything was sent; each registration
// sends at most cloud.SetupMailsPerRegistration mails. With expiredLink
// (a trial's setup link that has expired, in place of the registration's
// id: the setup page's "Get a new link"), a new link is mailed for it.
func (s *Service) ResendSetup(ctx context.Context, registrationRef, sessionID, expiredLink string) error {
	if expiredLink != "" {
		if len(expiredLink) > cloud.TokenMaxBytes {
			return nil
		}
		return s.renewTrialLink(ctx, expiredLink)
	}
	if registrationRef == "" || len(registrationRef) > cloud.TokenMaxBytes || len(sessionID) > cloud.TokenMaxBytes {
		return nil
	}
	reg, err := s.store.FindRegistration(ctx, registrationRef)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	if reg.MailsSent >= cloud.SetupMailsPerRegistration {
		return cloud.TooMany(cloud.MsgTooManySetupMails, trialWindow)
	}
	switch {
	case reg.IsTrial() && reg.Status == cloud.RegistrationPending:
		// Each mail also counts on the shared limits (per recipient, per caller).
		if err := s.allowMail(ctx, 0, nil, reg.ContactEmail); err != nil {
			return err
		}
		token, tokenHash, err := newToken()
		if err != nil {
			return err
		}
		// The new link gets its own cloud.ResetTokenTTL, not what was left
		// of the first one's.
		return s.store.InTx(ctx, func(ctx context.Context) error {
			if err := s.store.RenewTrialLink(ctx, reg.Ref, tokenHash, s.now()); err != nil {
				return err
			}
			return s.mailTrialLink(ctx, reg.ContactEmail, token, tokenHash)
		})
	case !reg.IsTrial() && sessionID != "" && reg.CheckoutSessionID == sessionID &&
		reg.Status == cloud.RegistrationCompleted:
		owner, err := s.store.FindUserByEmail(ctx, reg.ContactEmail)
		if err != nil || owner.PasswordHash != "" || owner.OrganizationID != reg.OrganizationID {
			return nil
		}
		if err := s.allowMail(ctx, 0, nil, reg.ContactEmail); err != nil {
			return err
		}
		if _, err := s.store.NoteRegistrationMail(ctx, reg.Ref, nil); err != nil {
			return err
		}
		return s.mailCorporateSetup(ctx, owner, paidWelcomeMailText)
	}
	return nil
}

// renewTrialLink mails a new link for a trial's expired one (token), if
// its registration is still kept and waiting, within the registration's
// mails; nothing otherwise (ResendSetup's one answer).
func (s *Service) renewTrialLink(ctx context.Context, token string) error {
	reg, err := s.store.FindRegistrationByConfirmToken(ctx, hashToken(token))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	now := s.now()
	if reg.Status != cloud.RegistrationPending || now.Sub(reg.CreatedAt) <= cloud.ResetTokenTTL {
		return nil // used, or still valid: nothing to renew
	}
	if reg.MailsSent >= cloud.SetupMailsPerRegistration {
		return cloud.TooMany(cloud.MsgTooManySetupMails, trialWindow)
	}
	fresh, freshHash, err := newToken()
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.RenewTrialLink(ctx, reg.Ref, freshHash, now); err != nil {
			return err
		}
		return s.mailTrialLink(ctx, reg.ContactEmail, fresh, freshHash)
	})
}

// deadSetupLink says why a setup link no longer works: used (sign in, or
// ask for a new link), expired, or unknown. Only the holder of the link
// learns this, and nothing about whose it was.
func (s *Service) deadSetupLink(ctx context.Context, token string) error {
	state, err := s.store.PasswordTokenState(ctx, hashToken(token), s.now())
	switch {
	case err != nil:
		return err
	case state == cloud.PasswordTokenUsed:
		return cloud.NewError(cloud.EGONE, cloud.MsgSetupLinkUsed)
	case state == cloud.PasswordTokenExpired:
		return cloud.NewError(cloud.EGONE, cloud.MsgSetupLinkExpired)
	}
	return cloud.NewError(cloud.EINVALID, cloud.MsgInvalidLink)
}

// mailCorporateSetup mails a corporate user a single-use, 24-hour link to
// set their password; text has one %s, the link.
func (s *Service) mailCorporateSetup(ctx context.Context, u *cloud.User, text string) error {
	token, hash, err := newToken()
	if err != nil {
		return err
	}
	link := s.baseURL + "/corporate-password-setup?token=" + url.QueryEscape(token)
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetResetToken(ctx, u.ID, hash, s.now().Add(cloud.ResetTokenTTL)); err != nil {
			return err
		}
		return s.sendMail(ctx, mailCause("corporate-setup", hash), cloud.Mail{To: u.Email,
			Subject: cloud.MsgCorporateMailSubject, Text: fmt.Sprintf(text, link)})
	})
}
