package main

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/cloud/tracing"
)

// StripeConfig holds the Stripe settings (docs/operating.md, "Payments").
type StripeConfig struct {
	SecretKey      string // STRIPE_SECRET_KEY (sk_test_... or sk_live_...)
	PublishableKey string // STRIPE_PUBLISHABLE_KEY, handed to the browser
	WebhookSecret  string // STRIPE_WEBHOOK_SECRET (whsec_...), of the webhook endpoint
	APIURL         string // STRIPE_API_URL: another Stripe API address, such as stripe-mock
}

func stripeConfigFromEnv(getenv func(string) string, production bool) (StripeConfig, error) {
	c := StripeConfig{
		SecretKey:      getenv("STRIPE_SECRET_KEY"),
		PublishableKey: getenv("STRIPE_PUBLISHABLE_KEY"),
		WebhookSecret:  getenv("STRIPE_WEBHOOK_SECRET"),
		APIURL:         getenv("STRIPE_API_URL"),
	}
	switch {
	case c.SecretKey == "" && production:
		return c, errors.New("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required in production; the local test checkout is for development only")
	case c.SecretKey != "" && (c.WebhookSecret == "" || c.PublishableKey == ""):
		return c, errors.New("STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too")
	}
	return c, nil
}

// paymentsFrom returns the payment provider and the payment routes'
// settings: Stripe when there are keys, else the local test checkout, whose
// events are signed and verified with a secret made up for this process.
func paymentsFrom(c StripeConfig, logger *slog.Logger) (cloud.PaymentProvider, lhttp.Payments) {
	if c.SecretKey == "" {
		secret := stripe.NewWebhookSecret()
		logger.Warn("payments: no STRIPE_SECRET_KEY, so the local test checkout takes payments (test card 4242 4242 4242 4242)")
		return stripe.LocalCheckout{}, lhttp.Payments{
			VerifyWebhook: verifyWith(secret),
			SignTestEvent: func(p *cloud.Payment) ([]byte, string, error) {
				return stripe.SignedSucceededEvent(stripe.NewEventID(), p.IntentID, p, secret, time.Now())
			},
			SignTestCheckout: func(r *cloud.Registration) ([]byte, string, error) {
				return stripe.SignedLocalCheckoutEvent(r, secret, time.Now())
			},
		}
	}
	client := stripe.NewClient(c.SecretKey, c.APIURL, &http.Client{Timeout: 30 * time.Second,
		Transport: tracing.Transport("stripe", http.DefaultTransport)})
	return client, lhttp.Payments{VerifyWebhook: verifyWith(c.WebhookSecret), PublishableKey: c.PublishableKey}
}

func verifyWith(secret string) func([]byte, string) (cloud.PaymentEvent, error) {
	return func(payload []byte, header string) (cloud.PaymentEvent, error) {
		return stripe.VerifyEvent(payload, header, secret)
	}
}
