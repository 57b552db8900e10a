package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// paymentRig is a running cloud (newEnv) with a browser that keeps cookies,
// as the purchase flow needs: the claim cookie binds account creation to the
// browser that paid.
type paymentRig struct {
	t      *testing.T
	env    *env
	url    string
	store  cloud.Store
	client *http.Client
}

func newPaymentRig(t *testing.T, backend storetest.Backend, provider cloud.PaymentProvider) *paymentRig {
	t.Helper()
	e := newEnv(t, backend, envOptions{payments: provider})
	return &paymentRig{t: t, env: e, url: e.URL, store: e.Store, client: newBrowser(t)}
}

func newBrowser(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, Timeout: 10 * time.Second}
}

// call sends a JSON request from a browser and returns the status and body.
func (r *paymentRig) call(browser *http.Client, method, path string, body any, header http.Header) (int, map[string]any) {
	r.t.Helper()
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			r.t.Fatal(err)
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, r.url+path, reader)
	if err != nil {
		r.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := browser.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]any{}
	raw, _ := io.ReadAll(resp.Body)
	if len(raw) > 0 && json.Unmarshal(raw, &out) != nil {
		r.t.Fatalf("%s %s: not JSON: %s", method, path, raw)
	}
	return resp.StatusCode, out
}

// signIn signs a browser in with the session cookie, as the website does.
func (r *paymentRig) signIn(browser *http.Client, email, password string) {
	r.t.Helper()
	if status, out := r.call(browser, "POST", "/api/auth/login", map[string]any{"email": email, "password": password}, nil); status != http.StatusOK {
		r.t.Fatalf("sign-in %s: %d %v", email, status, out)
	}
}

// checkout creates a payment intent from a browser (anonymous, or signed in
// by its cookie).
func (r *paymentRig) checkout(browser *http.Client, body map[string]any) string {
	r.t.Helper()
	status, out := r.call(browser, "POST", "/api/create-payment-intent", body, nil)
	if status != http.StatusOK {
		r.t.Fatalf("create-payment-intent: %d %v", status, out)
	}
	secret, _ := out["clientSecret"].(string)
	if secret == "" {
		r.t.Fatalf("no clientSecret in %v", out)
	}
	return secret
}

// payment returns the stored payment behind a local client secret.
func (r *paymentRig) payment(clientSecret string) *cloud.Payment {
	r.t.Helper()
	ref := strings.TrimSuffix(strings.TrimPrefix(clientSecret, "pi_local_"), "_secret_local")
	p, err := r.store.FindPaymentByRef(context.Background(), ref)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

// deliver posts a webhook event as Stripe would.
func (r *paymentRig) deliver(payload []byte, signature string) (int, map[string]any) {
	r.t.Helper()
	req, _ := http.NewRequest("POST", r.url+"/api/stripe/webhook", bytes.NewReader(payload))
	req.Header.Set("Stripe-Signature", signature)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]any{}
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func (r *paymentRig) user(email string) *cloud.User {
	r.t.Helper()
	u, err := r.store.FindUserByEmail(context.Background(), email)
	if err != nil {
		r.t.Fatalf("user %s: %v", email, err)
	}
	return u
}

func (r *paymentRig) orders(email string) []*cloud.Order {
	r.t.Helper()
	orders, err := r.store.ListOrders(context.Background(), r.user(email).ID)
	if err != nil {
		r.t.Fatal(err)
	}
	return orders
}

func shipping() map[string]any {
	return map[string]any{
		"email": "jane@example.com", "fullName": "Jane Doe", "addressLine1": "1 High Street",
		"city": "York", "county": "North Yorkshire", "postcode": "yo1 7hh",
	}
}

func printCheckout(email string) map[string]any {
	return map[string]any{"type": "print", "email": email}
}

func physicalCheckout(email string) map[string]any {
	return map[string]any{"type": "physical", "email": email, "labelType": "helmet", "shippingAddress": shipping()}
}

func TestPaymentPrintUnlockThroughTestCheckout(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			browser := rig.client

			// Before paying there is no account to create.
			status, _ := rig.call(browser, "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "new@example.com", "password": "secret1"}, nil)
			if status != http.StatusForbidden {
				t.Fatalf("account before payment: got %d, want 403", status)
			}

			secret := rig.checkout(browser, printCheckout("New@Example.com"))
			status, out := rig.call(browser, "POST", "/api/test-checkout/confirm",
				map[string]any{"clientSecret": secret, "cardNumber": "4000 0000 0000 0002"}, nil)
			if status != http.StatusPaymentRequired || out["message"] != cloud.MsgTestCardDeclined {
				t.Fatalf("declined card: %d %v", status, out)
			}
			if _, err := rig.store.FindUserByEmail(context.Background(), "new@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("a declined card must change nothing, got %v", err)
			}

			status, out = rig.call(browser, "POST", "/api/test-checkout/confirm",
				map[string]any{"clientSecret": secret, "cardNumber": "4242 4242 4242 4242"}, nil)
			if status != http.StatusOK {
				t.Fatalf("test card: %d %v", status, out)
			}
			if !rig.user("new@example.com").HasPrintAccess {
				t.Fatal("a succeeded print payment must grant print access")
			}
			if p := rig.payment(secret); p.AmountPence != 99 || p.Currency != "gbp" || p.Status != cloud.PaymentSucceeded {
				t.Fatalf("payment %+v", p)
			}

			// Another browser cannot claim the account the payment made.
			status, _ = rig.call(newBrowser(t), "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "new@example.com", "password": "secret1"}, nil)
			if status != http.StatusForbidden {
				t.Fatalf("claim from another browser: got %d, want 403", status)
			}
			status, out = rig.call(browser, "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "new@example.com", "password": "secret1"}, nil)
			if status != http.StatusOK || out["sessionToken"] != nil {
				t.Fatalf("create-account-after-payment: %d %v (the website gets a cookie, never a token)", status, out)
			}
			// The claim is used up: the same browser cannot reset the password.
			status, _ = rig.call(browser, "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "new@example.com", "password": "other12"}, nil)
			if status != http.StatusForbidden {
				t.Fatalf("second claim: got %d, want 403", status)
			}

			// The new session (the browser's cookie) reads its own access,
			// from the server's truth.
			status, out = rig.call(browser, "POST", "/api/check-subscription", map[string]any{"email": "new@example.com"}, nil)
			if status != http.StatusOK || out["hasAccess"] != true || out["source"] != "database" {
				t.Fatalf("check-subscription: %d %v", status, out)
			}
			status, _ = rig.call(newBrowser(t), "POST", "/api/check-subscription", map[string]any{"email": "new@example.com"}, nil)
			if status != http.StatusUnauthorized {
				t.Fatalf("anonymous check-subscription: got %d, want 401", status)
			}
		})
	}
}

// TestAnonymousCheckoutForAnExistingAccount: a stranger
// paying for an address that has an account must not attach an order, a
// shipping address or a referral to it, nor claim it. The owner pays signed in.
func TestAnonymousCheckoutForAnExistingAccount(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		now := time.Now()
		owner := &cloud.User{Email: "jane@example.com", PasswordHash: "argon2id-hash-of-the-owner", CreatedAt: now, UpdatedAt: now}
		if err := rig.store.CreateUser(context.Background(), owner); err != nil {
			t.Fatal(err)
		}
		for _, body := range []map[string]any{printCheckout("Jane@Example.com"), physicalCheckout("jane@example.com")} {
			status, out := rig.call(newBrowser(t), "POST", "/api/create-payment-intent", body, nil)
			if status != http.StatusConflict || out["message"] != cloud.MsgAccountAlreadyExists {
				t.Fatalf("anonymous %s checkout for an existing account: %d %v", body["type"], status, out)
			}
		}
		if payments, err := rig.store.ListPayments(context.Background(), "jane@example.com"); err != nil || len(payments) != 0 {
			t.Fatalf("payments recorded for a refused checkout: %v %v", payments, err)
		}
		status, out := rig.call(rig.client, "POST", "/api/auth/create-account-after-payment",
			map[string]any{"email": "jane@example.com", "password": "takeover"}, nil)
		if status != http.StatusForbidden {
			t.Fatalf("claim without a payment: %d %v", status, out)
		}
		if u := rig.user("jane@example.com"); u.PasswordHash != owner.PasswordHash || u.HasPrintAccess || len(rig.orders("jane@example.com")) != 0 {
			t.Fatalf("the owner's account changed: %+v", u)
		}
	})
}

func TestPaymentWebhookSignature(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			p := rig.payment(rig.checkout(rig.client, printCheckout("jane@example.com")))

			payload, _, err := stripe.SignedSucceededEvent("evt_sig", p.IntentID, p, "whsec_wrong", time.Now())
			if err != nil {
				t.Fatal(err)
			}
			_, forged, _ := stripe.SignedSucceededEvent("evt_sig", p.IntentID, p, "whsec_wrong", time.Now())
			if status, _ := rig.deliver(payload, forged); status != http.StatusBadRequest {
				t.Fatalf("wrong signature: got %d, want 400", status)
			}
			if status, _ := rig.deliver(payload, ""); status != http.StatusBadRequest {
				t.Fatalf("no signature: got %d, want 400", status)
			}
			if _, err := rig.store.FindUserByEmail(context.Background(), "jane@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatal("a refused event must change nothing")
			}
			// The event id was not burnt: the genuine delivery still applies.
			payload, header, _ := stripe.SignedSucceededEvent("evt_sig", p.IntentID, p, testWebhookSecret, time.Now())
			if status, out := rig.deliver(payload, header); status != http.StatusOK || out["received"] != service.EventApplied {
				t.Fatalf("genuine event: %d %v", status, out)
			}
		})
	}
}

func TestPaymentEventDeliveredTenTimes(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			p := rig.payment(rig.checkout(rig.client, physicalCheckout("jane@example.com")))
			payload, header, err := stripe.SignedSucceededEvent("evt_ten", p.IntentID, p, testWebhookSecret, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			for i := range 10 {
				status, out := rig.deliver(payload, header)
				want := service.EventDuplicate
				if i == 0 {
					want = service.EventApplied
				}
				if status != http.StatusOK || out["received"] != want {
					t.Fatalf("delivery %d: %d %v, want %s", i+1, status, out, want)
				}
			}
			// Stripe may also send a second event for the same intent.
			payload, header, _ = stripe.SignedSucceededEvent("evt_other", p.IntentID, p, testWebhookSecret, time.Now())
			if _, out := rig.deliver(payload, header); out["received"] != service.EventAlreadyFulfilled {
				t.Fatalf("second event for the intent: %v", out)
			}

			orders := rig.orders("jane@example.com")
			if len(orders) != 1 {
				t.Fatalf("want exactly one order, got %d", len(orders))
			}
			o := orders[0]
			if o.PricePence != 999 || o.Status != "pending" || o.LabelType != "helmet" || o.Quantity != 1 ||
				o.StripePaymentID != p.IntentID || len(o.ShippingAddress) == 0 {
				t.Fatalf("order %+v", o)
			}
			if !rig.user("jane@example.com").HasPrintAccess {
				t.Fatal("printed labels include print access")
			}
		})
	}
}

func TestPaymentOtherEventsAreAcknowledged(t *testing.T) {
	rig := newPaymentRig(t, storetest.Backends[0], stripe.LocalCheckout{})
	p := rig.payment(rig.checkout(rig.client, printCheckout("jane@example.com")))

	// An unknown event type, correctly signed, is acknowledged and ignored.
	raw := []byte(`{"id":"evt_x","object":"event","api_version":"` + stripeAPIVersion(t) + `","type":"customer.created","data":{"object":{"id":"cus_1","object":"customer"}}}`)
	signed := stripe.SignPayload(raw, testWebhookSecret, time.Now())
	if status, out := rig.deliver(raw, signed); status != http.StatusOK || out["received"] != service.EventIgnored {
		t.Fatalf("unknown type: %d %v", status, out)
	}
	// An event for a payment that is not ours is acknowledged and ignored.
	stranger := *p
	stranger.Ref = "not-ours"
	payload, header, _ := stripe.SignedSucceededEvent("evt_stranger", "pi_other", &stranger, testWebhookSecret, time.Now())
	if _, out := rig.deliver(payload, header); out["received"] != service.EventIgnored {
		t.Fatalf("stranger: %v", out)
	}
	// A signed event whose amount differs from ours fulfils nothing.
	cheap := *p
	cheap.AmountPence = 1
	payload, header, _ = stripe.SignedSucceededEvent("evt_cheap", p.IntentID, &cheap, testWebhookSecret, time.Now())
	if _, out := rig.deliver(payload, header); out["received"] != service.EventIgnored {
		t.Fatalf("wrong amount: %v", out)
	}
	if _, err := rig.store.FindUserByEmail(context.Background(), "jane@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
		t.Fatal("no event so far may grant anything")
	}
}

func TestPaymentPrintAndPhysicalForOneUser(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			// The first purchase makes the account, which the browser claims;
			// the second is made signed in, as the owner.
			for i, body := range []map[string]any{printCheckout("jane@example.com"), physicalCheckout("jane@example.com")} {
				secret := rig.checkout(rig.client, body)
				if status, out := rig.call(rig.client, "POST", "/api/test-checkout/confirm",
					map[string]any{"clientSecret": secret, "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
					t.Fatalf("confirm: %d %v", status, out)
				}
				if i == 0 {
					if status, out := rig.call(rig.client, "POST", "/api/auth/create-account-after-payment",
						map[string]any{"email": "jane@example.com", "password": "secret1"}, nil); status != http.StatusOK {
						t.Fatalf("claim: %d %v", status, out)
					}
				}
			}
			payments, err := rig.store.ListPayments(context.Background(), "jane@example.com")
			payments = slices.DeleteFunc(payments, func(p *cloud.Payment) bool { return p.Status != cloud.PaymentSucceeded })
			if err != nil || len(payments) != 2 {
				t.Fatalf("want two succeeded payments, got %d (%v)", len(payments), err)
			}
			if len(rig.orders("jane@example.com")) != 1 || !rig.user("jane@example.com").HasPrintAccess {
				t.Fatal("want print access and one order")
			}
		})
	}
}

func TestPaymentReferrals(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			ctx := context.Background()
			now := time.Now()
			referrer := rig.env.createUser("ref@example.com", "ref-password")
			if err := rig.store.SetReferralCode(ctx, referrer.ID, "ABCDEF23", now); err != nil {
				t.Fatal(err)
			}
			referrerBrowser := newBrowser(t)
			rig.signIn(referrerBrowser, "ref@example.com", "ref-password")
			pay := func(email, code string) {
				body := printCheckout(email)
				body["referralCode"] = code
				browser := newBrowser(t)
				if email == referrer.Email {
					browser = referrerBrowser
				}
				secret := rig.checkout(browser, body)
				if status, out := rig.call(rig.client, "POST", "/api/test-checkout/confirm",
					map[string]any{"clientSecret": secret, "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
					t.Fatalf("confirm: %d %v", status, out)
				}
			}
			pay("friend@example.com", "abcdef23") // codes are case-insensitive
			pay("ref@example.com", "ABCDEF23")    // self-use (signed in) earns nothing
			pay("other@example.com", "ZZZZZZZZ")  // an unknown code earns nobody anything

			referrals, err := rig.store.ListReferrals(ctx, "ABCDEF23")
			if err != nil {
				t.Fatal(err)
			}
			if len(referrals) != 1 || referrals[0].ReferredEmail != "friend@example.com" || referrals[0].ReferrerEmail != "ref@example.com" {
				t.Fatalf("referrals %+v", referrals)
			}
			if got := rig.user("friend@example.com").ReferredByCode; got != "ABCDEF23" {
				t.Fatalf("referredByCode = %q", got)
			}
		})
	}
}

// TestPaymentInvalidReferralCodeIsIgnored: a bad code from a referral link
// never stops a payment; it is dropped and logged, without the code or the
// buyer's address.
func TestPaymentInvalidReferralCodeIsIgnored(t *testing.T) {
	var logs clienttest.LogBuffer
	e := newEnv(t, storetest.Backends[0], envOptions{
		payments: stripe.LocalCheckout{},
		logger:   slog.New(slog.NewJSONHandler(&logs, nil)),
	})
	rig := &paymentRig{t: t, url: e.URL, store: e.Store, client: newBrowser(t)}
	for i, code := range []string{"AB1", "ZZ!!ZZ<script>", strings.Repeat("Q", 33)} {
		// Each buyer is new: an address with an account pays signed in.
		body := printCheckout(fmt.Sprintf("x%d@example.com", i))
		body["referralCode"] = code
		secret := rig.checkout(newBrowser(t), body)
		if got := rig.payment(secret).ReferralCode; got != "" {
			t.Fatalf("code %q stored as %q, want none", code, got)
		}
		if status, out := rig.call(rig.client, "POST", "/api/test-checkout/confirm",
			map[string]any{"clientSecret": secret, "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
			t.Fatalf("confirm: %d %v", status, out)
		}
	}
	if !rig.user("x2@example.com").HasPrintAccess {
		t.Fatal("the payment with a bad referral code did not unlock printing")
	}
	// An unknown, well-formed code is kept with the payment and logged when
	// it earns nobody anything.
	body := printCheckout("y@example.com")
	body["referralCode"] = "QQQQQQQQ"
	secret := rig.checkout(newBrowser(t), body)
	if status, out := rig.call(rig.client, "POST", "/api/test-checkout/confirm",
		map[string]any{"clientSecret": secret, "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
		t.Fatalf("confirm: %d %v", status, out)
	}
	log := logs.String()
	if strings.Count(log, "referral code ignored") != 4 || !strings.Contains(log, "too short") || !strings.Contains(log, "unknown") {
		t.Fatalf("want four referral notes in the log:\n%s", log)
	}
	for _, private := range []string{"x@example.com", "y@example.com", "AB1", "script", "QQQQQQQQ"} {
		if strings.Contains(log, private) {
			t.Fatalf("log holds %q:\n%s", private, log)
		}
	}
}

func TestPaymentRequestValidation(t *testing.T) {
	rig := newPaymentRig(t, storetest.Backends[0], stripe.LocalCheckout{})
	noPostcode := shipping()
	delete(noPostcode, "postcode")
	badCountry := shipping()
	badCountry["country"] = "France"
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"NoEmail", map[string]any{"type": "print", "email": ""}, cloud.MsgPaymentEmailRequired},
		{"EmailWithoutAt", map[string]any{"type": "print", "email": "jane"}, cloud.MsgPaymentEmailRequired},
		{"UnknownType", map[string]any{"type": "gift", "email": "jane@example.com"}, cloud.MsgPaymentTypeInvalid},
		{"CustomIsDigitalOnly", map[string]any{"type": "physical", "email": "jane@example.com", "labelType": "custom", "shippingAddress": shipping()}, cloud.MsgLabelTypeInvalid},
		{"NoAddress", map[string]any{"type": "physical", "email": "jane@example.com", "labelType": "gear"}, cloud.MsgShippingRequired},
		{"NoPostcode", map[string]any{"type": "physical", "email": "jane@example.com", "labelType": "gear", "shippingAddress": noPostcode}, "Postcode is required"},
		{"Country", map[string]any{"type": "physical", "email": "jane@example.com", "labelType": "gear", "shippingAddress": badCountry}, cloud.MsgShipCountryInvalid},
		// The price is the server's: a client-sent amount is refused outright.
		{"ClientAmount", map[string]any{"type": "print", "email": "jane@example.com", "amount": 1}, `Unknown field "amount" in the request body`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, out := rig.call(rig.client, "POST", "/api/create-payment-intent", tc.body, nil)
			if status != http.StatusBadRequest || out["message"] != tc.want {
				t.Fatalf("got %d %v, want 400 %q", status, out, tc.want)
			}
		})
	}
}

func TestPaymentOnStripeMock(t *testing.T) {
	url := storetest.ServiceURL(t, "LIFETAG_TEST_STRIPE_URL")
	provider := &capturingProvider{PaymentProvider: stripe.NewClient("sk_test_lifetag", url, &http.Client{Timeout: 10 * time.Second})}
	rig := newPaymentRig(t, storetest.Backends[0], provider)

	status, out := rig.call(rig.client, "POST", "/api/create-payment-intent", physicalCheckout("jane@example.com"), nil)
	secret, _ := out["clientSecret"].(string)
	if status != http.StatusOK || !strings.HasPrefix(secret, "pi_") {
		t.Fatalf("create-payment-intent on stripe-mock: %d %v", status, out)
	}
	p, err := rig.store.FindPaymentByRef(context.Background(), provider.last.Ref)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.IntentID, "pi_") || p.Status != cloud.PaymentCreated {
		t.Fatalf("payment %+v: want Stripe's intent id, not yet paid", p)
	}
	payload, header, _ := stripe.SignedSucceededEvent("evt_mock", p.IntentID, p, testWebhookSecret, time.Now())
	if status, out := rig.deliver(payload, header); status != http.StatusOK || out["received"] != service.EventApplied {
		t.Fatalf("webhook: %d %v", status, out)
	}
	if orders := rig.orders("jane@example.com"); len(orders) != 1 || orders[0].StripePaymentID != p.IntentID {
		t.Fatalf("orders %+v", orders)
	}
}

// capturingProvider remembers the last payment it was asked about.
type capturingProvider struct {
	cloud.PaymentProvider
	last *cloud.Payment
}

func (c *capturingProvider) CreatePaymentIntent(ctx context.Context, p *cloud.Payment) (cloud.PaymentIntent, error) {
	c.last = p
	return c.PaymentProvider.CreatePaymentIntent(ctx, p)
}

func stripeAPIVersion(t testing.TB) string {
	t.Helper()
	raw, _, err := stripe.SignedSucceededEvent("evt_v", "pi_v", &cloud.Payment{Currency: "gbp"}, testWebhookSecret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var e struct {
		APIVersion string `json:"api_version"`
	}
	json.Unmarshal(raw, &e)
	return e.APIVersion
}

// paidBeforeWebhook is a provider whose payments succeed (as Stripe says when
// asked) before any webhook arrives: the usual order with real Stripe.
type paidBeforeWebhook struct {
	stripe.LocalCheckout
	last *cloud.Payment
}

func (p *paidBeforeWebhook) CreatePaymentIntent(ctx context.Context, payment *cloud.Payment) (cloud.PaymentIntent, error) {
	p.last = payment
	return p.LocalCheckout.CreatePaymentIntent(ctx, payment)
}

func (p *paidBeforeWebhook) ReadBack(_ context.Context, intentID string) (cloud.PaymentEvent, error) {
	return cloud.PaymentEvent{ID: "readback_" + intentID, Type: cloud.EventPaymentSucceeded, IntentID: intentID,
		PaymentRef: p.last.Ref, AmountPence: p.last.AmountPence, Currency: p.last.Currency, Status: "succeeded"}, nil
}

func TestPaymentAccountBeforeWebhook(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		t.Run("UnpaidIsRefused", func(t *testing.T) {
			rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
			rig.checkout(rig.client, printCheckout("jane@example.com"))
			status, _ := rig.call(rig.client, "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "jane@example.com", "password": "secret1"}, nil)
			if status != http.StatusForbidden {
				t.Fatalf("a checkout the provider reports unpaid: got %d, want 403", status)
			}
		})
		t.Run("PaidIsCaughtUp", func(t *testing.T) {
			provider := &paidBeforeWebhook{}
			rig := newPaymentRig(t, backend, provider)
			rig.checkout(rig.client, printCheckout("jane@example.com"))
			status, out := rig.call(rig.client, "POST", "/api/auth/create-account-after-payment",
				map[string]any{"email": "jane@example.com", "password": "secret1"}, nil)
			if status != http.StatusOK || !rig.user("jane@example.com").HasPrintAccess {
				t.Fatalf("account before the webhook: %d %v", status, out)
			}
			// The webhook, arriving late, changes nothing more.
			p, _ := rig.store.FindPaymentByRef(context.Background(), provider.last.Ref)
			payload, header, _ := stripe.SignedSucceededEvent("evt_late", p.IntentID, p, testWebhookSecret, time.Now())
			if _, out := rig.deliver(payload, header); out["received"] != service.EventAlreadyFulfilled {
				t.Fatalf("late webhook: %v", out)
			}
		})
	})
}

// TestPaymentPhysicalPacks: an order of printed labels is for a
// number of packs, priced on the server, and the order says how many.
func TestPaymentPhysicalPacks(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		rig := newPaymentRig(t, backend, stripe.LocalCheckout{})
		for _, bad := range []any{0.5, -1, 11, "3"} {
			body := physicalCheckout("packs@example.com")
			body["quantity"] = bad
			status, out := rig.call(newBrowser(t), "POST", "/api/create-payment-intent", body, nil)
			if status != http.StatusBadRequest {
				t.Fatalf("quantity %v: %d %v", bad, status, out)
			}
		}
		printTwice := printCheckout("packs@example.com")
		printTwice["quantity"] = 2
		if status, out := rig.call(newBrowser(t), "POST", "/api/create-payment-intent", printTwice, nil); status != http.StatusBadRequest || out["message"] != cloud.MsgQuantityInvalid {
			t.Fatalf("print access twice: %d %v", status, out)
		}

		body := physicalCheckout("packs@example.com")
		body["quantity"] = 3
		secret := rig.checkout(rig.client, body)
		if p := rig.payment(secret); p.AmountPence != 3*cloud.PricePhysicalPence || p.Quantity != 3 {
			t.Fatalf("payment %+v", p)
		}
		if status, out := rig.call(rig.client, "POST", "/api/test-checkout/confirm",
			map[string]any{"clientSecret": secret, "cardNumber": "4242424242424242"}, nil); status != http.StatusOK {
			t.Fatalf("confirm: %d %v", status, out)
		}
		orders := rig.orders("packs@example.com")
		if len(orders) != 1 || orders[0].Quantity != 3 || orders[0].PricePence != 2997 {
			t.Fatalf("orders %+v", orders)
		}
	})
}
