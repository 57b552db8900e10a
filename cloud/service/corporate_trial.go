package service

// The free trial from the simple form: registered without a card, made
// only once its contact opens the mailed link, limited per mailbox and per
// caller, and reminded and ended as it runs out.

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/plans"
)

// TrialStarted answers the simple form: nothing exists yet but the
// registration, waiting for its contact to open the mailed link.
// Message is what the person reads ("Check your email ...").
type TrialStarted struct {
	RegistrationID, ContactEmail, Message string
}

// trialHash names a folded mailbox or a client address in the store
// without the address itself.
func trialHash(kind, value string) []byte { return hashToken(kind + "\x00" + value) }

// trialWindow is the day the trial registrations are counted over, and
// how long a caller refused for too many of them, or for too many setup
// mails, waits (their messages say "tomorrow").
const trialWindow = 24 * time.Hour

// RegisterTrial is the simple form (docs/design/admin-corporate.md §2 /corporate/register): a 14-day
// trial, no card. Nothing is created for the address until its owner
// proves it by opening the mailed link (confirmTrial, through the
// password setup page), so a stranger's registration blocks nobody; an
// unproven one expires cloud.ResetTokenTTL after it was made. A mailbox
// (folded: cloud.FoldMailbox) gets one trial, ever, and a client address
// and a mailbox cloud.TrialRegistrationsADay registrations a day
// (TRIAL_REGISTRATIONS_PER_DAY). client is the caller's address, as the
// rate limiters see it.
func (s *Service) RegisterTrial(ctx context.Context, req cloud.TrialRegistration, client string) (*TrialStarted, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if err := s.refuseTakenAddress(ctx, req.ContactEmail); err != nil {
		return nil, err
	}
	now := s.now()
	mailbox, clientHash := trialHash("mailbox", cloud.FoldMailbox(req.ContactEmail)), trialHash("client", client)
	if used, err := s.store.TrialMailboxUsed(ctx, mailbox); err != nil {
		return nil, err
	} else if used {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgTrialMailboxUsed)
	}
	byMailbox, byClient, err := s.store.CountTrialRegistrations(ctx, mailbox, clientHash, now.Add(-trialWindow))
	if err != nil {
		return nil, err
	}
	switch {
	case byClient >= s.trialsADay:
		return nil, cloud.TooMany(cloud.MsgTooManyTrials, trialWindow)
	case byMailbox >= s.trialsADay:
		return nil, cloud.TooMany(cloud.MsgTooManyTrialsForMailbox, trialWindow)
	}
	// It mails: the shared limits per recipient and per caller count it too.
	if err := s.allowMail(ctx, 0, nil, req.ContactEmail); err != nil {
		return nil, err
	}
	ref, err := newPaymentRef()
	if err != nil {
		return nil, err
	}
	token, tokenHash, err := newToken()
	if err != nil {
		return nil, err
	}
	reg := &cloud.Registration{Ref: ref, OrganizationName: req.Name, OrganizationType: req.Industry,
		ContactEmail: req.ContactEmail, Phone: req.ContactPhone, Plan: req.SubscriptionTier, Country: req.Country, CreatedAt: now,
		ConfirmTokenHash: tokenHash, MailboxHash: mailbox, ClientHash: clientHash, MailsSent: 1}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateRegistration(ctx, reg); err != nil {
			return err
		}
		return s.mailTrialLink(ctx, reg.ContactEmail, token, tokenHash)
	})
	if err != nil {
		return nil, err
	}
	return &TrialStarted{RegistrationID: ref, ContactEmail: reg.ContactEmail, Message: cloud.MsgTrialMailSent}, nil
}

// mailTrialLink mails a trial's contact the link that proves the address
// and sets the owner's password: the same page as every setup link.
// Called in the transaction that stores the token's hash.
func (s *Service) mailTrialLink(ctx context.Context, email, token string, tokenHash []byte) error {
	link := s.baseURL + "/corporate-password-setup?token=" + url.QueryEscape(token)
	return s.sendMail(ctx, mailCause("trial-link", tokenHash), cloud.Mail{To: email, Subject: cloud.MsgCorporateMailSubject,
		Text: fmt.Sprintf(trialMailText, link)})
}

// confirmTrial makes a trial's organisation and owner from the
// registration whose link was opened (token), if it is still waiting and
// its address still free, and sets the owner's password with the same
// token. ENOTFOUND when token is no trial's link.
func (s *Service) confirmTrial(ctx context.Context, token, password string) (int64, error) {
	reg, err := s.store.FindRegistrationByConfirmToken(ctx, hashToken(token))
	if err != nil {
		return 0, err
	}
	now := s.now()
	switch {
	case reg.Status != cloud.RegistrationPending:
		// Opened before: the owner's password was set with this very
		// token, so it reads as a used setup link.
		return 0, s.deadSetupLink(ctx, token)
	case now.Sub(reg.CreatedAt) > cloud.ResetTokenTTL:
		return 0, cloud.NewError(cloud.EGONE, cloud.MsgSetupLinkExpired)
	}
	plan, _ := plans.Find(reg.Plan)
	var owner *cloud.User
	org := &cloud.Organization{
		Name: reg.OrganizationName, OrganizationType: reg.OrganizationType, ContactEmail: reg.ContactEmail,
		Phone: reg.Phone, Country: reg.Country, Plan: plan.ID, SubscriptionStatus: cloud.SubscriptionTrial,
		// Raised by a site admin only (SetAllowance).
		MaxQRCodes:  min(plan.MaxQRCodes, plans.TrialMaxQRCodes()),
		TrialEndsAt: now.Add(time.Duration(plans.All.TrialDays) * 24 * time.Hour), CreatedAt: now,
	}
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		locked, err := tx.LockRegistration(reg.Ref)
		if err != nil {
			return err
		}
		if locked.Status != cloud.RegistrationPending {
			return cloud.NewError(cloud.EINVALID, cloud.MsgInvalidLink)
		}
		if taken, err := tx.EmailTaken(reg.ContactEmail); err != nil {
			return err
		} else if taken {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgAddressTakenMeanwhile)
		}
		// One trial per mailbox, whichever of its addresses proves it first.
		if err := tx.UseTrialMailbox(reg.MailboxHash, now); err != nil {
			return err
		}
		if owner, err = createOrganization(tx, org, now); err != nil {
			return err
		}
		return tx.CompleteRegistration(reg.Ref, org.ID)
	})
	if err != nil {
		return 0, err
	}
	// The link proved the address; it also sets the password, as the
	// owner's own setup link would.
	if err := s.store.SetResetToken(ctx, owner.ID, hashToken(token), now.Add(cloud.ResetTokenTTL)); err != nil {
		return 0, err
	}
	if err := s.usePasswordToken(ctx, token, password, owner.Email, cloud.MsgInvalidLink); err != nil {
		return 0, err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityPasswordSet, owner.Email)
	return org.ID, nil
}

// CheckTrials mails each trial's contact 3 days before it ends, once, and
// makes ended trials inactive. It also deletes registrations past
// RegistrationKept (their contact details are the organisation's now, or
// nobody's). Main runs it periodically.
func (s *Service) CheckTrials(ctx context.Context) (expired int64, err error) {
	now := s.now()
	if _, err := s.store.DeleteRegistrationsBefore(ctx, now.Add(-cloud.RegistrationKept)); err != nil {
		return 0, err
	}
	// The notices are marked sent in the transaction that queues them.
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		ending, err := s.store.ListTrialsEnding(ctx, now, now.Add(cloud.TrialEndingNotice))
		if err != nil {
			return err
		}
		for _, org := range ending {
			// Unique per organisation and trial end as well.
			err := s.sendMail(ctx, mailCause("trial-ending", org.ID, org.TrialEndsAt.Unix()), cloud.Mail{To: org.ContactEmail,
				Subject: cloud.MsgTrialEndingSubject,
				Text:    fmt.Sprintf(trialEndingMailText, s.baseURL+"/corporate/dashboard/"+strconv.FormatInt(org.ID, 10))})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return s.store.ExpireTrials(ctx, now)
}
