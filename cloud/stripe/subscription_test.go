package stripe_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/plans"
)

// TestSubscriptionCheckoutOnStripeMock: the plan's price is found or
// created by lookup key, once per process, and the session is in
// subscription mode with only our registration reference as metadata.
func TestSubscriptionCheckoutOnStripeMock(t *testing.T) {
	rec := &recorder{}
	client := stripe.NewClient("sk_test_123", stripeMockURL(t), &http.Client{Transport: rec, Timeout: 10 * time.Second})
	plan, _ := plans.Find("enterprise")
	checkout := cloud.SubscriptionCheckout{Ref: "reg123", Email: "jane@acme.example", Plan: plan,
		SuccessURL: "https://lifetag.test/corporate-payment-success?session_id={CHECKOUT_SESSION_ID}&registration_id=reg123",
		CancelURL:  "https://lifetag.test/corporate-register"}
	for range 2 {
		session, err := client.CreateSubscriptionCheckout(context.Background(), checkout)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(session.ID, "cs_") || !strings.HasPrefix(session.URL, "https://") {
			t.Fatalf("session %+v", session)
		}
	}
	var paths []string
	for _, r := range rec.requests {
		paths = append(paths, r.path)
	}
	// stripe-mock's price list never holds our key, so the price is created
	// once, then remembered.
	want := "GET /v1/prices,POST /v1/prices,POST /v1/checkout/sessions,POST /v1/checkout/sessions"
	if strings.Join(paths, ",") != want {
		t.Fatalf("requests %v, want %s", paths, want)
	}
	price := rec.requests[1].form
	if price.Get("lookup_key") != "lifetag_enterprise_monthly" || price.Get("unit_amount") != "9900" ||
		price.Get("currency") != "gbp" || price.Get("recurring[interval]") != "month" {
		t.Errorf("price %v", price)
	}
	session := rec.requests[2]
	if session.form.Get("mode") != "subscription" || session.form.Get("metadata[lifetag_registration]") != "reg123" ||
		session.form.Get("line_items[0][quantity]") != "1" || session.header.Get("Idempotency-Key") != "lifetag-registration-reg123" {
		t.Errorf("session %v %v", session.form, session.header)
	}
	for key := range session.form {
		if strings.HasPrefix(key, "metadata[") && key != "metadata[lifetag_registration]" {
			t.Errorf("unexpected metadata %s", key)
		}
	}
}

func TestCorporateEvents(t *testing.T) {
	const secret = "whsec_test_secret"
	now := time.Now()
	payload, header, _ := stripe.SignedCheckoutCompletedEvent("evt_c", "cs_1", "reg1", "paid", "cus_1", "sub_1", secret, now)
	ev, err := stripe.VerifyEvent(payload, header, secret)
	if err != nil || ev.Checkout == nil || *ev.Checkout != (cloud.CheckoutEvent{SessionID: "cs_1", Mode: "subscription",
		PaymentStatus: "paid", RegistrationRef: "reg1", CustomerID: "cus_1", SubscriptionID: "sub_1"}) || ev.Created.Unix() != now.Unix() {
		t.Fatalf("checkout event %+v %+v %v", ev, ev.Checkout, err)
	}
	payload, header, _ = stripe.SignedSubscriptionEvent("evt_s", cloud.EventSubscriptionUpdated, "sub_1", "cus_1", "past_due", "lifetag_starter_monthly", secret, now)
	ev, err = stripe.VerifyEvent(payload, header, secret)
	if err != nil || ev.Subscription == nil || *ev.Subscription != (cloud.SubscriptionEvent{SubscriptionID: "sub_1",
		CustomerID: "cus_1", Status: "past_due", LookupKey: "lifetag_starter_monthly"}) {
		t.Fatalf("subscription event %+v %v", ev, err)
	}
	payload, header, _ = stripe.SignedInvoiceFailedEvent("evt_i", "sub_1", "cus_1", secret, now)
	ev, err = stripe.VerifyEvent(payload, header, secret)
	if err != nil || ev.Subscription == nil || ev.Subscription.SubscriptionID != "sub_1" {
		t.Fatalf("invoice event %+v %v", ev, err)
	}
}

func TestBillingPortalOnStripeMock(t *testing.T) {
	client := stripe.NewClient("sk_test_123", stripeMockURL(t), &http.Client{Timeout: 10 * time.Second})
	url, err := client.CreatePortalSession(context.Background(), "cus_123", "https://lifetag.test/corporate/dashboard/1")
	if err != nil || !strings.HasPrefix(url, "https://") {
		t.Fatalf("portal %q %v", url, err)
	}
}
