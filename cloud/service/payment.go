package service

// Payments (docs/design/individual.md §4 and §7, docs/design/decisions.md §4 "Payments"). A checkout is
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
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// shippingAddress is the wire's address as the cloud's type, which
// normalises and validates it.
func shippingAddress(a api.ShippingAddress) cloud.ShippingAddress {
	return cloud.ShippingAddress{
		Email: a.Email, FullName: a.FullName, AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2,
		City: a.City, County: a.County, Postcode: a.Postcode, Country: a.Country,
	}
}

// Checkout is a created payment, ready for the payment form.
type Checkout struct {
	ClientSecret string
	// ClaimToken is set when the buyer is not signed in. The HTTP layer keeps
	// it in an HttpOnly cookie; creating the account after payment needs it,
	// so only the browser that paid can set the new account's password.
	ClaimToken string
}

// CreateCheckout records a payment and asks the provider for its intent.
// actor is nil for a buyer who is not signed in. A signed-in buyer pays for
// their own account only. An anonymous buyer pays only for an address that
// has no account yet: an account is bought for by its owner, signed in
// (check-user, sign in, pay), so no stranger's payment attaches an order, an
// address or a referral to it.
func (s *Service) CreateCheckout(ctx context.Context, actor *cloud.User, req api.PaymentIntentRequest) (*Checkout, error) {
	ctx, span := startSpan(ctx, "CreateCheckout")
	defer span.End()
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
		if req.Quantity > 1 {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgQuantityInvalid)
		}
		p.Kind, p.AmountPence, p.Quantity = cloud.PaymentPrint, cloud.PricePrintPence, 1
	case cloud.PaymentPhysical:
		packs := req.Quantity
		if packs == 0 {
			packs = 1
		}
		if packs < 1 || packs > cloud.MaxPhysicalPacks {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgQuantityInvalid)
		}
		p.Kind, p.AmountPence, p.Quantity = cloud.PaymentPhysical, int64(packs)*cloud.PricePhysicalPence, packs
		if !slices.Contains(cloud.LabelTypes, req.LabelType) {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgLabelTypeInvalid)
		}
		p.LabelType = req.LabelType
		if req.ShippingAddress == nil {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgShippingRequired)
		}
		address := shippingAddress(*req.ShippingAddress).Normalized()
		if err := address.Validate(); err != nil {
			return nil, err
		}
		if p.ShippingAddress, err = s.sealPaymentAddress(ref, address); err != nil {
			return nil, err
		}
	default:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPaymentTypeInvalid)
	}

	// A bad code (from a mistyped or cut referral link) never stops a
	// payment: it is dropped, and the log says why, without the code itself.
	code := strings.ToUpper(strings.TrimSpace(req.ReferralCode))
	if problem := cloud.ReferralCodeProblem(code); code != "" && problem != "" {
		s.logger.Info("referral code ignored", slog.String("payment", ref), slog.String("reason", problem))
		code = ""
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
	// EventNotAttached: an anonymous payment for an address that meanwhile
	// got an account it did not make. Nothing is attached to an account by a
	// payment its owner did not make; the payment needs a refund.
	EventNotAttached = "not_attached"
)

// ApplyPaymentEvent fulfils the payment a verified payment_intent.succeeded
// event names: print access for the buyer (physical orders include it), a
// pending physical order, and the referrer's reward. The event id is stored
// in the same transaction, so redelivery, in any order, changes nothing.
func (s *Service) ApplyPaymentEvent(ctx context.Context, ev cloud.PaymentEvent) (string, error) {
	ctx, span := startSpan(ctx, "ApplyPaymentEvent")
	defer span.End()
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
		attached, err := s.fulfil(tx, p, ev.IntentID)
		if err == nil && !attached {
			outcome = EventNotAttached
			s.logger.Error("paid, but the address has an account this payment did not make; nothing attached: refund it",
				slog.String("payment", p.Ref), slog.String("event", ev.ID))
		}
		return err
	})
	if err != nil {
		return "", err
	}
	s.logger.InfoContext(ctx, "payment event", slog.String("event", ev.ID), slog.String("payment", ev.PaymentRef), slog.String("outcome", outcome))
	return outcome, nil
}

// fulfil applies a succeeded payment's effects inside the event's
// transaction; false when the payment has no account it may attach to.
func (s *Service) fulfil(tx cloud.PaymentTx, p *cloud.Payment, intentID string) (attached bool, err error) {
	now := s.now()
	if err := tx.MarkPaymentSucceeded(p.Ref, intentID, now); err != nil {
		return false, err
	}
	buyer, err := payingAccount(tx, p, now)
	if err != nil || buyer == nil {
		return false, err
	}
	return true, s.attach(tx, p, buyer, intentID, now)
}

// payingAccount is the account a payment is for, or nil when it may not
// attach to any. A signed-in buyer's payment (no claim token) is for their
// account. An anonymous one creates the account, holding the checkout's
// claim token so that only the browser that paid can claim it; if the
// address got an account in between, that account is not the payer's.
func payingAccount(tx cloud.PaymentTx, p *cloud.Payment, now time.Time) (*cloud.User, error) {
	if p.ClaimTokenHash == nil {
		buyer, err := tx.FindUserByEmail(p.Email)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			// The account was deleted after checkout: a new one that only a
			// reset mailed to the address can open.
			return tx.CreatePaidUser(p.Email, nil, now)
		}
		return buyer, err
	}
	buyer, err := tx.CreatePaidUser(p.Email, p.ClaimTokenHash, now)
	if cloud.ErrorCode(err) == cloud.ECONFLICT {
		return nil, nil
	}
	return buyer, err
}

// attach grants what a payment bought to its buyer: print access (physical
// orders include it), a pending physical order, the referrer's reward.
func (s *Service) attach(tx cloud.PaymentTx, p *cloud.Payment, buyer *cloud.User, intentID string, now time.Time) error {
	if err := tx.GrantPrintAccess(buyer.ID, now); err != nil {
		return err
	}
	if p.Kind == cloud.PaymentPhysical {
		address, err := s.reSealForUser(p, buyer.ID)
		if err != nil {
			return err
		}
		order := &cloud.Order{
			OrderID: orderID(p.Ref), UserID: buyer.ID, LabelType: p.LabelType, Quantity: p.Quantity,
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
		s.logger.Info("referral code ignored", slog.String("payment", p.Ref), slog.String("reason", "unknown"))
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
// payment created, and signs it in. Only the browser whose own anonymous
// payment created the account can, once (its claim token is the one the
// account holds); an account with a password, an admin's, or one another
// payment or person made is refused.
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
	claim := hashToken(claimToken)
	if user.PasswordHash != "" || user.IsAdmin || subtle.ConstantTimeCompare(user.ClaimTokenHash, claim) != 1 {
		return "", nil, nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
	}
	hash, err := s.passwords.Hash(password)
	if err != nil {
		return "", nil, nil, err
	}
	if err := s.store.ClaimAccount(ctx, user.ID, claim, hash, s.now()); err != nil {
		if cloud.ErrorCode(err) == cloud.ECONFLICT {
			return "", nil, nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAccountAlreadyExists)
		}
		return "", nil, nil, err
	}
	user.PasswordHash = hash
	token, session, err := s.openSession(ctx, user.ID, cloud.SignedInWithCheckout)
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

// CheckSubscription reports the signed-in owner's (or, for an admin, any
// user's) access, as recorded from verified payments.
func (s *Service) CheckSubscription(ctx context.Context, actor *cloud.User, email string) (*api.SubscriptionStatus, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	return &api.SubscriptionStatus{
		HasAccess:      target.HasPrintAccess,
		CustomerID:     optional(target.StripeCustomerID),
		SubscriptionID: optional(target.StripeSubscriptionID),
		Source:         api.SubscriptionStatusSourceDatabase,
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
