package service

// A new organisation's paid registration: the form's pending registration,
// the provider's subscription checkout it opens, and the browser's return
// from that checkout. createOrganization, which makes an organisation and
// its owner, is shared with the trial.

import (
	"context"
	"log/slog"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/plans"
)

// CreateRegistrationCheckout keeps a pending registration and opens the
// provider's subscription checkout for its plan. An address that has an
// account cannot register an organisation (its owner would be that account).
func (s *Service) CreateRegistrationCheckout(ctx context.Context, req api.CorporateRegistrationRequest) (*api.CorporateCheckout, error) {
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
func (s *Service) openRegistrationCheckout(ctx context.Context, reg *cloud.Registration, plan plans.Plan, cancelURL string) (*api.CorporateCheckout, error) {
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
	return &api.CorporateCheckout{SessionID: session.ID, RedirectURL: session.URL, RegistrationID: reg.Ref}, nil
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

// FindRegistrationForTestCheckout returns the registration a local test
// checkout session names.
func (s *Service) FindRegistrationForTestCheckout(ctx context.Context, ref, sessionID string) (*cloud.Registration, error) {
	reg, err := s.store.FindRegistration(ctx, ref)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && reg.CheckoutSessionID != sessionID) {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound)
	}
	return reg, err
}
