package service

// An organisation's subscription: the provider's checkout and subscription
// events, each applied exactly once, the checkout an organisation without a
// live subscription opens, and the owner's billing portal.

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/plans"
)

// Outcome of a corporate event, besides those of payment events.
const EventOutdated = "outdated" // older than the last subscription event applied

// ApplyCorporateEvent applies a verified checkout or subscription event
// once: its id is stored in the same transaction as its effects.
func (s *Service) ApplyCorporateEvent(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	ctx, span := startSpan(ctx, "ApplyCorporateEvent")
	defer span.End()
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
func (s *Service) Subscribe(ctx context.Context, actor *cloud.User, orgID int64, planID string) (*api.CorporateCheckout, error) {
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

// subscriptionStatus maps the provider's subscription status onto docs/design/admin-corporate.md §4's.
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
