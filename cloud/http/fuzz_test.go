package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/api"
)

// fuzzOwner is the paid account the body fuzzer signs in as, so that every
// route gets past its sign-in check and the label route renders.
const (
	fuzzOwner         = "fuzz-owner@example.com"
	fuzzOwnerPassword = "fuzz-owner-password"
)

// FuzzJSONBodies sends any body to every POST route of the API (taken from
// the router itself, so a new route is fuzzed too), through the real
// handlers on SQLite, as the signed-in, paid owner. Whatever the body, the
// answer is never a 5xx, and a refusal is the one JSON error shape with a
// message. The webhook, which reads a signed raw body, has FuzzStripeWebhook.
//
//	go test ./http -run '^$' -fuzz FuzzJSONBodies -fuzztime 1m
func FuzzJSONBodies(f *testing.F) {
	e := newEnv(f, storetest.Backends[0], envOptions{})
	routes := postRoutes(f, e.Server.Routes())
	// One realistic body per route (the owner's address alone where none is
	// given), and a few broken ones: few seeds, as the baseline runs each.
	owner := map[string]string{"email": fuzzOwner}
	seeds := map[string]any{
		"/api/auth/login":             map[string]string{"email": fuzzOwner, "password": fuzzOwnerPassword},
		"/api/auth/reset-password":    map[string]string{"token": "not-a-token", "newPassword": "whatever1", "email": fuzzOwner},
		"/api/auth/set-password":      map[string]string{"token": "not-a-token", "password": "whatever1", "email": fuzzOwner},
		"/api/test-checkout/confirm":  map[string]string{"clientSecret": "pi_local_nope_secret_local", "cardNumber": "4242424242424242"},
		"/api/create-payment-intent":  physicalCheckout(fuzzOwner),
		"/api/analytics/page-view":    map[string]string{"path": "/dashboard"},
		"/api/analytics/event":        map[string]any{"action": "user_logout", "category": "user", "label": "x", "value": 1.5},
		"/api/sync/emergency-data":    map[string]any{"email": fuzzOwner, "emergencyData": sampleData(fuzzOwner)},
		"/api/sync/payment-status":    map[string]any{"email": fuzzOwner, "paymentStatus": map[string]any{"hasPaid": true, "hasPrintAccess": true}},
		"/api/labels/sheet.pdf":       sheetRequest(fuzzOwner, map[string]any{"labelType": "custom", "customDimensions": map[string]any{"width": 70, "height": 50, "count": 10, "columns": 2, "rows": 5}}),
		"/api/privacy/delete-data":    map[string]string{"email": fuzzOwner, "confirmation": "no"}, // the owner stays
		"/api/privacy/delete-account": map[string]string{"email": fuzzOwner, "confirmation": "no"},
	}
	for i, path := range routes {
		seed, ok := seeds[path]
		if !ok {
			seed = owner
		}
		body, err := json.Marshal(seed)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), body)
	}
	f.Add(uint8(0), []byte(`{"email":`))
	f.Add(uint8(1), []byte(`{"email":"a@b.c"} {}`))
	f.Add(uint8(2), []byte(`[1,2,3]`))
	token := ""
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		e.t = t // a worker runs one input at a time
		// A new session only when an input ended the last one (sign-out,
		// deletion): signing in for each input would take most of the time.
		if _, _, err := e.Service.Authenticate(context.Background(), token); err != nil {
			token = e.fuzzOwnerSession()
		}
		path := routes[int(route)%len(routes)]
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		e.Server.ServeHTTP(rec, req)
		checkAnswer(t, path, rec)
	})
}

// FuzzStripeWebhook: any event body, correctly signed with the webhook
// secret (so the fuzzer gets past the signature to the event's reading and
// fulfilment), is applied, ignored or refused as malformed: 200 or 400,
// never a 5xx.
//
//	go test ./http -run '^$' -fuzz FuzzStripeWebhook -fuzztime 1m
func FuzzStripeWebhook(f *testing.F) {
	e := newEnv(f, storetest.Backends[0], envOptions{})
	checkout, err := e.Service.CreateCheckout(context.Background(), nil, api.PaymentIntentRequest{Type: cloud.PaymentPrint, Email: "buyer@example.com"})
	if err != nil {
		f.Fatal(err)
	}
	ref := strings.TrimSuffix(strings.TrimPrefix(checkout.ClientSecret, "pi_local_"), "_secret_local")
	p, err := e.Store.FindPaymentByRef(context.Background(), ref)
	if err != nil {
		f.Fatal(err)
	}
	paid, _, err := stripe.SignedSucceededEvent("evt_fuzz", p.IntentID, p, testWebhookSecret, time.Now())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(paid)
	f.Add(bytes.Replace(paid, []byte(`"amount":99`), []byte(`"amount":1`), 1))
	f.Add([]byte(`{"id":"evt_x","object":"event","type":"payment_intent.succeeded","api_version":"` + stripeAPIVersion(f) + `","data":{"object":{"id":5}}}`))
	f.Add([]byte(`{"id":"evt_y","type":"charge.refunded","data":null}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, payload []byte) {
		req := httptest.NewRequest("POST", "/api/stripe/webhook", bytes.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Stripe-Signature", stripe.SignPayload(payload, testWebhookSecret, time.Now()))
		rec := httptest.NewRecorder()
		e.Server.ServeHTTP(rec, req)
		checkAnswer(t, "/api/stripe/webhook", rec)
		if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
			t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
		}
	})
}

// checkAnswer fails for a 5xx, and for a refusal not in the one error shape.
func checkAnswer(t *testing.T, path string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 {
		t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	if rec.Code >= 400 {
		var answer struct{ Message string }
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Message == "" {
			t.Fatalf("%s: %d with %q, want a JSON message", path, rec.Code, rec.Body)
		}
	}
}

// postRoutes lists the API's POST routes but the webhook, in a fixed order.
func postRoutes(t testing.TB, routes chi.Routes) []string {
	var paths []string
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method == "POST" && strings.HasPrefix(route, "/api/") && route != "/api/stripe/webhook" {
			paths = append(paths, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(paths)
	if len(paths) < 15 {
		t.Fatalf("walked only %d POST routes", len(paths))
	}
	return paths
}

// fuzzOwnerSession signs the fuzz owner in, first making the account (paid,
// with a record) if it does not exist yet or an input deleted it.
func (e *env) fuzzOwnerSession() string {
	e.t.Helper()
	if _, err := e.Store.FindUserByEmail(context.Background(), fuzzOwner); cloud.ErrorCode(err) == cloud.ENOTFOUND {
		e.grantPrintAccess(e.createUser(fuzzOwner, fuzzOwnerPassword))
		token := e.login(fuzzOwner, fuzzOwnerPassword)
		if resp := e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": fuzzOwner, "emergencyData": sampleData(fuzzOwner)}); resp.Status != 200 {
			e.t.Fatalf("seed the fuzz owner: %d %s", resp.Status, resp.Body)
		}
		return token
	}
	return e.login(fuzzOwner, fuzzOwnerPassword)
}
