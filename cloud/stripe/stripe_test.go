package stripe_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// stripeMockURL is the stripe-mock that make test starts.
func stripeMockURL(t *testing.T) string { return storetest.ServiceURL(t, "LIFETAG_TEST_STRIPE_URL") }

// recorder keeps every request the Stripe client sends, then passes it on.
type recorder struct {
	mu       sync.Mutex
	requests []recorded
}

type recorded struct {
	path   string // method and path
	header http.Header
	form   url.Values
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	body, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(body))
	form, _ := url.ParseQuery(string(body))
	r.mu.Lock()
	r.requests = append(r.requests, recorded{req.Method + " " + req.URL.Path, req.Header.Clone(), form})
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func testPayment() *cloud.Payment {
	return &cloud.Payment{
		Ref: "ref123", Email: "jane@example.com", Kind: cloud.PaymentPhysical,
		AmountPence: cloud.PricePhysicalPence, Currency: cloud.Currency, LabelType: "helmet",
		ShippingAddress: []byte("sealed"), ReferralCode: "ABCDEF23",
	}
}

func TestCreatePaymentIntentOnStripeMock(t *testing.T) {
	rec := &recorder{}
	client := stripe.NewClient("sk_test_123", stripeMockURL(t), &http.Client{Transport: rec, Timeout: 10 * time.Second})

	intent, err := client.CreatePaymentIntent(context.Background(), testPayment())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(intent.ID, "pi_") || intent.ClientSecret == "" {
		t.Fatalf("unexpected intent %+v", intent)
	}

	if len(rec.requests) != 1 {
		t.Fatalf("want one request to Stripe, got %d", len(rec.requests))
	}
	req := rec.requests[0]
	if got := req.header.Get("Idempotency-Key"); got != "lifetag-payment-ref123" {
		t.Errorf("Idempotency-Key = %q", got)
	}
	if req.form.Get("amount") != "999" || req.form.Get("currency") != "gbp" {
		t.Errorf("amount/currency = %s %s", req.form.Get("amount"), req.form.Get("currency"))
	}
	// Only our reference goes to Stripe: no e-mail, address or referral.
	for key, values := range req.form {
		if strings.HasPrefix(key, "metadata[") && key != "metadata[lifetag_ref]" {
			t.Errorf("unexpected metadata %s", key)
		}
		for _, v := range values {
			if strings.Contains(v, "jane") || strings.Contains(v, "sealed") || strings.Contains(v, "ABCDEF23") {
				t.Errorf("personal data sent to Stripe in %s=%s", key, v)
			}
		}
	}
}

func TestReadBackOnStripeMock(t *testing.T) {
	client := stripe.NewClient("sk_test_123", stripeMockURL(t), &http.Client{Timeout: 10 * time.Second})
	event, err := client.ReadBack(context.Background(), "pi_123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(event.ID, "readback_pi_") || !strings.HasPrefix(event.Type, "payment_intent.") || event.IntentID == "" {
		t.Fatalf("unexpected read-back %+v", event)
	}
}

func TestVerifyEvent(t *testing.T) {
	const secret = "whsec_test_secret"
	p := testPayment()
	now := time.Now()
	payload, header, err := stripe.SignedSucceededEvent("evt_1", "pi_1", p, secret, now)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("ValidSignature", func(t *testing.T) {
		event, err := stripe.VerifyEvent(payload, header, secret)
		if err != nil {
			t.Fatal(err)
		}
		want := cloud.PaymentEvent{ID: "evt_1", Type: cloud.EventPaymentSucceeded, IntentID: "pi_1",
			PaymentRef: "ref123", AmountPence: 999, Currency: "gbp", Status: "succeeded"}
		if event != want {
			t.Fatalf("got %+v\nwant %+v", event, want)
		}
	})
	t.Run("WrongSecret", func(t *testing.T) {
		if _, err := stripe.VerifyEvent(payload, header, "whsec_other"); cloud.ErrorCode(err) != cloud.EINVALID {
			t.Fatalf("want EINVALID, got %v", err)
		}
	})
	t.Run("TamperedBody", func(t *testing.T) {
		tampered := bytes.Replace(payload, []byte(`"amount":999`), []byte(`"amount":1`), 1)
		if bytes.Equal(tampered, payload) {
			t.Fatal("the test did not change the body")
		}
		if _, err := stripe.VerifyEvent(tampered, header, secret); cloud.ErrorCode(err) != cloud.EINVALID {
			t.Fatalf("want EINVALID, got %v", err)
		}
	})
	t.Run("StaleTimestamp", func(t *testing.T) {
		old, oldHeader, _ := stripe.SignedSucceededEvent("evt_2", "pi_1", p, secret, now.Add(-time.Hour))
		if _, err := stripe.VerifyEvent(old, oldHeader, secret); cloud.ErrorCode(err) != cloud.EINVALID {
			t.Fatalf("a replayed hour-old event must be refused, got %v", err)
		}
	})
}

func TestLocalCheckoutIsIdempotent(t *testing.T) {
	p := testPayment()
	a, _ := stripe.LocalCheckout{}.CreatePaymentIntent(context.Background(), p)
	b, _ := stripe.LocalCheckout{}.CreatePaymentIntent(context.Background(), p)
	if a != b || a.ID != stripe.LocalIntentID(p.Ref) {
		t.Fatalf("local intents differ: %+v %+v", a, b)
	}
}
