package stripe

// Corporate subscriptions: Checkout in subscription mode, prices found or
// created once by lookup key, the customer portal, and the corporate events.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v85"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/plans"
)

// MetadataRegistration is the metadata key of our registration reference.
const MetadataRegistration = "lifetag_registration"

var _ cloud.SubscriptionProvider = (*Client)(nil)

// priceID finds the plan's monthly price by lookup key, creating it (and
// its product) the first time, so no price ids need configuring.
func (c *Client) priceID(ctx context.Context, plan plans.Plan) (string, error) {
	if id, ok := c.prices.Load(plan.LookupKey); ok {
		return id.(string), nil
	}
	list := &stripego.PriceListParams{LookupKeys: []*string{stripego.String(plan.LookupKey)}, Active: stripego.Bool(true)}
	for price, err := range c.api.V1Prices.List(ctx, list).All(ctx) {
		if err != nil {
			return "", fmt.Errorf("stripe: list prices: %w", err)
		}
		if price.LookupKey == plan.LookupKey && price.UnitAmount == plan.PricePence {
			c.prices.Store(plan.LookupKey, price.ID)
			return price.ID, nil
		}
	}
	params := &stripego.PriceCreateParams{
		Currency:   stripego.String(plans.All.Currency),
		UnitAmount: stripego.Int64(plan.PricePence),
		LookupKey:  stripego.String(plan.LookupKey),
		// A changed amount takes the key over from the old price.
		TransferLookupKey: stripego.Bool(true),
		Recurring:         &stripego.PriceCreateRecurringParams{Interval: stripego.String("month")},
		ProductData:       &stripego.PriceCreateProductDataParams{Name: stripego.String("Lifetag " + plan.Name)},
	}
	params.SetIdempotencyKey(fmt.Sprintf("lifetag-price-%s-%d", plan.LookupKey, plan.PricePence))
	price, err := c.api.V1Prices.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create price: %w", err)
	}
	c.prices.Store(plan.LookupKey, price.ID)
	return price.ID, nil
}

// CreateSubscriptionCheckout opens a hosted Checkout session in
// subscription mode for the plan. Our registration reference is the only
// metadata and the idempotency key.
func (c *Client) CreateSubscriptionCheckout(ctx context.Context, sc cloud.SubscriptionCheckout) (cloud.CheckoutSession, error) {
	price, err := c.priceID(ctx, sc.Plan)
	if err != nil {
		return cloud.CheckoutSession{}, err
	}
	params := &stripego.CheckoutSessionCreateParams{
		Mode:              stripego.String(string(stripego.CheckoutSessionModeSubscription)),
		LineItems:         []*stripego.CheckoutSessionCreateLineItemParams{{Price: stripego.String(price), Quantity: stripego.Int64(1)}},
		SuccessURL:        stripego.String(sc.SuccessURL),
		CancelURL:         stripego.String(sc.CancelURL),
		CustomerEmail:     stripego.String(sc.Email),
		ClientReferenceID: stripego.String(sc.Ref),
		SubscriptionData: &stripego.CheckoutSessionCreateSubscriptionDataParams{
			Metadata: map[string]string{MetadataRegistration: sc.Ref},
		},
	}
	params.AddMetadata(MetadataRegistration, sc.Ref)
	params.SetIdempotencyKey("lifetag-registration-" + sc.Ref)
	session, err := c.api.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return cloud.CheckoutSession{}, fmt.Errorf("stripe: create checkout session: %w", err)
	}
	return cloud.CheckoutSession{ID: session.ID, URL: session.URL}, nil
}

// ReadCheckoutSession retrieves a session; it reads as the
// checkout.session.completed event Stripe also sends, with an id derived
// from the session so that reading it twice applies once.
func (c *Client) ReadCheckoutSession(ctx context.Context, sessionID string) (cloud.PaymentEvent, error) {
	session, err := c.api.V1CheckoutSessions.Retrieve(ctx, sessionID, nil)
	if err != nil {
		return cloud.PaymentEvent{}, fmt.Errorf("stripe: retrieve checkout session: %w", err)
	}
	return checkoutEvent("readback_"+session.ID, time.Now(), session), nil
}

// CreatePortalSession opens Stripe's customer portal for a customer.
func (c *Client) CreatePortalSession(ctx context.Context, customerID, returnURL string) (string, error) {
	session, err := c.api.V1BillingPortalSessions.Create(ctx, &stripego.BillingPortalSessionCreateParams{
		Customer: stripego.String(customerID), ReturnURL: stripego.String(returnURL),
	})
	if err != nil {
		return "", fmt.Errorf("stripe: create portal session: %w", err)
	}
	return session.URL, nil
}

func checkoutEvent(eventID string, created time.Time, s *stripego.CheckoutSession) cloud.PaymentEvent {
	ev := &cloud.CheckoutEvent{
		SessionID: s.ID, Mode: string(s.Mode), PaymentStatus: string(s.PaymentStatus),
		RegistrationRef: s.Metadata[MetadataRegistration],
	}
	if s.Customer != nil {
		ev.CustomerID = s.Customer.ID
	}
	if s.Subscription != nil {
		ev.SubscriptionID = s.Subscription.ID
	}
	return cloud.PaymentEvent{ID: eventID, Type: cloud.EventCheckoutCompleted, Created: created, Checkout: ev}
}

// corporateEvent reads the object of a corporate event.
func corporateEvent(out cloud.PaymentEvent, raw json.RawMessage) (cloud.PaymentEvent, error) {
	malformed := cloud.Errorf(cloud.EINVALID, "%s", cloud.MsgWebhookEventMalformed)
	switch out.Type {
	case cloud.EventCheckoutCompleted:
		var s stripego.CheckoutSession
		if err := json.Unmarshal(raw, &s); err != nil {
			return cloud.PaymentEvent{}, malformed
		}
		ev := checkoutEvent(out.ID, out.Created, &s)
		return ev, nil
	case cloud.EventSubscriptionUpdated, cloud.EventSubscriptionDeleted:
		var s stripego.Subscription
		if err := json.Unmarshal(raw, &s); err != nil {
			return cloud.PaymentEvent{}, malformed
		}
		ev := &cloud.SubscriptionEvent{SubscriptionID: s.ID, Status: string(s.Status)}
		if s.Customer != nil {
			ev.CustomerID = s.Customer.ID
		}
		if s.Items != nil && len(s.Items.Data) > 0 && s.Items.Data[0].Price != nil {
			ev.LookupKey = s.Items.Data[0].Price.LookupKey
		}
		out.Subscription = ev
	case cloud.EventInvoicePaymentFailed:
		// Newer API versions name the subscription under parent; older ones
		// at the top.
		var inv struct {
			Customer     string `json:"customer"`
			Subscription string `json:"subscription"`
			Parent       struct {
				SubscriptionDetails struct {
					Subscription string `json:"subscription"`
				} `json:"subscription_details"`
			} `json:"parent"`
		}
		if err := json.Unmarshal(raw, &inv); err != nil {
			return cloud.PaymentEvent{}, malformed
		}
		sub := inv.Parent.SubscriptionDetails.Subscription
		if sub == "" {
			sub = inv.Subscription
		}
		out.Subscription = &cloud.SubscriptionEvent{SubscriptionID: sub, CustomerID: inv.Customer}
	}
	return out, nil
}

// SignedCheckoutCompletedEvent builds a checkout.session.completed event for
// a subscription checkout, shaped and signed as Stripe sends it. The local
// test checkout and the tests use it.
func SignedCheckoutCompletedEvent(eventID, sessionID, registrationRef, paymentStatus, customerID, subscriptionID, secret string, now time.Time) ([]byte, string, error) {
	session := map[string]any{
		"id": sessionID, "object": "checkout.session", "mode": "subscription", "status": "complete",
		"payment_status": paymentStatus, "customer": customerID, "subscription": subscriptionID,
		"client_reference_id": registrationRef,
		"metadata":            map[string]string{MetadataRegistration: registrationRef},
	}
	return signedEvent(eventID, cloud.EventCheckoutCompleted, session, secret, now)
}

// SignedSubscriptionEvent builds a customer.subscription.updated or
// .deleted event for a subscription on a plan's price.
func SignedSubscriptionEvent(eventID, eventType, subscriptionID, customerID, status, lookupKey, secret string, now time.Time) ([]byte, string, error) {
	sub := map[string]any{
		"id": subscriptionID, "object": "subscription", "customer": customerID, "status": status,
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_" + subscriptionID, "object": "subscription_item",
			"price": map[string]any{"id": "price_" + lookupKey, "object": "price", "lookup_key": lookupKey},
		}}},
	}
	return signedEvent(eventID, eventType, sub, secret, now)
}

// SignedInvoiceFailedEvent builds an invoice.payment_failed event.
func SignedInvoiceFailedEvent(eventID, subscriptionID, customerID, secret string, now time.Time) ([]byte, string, error) {
	invoice := map[string]any{
		"id": "in_" + eventID, "object": "invoice", "customer": customerID,
		"parent": map[string]any{"type": "subscription_details",
			"subscription_details": map[string]any{"subscription": subscriptionID}},
	}
	return signedEvent(eventID, cloud.EventInvoicePaymentFailed, invoice, secret, now)
}

func signedEvent(eventID, eventType string, object any, secret string, now time.Time) ([]byte, string, error) {
	event := map[string]any{
		"id": eventID, "object": "event", "api_version": stripego.APIVersion, "created": now.Unix(),
		"type": eventType, "data": map[string]any{"object": object},
	}
	payload, err := json.Marshal(event)
	if err != nil {
		return nil, "", err
	}
	return payload, SignPayload(payload, secret, now), nil
}

// The local test checkout's subscriptions: a session id derived from the
// registration, a page of the site standing in for Checkout, and no portal.

var _ cloud.SubscriptionProvider = LocalCheckout{}

// LocalCheckoutPath is the site's test checkout page for subscriptions.
const LocalCheckoutPath = "/corporate-test-checkout"

// CreateSubscriptionCheckout returns the local session of the registration;
// its URL is the site's test checkout page (relative: same site).
func (LocalCheckout) CreateSubscriptionCheckout(_ context.Context, sc cloud.SubscriptionCheckout) (cloud.CheckoutSession, error) {
	id := LocalSessionID(sc.Ref)
	return cloud.CheckoutSession{ID: id, URL: LocalCheckoutPath + "?session_id=" + id + "&registration_id=" + sc.Ref}, nil
}

// ReadCheckoutSession reports a local session as unpaid: the local checkout
// completes while the browser waits, through its signed event.
func (LocalCheckout) ReadCheckoutSession(_ context.Context, sessionID string) (cloud.PaymentEvent, error) {
	return cloud.PaymentEvent{ID: "readback_" + sessionID, Type: cloud.EventCheckoutCompleted, Created: time.Now(),
		Checkout: &cloud.CheckoutEvent{SessionID: sessionID, Mode: cloud.CheckoutModeSubscription, PaymentStatus: "unpaid"}}, nil
}

// CreatePortalSession: the test checkout has no portal; the owner's billing
// page says so.
func (LocalCheckout) CreatePortalSession(context.Context, string, string) (string, error) {
	return "", cloud.NewError(cloud.ECONFLICT, cloud.MsgNoPortalInTestMode)
}

// LocalSessionID is the test checkout session id of a registration.
func LocalSessionID(ref string) string { return "cs_local_" + ref }

// LocalRegistrationRef reads the registration out of a local session id.
func LocalRegistrationRef(sessionID string) (string, bool) {
	ref, ok := strings.CutPrefix(sessionID, "cs_local_")
	return ref, ok && ref != "" && !strings.ContainsAny(ref, "_ ")
}

// SignedLocalCheckoutEvent is the paid checkout.session.completed event the
// local test checkout sends for a registration, with local customer and
// subscription ids.
func SignedLocalCheckoutEvent(r *cloud.Registration, secret string, now time.Time) ([]byte, string, error) {
	return SignedCheckoutCompletedEvent(NewEventID(), r.CheckoutSessionID, r.Ref, cloud.CheckoutPaid,
		"cus_local_"+r.Ref, "sub_local_"+r.Ref, secret, now)
}
