package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// roles a request can come from, about the owner's e-mail.
const (
	anonymous = iota
	otherUser
	owner
	admin
)

var roleNames = []string{"anonymous", "other user", "owner", "admin"}

// routeCase is one route of individual-side §7 (and the webhook) with the
// status each role gets. make builds the request about the owner's address.
type routeCase struct {
	name   string
	method string
	path   func(owner string) string
	body   func(owner string) any
	want   [4]int // by role
}

func ownerOnly(ok int) [4]int {
	return [4]int{http.StatusUnauthorized, http.StatusForbidden, ok, ok}
}

func everyone(status int) [4]int { return [4]int{status, status, status, status} }

func fixed(path string) func(string) string { return func(string) string { return path } }

var routeCases = []routeCase{
	{"health", "GET", fixed("/api/health"), nil, everyone(200)},
	{"login", "POST", fixed("/api/auth/login"),
		func(o string) any { return map[string]string{"email": o, "password": "owner-password"} }, everyone(200)},
	{"check-user", "POST", fixed("/api/auth/check-user"),
		func(o string) any { return map[string]string{"email": o} }, everyone(200)},
	{"request-reset", "POST", fixed("/api/auth/request-reset"),
		func(o string) any { return map[string]string{"email": o} }, everyone(200)},
	{"reset-password", "POST", fixed("/api/auth/reset-password"),
		func(o string) any {
			return map[string]string{"token": "not-a-token", "newPassword": "whatever1", "email": o}
		}, everyone(400)},
	{"set-password", "POST", fixed("/api/auth/set-password"),
		func(o string) any {
			return map[string]string{"email": o, "token": "not-a-token", "password": "whatever1"}
		}, everyone(400)},
	{"logout", "POST", fixed("/api/auth/logout"), nil, everyone(200)},

	{"user data", "GET", func(o string) string { return "/api/user/data?email=" + q(o) }, nil, ownerOnly(200)},
	{"user payment status", "GET", func(o string) string { return "/api/user/payment-status?email=" + q(o) }, nil, ownerOnly(200)},
	{"user orders", "GET", func(o string) string { return "/api/user/orders?email=" + q(o) }, nil, ownerOnly(200)},
	{"sync push emergency data", "POST", fixed("/api/sync/emergency-data"),
		func(o string) any { return map[string]any{"email": o, "emergencyData": sampleData(o)} }, ownerOnly(200)},
	{"sync pull emergency data", "GET", func(o string) string { return "/api/sync/emergency-data/" + p(o) }, nil, ownerOnly(200)},
	{"sync push payment status", "POST", fixed("/api/sync/payment-status"),
		func(o string) any {
			return map[string]any{"email": o, "paymentStatus": map[string]any{"hasPaid": true, "hasPrintAccess": true}}
		}, ownerOnly(200)},
	{"sync pull payment status", "GET", func(o string) string { return "/api/sync/payment-status/" + p(o) }, nil, ownerOnly(200)},
	{"referral generate", "POST", fixed("/api/referrals/generate"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	{"referral dashboard", "GET", func(o string) string { return "/api/referrals/" + p(o) }, nil, ownerOnly(200)},
	{"privacy export", "POST", fixed("/api/privacy/export-data"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	{"privacy delete data", "POST", fixed("/api/privacy/delete-data"),
		func(o string) any { return map[string]string{"email": o, "confirmation": cloud.PhraseDeleteData} }, ownerOnly(200)},
	{"privacy delete account", "POST", fixed("/api/privacy/delete-account"),
		func(o string) any { return map[string]string{"email": o, "confirmation": cloud.PhraseDeleteAccount} }, ownerOnly(200)},

	{"check subscription", "POST", fixed("/api/check-subscription"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	// An address with an account is paid for by its owner, signed in (a new
	// customer, with no account yet, pays anonymously: TestPayment...).
	{"create payment intent", "POST", fixed("/api/create-payment-intent"),
		func(o string) any { return map[string]string{"type": "print", "email": o} },
		[4]int{http.StatusConflict, http.StatusForbidden, http.StatusOK, http.StatusOK}},
	// No payment was made from this browser, so nobody may claim the address.
	{"create account after payment", "POST", fixed("/api/auth/create-account-after-payment"),
		func(o string) any { return map[string]string{"email": o, "password": "new-password"} }, everyone(403)},
	{"payment config", "GET", fixed("/api/payments/config"), nil, everyone(200)},
	// The matrix's owner has not paid, so even they (and an admin acting for
	// them) are refused the PDF; TestLabelSheet covers the paid owner.
	{"label sheet pdf", "POST", fixed("/api/labels/sheet.pdf"),
		func(o string) any { return sheetRequest(o, nil) }, [4]int{401, 403, 403, 403}},
	// Analytics are anonymous: a session changes nothing (TestAnalytics).
	{"analytics page view", "POST", fixed("/api/analytics/page-view"),
		func(string) any { return map[string]string{"path": "/dashboard"} }, everyone(204)},
	{"analytics event", "POST", fixed("/api/analytics/event"),
		func(string) any { return map[string]string{"action": "user_logout", "category": "user"} }, everyone(204)},
	{"stripe webhook without signature", "POST", fixed("/api/stripe/webhook"),
		func(string) any { return map[string]string{"id": "evt_1"} }, everyone(400)},
	{"test checkout of an unknown payment", "POST", fixed("/api/test-checkout/confirm"),
		func(string) any {
			return map[string]string{"clientSecret": "pi_local_nope_secret_local", "cardNumber": "4242424242424242"}
		},
		everyone(404)},
}

// TestAuthorizationMatrix walks every route x {anonymous, another user, the
// owner, an admin}. Each cell gets a fresh owner with an emergency record,
// a referral code and an order; a refused cell must leave them untouched.
func TestAuthorizationMatrix(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("other@example.com", "other-password")
		e.createAdmin("admin@example.com", "admin-password")

		for i, rc := range routeCases {
			for role := anonymous; role <= admin; role++ {
				t.Run(fmt.Sprintf("%s/%s", rc.name, roleNames[role]), func(t *testing.T) {
					ownerEmail := fmt.Sprintf("owner-%d-%d@example.com", i, role)
					ownerToken := e.seedOwner(ownerEmail)
					token := map[int]string{
						anonymous: "",
						otherUser: e.login("other@example.com", "other-password"),
						owner:     ownerToken,
						admin:     e.login("admin@example.com", "admin-password"),
					}[role]
					var body any
					if rc.body != nil {
						body = rc.body(ownerEmail)
					}
					resp := e.do(rc.method, rc.path(ownerEmail), token, body)
					if resp.Status != rc.want[role] {
						t.Fatalf("%s %s as %s: got %d %s, want %d", rc.method, rc.name, roleNames[role], resp.Status, resp.Body, rc.want[role])
					}
					if resp.Status == http.StatusUnauthorized || resp.Status == http.StatusForbidden {
						e.assertOwnerIntact(ownerEmail)
					}
				})
			}
		}
	})
}

// seedOwner makes an account with data in every table and returns a session.
func (e *env) seedOwner(email string) string {
	e.t.Helper()
	e.createUser(email, "owner-password")
	token := e.login(email, "owner-password")
	if resp := e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": email, "emergencyData": sampleData(email)}); resp.Status != 200 {
		e.t.Fatalf("seed: %d %s", resp.Status, resp.Body)
	}
	if resp := e.do("POST", "/api/referrals/generate", token, map[string]string{"email": email}); resp.Status != 201 {
		e.t.Fatalf("seed: %d %s", resp.Status, resp.Body)
	}
	u, err := e.Store.FindUserByEmail(context.Background(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.Store.CreateOrder(context.Background(), &cloud.Order{OrderID: "LT-" + email, UserID: u.ID, LabelType: "helmet",
		Quantity: 1, PricePence: 999, Status: "pending", CreatedAt: e.Clock.Now()}); err != nil {
		e.t.Fatal(err)
	}
	return token
}

// assertOwnerIntact checks, behind the API, that the owner's account,
// record, code and order are all still there and print access was not granted.
func (e *env) assertOwnerIntact(email string) {
	e.t.Helper()
	ctx := context.Background()
	u, err := e.Store.FindUserByEmail(ctx, email)
	if err != nil {
		e.t.Fatalf("owner gone after a refused request: %v", err)
	}
	if u.HasPrintAccess || u.ReferralCode == "" {
		e.t.Fatalf("owner changed after a refused request: %+v", u)
	}
	if _, err := e.Store.FindEmergencyRecord(ctx, u.ID); err != nil {
		e.t.Fatalf("record gone after a refused request: %v", err)
	}
	if orders, err := e.Store.ListOrders(ctx, u.ID); err != nil || len(orders) != 1 {
		e.t.Fatalf("orders after a refused request: %v %v", orders, err)
	}
}
