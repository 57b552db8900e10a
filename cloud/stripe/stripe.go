// Package stripe connects the cloud to Stripe with stripe-go: it creates
// PaymentIntents and verifies webhook events. It also provides the local test
// checkout used in development without Stripe keys, which signs its events
// with the same scheme so that they take exactly the same path. Nothing else
// in the cloud imports stripe-go.
package stripe

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/lifetag/lifetag/cloud"
)

// MetadataRef is the one metadata key we send: our payment reference. No
// personal or health data goes to Stripe.
const MetadataRef = "lifetag_ref"

// Client creates PaymentIntents on Stripe (or stripe-mock in tests).
type Client struct {
	api *stripego.Client
	// prices remembers each plan lookup key's price id (subscription.go).
	prices sync.Map
}

var _ cloud.PaymentProvider = (*Client)(nil)

// NewClient returns a client for the secret key. apiURL overrides Stripe's
// address (stripe-mock in tests); empty means Stripe itself.
func NewClient(secretKey, apiURL string, httpClient *http.Client) *Client {
	config := &stripego.BackendConfig{
		HTTPClient:    httpClient,
		LeveledLogger: &stripego.LeveledLogger{Level: stripego.LevelError},
	}
	if apiURL != "" {
		config.URL = stripego.String(apiURL)
	}
	backends := &stripego.Backends{API: stripego.GetBackendWithConfig(stripego.APIBackend, config)}
	return &Client{api: stripego.NewClient(secretKey, stripego.WithBackends(backends))}
}

// CreatePaymentIntent asks Stripe for a card PaymentIntent. The payment's
// reference is the idempotency key, so a retried call returns the same
// intent instead of charging twice.
func (c *Client) CreatePaymentIntent(ctx context.Context, p *cloud.Payment) (cloud.PaymentIntent, error) {
	params := &stripego.PaymentIntentCreateParams{
		Amount:      stripego.Int64(p.AmountPence),
		Currency:    stripego.String(p.Currency),
		Description: stripego.String(description(p.Kind)),
		AutomaticPaymentMethods: &stripego.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripego.Bool(true),
		},
	}
	params.AddMetadata(MetadataRef, p.Ref)
	params.SetIdempotencyKey("lifetag-payment-" + p.Ref)
	intent, err := c.api.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return cloud.PaymentIntent{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return cloud.PaymentIntent{ID: intent.ID, ClientSecret: intent.ClientSecret}, nil
}

// description names what was bought, nothing about the buyer.
func description(kind string) string {
	if kind == cloud.PaymentPhysical {
		return "Lifetag printed labels"
	}
	return "Lifetag print unlock"
}

// VerifyEvent checks a webhook's signature on the raw body and reads the
// PaymentIntent it is about. Events of other types come back with only ID
// and Type set.
func VerifyEvent(payload []byte, signatureHeader, secret string) (cloud.PaymentEvent, error) {
	event, err := webhook.ConstructEvent(payload, signatureHeader, secret)
	if err != nil {
		return cloud.PaymentEvent{}, cloud.Errorf(cloud.EINVALID, "%s", cloud.MsgWebhookSignature)
	}
	out := cloud.PaymentEvent{ID: event.ID, Type: string(event.Type), Created: time.Unix(event.Created, 0)}
	if event.Data == nil || len(event.Data.Raw) == 0 {
		return out, nil
	}
	if cloud.IsCorporateEvent(out.Type) {
		return corporateEvent(out, event.Data.Raw)
	}
	if event.Type != stripego.EventTypePaymentIntentSucceeded {
		return out, nil
	}
	var intent stripego.PaymentIntent
	if err := json.Unmarshal(event.Data.Raw, &intent); err != nil {
		return cloud.PaymentEvent{}, cloud.Errorf(cloud.EINVALID, "%s", cloud.MsgWebhookEventMalformed)
	}
	return intentEvent(out.ID, out.Type, &intent), nil
}

// intentEvent is what the cloud needs of an event about an intent.
func intentEvent(eventID, eventType string, intent *stripego.PaymentIntent) cloud.PaymentEvent {
	return cloud.PaymentEvent{
		ID: eventID, Type: eventType, IntentID: intent.ID, PaymentRef: intent.Metadata[MetadataRef],
		AmountPence: intent.Amount, Currency: string(intent.Currency), Status: string(intent.Status),
	}
}

// ReadBack retrieves an intent from Stripe. A succeeded one reads as the
// payment_intent.succeeded event Stripe will also send; its id is derived
// from the intent, so reading it back twice applies once.
func (c *Client) ReadBack(ctx context.Context, intentID string) (cloud.PaymentEvent, error) {
	intent, err := c.api.V1PaymentIntents.Retrieve(ctx, intentID, nil)
	if err != nil {
		return cloud.PaymentEvent{}, fmt.Errorf("stripe: retrieve payment intent: %w", err)
	}
	return intentEvent("readback_"+intent.ID, "payment_intent."+string(intent.Status), intent), nil
}

// SignedSucceededEvent builds a payment_intent.succeeded event for an intent,
// shaped and signed as Stripe sends it (with the SDK's API version), and
// returns the body and its Stripe-Signature header. The local test checkout
// and the tests use it.
func SignedSucceededEvent(eventID, intentID string, p *cloud.Payment, secret string, now time.Time) (payload []byte, header string, err error) {
	intent := map[string]any{
		"id":       intentID,
		"object":   "payment_intent",
		"amount":   p.AmountPence,
		"currency": p.Currency,
		"status":   "succeeded",
		"metadata": map[string]string{MetadataRef: p.Ref},
	}
	event := map[string]any{
		"id":          eventID,
		"object":      "event",
		"api_version": stripego.APIVersion,
		"created":     now.Unix(),
		"type":        string(stripego.EventTypePaymentIntentSucceeded),
		"data":        map[string]any{"object": intent},
	}
	payload, err = json.Marshal(event)
	if err != nil {
		return nil, "", err
	}
	return payload, SignPayload(payload, secret, now), nil
}

// SignPayload returns the Stripe-Signature header Stripe would send with a
// body signed at now.
func SignPayload(payload []byte, secret string, now time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: now}).Header
}

// LocalCheckout stands in for Stripe in development without keys: it hands
// out test intents, and confirming one produces a locally signed event.
type LocalCheckout struct{}

var _ cloud.PaymentProvider = LocalCheckout{}

// CreatePaymentIntent returns a local intent whose id and client secret are
// derived from the payment reference, so a retry returns the same intent.
func (LocalCheckout) CreatePaymentIntent(_ context.Context, p *cloud.Payment) (cloud.PaymentIntent, error) {
	id := LocalIntentID(p.Ref)
	return cloud.PaymentIntent{ID: id, ClientSecret: id + "_secret_local"}, nil
}

// ReadBack reports a local intent as unpaid: the local checkout fulfils
// while the browser waits, so it never has a payment to catch up on.
func (LocalCheckout) ReadBack(_ context.Context, intentID string) (cloud.PaymentEvent, error) {
	return cloud.PaymentEvent{Type: "payment_intent.requires_payment_method", IntentID: intentID}, nil
}

// LocalIntentID is the test intent id of a payment reference.
func LocalIntentID(ref string) string { return "pi_local_" + ref }

// NewEventID returns a random event id in Stripe's format.
func NewEventID() string { return "evt_local_" + randomHex(12) }

// NewWebhookSecret returns a random signing secret in Stripe's format, for
// development without keys.
func NewWebhookSecret() string { return "whsec_local_" + randomHex(24) }

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("stripe: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}
