package cloud

import (
	"context"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// Prices are server constants (docs/design/decisions.md §3 "Security model"): the client never
// sends an amount, and one it sends is ignored.
const (
	Currency           = "gbp"
	PricePrintPence    = 99  // lifetime print unlock, docs/design/individual.md §9
	PricePhysicalPence = 999 // one pack of printed labels, postage and packing included
	// MaxPhysicalPacks bounds one order of printed labels (a pack is one
	// sheet of the ordered label type); larger orders are a conversation.
	MaxPhysicalPacks = 10
)

// Payment kinds, as the create-payment-intent request names them.
const (
	PaymentPrint    = "print"
	PaymentPhysical = "physical"
)

// Payment states.
const (
	PaymentCreated   = "created"
	PaymentSucceeded = "succeeded"
)

// OrderPending is a new physical order's status (docs/design/individual.md §4).
const OrderPending = "pending"

// Countries we deliver to; the first is the default.
var ShippingCountries = []string{"United Kingdom", "Ireland"}

// MsgShipCountryInvalid names every country of ShippingCountries.
var MsgShipCountryInvalid = "Country must be " + oneOf(ShippingCountries...)

// Payment messages, from docs/design/individual.md §5 and §8 where the spec has them.
const (
	MsgPaymentTypeInvalid    = "Payment type must be print or physical"
	MsgPaymentEmailRequired  = "Email address is required for payment processing. Please complete your emergency information first."
	MsgShippingRequired      = "A shipping address is required for printed labels"
	MsgQuantityInvalid       = "Quantity must be a whole number of packs from 1 to 10"
	MsgShipEmailRequired     = "Email address is required"
	MsgShipFullNameRequired  = "Full name is required"
	MsgShipAddressRequired   = "Address line 1 is required"
	MsgShipCityRequired      = "City is required"
	MsgShipCountyRequired    = "County is required"
	MsgShipPostcodeRequired  = "Postcode is required"
	MsgShipFieldTooLong      = "Each address line must be at most 100 characters"
	MsgPaymentInitFailed     = "Failed to initialize payment. Please try again."
	MsgNoPaymentForAccount   = "No completed payment was found for this email address from this browser"
	MsgAccountAlreadyExists  = "An account already exists for this email address. Please sign in."
	MsgCheckoutNotTestMode   = "The test checkout is only available in development without Stripe keys"
	MsgTestCardDeclined      = "Your card was declined."
	MsgTestCardUnknown       = "Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)"
	MsgTestCheckoutNotFound  = "This payment was not found or has expired"
	MsgWebhookSignature      = "Invalid webhook signature"
	MsgWebhookEventMalformed = "The webhook event could not be read"
)

// ShippingAddressMaxBytes bounds each address field.
const ShippingAddressMaxBytes = 100

// ShippingAddress is where printed labels go (docs/design/individual.md §3, the main
// form's variant). It is sealed at rest like the emergency record.
type ShippingAddress struct {
	Email        string `json:"email"`
	FullName     string `json:"fullName"`
	AddressLine1 string `json:"addressLine1"`
	AddressLine2 string `json:"addressLine2,omitempty"`
	City         string `json:"city"`
	County       string `json:"county"`
	Postcode     string `json:"postcode"`
	Country      string `json:"country,omitempty"`
}

// Normalized trims every field, upper-cases the postcode and fills in the
// default country.
func (a ShippingAddress) Normalized() ShippingAddress {
	out := ShippingAddress{
		Email:        NormalizeEmail(a.Email),
		FullName:     strings.TrimSpace(a.FullName),
		AddressLine1: strings.TrimSpace(a.AddressLine1),
		AddressLine2: strings.TrimSpace(a.AddressLine2),
		City:         strings.TrimSpace(a.City),
		County:       strings.TrimSpace(a.County),
		Postcode:     strings.ToUpper(strings.Join(strings.Fields(a.Postcode), " ")),
		Country:      strings.TrimSpace(a.Country),
	}
	if out.Country == "" {
		out.Country = ShippingCountries[0]
	}
	return out
}

// Validate checks a normalised address and returns the first problem, with
// the spec's message.
func (a ShippingAddress) Validate() error {
	required := []struct{ value, message string }{
		{a.Email, MsgShipEmailRequired},
		{a.FullName, MsgShipFullNameRequired},
		{a.AddressLine1, MsgShipAddressRequired},
		{a.City, MsgShipCityRequired},
		{a.County, MsgShipCountyRequired},
		{a.Postcode, MsgShipPostcodeRequired},
	}
	for _, f := range required {
		if f.value == "" {
			return Errorf(EINVALID, "%s", f.message)
		}
	}
	if !emergency.ValidMailbox(NormalizeEmail(a.Email)) {
		return Errorf(EINVALID, "%s", MsgEmailInvalid)
	}
	for _, v := range []string{a.Email, a.FullName, a.AddressLine1, a.AddressLine2, a.City, a.County, a.Postcode} {
		if len(v) > ShippingAddressMaxBytes {
			return Errorf(EINVALID, "%s", MsgShipFieldTooLong)
		}
	}
	for _, c := range ShippingCountries {
		if a.Country == c {
			return nil
		}
	}
	return Errorf(EINVALID, "%s", MsgShipCountryInvalid)
}

// Payment is one checkout: created before the payment provider is asked for
// an intent, fulfilled once when a verified event says it succeeded.
type Payment struct {
	ID int64
	// Ref is our random reference: the provider's idempotency key and the
	// only thing we put in its metadata.
	Ref         string
	IntentID    string // the provider's PaymentIntent id
	Email       string // normalised buyer address
	Kind        string // PaymentPrint or PaymentPhysical
	AmountPence int64
	Currency    string
	LabelType   string // physical only
	Quantity    int    // packs of printed labels (physical); 1 for print access
	// ShippingAddress is sealed (AES-256-GCM) by the service; physical only.
	ShippingAddress []byte
	ReferralCode    string
	// ClaimTokenHash binds account creation after payment to the browser
	// that paid: the SHA-256 of a token kept in an HttpOnly cookie.
	ClaimTokenHash []byte
	Status         string
	CreatedAt      time.Time
	SucceededAt    time.Time
}

// PaymentIntent is what the provider returns for a new payment.
type PaymentIntent struct {
	ID           string
	ClientSecret string
}

// PaymentProvider creates payment intents: Stripe, or the local test
// checkout when there are no Stripe keys.
type PaymentProvider interface {
	CreatePaymentIntent(ctx context.Context, p *Payment) (PaymentIntent, error)
	// ReadBack reads an intent back from the provider as the event that
	// reports its state, for when the browser is back before the webhook.
	ReadBack(ctx context.Context, intentID string) (PaymentEvent, error)
}

// PaymentEvent is a verified event from the payment provider.
type PaymentEvent struct {
	ID          string // provider event id: each is applied once
	Type        string
	IntentID    string
	PaymentRef  string // our Payment.Ref, from the intent's metadata
	AmountPence int64
	Currency    string
	Status      string
	// Created is when the provider made the event; subscription events
	// older than the last one applied change nothing.
	Created time.Time
	// Checkout and Subscription are set for corporate events
	// (cloud.IsCorporateEvent), one or the other.
	Checkout     *CheckoutEvent
	Subscription *SubscriptionEvent
}

// EventPaymentSucceeded is the one event type that fulfils a payment.
const EventPaymentSucceeded = "payment_intent.succeeded"

// PaymentStore keeps payments and runs their fulfilment in one transaction.
type PaymentStore interface {
	CreatePayment(ctx context.Context, p *Payment) error
	SetPaymentIntent(ctx context.Context, ref, intentID string) error
	FindPaymentByRef(ctx context.Context, ref string) (*Payment, error)
	// ListPayments returns every payment of an address, newest first.
	ListPayments(ctx context.Context, email string) ([]*Payment, error)
	// ClaimAccount sets the first password of the account a payment made,
	// once, only with that payment's claim token hash and never on an admin
	// account; it clears the claim. ECONFLICT otherwise.
	ClaimAccount(ctx context.Context, userID int64, claimTokenHash []byte, passwordHash string, now time.Time) error
	// ListPaymentAddresses pages through the payments that still hold a
	// sealed shipping address (checkouts not yet fulfilled), for re-sealing.
	ListPaymentAddresses(ctx context.Context, afterID int64, limit int) ([]*Payment, error)
	// ReplacePaymentAddress swaps a payment's sealed address if it is still
	// old; false when it changed meanwhile.
	ReplacePaymentAddress(ctx context.Context, paymentID int64, old, new []byte) (bool, error)
	// InPaymentTx runs fn in one database transaction, committed when fn
	// returns nil and rolled back otherwise.
	InPaymentTx(ctx context.Context, fn func(PaymentTx) error) error
}

// PaymentTx is what fulfilment does inside its transaction. Each method is
// one statement; the rules are in one place, the payment service.
type PaymentTx interface {
	// RecordEvent stores a provider event id; false when it was already stored.
	RecordEvent(eventID, eventType string, now time.Time) (bool, error)
	// LockPayment reads a payment for update; ENOTFOUND when there is none.
	LockPayment(ref string) (*Payment, error)
	// MarkPaymentSucceeded also drops the payment's copy of the shipping
	// address, which the order keeps from then on.
	MarkPaymentSucceeded(ref, intentID string, now time.Time) error
	// CreatePaidUser creates the account a payment pays for, without a
	// password, holding claimTokenHash (nil: nobody can claim it, only a
	// reset mailed to the address sets its password); ECONFLICT when the
	// address has an account.
	CreatePaidUser(email string, claimTokenHash []byte, now time.Time) (*User, error)
	// FindUserByEmail reads an account for update; ENOTFOUND when none.
	FindUserByEmail(email string) (*User, error)
	GrantPrintAccess(userID int64, now time.Time) error
	CreateOrder(o *Order) error
	// FindUserByReferralCode returns ENOTFOUND when no user has the code.
	FindUserByReferralCode(code string) (*User, error)
	// SetReferredBy records the code a user was referred by, if none yet.
	SetReferredBy(userID int64, code string, now time.Time) error
	CreateReferral(r *Referral) error
}
