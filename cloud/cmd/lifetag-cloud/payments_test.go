package main

import (
	"strings"
	"testing"
)

func TestStripeConfig(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(name string) string { return vars[name] }
	}
	keys := map[string]string{"STRIPE_SECRET_KEY": "sk_test_1", "STRIPE_PUBLISHABLE_KEY": "pk_test_1", "STRIPE_WEBHOOK_SECRET": "whsec_1"}

	t.Run("ProductionWithoutKeysRefusesToStart", func(t *testing.T) {
		_, err := stripeConfigFromEnv(env(nil), true)
		if err == nil || !strings.Contains(err.Error(), "required in production") {
			t.Fatalf("want a clear refusal, got %v", err)
		}
	})
	t.Run("DevelopmentWithoutKeysUsesTheTestCheckout", func(t *testing.T) {
		c, err := stripeConfigFromEnv(env(nil), false)
		if err != nil || c.SecretKey != "" {
			t.Fatalf("got %+v, %v", c, err)
		}
	})
	t.Run("SecretKeyAloneIsRefused", func(t *testing.T) {
		if _, err := stripeConfigFromEnv(env(map[string]string{"STRIPE_SECRET_KEY": "sk_test_1"}), false); err == nil {
			t.Fatal("a secret key without the webhook secret must be refused")
		}
	})
	t.Run("ProductionWithKeys", func(t *testing.T) {
		c, err := stripeConfigFromEnv(env(keys), true)
		if err != nil || c.WebhookSecret != "whsec_1" || c.PublishableKey != "pk_test_1" {
			t.Fatalf("got %+v, %v", c, err)
		}
	})
}
