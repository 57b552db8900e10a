package service

// Corporate accounts (admin-corporate-side §2-§9, DESIGN.md "Corporate").
// An organisation and its owner are created once, from a paid subscription
// checkout (complete-registration or the checkout.session.completed
// webhook, whichever comes first, in one transaction with the event id) or
// from the simple form's trial. Every organisation route is scoped here:
// a member sees their own organisation, a site admin reads any, anyone
// else gets ENOTFOUND.

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/plans"
)

// Outcome of a corporate event, besides those of payment events.
const EventOutdated = "outdated" // older than the last subscription event applied

// RegistrationRequest is the body of POST /api/corporate/create-payment-intent.
type RegistrationRequest = api.CorporateRegistrationRequest

// RegistrationCheckout answers create-payment-intent and subscribe.
type RegistrationCheckout = api.CorporateCheckout

// CreateRegistrationCheckout keeps a pending registration and opens the
// provider's subscription checkout for its plan. An address that has an
// account cannot register an organisation (its owner would be that account).
func (s *Service) CreateRegistrationCheckout(ctx context.Context, req RegistrationRequest) (*RegistrationCheckout, error) {
	reg := &cloud.Registration{
		OrganizationName: req.OrganizationName, ContactFirstName: req.ContactFirstName,
		ContactLastName: req.ContactLastName, ContactEmail: req.ContactEmail, Phone: req.Phone,
		OrganizationType: req.OrganizationType, EmployeeCount: req.EmployeeCount, Plan: req.SubscriptionPlan,
		Address: req.Address, City: req.City, Country: req.Country, Requirements: req.Requirements,
	}
	if err := reg.Validate(); err != nil {
		return nil, err
	}
	if err := s.refuseTakenAddress(ctx, reg.ContactEmail); err != nil {
		return nil, err
	}
	ref, err := newPaymentRef()
	if err != nil {
		return nil, err
	}
	reg.Ref, reg.CreatedAt = ref, s.now()
	if err := s.store.CreateRegistration(ctx, reg); err != nil {
		return nil, err
	}
	plan, _ := plans.Find(reg.Plan)
	return s.openRegistrationCheckout(ctx, reg, plan, s.baseURL+"/corporate-register")
}

// openRegistrationCheckout asks the provider for the registration's
// subscription checkout and keeps its session id.
func (s *Service) openRegistrationCheckout(ctx context.Context, reg *cloud.Registration, plan plans.Plan, cancelURL string) (*RegistrationCheckout, error) {
	session, err := s.subscriptions.CreateSubscriptionCheckout(ctx, cloud.SubscriptionCheckout{
		Ref: reg.Ref, Email: reg.ContactEmail, Plan: plan,
		SuccessURL: s.baseURL + "/corporate-payment-success?session_id={CHECKOUT_SESSION_ID}&registration_id=" + reg.Ref,
		CancelURL:  cancelURL,
	})
	if err != nil {
		s.logger.Error("payment session not created", slog.String("registration", reg.Ref), slog.String("error", err.Error()))
		return nil, cloud.NewError(cloud.EINTERNAL, cloud.MsgPaymentSessionFailed)
	}
	if err := s.store.SetRegistrationCheckout(ctx, reg.Ref, session.ID); err != nil {
		return nil, err
	}
	return &RegistrationCheckout{SessionID: session.ID, RedirectURL: session.URL, RegistrationID: reg.Ref}, nil
}

func (s *Service) refuseTakenAddress(ctx context.Context, email string) error {
	_, err := s.store.FindUserByEmail(ctx, email)
	switch cloud.ErrorCode(err) {
	case "":
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
	case cloud.ENOTFOUND:
		return nil
	}
	return err
}

// CompleteRegistration finishes a registration whose browser is back from
// checkout. The session must be the registration's own, and paid as the
// provider says when asked; the organisation is made through the webhook's
// own exactly-once path. Done before (by the webhook) is done.
func (s *Service) CompleteRegistration(ctx context.Context, sessionID, registrationRef string) (*RegistrationDone, error) {
	if sessionID == "" || registrationRef == "" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgMissingPaymentInfo)
	}
	notFound := cloud.NewError(cloud.ENOTFOUND, cloud.MsgRegistrationNotFound)
	if len(sessionID) > cloud.TokenMaxBytes || len(registrationRef) > cloud.TokenMaxBytes {
		return nil, notFound
	}
	reg, err := s.store.FindRegistration(ctx, registrationRef)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	if reg.CheckoutSessionID == "" || reg.CheckoutSessionID != sessionID {
		return nil, notFound
	}
	if reg.Status == cloud.RegistrationCompleted {
		return s.registrationDone(ctx, reg), nil
	}
	event, err := s.subscriptions.ReadCheckoutSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	if _, err := s.ApplyCorporateEvent(ctx, event); err != nil {
		return nil, err
	}
	if reg, err = s.store.FindRegistration(ctx, registrationRef); err != nil {
		return nil, err
	}
	if reg.Status != cloud.RegistrationCompleted {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgRegistrationUnpaid)
	}
	return s.registrationDone(ctx, reg), nil
}

// RegistrationDone is what the browser back from checkout is told: the
// organisation, and whether its owner still has to open the setup mail
// (a new customer, not signed in: the landing page says so) or is
// already a member with a password (a trial that subscribed).
type RegistrationDone struct {
	OrganizationID int64
	ContactEmail   string
	SetupPending   bool
}

func (s *Service) registrationDone(ctx context.Context, reg *cloud.Registration) *RegistrationDone {
	done := &RegistrationDone{OrganizationID: reg.OrganizationID, ContactEmail: reg.ContactEmail}
	owner, err := s.store.FindUserByEmail(ctx, reg.ContactEmail)
	done.SetupPending = err == nil && owner.OrganizationID == reg.OrganizationID && owner.PasswordHash == ""
	return done
}

// ApplyCorporateEvent applies a verified checkout or subscription event
// once: its id is stored in the same transaction as its effects.
func (s *Service) ApplyCorporateEvent(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	var outcome string
	var err error
	switch {
	case ev.Checkout != nil:
		outcome, err = s.applyCheckout(ctx, ev)
	case ev.Subscription != nil && ev.Subscription.SubscriptionID != "":
		outcome, err = s.applySubscription(ctx, ev)
	default:
		outcome = EventIgnored
	}
	if err != nil {
		return "", err
	}
	s.logger.Info("corporate event", slog.String("event", ev.ID), slog.String("type", ev.Type), slog.String("outcome", outcome))
	return outcome, nil
}

func (s *Service) applyCheckout(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	c := ev.Checkout
	if c.Mode != cloud.CheckoutModeSubscription || c.RegistrationRef == "" {
		return EventIgnored, nil
	}
	// A session not paid (yet) makes nothing, and its event id is not kept:
	// complete-registration reads the same session back under one id, so
	// keeping it would stop that call from ever finishing the session.
	if c.PaymentStatus != cloud.CheckoutPaid && c.PaymentStatus != cloud.CheckoutNoPaymentRequired {
		return EventIgnored, nil
	}
	now := s.now()
	outcome := EventApplied
	var owner *cloud.User
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		first, err := tx.RecordEvent(ev.ID, ev.Type, now)
		if err != nil || !first {
			outcome = EventDuplicate
			return err
		}
		reg, err := tx.LockRegistration(c.RegistrationRef)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			outcome = EventIgnored
			return nil
		} else if err != nil {
			return err
		}
		// A session that is not the registration's own makes nothing.
		if reg.CheckoutSessionID != c.SessionID {
			outcome = EventIgnored
			return nil
		}
		if reg.Status == cloud.RegistrationCompleted {
			outcome = EventAlreadyFulfilled
			return nil
		}
		if reg.OrganizationID != 0 {
			return subscribeExisting(tx, reg, c, now)
		}
		taken, err := tx.EmailTaken(reg.ContactEmail)
		if err != nil {
			return err
		}
		if taken {
			outcome = EventNotAttached
			s.logger.Error("paid, but the contact address has an account meanwhile; no organisation made: refund it",
				slog.String("registration", reg.Ref), slog.String("event", ev.ID))
			return nil
		}
		plan, _ := plans.Find(reg.Plan)
		org := &cloud.Organization{
			Name: reg.OrganizationName, OrganizationType: reg.OrganizationType,
			ContactFirstName: reg.ContactFirstName, ContactLastName: reg.ContactLastName,
			ContactEmail: reg.ContactEmail, Phone: reg.Phone, Address: reg.Address, City: reg.City,
			Country: reg.Country, EmployeeCount: reg.EmployeeCount, Requirements: reg.Requirements,
			Plan: plan.ID, SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: plan.MaxQRCodes,
			StripeCustomerID: c.CustomerID, StripeSubscriptionID: c.SubscriptionID,
			CheckoutSessionID: c.SessionID, CreatedAt: now,
		}
		if owner, err = createOrganization(tx, org, now); err != nil {
			return err
		}
		return tx.CompleteRegistration(reg.Ref, org.ID)
	})
	if err != nil {
		return "", err
	}
	if owner != nil {
		if err := s.mailCorporateSetup(ctx, owner, paidWelcomeMailText); err != nil {
			return "", err
		}
	}
	return outcome, nil
}

// subscribeExisting gives an existing organisation (a trial, or one whose
// subscription ended) the plan its owner has just paid for.
func subscribeExisting(tx cloud.CorporateTx, reg *cloud.Registration, c *cloud.CheckoutEvent, now time.Time) error {
	org, err := tx.LockOrganization(reg.OrganizationID)
	if err != nil {
		return err
	}
	plan, _ := plans.Find(reg.Plan)
	org.Plan, org.MaxQRCodes, org.SubscriptionStatus = plan.ID, plan.MaxQRCodes, cloud.SubscriptionActive
	org.StripeCustomerID, org.StripeSubscriptionID, org.CheckoutSessionID = c.CustomerID, c.SubscriptionID, c.SessionID
	org.UpdatedAt = now
	if err := tx.StartSubscription(org); err != nil {
		return err
	}
	if err := tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivitySubscribed,
		Detail: plan.Name, CreatedAt: now}); err != nil {
		return err
	}
	return tx.CompleteRegistration(reg.Ref, org.ID)
}

// Subscribe opens a subscription checkout for an organisation that has no
// live subscription (a trial, or one that ended), for its owner. The paid
// session is applied by complete-registration or the webhook, as a new
// registration's is.
func (s *Service) Subscribe(ctx context.Context, actor *cloud.User, orgID int64, planID string) (*RegistrationCheckout, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	plan, ok := plans.Find(planID)
	if !ok {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPlanRequired)
	}
	if org.SubscriptionStatus == cloud.SubscriptionActive || org.SubscriptionStatus == cloud.SubscriptionPastDue {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAlreadySubscribed)
	}
	ref, err := newPaymentRef()
	if err != nil {
		return nil, err
	}
	reg := &cloud.Registration{
		Ref: ref, OrganizationName: org.Name, ContactFirstName: org.ContactFirstName,
		ContactLastName: org.ContactLastName, ContactEmail: actor.Email, Phone: org.Phone,
		OrganizationType: org.OrganizationType, EmployeeCount: org.EmployeeCount, Plan: plan.ID,
		Address: org.Address, City: org.City, Country: org.Country, OrganizationID: org.ID, CreatedAt: s.now(),
	}
	if err := s.store.CreateRegistration(ctx, reg); err != nil {
		return nil, err
	}
	return s.openRegistrationCheckout(ctx, reg, plan, s.baseURL+"/corporate/dashboard/"+strconv.FormatInt(org.ID, 10))
}

// createOrganization inserts an organisation, its owner (the contact, no
// password yet) and the first line of its activity.
func createOrganization(tx cloud.CorporateTx, org *cloud.Organization, now time.Time) (*cloud.User, error) {
	if org.PaperSize == "" {
		org.PaperSize = cloud.PaperForCountry(org.Country)
	}
	if err := tx.CreateOrganization(org); err != nil {
		return nil, err
	}
	owner, err := tx.CreateMember(org.ID, org.ContactEmail, cloud.UserTypeCorporateOwner, now)
	if err != nil {
		return nil, err
	}
	return owner, tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityOrganizationCreated,
		Detail: plansName(org.Plan), CreatedAt: now})
}

func plansName(id string) string {
	p, _ := plans.Find(id)
	return p.Name
}

// subscriptionStatus maps the provider's subscription status onto §4's.
func subscriptionStatus(eventType, providerStatus string) string {
	switch {
	case eventType == cloud.EventSubscriptionDeleted:
		return cloud.SubscriptionCanceled
	case eventType == cloud.EventInvoicePaymentFailed:
		return cloud.SubscriptionPastDue
	}
	switch providerStatus {
	case "active":
		return cloud.SubscriptionActive
	case "trialing":
		return cloud.SubscriptionTrial
	case "past_due", "unpaid", "incomplete":
		return cloud.SubscriptionPastDue
	case "canceled", "incomplete_expired":
		return cloud.SubscriptionCanceled
	}
	return cloud.SubscriptionInactive
}

func (s *Service) applySubscription(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	sub := ev.Subscription
	now := s.now()
	outcome := EventApplied
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		first, err := tx.RecordEvent(ev.ID, ev.Type, now)
		if err != nil || !first {
			outcome = EventDuplicate
			return err
		}
		org, err := tx.LockOrganizationBySubscription(sub.SubscriptionID)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			outcome = EventIgnored
			return nil
		} else if err != nil {
			return err
		}
		if !ev.Created.IsZero() && ev.Created.Before(org.SubscriptionEventAt) {
			outcome = EventOutdated
			return nil
		}
		org.SubscriptionStatus = subscriptionStatus(ev.Type, sub.Status)
		if plan, ok := plans.ByLookupKey(sub.LookupKey); ok {
			org.Plan, org.MaxQRCodes = plan.ID, plan.MaxQRCodes
		}
		if sub.CustomerID != "" {
			org.StripeCustomerID = sub.CustomerID
		}
		if !ev.Created.IsZero() {
			org.SubscriptionEventAt = ev.Created
		}
		org.UpdatedAt = now
		if err := tx.UpdateSubscription(org); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivitySubscriptionChanged,
			Detail: plansName(org.Plan) + ", " + org.SubscriptionStatus, CreatedAt: now})
	})
	return outcome, err
}

// TrialStarted answers the simple form: nothing exists yet but the
// registration, waiting for its contact to open the mailed link.
type TrialStarted = api.CorporateTrialStarted

// trialHash names a folded mailbox or a client address in the store
// without the address itself.
func trialHash(kind, value string) []byte { return hashToken(kind + "\x00" + value) }

// RegisterTrial is the simple form (§2 /corporate/register): a 14-day
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
	byMailbox, byClient, err := s.store.CountTrialRegistrations(ctx, mailbox, clientHash, now.Add(-24*time.Hour))
	if err != nil {
		return nil, err
	}
	switch {
	case byClient >= s.trialsADay:
		return nil, cloud.NewError(cloud.ETOOMANY, cloud.MsgTooManyTrials)
	case byMailbox >= s.trialsADay:
		return nil, cloud.NewError(cloud.ETOOMANY, cloud.MsgTooManyTrialsForMailbox)
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
	if err := s.store.CreateRegistration(ctx, reg); err != nil {
		return nil, err
	}
	s.mailTrialLink(ctx, reg.ContactEmail, token)
	return &TrialStarted{RegistrationID: ref, ContactEmail: reg.ContactEmail, Message: cloud.MsgTrialMailSent}, nil
}

// mailTrialLink mails a trial's contact the link that proves the address
// and sets the owner's password: the same page as every setup link.
func (s *Service) mailTrialLink(ctx context.Context, email, token string) {
	link := s.baseURL + "/corporate-password-setup?token=" + url.QueryEscape(token)
	s.sendMail(ctx, cloud.Mail{To: email, Subject: cloud.MsgCorporateMailSubject, Text: fmt.Sprintf(trialMailText, link)})
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
		return cloud.NewError(cloud.ETOOMANY, cloud.MsgTooManySetupMails)
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
		if err := s.store.RenewTrialLink(ctx, reg.Ref, tokenHash, s.now()); err != nil {
			return err
		}
		s.mailTrialLink(ctx, reg.ContactEmail, token)
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

// CheckTrials mails each trial's contact 3 days before it ends, once, and
// makes ended trials inactive. It also deletes registrations past
// RegistrationKept (their contact details are the organisation's now, or
// nobody's). Main runs it periodically.
func (s *Service) CheckTrials(ctx context.Context) (expired int64, err error) {
	now := s.now()
	if _, err := s.store.DeleteRegistrationsBefore(ctx, now.Add(-cloud.RegistrationKept)); err != nil {
		return 0, err
	}
	ending, err := s.store.ListTrialsEnding(ctx, now, now.Add(cloud.TrialEndingNotice))
	if err != nil {
		return 0, err
	}
	for _, org := range ending {
		s.sendMail(ctx, cloud.Mail{To: org.ContactEmail, Subject: cloud.MsgTrialEndingSubject,
			Text: fmt.Sprintf(trialEndingMailText, s.baseURL+"/corporate/dashboard/"+strconv.FormatInt(org.ID, 10))})
	}
	return s.store.ExpireTrials(ctx, now)
}

// CorporateLogin signs in a corporate user (the corporate door); other
// accounts are told to use /login, only once their password is right.
func (s *Service) CorporateLogin(ctx context.Context, email, password string) (string, *cloud.Session, *cloud.User, error) {
	user, err := s.checkPassword(ctx, email, password)
	if err != nil {
		return "", nil, nil, err
	}
	if !cloud.IsCorporate(user.UserType) {
		return "", nil, nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgUseIndividualLogin)
	}
	token, session, err := s.openSession(ctx, user.ID)
	if err != nil {
		return "", nil, nil, err
	}
	return token, session, user, nil
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

// SetupLinkState is what a setup link is, for its page as it opens
// (pkg/api: CorporateSetupLinkState).
type SetupLinkState = api.CorporateSetupLinkState

// Ways to a new setup link (SetupLinkState.NewLink).
const (
	newLinkByMail  = api.CorporateSetupLinkStateNewLinkMail  // resend-setup with the expired link mails a new one
	newLinkByReset = api.CorporateSetupLinkStateNewLinkReset // an account exists: the reset page mails one
	newLinkByTrial = api.CorporateSetupLinkStateNewLinkTrial // a trial that can send no more: register again
)

// CheckSetupLink says what a setup link is when its page opens, without
// using it (issue 24, item 13): valid (the page asks for a password),
// used or expired (the page says so at once, with the way to a new link),
// or invalid. Like a refused password, it tells only the holder of the
// link, and nothing of whose it is. An expired trial link still kept
// (cloud.RegistrationKept) is renewed by mail (ResendSetup with it): no
// account exists yet for the reset page to mail.
func (s *Service) CheckSetupLink(ctx context.Context, token string) (*SetupLinkState, error) {
	invalid := &SetupLinkState{State: api.CorporateSetupLinkStateStateInvalid, Message: cloud.MsgInvalidLink, NewLink: newLinkByReset}
	if token == "" || len(token) > cloud.TokenMaxBytes {
		return invalid, nil
	}
	now, hash := s.now(), hashToken(token)
	user, err := s.store.FindUserByPasswordToken(ctx, hash, "", now)
	switch {
	case err == nil && cloud.IsCorporate(user.UserType):
		return &SetupLinkState{State: api.CorporateSetupLinkStateStateValid}, nil
	case err == nil:
		return invalid, nil // an individual's reset link: refused here (CorporateSetPassword)
	case cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return nil, err
	}
	reg, err := s.store.FindRegistrationByConfirmToken(ctx, hash)
	switch {
	case err == nil && reg.Status == cloud.RegistrationPending && now.Sub(reg.CreatedAt) > cloud.ResetTokenTTL:
		expired := &SetupLinkState{State: api.CorporateSetupLinkStateStateExpired, Message: cloud.MsgSetupLinkExpired, NewLink: newLinkByMail}
		if reg.MailsSent >= cloud.SetupMailsPerRegistration {
			expired.NewLink = newLinkByTrial
		}
		return expired, nil
	case err == nil && reg.Status == cloud.RegistrationPending:
		return &SetupLinkState{State: api.CorporateSetupLinkStateStateValid}, nil
	case err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND:
		return nil, err
	}
	// A completed trial's link set its owner's password: a used link.
	state, err := s.store.PasswordTokenState(ctx, hash, now)
	switch {
	case err != nil:
		return nil, err
	case state == cloud.PasswordTokenUsed:
		return &SetupLinkState{State: api.CorporateSetupLinkStateStateUsed, Message: cloud.MsgSetupLinkUsed, NewLink: newLinkByReset}, nil
	case state == cloud.PasswordTokenExpired:
		return &SetupLinkState{State: api.CorporateSetupLinkStateStateExpired, Message: cloud.MsgSetupLinkExpired, NewLink: newLinkByReset}, nil
	}
	return invalid, nil
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
		return cloud.NewError(cloud.ETOOMANY, cloud.MsgTooManySetupMails)
	}
	fresh, freshHash, err := newToken()
	if err != nil {
		return err
	}
	if err := s.store.RenewTrialLink(ctx, reg.Ref, freshHash, now); err != nil {
		return err
	}
	s.mailTrialLink(ctx, reg.ContactEmail, fresh)
	return nil
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
	if err := s.store.SetResetToken(ctx, u.ID, hash, s.now().Add(cloud.ResetTokenTTL)); err != nil {
		return err
	}
	link := s.baseURL + "/corporate-password-setup?token=" + url.QueryEscape(token)
	s.sendMail(ctx, cloud.Mail{To: u.Email, Subject: cloud.MsgCorporateMailSubject, Text: fmt.Sprintf(text, link)})
	return nil
}

// Mail texts hold a link and nothing personal: an invitation names the
// organisation and who invited, so the invitee knows what it is for.
const (
	paidWelcomeMailText = `Welcome to Lifetag for organisations.

Your organisation's account is ready. To choose your password, open this
link within 24 hours:

%s

Stripe e-mails the receipt of each payment. If you did not expect this
message, ignore it.
`
	// inviteExistingMailText: the inviting organisation's name (quoted)
	// and the site's address.
	inviteExistingMailText = `You have been invited to be an admin of an organisation on Lifetag.

The invitation comes from the organisation named %s.

This address already has a Lifetag account, and an account belongs to one
person or one organisation only, so nothing has changed. If you already
are an admin of that organisation, sign in at %s/corporate-login.
Otherwise, ask whoever invited you to invite another of your addresses.

If you did not expect this message, ignore it.
`
	trialWelcomeMailText = `Welcome to Lifetag for organisations.

Your organisation's free trial has started; nothing has been charged. To
choose your password, open this link within 24 hours:

%s

If you did not expect this message, ignore it.
`
	// inviteMailText: the inviter's address and the organisation's name,
	// each quoted, after our own first line.
	inviteMailText = `You have been added as an admin of an organisation on Lifetag.

The invitation comes from %s, for the organisation named %s.

To choose your password, open this link within 24 hours:

%%s

If you did not expect this message, ignore it.
`
	trialMailText = `Someone, we hope you, asked for a free trial of Lifetag for
organisations with this address.

To confirm the address, start the trial and choose your password, open
this link within 24 hours:

%s

Until then nothing has been created. If you did not ask for it, ignore
this message.
`
	trialEndingMailText = `Your organisation's Lifetag trial ends in 3 days.

To keep your QR codes and printing, choose a plan from your dashboard:

%s
`
)

// welcomeMailText is an owner's setup mail: a trial's says nothing of
// payments, as none was made.
func welcomeMailText(org *cloud.Organization) string {
	if org.StripeCustomerID == "" {
		return trialWelcomeMailText
	}
	return paidWelcomeMailText
}

// inviteText is an admin's setup mail, naming who invited them and where.
// The names are the customer's own text, so a % in them is escaped before
// the link is filled in.
func inviteText(inviter *cloud.User, org *cloud.Organization) string {
	escape := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
	return fmt.Sprintf(inviteMailText, escape(quoted(inviter.Email)), escape(quoted(org.Name)))
}

// The organisation's own routes.

// organizationFor returns the organisation id a request may read
// (write=false) or change: its members', and for reading a site admin's.
// Anyone else learns nothing, not even that it exists.
func (s *Service) organizationFor(ctx context.Context, actor *cloud.User, orgID int64, write bool) (*cloud.Organization, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if !isMember(actor, orgID) && !(actor.IsAdmin && !write) {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	org, err := s.store.FindOrganization(ctx, orgID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	return org, err
}

// mayCreate applies cloud.CanCreateCodes, the rule of every route that
// prints, creates or mails, to org with its codes counted now.
func (s *Service) mayCreate(ctx context.Context, org *cloud.Organization) error {
	used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
	if err != nil {
		return err
	}
	return cloud.CanCreateCodes(org, used, s.now())
}

// ownerOf is organizationFor for the owner's own changes (team, billing).
func (s *Service) ownerOf(ctx context.Context, actor *cloud.User, orgID int64) (*cloud.Organization, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if !isOwner(actor, orgID) {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgOwnerOnly)
	}
	return org, nil
}

// isMember: a corporate user of the organisation, who may change its
// library, projects, templates, links, printing and paper.
func isMember(actor *cloud.User, orgID int64) bool {
	return actor != nil && cloud.IsCorporate(actor.UserType) && actor.OrganizationID == orgID && orgID != 0
}

// isOwner: its Organization Administrator, who alone manages the team and
// billing.
func isOwner(actor *cloud.User, orgID int64) bool {
	return isMember(actor, orgID) && actor.UserType == cloud.UserTypeCorporateOwner
}

// Permissions are what the caller may do in an organisation, from the same
// rules organizationFor and ownerOf enforce, so a page shows only the
// actions its reader may take (a site admin reads; an admin does not manage
// the team).
type Permissions = api.CorporatePermissions

func permissionsOf(actor *cloud.User, orgID int64) Permissions {
	owner := isOwner(actor, orgID)
	return Permissions{Edit: isMember(actor, orgID), ManageTeam: owner, ManageBilling: owner}
}

// OrganizationView is an organisation as the client sees it (§3). Its
// Paused is why printing, new codes and links are refused right now
// (cloud.CanCreateCodes's message), empty when they are not.
type OrganizationView = api.CorporateOrganization

// ViewOrganization is o as the client sees it at now, with its code count.
func ViewOrganization(o *cloud.Organization, qrCodes int, now time.Time) OrganizationView {
	v := OrganizationView{
		ID: o.ID, Name: o.Name, OrganizationType: o.OrganizationType, ContactFirstName: o.ContactFirstName,
		ContactLastName: o.ContactLastName, ContactEmail: o.ContactEmail, Phone: o.Phone, Address: o.Address,
		City: o.City, Country: o.Country, EmployeeCount: o.EmployeeCount, SubscriptionTier: o.Plan,
		SubscriptionPlan: o.Plan, SubscriptionStatus: o.Status(now), CurrentQrCodes: qrCodes,
		MaxQrCodes: o.MaxQRCodes, HasBillingAccount: o.StripeCustomerID != "", PaperSize: api.CorporatePaperSize(o.PaperSize),
		CreatedAt: o.CreatedAt,
	}
	if v.PaperSize == "" { // a row made before paper sizes, or outside the service
		v.PaperSize = api.CorporatePaperSize(cloud.PaperForCountry(o.Country))
	}
	if !o.TrialEndsAt.IsZero() {
		t := o.TrialEndsAt
		v.TrialEndsAt = &t
	}
	if err := cloud.CanCreateCodes(o, qrCodes, now); err != nil {
		v.Paused = cloud.ErrorMessage(err)
	}
	return v
}

// MyOrganization is GET /api/corporate/organization: the caller's own.
func (s *Service) MyOrganization(ctx context.Context, actor *cloud.User) (*OrganizationView, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	org, err := s.organizationFor(ctx, actor, actor.OrganizationID, false)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountOrganization(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	v := ViewOrganization(org, counts.QRCodes, s.now())
	return &v, nil
}

// Dashboard is the corporate dashboard's data. Its Role is the caller's:
// Organization Administrator, Admin, or empty for a site admin reading.
type Dashboard = api.CorporateDashboard

// ActivityView is one line of Recent Activity; its Sentence is how it reads
// (cloud.ActivitySentence).
type ActivityView = api.CorporateActivity

// Role names shown for team members (§3).
const (
	RoleOwnerName = "Organization Administrator"
	RoleAdminName = "Admin"
)

func roleName(userType string) string {
	switch userType {
	case cloud.UserTypeCorporateOwner:
		return RoleOwnerName
	case cloud.UserTypeCorporateAdmin:
		return RoleAdminName
	}
	return ""
}

// OrganizationDashboard returns the figures and recent activity.
func (s *Service) OrganizationDashboard(ctx context.Context, actor *cloud.User, orgID int64) (*Dashboard, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountOrganization(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	activity, err := s.store.ListActivity(ctx, org.ID, cloud.ActivityShown)
	if err != nil {
		return nil, err
	}
	d := &Dashboard{Organization: ViewOrganization(org, counts.QRCodes, s.now()), Projects: counts.Projects,
		TeamMembers: counts.Members, MaxMembers: plans.All.MaxAdminAccounts, RecentActivity: []ActivityView{},
		Permissions: permissionsOf(actor, org.ID)}
	if actor.OrganizationID == org.ID {
		d.Role = roleName(actor.UserType)
	}
	for _, a := range activity {
		d.RecentActivity = append(d.RecentActivity, ActivityView{Kind: a.Kind, Detail: a.Detail,
			Sentence: cloud.ActivitySentence(a.Kind, a.Detail), CreatedAt: a.CreatedAt})
	}
	return d, nil
}

// MemberView is a team member as the team page shows them. CanResend and
// CanRemove: whether the caller may (ResendInvite's and RemoveMember's
// rules), so the page offers only buttons that work.
type MemberView = api.CorporateTeamMember

// Team lists an organisation's members, the owner first.
type Team = api.CorporateTeam

func (s *Service) Team(ctx context.Context, actor *cloud.User, orgID int64) (*Team, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	members, err := s.store.ListMembers(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	invitations, err := s.store.ListInvitations(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	invited, joined := map[string]bool{}, map[string]bool{}
	for _, inv := range invitations {
		invited[inv.Email] = true
	}
	team := &Team{Members: []MemberView{}, MaxMembers: plans.All.MaxAdminAccounts, Permissions: permissionsOf(actor, org.ID)}
	for _, m := range members {
		if m.PasswordHash != "" {
			joined[m.Email] = true
		} else if m.UserType == cloud.UserTypeCorporateAdmin && invited[m.Email] {
			continue // listed as its invitation, below, as every invitee is
		}
		team.Members = append(team.Members, MemberView{ID: m.ID, Email: m.Email, UserType: m.UserType,
			Role: roleName(m.UserType), PasswordSet: m.PasswordHash != "", CreatedAt: m.CreatedAt,
			CanResend: team.Permissions.ManageTeam && resendable(m) == nil,
			CanRemove: team.Permissions.ManageTeam && removable(m) == nil})
	}
	// Pending invitations, alike whether or not the address has an account
	// (README "Security model"), by their own ids made negative, which the
	// resend and remove routes take.
	for _, inv := range invitations {
		if joined[inv.Email] {
			continue
		}
		team.Members = append(team.Members, MemberView{ID: -inv.ID, Email: inv.Email, UserType: cloud.UserTypeCorporateAdmin,
			Role: roleName(cloud.UserTypeCorporateAdmin), CreatedAt: inv.CreatedAt,
			CanResend: team.Permissions.ManageTeam, CanRemove: team.Permissions.ManageTeam})
	}
	return team, nil
}

// InviteMember adds an admin (the owner only) and mails them a setup link.
// The limit of 3 accounts, owner included, is checked with the
// organisation's row locked, so two invitations at once cannot pass it.
// The answer is the same whether or not the address already has an account
// (which cannot join: an account belongs to one person or organisation);
// that person is mailed what happened instead, so an owner cannot use the
// form to learn who has an account.
func (s *Service) InviteMember(ctx context.Context, actor *cloud.User, orgID int64, email string) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return err // it mails
	}
	email = cloud.NormalizeEmail(email)
	if !cloud.ValidEmail(email) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgValidEmailRequired)
	}
	if err := s.allowMail(ctx, org.ID, actor, email); err != nil {
		return err
	}
	now := s.now()
	var member *cloud.User // stays nil when the address has an account
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if _, err := tx.LockOrganization(org.ID); err != nil {
			return err
		}
		n, err := tx.CountMembers(org.ID)
		if err != nil {
			return err
		}
		if n >= plans.All.MaxAdminAccounts {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgTeamFull)
		}
		taken, err := tx.EmailTaken(email)
		if err != nil {
			return err
		}
		if !taken {
			if member, err = tx.CreateMember(org.ID, email, cloud.UserTypeCorporateAdmin, now); err != nil {
				return err
			}
		}
		// Recorded for every address, so the team list and its seats are
		// the same whether or not it has an account.
		if err := tx.AddInvitation(org.ID, email, now); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberInvited,
			Detail: email, CreatedAt: now})
	})
	if err != nil {
		return err
	}
	if member == nil {
		s.sendMail(ctx, cloud.Mail{To: email, Subject: cloud.MsgInviteExistingMailSubject,
			Text: fmt.Sprintf(inviteExistingMailText, quoted(org.Name), s.baseURL)})
		return nil
	}
	return s.mailCorporateSetup(ctx, member, inviteText(actor, org))
}

// ResendInvite mails a member who has no password yet a fresh link; a
// negative userID is a pending invitation's (Team).
func (s *Service) ResendInvite(ctx context.Context, actor *cloud.User, orgID, userID int64) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return err // it mails
	}
	if userID < 0 {
		return s.resendInvitation(ctx, actor, org, -userID)
	}
	var member *cloud.User
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		if member, err = s.findMember(tx, org.ID, userID); err != nil {
			return err
		}
		if err := resendable(member); err != nil {
			return err
		}
		if err := s.allowMail(ctx, org.ID, actor, member.Email); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityInviteResent,
			Detail: member.Email, CreatedAt: s.now()})
	})
	if err != nil {
		return err
	}
	text := inviteText(actor, org)
	if member.UserType == cloud.UserTypeCorporateOwner {
		text = welcomeMailText(org)
	}
	return s.mailCorporateSetup(ctx, member, text)
}

// RemoveMember deletes an admin's account (the owner cannot be removed); a
// negative userID is a pending invitation's (Team), which goes with the
// password-less member row a new address has.
func (s *Service) RemoveMember(ctx context.Context, actor *cloud.User, orgID, userID int64) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if userID < 0 {
		inv, err := s.findInvitation(ctx, org.ID, -userID)
		if err != nil {
			return err
		}
		invitee, err := s.store.FindUserByEmail(ctx, inv.Email)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && invitee.OrganizationID != org.ID) {
			// No member row (an address with an account elsewhere): the
			// invitation alone goes.
			return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
				if err := tx.DeleteInvitation(org.ID, inv.Email); err != nil {
					return err
				}
				return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberRemoved,
					Detail: inv.Email, CreatedAt: s.now()})
			})
		} else if err != nil {
			return err
		}
		userID = invitee.ID // its member row, and with it the invitation (the store's deleteAccount)
	}
	return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		member, err := s.findMember(tx, org.ID, userID)
		if err != nil {
			return err
		}
		if err := removable(member); err != nil {
			return err
		}
		if err := tx.DeleteMember(org.ID, member.ID); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberRemoved,
			Detail: member.Email, CreatedAt: s.now()})
	})
}

func (s *Service) findInvitation(ctx context.Context, orgID, id int64) (*cloud.Invitation, error) {
	var inv *cloud.Invitation
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		inv, err = tx.FindInvitation(orgID, id)
		return err
	})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgMemberNotFound)
	}
	return inv, err
}

// resendInvitation mails a pending invitation again, as InviteMember
// mailed it: a new address a fresh setup link, one with an account
// elsewhere what happened (an address whose account went since gets its
// member row now).
func (s *Service) resendInvitation(ctx context.Context, actor *cloud.User, org *cloud.Organization, id int64) error {
	inv, err := s.findInvitation(ctx, org.ID, id)
	if err != nil {
		return err
	}
	account, err := s.store.FindUserByEmail(ctx, inv.Email)
	switch {
	case cloud.ErrorCode(err) == cloud.ENOTFOUND:
		account = nil
	case err != nil:
		return err
	case account.OrganizationID == org.ID:
		if err := resendable(account); err != nil {
			return err // joined since the list was read
		}
	}
	if err := s.allowMail(ctx, org.ID, actor, inv.Email); err != nil {
		return err
	}
	now := s.now()
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if account == nil {
			if account, err = tx.CreateMember(org.ID, inv.Email, cloud.UserTypeCorporateAdmin, now); err != nil {
				return err
			}
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityInviteResent,
			Detail: inv.Email, CreatedAt: now})
	})
	if err != nil {
		return err
	}
	if account.OrganizationID != org.ID {
		s.sendMail(ctx, cloud.Mail{To: inv.Email, Subject: cloud.MsgInviteExistingMailSubject,
			Text: fmt.Sprintf(inviteExistingMailText, quoted(org.Name), s.baseURL)})
		return nil
	}
	return s.mailCorporateSetup(ctx, account, inviteText(actor, org))
}

// resendable: only a member who has not set a password gets a new link.
func resendable(member *cloud.User) error {
	if member.PasswordHash != "" {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgMemberHasPassword)
	}
	return nil
}

// removable: the owner cannot be removed.
func removable(member *cloud.User) error {
	if member.UserType == cloud.UserTypeCorporateOwner {
		return cloud.NewError(cloud.EFORBIDDEN, cloud.MsgOwnerCannotBeRemoved)
	}
	return nil
}

func (s *Service) findMember(tx cloud.CorporateTx, orgID, userID int64) (*cloud.User, error) {
	member, err := tx.FindMember(orgID, userID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgMemberNotFound)
	}
	return member, err
}

// SetPaperSize changes the paper an organisation's batch printing starts
// on (issue 24 item 6); any member may, as they are the ones who print.
func (s *Service) SetPaperSize(ctx context.Context, actor *cloud.User, orgID int64, paper string) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	if !cloud.ValidPaperSize(paper) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgPaperSizeInvalid)
	}
	now := s.now()
	return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if err := tx.SetPaperSize(org.ID, paper, now); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityPaperChanged,
			Detail: cloud.PaperSizeName(paper), CreatedAt: now})
	})
}

// BillingPortal opens the provider's customer portal for the owner, to
// change plan or card or cancel; it comes back to the dashboard.
func (s *Service) BillingPortal(ctx context.Context, actor *cloud.User, orgID int64) (string, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return "", err
	}
	if org.StripeCustomerID == "" {
		return "", cloud.NewError(cloud.ECONFLICT, cloud.MsgNoBillingAccount)
	}
	return s.subscriptions.CreatePortalSession(ctx, org.StripeCustomerID,
		s.baseURL+"/corporate/dashboard/"+strconv.FormatInt(org.ID, 10))
}

// FindRegistrationForTestCheckout returns the registration a local test
// checkout session names.
func (s *Service) FindRegistrationForTestCheckout(ctx context.Context, ref, sessionID string) (*cloud.Registration, error) {
	reg, err := s.store.FindRegistration(ctx, ref)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && reg.CheckoutSessionID != sessionID) {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound)
	}
	return reg, err
}
