package service

// Payments (individual-side §4 and §7, DESIGN.md "Payments"). A checkout is
// recorded before the payment provider is asked for an intent; only a
// verified provider event fulfils it, once, in one transaction with the
// event's id. Prices are constants here; nothing the client sends sets one.

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/lifetag/lifetag/cloud"
)

// CheckoutRequest is the body of POST /api/create-payment-intent.
type CheckoutRequest struct {
	Type            string                 `json:"type"`
	Email           string                 `json:"email"`
	LabelType       string                 `json:"labelType,omitempty"`
	ShippingAddress *cloud.ShippingAddress `json:"shippingAddress,omitempty"`
	ReferralCode    string                 `json:"referralCode,omitempty"`
}

// Checkout is a created payment, ready for the payment form.
type Checkout struct {
	ClientSecret string
	// ClaimToken is set when the buyer is not signed in. The HTTP layer keeps
	// it in an HttpOnly cookie; creating the account after payment needs it,
	// so only the browser that paid can set the new account's password.
	ClaimToken string
}

// referralCodeMaxLength bounds a code we store; ours are 8 characters.
const referralCodeMaxLength = 32

// CreateCheckout records a payment and asks the provider for its intent.
// actor is nil for a buyer who is not signed in. A signed-in buyer pays for
// their own account only. An anonymous buyer pays only for an address that
// has no account yet: an account is bought for by its owner, signed in
// (check-user, sign in, pay), so no stranger's payment attaches an order, an
// address or a referral to it.
func (s *Service) CreateCheckout(ctx context.Context, actor *cloud.User, req CheckoutRequest) (*Checkout, error) {
	email := cloud.NormalizeEmail(req.Email)
	if validEmail(email) != nil {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPaymentEmailRequired)
	}
	if actor != nil && actor.Email != email && !actor.IsAdmin {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgForbidden)
	}
	if actor == nil {
		_, err := s.store.FindUserByEmail(ctx, email)
		switch cloud.ErrorCode(err) {
		case "":
			return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
		case cloud.ENOTFOUND:
		default:
			return nil, err
		}
	}
	ref, err := newPaymentRef()
	if err != nil {
		return nil, err
	}
	p := &cloud.Payment{Ref: ref, Email: email, Currency: cloud.Currency, Status: cloud.PaymentCreated, CreatedAt: s.now()}

	switch req.Type {
	case cloud.PaymentPrint:
		p.Kind, p.AmountPence = cloud.PaymentPrint, cloud.PricePrintPence
	case cloud.PaymentPhysical:
		p.Kind, p.AmountPence = cloud.PaymentPhysical, cloud.PricePhysicalPence
		if !slices.Contains(cloud.PhysicalLabelTypes, req.LabelType) {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgLabelTypeInvalid)
		}
		p.LabelType = req.LabelType
		if req.ShippingAddress == nil {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgShippingRequired)
		}
		address := req.ShippingAddress.Normalized()
		if err := address.Validate(); err != nil {
			return nil, err
		}
		if p.ShippingAddress, err = s.sealPaymentAddress(ref, address); err != nil {
			return nil, err
		}
	default:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPaymentTypeInvalid)
	}

	code := strings.ToUpper(strings.TrimSpace(req.ReferralCode))
	if code != "" && (len(code) < 6 || len(code) > referralCodeMaxLength) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgReferralCodeTooShort)
	}
	p.ReferralCode = code

	checkout := &Checkout{}
	if actor == nil {
		// Always a fresh token of our own: one the browser sends could have
		// been planted by someone else to claim the account later.
		claimToken, claimHash, err := newToken()
		if err != nil {
			return nil, err
		}
		checkout.ClaimToken = claimToken
		p.ClaimTokenHash = claimHash
	}

	if err := s.store.CreatePayment(ctx, p); err != nil {
		return nil, err
	}
	intent, err := s.paymentProvider.CreatePaymentIntent(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("payment %s: %w", ref, err)
	}
	if err := s.store.SetPaymentIntent(ctx, ref, intent.ID); err != nil {
		return nil, err
	}
	checkout.ClientSecret = intent.ClientSecret
	return checkout, nil
}

// Outcomes of a payment event, for the log and the tests.
const (
	EventApplied          = "applied"
	EventDuplicate        = "duplicate"         // this event id was applied before
	EventAlreadyFulfilled = "already_fulfilled" // another event fulfilled the payment
	EventIgnored          = "ignored"           // not a payment of ours, or not one we act on
)

// ApplyPaymentEvent fulfils the payment a verified payment_intent.succeeded
// event names: print access for the buyer (physical orders include it), a
// pending physical order, and the referrer's reward. The event id is stored
// in the same transaction, so redelivery, in any order, changes nothing.
func (s *Service) ApplyPaymentEvent(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	if ev.Type != cloud.EventPaymentSucceeded || ev.PaymentRef == "" {
		return EventIgnored, nil
	}
	now := s.now()
	outcome := EventApplied
	err := s.store.InPaymentTx(ctx, func(tx cloud.PaymentTx) error {
		first, err := tx.RecordEvent(ev.ID, ev.Type, now)
		if err != nil {
			return err
		}
		if !first {
			outcome = EventDuplicate
			return nil
		}
		p, err := tx.LockPayment(ev.PaymentRef)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			outcome = EventIgnored
			return nil
		} else if err != nil {
			return err
		}
		if p.AmountPence != ev.AmountPence || p.Currency != ev.Currency {
			s.logger.ErrorContext(ctx, "payment event amount differs from the payment; not fulfilled",
				slog.String("payment", p.Ref), slog.String("event", ev.ID))
			outcome = EventIgnored
			return nil
		}
		if p.Status == cloud.PaymentSucceeded {
			outcome = EventAlreadyFulfilled
			return nil
		}
		return s.fulfil(tx, p, ev.IntentID)
	})
	if err != nil {
		return "", err
	}
	s.logger.InfoContext(ctx, "payment event", slog.String("event", ev.ID), slog.String("payment", ev.PaymentRef), slog.String("outcome", outcome))
	return outcome, nil
}

// fulfil applies a succeeded payment's effects inside the event's transaction.
func (s *Service) fulfil(tx cloud.PaymentTx, p *cloud.Payment, intentID string) error {
	now := s.now()
	if err := tx.MarkPaymentSucceeded(p.Ref, intentID, now); err != nil {
		return err
	}
	buyer, err := tx.EnsureUser(p.Email, now)
	if err != nil {
		return err
	}
	if err := tx.GrantPrintAccess(buyer.ID, now); err != nil {
		return err
	}
	if p.Kind == cloud.PaymentPhysical {
		address, err := s.reSealForUser(p, buyer.ID)
		if err != nil {
			return err
		}
		order := &cloud.Order{
			OrderID: orderID(p.Ref), UserID: buyer.ID, LabelType: p.LabelType, Quantity: 1,
			PricePence: int(p.AmountPence), ShippingAddress: address, Status: cloud.OrderPending,
			StripePaymentID: intentID, CreatedAt: now,
		}
		if err := tx.CreateOrder(order); err != nil {
			return err
		}
	}
	if p.ReferralCode == "" {
		return nil
	}
	referrer, err := tx.FindUserByReferralCode(p.ReferralCode)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil // an unknown code earns nobody anything
	} else if err != nil {
		return err
	}
	if referrer.ID == buyer.ID {
		return nil // a buyer cannot refer themselves
	}
	if err := tx.SetReferredBy(buyer.ID, p.ReferralCode, now); err != nil {
		return err
	}
	return tx.CreateReferral(&cloud.Referral{
		ReferralCode: p.ReferralCode, ReferrerEmail: referrer.Email, ReferredEmail: buyer.Email, CreatedAt: now,
	})
}

// CreateAccountAfterPayment sets the password of the account a succeeded
// payment created, and signs it in. It needs the claim token of the browser
// that paid, and refuses an address with no such payment or that already
// has a password.
func (s *Service) CreateAccountAfterPayment(ctx context.Context, email, password, claimToken string) (string, *cloud.Session, *cloud.User, error) {
	email = cloud.NormalizeEmail(email)
	if err := validEmail(email); err != nil {
		return "", nil, nil, err
	}
	if err := validPassword(password); err != nil {
		return "", nil, nil, err
	}
	refused := cloud.NewError(cloud.EFORBIDDEN, cloud.MsgNoPaymentForAccount)
	if !validClaimToken(claimToken) {
		return "", nil, nil, refused
	}
	paid, err := s.claimedPaymentSucceeded(ctx, email, claimToken)
	if err != nil {
		return "", nil, nil, err
	}
	if !paid {
		return "", nil, nil, refused
	}
	user, err := s.store.FindUserByEmail(ctx, email)
	if err != nil {
		return "", nil, nil, err
	}
	if user.PasswordHash != "" {
		return "", nil, nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
	}
	hash, err := s.passwords.Hash(password)
	if err != nil {
		return "", nil, nil, err
	}
	if err := s.store.ClaimAccount(ctx, user.ID, hash, s.now()); err != nil {
		if cloud.ErrorCode(err) == cloud.ECONFLICT {
			return "", nil, nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
		}
		return "", nil, nil, err
	}
	user.PasswordHash = hash
	token, session, err := s.openSession(ctx, user.ID)
	if err != nil {
		return "", nil, nil, err
	}
	return token, session, user, nil
}

// claimedPaymentSucceeded reports whether the browser holding claimToken
// paid for email. The browser is often back before the provider's webhook,
// so a payment not yet reported is read back from the provider and, if it
// succeeded, fulfilled through the same exactly-once path.
func (s *Service) claimedPaymentSucceeded(ctx context.Context, email, claimToken string) (bool, error) {
	payments, err := s.store.ListPayments(ctx, email)
	if err != nil {
		return false, err
	}
	claim := hashToken(claimToken)
	payments = slices.DeleteFunc(payments, func(p *cloud.Payment) bool {
		return subtle.ConstantTimeCompare(p.ClaimTokenHash, claim) != 1
	})
	for _, p := range payments {
		if p.Status == cloud.PaymentSucceeded {
			return true, nil
		}
	}
	for _, p := range payments {
		if p.IntentID == "" {
			continue
		}
		event, err := s.paymentProvider.ReadBack(ctx, p.IntentID)
		if err != nil {
			return false, err
		}
		if event.Type != cloud.EventPaymentSucceeded || event.PaymentRef != p.Ref {
			continue
		}
		outcome, err := s.ApplyPaymentEvent(ctx, event)
		if err != nil {
			return false, err
		}
		if outcome != EventIgnored {
			return true, nil
		}
	}
	return false, nil
}

// SubscriptionStatus answers POST /api/check-subscription from our database.
type SubscriptionStatus struct {
	HasAccess      bool    `json:"hasAccess"`
	CustomerID     *string `json:"customerId"`
	SubscriptionID *string `json:"subscriptionId"`
	Source         string  `json:"source"`
}

// CheckSubscription reports the signed-in owner's (or, for an admin, any
// user's) access, as recorded from verified payments.
func (s *Service) CheckSubscription(ctx context.Context, actor *cloud.User, email string) (*SubscriptionStatus, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	return &SubscriptionStatus{
		HasAccess:      target.HasPrintAccess,
		CustomerID:     optional(target.StripeCustomerID),
		SubscriptionID: optional(target.StripeSubscriptionID),
		Source:         "database",
	}, nil
}

// FindCheckout returns the payment a test-checkout client secret names.
func (s *Service) FindCheckout(ctx context.Context, ref string) (*cloud.Payment, error) {
	p, err := s.store.FindPaymentByRef(ctx, ref)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound)
	}
	return p, err
}

// A payment's shipping address is sealed to the payment until fulfilment
// (the buyer may have no account yet), then re-sealed to the buyer for the
// order, like every other field of theirs.
func paymentAAD(ref string) []byte { return []byte("lifetag/payment-shipping-address/" + ref) }

func (s *Service) sealPaymentAddress(ref string, address cloud.ShippingAddress) ([]byte, error) {
	plain, err := json.Marshal(address)
	if err != nil {
		return nil, err
	}
	return s.sealer.Seal(plain, paymentAAD(ref))
}

func (s *Service) reSealForUser(p *cloud.Payment, userID int64) ([]byte, error) {
	plain, err := s.sealer.Open(p.ShippingAddress, paymentAAD(p.Ref))
	if err != nil {
		return nil, err
	}
	return s.sealer.Seal(plain, aad(userID, fieldShippingAddress))
}

// newPaymentRef is a random reference: 16 bytes, hex.
func newPaymentRef() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// orderID is the customer-facing order number, derived from the payment so
// that one payment can only ever make one order.
func orderID(ref string) string { return "LT-" + strings.ToUpper(ref[:12]) }

// validClaimToken accepts what newToken makes: 43 base64url characters.
func validClaimToken(token string) bool {
	if len(token) != 43 {
		return false
	}
	for _, r := range token {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
