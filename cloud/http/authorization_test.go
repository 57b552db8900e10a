package http_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// roles a request can come from, about the owner's e-mail.
const (
	anonymous = iota
	otherUser
	corporateOther // a corporate user of another organisation
	owner
	admin
	// API keys of the matrix's organisation (matrixOrgID).
	// A key acts only on the organisation's data routes (apikey.go, THE
	// RULE); everywhere a session is read it is refused 403, and where none
	// is read (sign-in, public routes) it is ignored like any header.
	writeKey
	readKey
	// Half signed in: the password of an account with a second factor was
	// right, the second step is not done. Its step token is sent where a
	// session goes (Authorization: Bearer); every route must answer it as
	// it answers anonymous, unless its row says otherwise.
	halfSignedIn
	roleCount
)

var roleNames = [roleCount]string{"anonymous", "other user", "corporate user of another organisation", "owner", "admin",
	"write API key of the matrix organisation", "read API key of the matrix organisation", "half signed in"}

// routeCase is one request to a registered route (route is its method and
// chi pattern) with the status each role gets. path and body build the
// request about the owner's address.
type routeCase struct {
	name  string
	route string
	path  func(owner string) string
	body  func(owner string) any
	want  [roleCount]int // by role
}

// byOwnerRef builds, for the routes it names, the request from the owner's
// account (admin routes name users and orders by id): path and body, where
// set, replace the row's.
var byOwnerRef = map[string]struct {
	path func(o ownerRef) string
	body func(o ownerRef) any
}{
	"POST /api/admin/users/print-access":       {body: func(o ownerRef) any { return map[string]any{"userId": o.ID, "hasPrintAccess": true} }},
	"DELETE /api/admin/users/delete":           {body: func(o ownerRef) any { return map[string]any{"userId": o.ID} }},
	"GET /api/admin/customer-data/{userId}":    {path: func(o ownerRef) string { return fmt.Sprintf("/api/admin/customer-data/%d", o.ID) }},
	"PUT /api/admin/physical-orders/{orderId}": {path: func(o ownerRef) string { return "/api/admin/physical-orders/" + p(o.OrderID) }},
	"GET /api/admin/physical-orders/{orderId}/history": {path: func(o ownerRef) string {
		return "/api/admin/physical-orders/" + p(o.OrderID) + "/history"
	}},
	"GET /api/admin/physical-orders/{orderId}/shipping-address": {path: func(o ownerRef) string {
		return "/api/admin/physical-orders/" + p(o.OrderID) + "/shipping-address"
	}},
	"POST /api/admin/physical-orders/{orderId}/labels.pdf": {path: func(o ownerRef) string {
		return "/api/admin/physical-orders/" + p(o.OrderID) + "/labels.pdf"
	}},
	"DELETE /api/admin/users/{userId}/second-factors": {path: func(o ownerRef) string {
		return fmt.Sprintf("/api/admin/users/%d/second-factors", o.ID)
	}},
}

// writeKeyPaths replace, for the matrix organisation's write key, the
// row's path: it deletes the code it made itself (code 2, by the "corporate
// create qr code" row), so the code every caller reads (code 1) stays.
var writeKeyPaths = map[string]string{
	"DELETE /api/corporate/{orgId}/qr-codes/{codeId}": orgPath("/qr-codes/2"),
}

// ownerRef is the matrix's owner: address, user id and order id.
type ownerRef struct {
	Email   string
	ID      int64
	OrderID string
}

// adminOnly is every admin route: anonymous 401, any non-admin 403.
func adminOnly(ok int) [roleCount]int {
	return [roleCount]int{http.StatusUnauthorized, http.StatusForbidden, http.StatusForbidden, http.StatusForbidden, ok, 403, 403}
}

func (rc routeCase) method() string { m, _, _ := strings.Cut(rc.route, " "); return m }

func ownerOnly(ok int) [roleCount]int {
	return [roleCount]int{http.StatusUnauthorized, http.StatusForbidden, http.StatusForbidden, ok, ok, 403, 403}
}

// signedIn: any account, about itself; keys are refused.
func signedIn(ok int) [roleCount]int {
	return [roleCount]int{http.StatusUnauthorized, ok, ok, ok, ok, 403, 403}
}

func everyone(status int) [roleCount]int {
	return [roleCount]int{status, status, status, status, status, status, status}
}

// withKeys is want with the write and read keys' answers set: everyone's
// routes that read a session (s.authenticate) refuse a key with 403.
func withKeys(want [roleCount]int, write, read int) [roleCount]int {
	want[writeKey], want[readKey] = write, read
	return want
}

// keyReads: a route of the organisation's data that reads; both of its
// keys read it.
func keyReads() [roleCount]int { return withKeys(adminReads(), 200, 200) }

// keyWrites: a route of the organisation's data that changes it: the write
// key gets status, the read key 403.
func keyWrites(status int) [roleCount]int { return withKeys(membersOnly(), status, 403) }

func fixed(path string) func(string) string { return func(string) string { return path } }

// matrixOrgID is the organisation the corporate rows ask about: the second
// one made in TestAuthorizationMatrix (the first is corporateOther's).
const matrixOrgID = 2

// matrixTemplateID is the one template of the matrix's organisation.
const matrixTemplateID = 1

// templateBody is a valid template save.
func templateBody(name string) map[string]any {
	return map[string]any{"name": name, "description": "", "fields": emergency.DefaultFields(), "isDefault": true}
}

func orgPath(rest string) string { return fmt.Sprintf("/api/corporate/%d%s", matrixOrgID, rest) }

// adminReads: a site admin may read any organisation; for anyone else it
// does not exist.
// Its keys are refused (account management: the rows of the organisation's
// data use keyReads and keyWrites).
func adminReads() [roleCount]int { return [roleCount]int{401, 404, 404, 404, 200, 403, 403} }

// membersOnly: only the organisation's own members change it.
func membersOnly() [roleCount]int { return [roleCount]int{401, 404, 404, 404, 404, 403, 403} }

// registrationBody is a valid full corporate registration for email.
func registrationBody(email string) map[string]string {
	return map[string]string{
		"organizationName": "Acme Scaffolding", "contactFirstName": "Jane", "contactLastName": "Doe",
		"contactEmail": email, "phone": "+44 20 7946 0000", "organizationType": "construction",
		"employeeCount": "51-200", "subscriptionPlan": "professional", "address": "1 Long Street, Leeds",
		"city": "Leeds", "country": "United Kingdom",
	}
}

var routeCases = []routeCase{
	{"health", "GET /api/health", fixed("/api/health"), nil, everyone(200)},
	{"readiness", "GET /api/ready", fixed("/api/ready"), nil, everyone(200)},
	{"API document", "GET /api/openapi.json", fixed("/api/openapi.json"), nil, everyone(200)},
	{"login", "POST /api/auth/login", fixed("/api/auth/login"),
		func(o string) any { return map[string]string{"email": o, "password": "owner-password"} }, everyone(200)},
	{"check-user", "POST /api/auth/check-user", fixed("/api/auth/check-user"),
		func(o string) any { return map[string]string{"email": o} }, everyone(200)},
	{"request-reset", "POST /api/auth/request-reset", fixed("/api/auth/request-reset"),
		func(o string) any { return map[string]string{"email": o} }, everyone(200)},
	{"reset-password", "POST /api/auth/reset-password", fixed("/api/auth/reset-password"),
		func(o string) any {
			return map[string]string{"token": "not-a-token", "newPassword": "whatever1", "email": o}
		}, everyone(400)},
	{"set-password", "POST /api/auth/set-password", fixed("/api/auth/set-password"),
		func(o string) any {
			return map[string]string{"email": o, "token": "not-a-token", "password": "whatever1"}
		}, everyone(400)},
	// Single sign-on: no organisation here has a provider, so the start
	// and the callback send everyone back to the sign-in page
	// (TestSingleSignOn... go through a real provider).
	{"sso discover", "POST /api/auth/sso/discover", fixed("/api/auth/sso/discover"),
		func(o string) any { return map[string]string{"email": o} }, everyone(200)},
	{"sso start", "GET /api/auth/sso/start", func(o string) string { return "/api/auth/sso/start?email=" + q(o) }, nil,
		everyone(http.StatusSeeOther)},
	{"sso callback", "GET /api/auth/sso/callback", fixed("/api/auth/sso/callback?state=not-a-state&code=x"), nil,
		everyone(http.StatusSeeOther)},
	{"sso station token", "POST /api/auth/sso/station-token", fixed("/api/auth/sso/station-token"),
		func(string) any { return map[string]string{"code": "not-a-code", "codeVerifier": "not-a-verifier"} }, everyone(401)},
	// The print station signed in by the browser's session: only a session
	// handed to a browser as its cookie may ask, so the matrix's bearer
	// tokens are refused whoever holds them (the accounts the station serves
	// get their code from a browser: TestStationSignsInWithTheWebsiteSession).
	{"station code", "POST /api/auth/station-code", fixed("/api/auth/station-code"),
		func(string) any {
			return map[string]string{"stationRedirect": "http://127.0.0.1:5555/callback",
				"stationChallenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "stationState": "a-station-state-0123"}
		},
		[roleCount]int{http.StatusUnauthorized, http.StatusForbidden, http.StatusForbidden, http.StatusForbidden, http.StatusForbidden, 403, 403}},
	{"logout", "POST /api/auth/logout", fixed("/api/auth/logout"), nil, withKeys(everyone(200), 403, 403)},
	// Navigation targets (docs/design/individual.md §7): redirects, whoever asks.
	{"logout navigation", "GET /api/logout", fixed("/api/logout"), nil, withKeys(everyone(http.StatusSeeOther), 403, 403)},
	{"login navigation", "GET /api/login", fixed("/api/login"), nil, withKeys(everyone(http.StatusSeeOther), 403, 403)},

	{"user data", "GET /api/user/data", func(o string) string { return "/api/user/data?email=" + q(o) }, nil, ownerOnly(200)},
	{"user payment status", "GET /api/user/payment-status", func(o string) string { return "/api/user/payment-status?email=" + q(o) }, nil, ownerOnly(200)},
	{"user orders", "GET /api/user/orders", func(o string) string { return "/api/user/orders?email=" + q(o) }, nil, ownerOnly(200)},
	// "My details are still right" and the reminder setting are the
	// caller's own account's (only the owner here has a record to confirm);
	// a reminder's links are anonymous, their token the credential
	// (TestReviewReminderLinks covers real ones); the test hook is development's.
	{"confirm review", "POST /api/user/review", fixed("/api/user/review"), nil,
		[roleCount]int{http.StatusUnauthorized, 404, 404, 200, 404, 403, 403}},
	{"review reminders", "PUT /api/user/review-reminders", fixed("/api/user/review-reminders"),
		func(string) any { return map[string]int{"months": 6} }, signedIn(200)},
	{"review confirm link", "POST /api/review-links/{token}/confirm", fixed("/api/review-links/not-a-token/confirm"), nil, everyone(404)},
	{"review unsubscribe link", "POST /api/review-links/{token}/unsubscribe", fixed("/api/review-links/not-a-token/unsubscribe"), nil, everyone(404)},
	{"test review reminders", "POST /api/test/review-reminders", fixed("/api/test/review-reminders"),
		func(string) any { return map[string]string{"asOf": "2026-03-01T12:00:00Z"} }, everyone(200)},
	{"sync push emergency data", "POST /api/sync/emergency-data", fixed("/api/sync/emergency-data"),
		func(o string) any { return map[string]any{"email": o, "emergencyData": sampleData(o)} }, ownerOnly(200)},
	{"sync pull emergency data", "GET /api/sync/emergency-data/{email}", func(o string) string { return "/api/sync/emergency-data/" + p(o) }, nil, ownerOnly(200)},
	{"sync push payment status", "POST /api/sync/payment-status", fixed("/api/sync/payment-status"),
		func(o string) any {
			return map[string]any{"email": o, "paymentStatus": map[string]any{"hasPaid": true, "hasPrintAccess": true}}
		}, ownerOnly(200)},
	{"sync pull payment status", "GET /api/sync/payment-status/{email}", func(o string) string { return "/api/sync/payment-status/" + p(o) }, nil, ownerOnly(200)},
	{"referral generate", "POST /api/referrals/generate", fixed("/api/referrals/generate"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	{"referral dashboard", "GET /api/referrals/{email}", func(o string) string { return "/api/referrals/" + p(o) }, nil, ownerOnly(200)},
	{"privacy export", "POST /api/privacy/export-data", fixed("/api/privacy/export-data"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	{"privacy delete data", "POST /api/privacy/delete-data", fixed("/api/privacy/delete-data"),
		func(o string) any { return map[string]string{"email": o, "confirmation": cloud.PhraseDeleteData} }, ownerOnly(200)},
	{"privacy delete account", "POST /api/privacy/delete-account", fixed("/api/privacy/delete-account"),
		func(o string) any { return map[string]string{"email": o, "confirmation": cloud.PhraseDeleteAccount} }, ownerOnly(200)},

	{"check subscription", "POST /api/check-subscription", fixed("/api/check-subscription"),
		func(o string) any { return map[string]string{"email": o} }, ownerOnly(200)},
	// An address with an account is paid for by its owner, signed in (a new
	// customer, with no account yet, pays anonymously: TestPayment...).
	{"create payment intent", "POST /api/create-payment-intent", fixed("/api/create-payment-intent"),
		func(o string) any { return map[string]string{"type": "print", "email": o} },
		[roleCount]int{http.StatusConflict, http.StatusForbidden, http.StatusForbidden, http.StatusOK, http.StatusOK, 403, 403}},
	// No payment was made from this browser, so nobody may claim the address.
	{"create account after payment", "POST /api/auth/create-account-after-payment", fixed("/api/auth/create-account-after-payment"),
		func(o string) any { return map[string]string{"email": o, "password": "new-password"} }, everyone(403)},
	{"payment config", "GET /api/payments/config", fixed("/api/payments/config"), nil, everyone(200)},
	// The matrix's owner has not paid, so even they (and an admin acting for
	// them) are refused the PDF; TestLabelSheet covers the paid owner.
	{"label sheet pdf", "POST /api/labels/sheet.pdf", fixed("/api/labels/sheet.pdf"),
		func(o string) any { return sheetRequest(o, nil) }, [roleCount]int{401, 403, 403, 403, 403, 403, 403}},
	// Likewise the lock-screen picture; TestLockScreen covers the paid owner.
	{"lock screen png", "POST /api/labels/lock-screen.png", fixed("/api/labels/lock-screen.png"),
		func(o string) any {
			return map[string]any{"email": o, "phone": "iphone", "timeZone": "Europe/London", "emergencyData": sampleData(o)}
		}, [roleCount]int{401, 403, 403, 403, 403, 403, 403}},
	// Analytics are anonymous: a session changes nothing (TestAnalytics).
	{"analytics page view", "POST /api/analytics/page-view", fixed("/api/analytics/page-view"),
		func(string) any { return map[string]string{"path": "/dashboard"} }, everyone(204)},
	{"analytics event", "POST /api/analytics/event", fixed("/api/analytics/event"),
		func(string) any { return map[string]string{"action": "user_logout", "category": "user"} }, everyone(204)},
	{"stripe webhook without signature", "POST /api/stripe/webhook", fixed("/api/stripe/webhook"),
		func(string) any { return map[string]string{"id": "evt_1"} }, everyone(400)},
	{"test checkout of an unknown payment", "POST /api/test-checkout/confirm", fixed("/api/test-checkout/confirm"),
		func(string) any {
			return map[string]string{"clientSecret": "pi_local_nope_secret_local", "cardNumber": "4242424242424242"}
		},
		everyone(404)},
	// The admin dashboard (docs/design/admin-corporate.md §7): admins only. Rows
	// whose request names the owner by id take it from byOwnerRef.
	{"admin stats", "GET /api/admin/stats", fixed("/api/admin/stats"), nil, adminOnly(200)},
	{"admin users", "GET /api/admin/users", fixed("/api/admin/users?search=owner&page=1&pageSize=10"), nil, adminOnly(200)},
	{"admin print access", "POST /api/admin/users/print-access", fixed("/api/admin/users/print-access"), nil, adminOnly(200)},
	{"admin create user", "POST /api/admin/users/create", fixed("/api/admin/users/create"),
		func(o string) any { return map[string]any{"email": "new-" + o, "hasPrintAccess": true} }, adminOnly(201)},
	{"admin delete user", "DELETE /api/admin/users/delete", fixed("/api/admin/users/delete"), nil, adminOnly(200)},
	{"admin export", "GET /api/admin/export", fixed("/api/admin/export"), nil, adminOnly(200)},
	{"admin customer data", "GET /api/admin/customer-data/{userId}", nil, nil, adminOnly(200)},
	{"admin orders", "GET /api/admin/physical-orders", fixed("/api/admin/physical-orders?search=pending"), nil, adminOnly(200)},
	{"admin update order", "PUT /api/admin/physical-orders/{orderId}", nil,
		func(string) any { return map[string]string{"status": "shipped", "trackingNumber": "RM123456789GB"} }, adminOnly(200)},
	{"admin order history", "GET /api/admin/physical-orders/{orderId}/history", nil, nil, adminOnly(200)},
	{"admin order shipping address", "GET /api/admin/physical-orders/{orderId}/shipping-address", nil, nil, adminOnly(200)},
	{"admin order labels", "POST /api/admin/physical-orders/{orderId}/labels.pdf", nil, nil, adminOnly(200)},
	{"admin audit log", "GET /api/admin/audit-log", fixed("/api/admin/audit-log"), nil, adminOnly(200)},
	{"admin jobs", "GET /api/admin/jobs", fixed("/api/admin/jobs"), nil, adminOnly(200)},
	{"admin retry job", "POST /api/admin/jobs/{jobId}/retry", fixed("/api/admin/jobs/999999/retry"), nil, adminOnly(404)},
	{"admin discard job", "POST /api/admin/jobs/{jobId}/discard", fixed("/api/admin/jobs/999999/discard"), nil, adminOnly(404)},
	{"corporate organizations", "GET /api/corporate/organizations", fixed("/api/corporate/organizations"), nil, adminOnly(200)},
	// A site admin's changes to an organisation, here one that does not
	// exist (TestAdminOrganizationChanges makes real ones).
	{"admin delete organization", "DELETE /api/admin/organizations/{orgId}", fixed("/api/admin/organizations/999"), nil, adminOnly(404)},
	{"admin hand over organization", "POST /api/admin/organizations/{orgId}/hand-over", fixed("/api/admin/organizations/999/hand-over"),
		func(string) any { return map[string]string{"email": "new.owner@example.com"} }, adminOnly(404)},
	{"admin organization allowance", "PUT /api/admin/organizations/{orgId}/allowance", fixed("/api/admin/organizations/999/allowance"),
		func(string) any { return map[string]int{"maxQrCodes": 500} }, adminOnly(404)},
	{"admin sso domains", "GET /api/admin/sso-domains", fixed("/api/admin/sso-domains"), nil, adminOnly(200)},
	{"admin approve sso domain", "POST /api/admin/sso-domains/approve", fixed("/api/admin/sso-domains/approve"),
		func(string) any { return map[string]any{"organizationId": 999, "domain": "nobody.example"} }, adminOnly(404)},
	// Corporate accounts. The organisation routes are about organisation
	// matrixOrgID, whose members are none of the roles: every caller but a
	// site admin reading gets 404, as for any organisation not theirs.
	// TestCorporate... cover its members.
	{"corporate create payment intent", "POST /api/corporate/create-payment-intent", fixed("/api/corporate/create-payment-intent"),
		func(o string) any { return registrationBody(o) }, everyone(http.StatusConflict)},
	{"corporate complete registration", "POST /api/corporate/complete-registration", fixed("/api/corporate/complete-registration"),
		func(string) any { return map[string]string{"sessionId": "cs_local_nope", "registrationId": "nope"} }, everyone(404)},
	{"corporate test checkout of an unknown session", "POST /api/corporate/test-checkout/confirm", fixed("/api/corporate/test-checkout/confirm"),
		func(string) any {
			return map[string]string{"sessionId": "cs_local_nope", "cardNumber": "4242424242424242"}
		}, everyone(404)},
	// The owner's address has an account, so it cannot start a trial.
	{"corporate trial registration", "POST /api/corporate/register", fixed("/api/corporate/register"),
		func(o string) any { return map[string]string{"name": "Acme", "contactEmail": o} }, everyone(http.StatusConflict)},
	// The owner is an individual: the corporate door sends them to /login.
	{"corporate login", "POST /api/corporate/login", fixed("/api/corporate/login"),
		func(o string) any { return map[string]string{"email": o, "password": "owner-password"} }, everyone(403)},
	// Resending answers the same whatever the registration (TestTrialNeedsProof).
	{"corporate resend setup", "POST /api/corporate/resend-setup", fixed("/api/corporate/resend-setup"),
		func(string) any { return map[string]string{"registrationId": "nope"} }, everyone(200)},
	// Anyone may ask what a link is; a made-up one is invalid (TestSetupLinkStateOnOpening).
	{"corporate check setup link", "GET /api/corporate/setup-password", fixed("/api/corporate/setup-password?token=not-a-token"), nil, everyone(200)},
	{"corporate setup password", "POST /api/corporate/setup-password", fixed("/api/corporate/setup-password"),
		func(string) any { return map[string]string{"token": "not-a-token", "password": "whatever1"} }, everyone(400)},
	// A key reads its own organisation there: how a program holding only
	// a key learns the organisation's id.
	{"corporate own organization", "GET /api/corporate/organization", fixed("/api/corporate/organization"), nil,
		[roleCount]int{401, 404, 200, 404, 404, 200, 200}},
	{"corporate dashboard", "GET /api/corporate/{orgId}/dashboard", fixed(orgPath("/dashboard")), nil, adminReads()},
	{"corporate team", "GET /api/corporate/{orgId}/team", fixed(orgPath("/team")), nil, adminReads()},
	{"corporate invite", "POST /api/corporate/{orgId}/team/invite", fixed(orgPath("/team/invite")),
		func(o string) any { return map[string]string{"email": "invited." + o} }, membersOnly()},
	{"corporate resend invite", "POST /api/corporate/{orgId}/team/{userId}/resend", fixed(orgPath("/team/1/resend")), nil, membersOnly()},
	{"corporate remove member", "DELETE /api/corporate/{orgId}/team/{userId}", fixed(orgPath("/team/1")), nil, membersOnly()},
	{"corporate billing portal", "POST /api/corporate/{orgId}/billing-portal", fixed(orgPath("/billing-portal")), nil, membersOnly()},
	{"corporate paper size", "PUT /api/corporate/{orgId}/paper-size", fixed(orgPath("/paper-size")),
		func(string) any { return map[string]string{"paperSize": "letter"} }, membersOnly()},
	{"corporate review period", "PUT /api/corporate/{orgId}/review-period", fixed(orgPath("/review-period")),
		func(string) any { return map[string]int{"reviewPeriodMonths": 24} }, membersOnly()},
	{"corporate review rounds", "GET /api/corporate/{orgId}/review-rounds", fixed(orgPath("/review-rounds")), nil,
		withKeys(adminReads(), 403, 403)},
	{"corporate start review round", "POST /api/corporate/{orgId}/review-rounds", fixed(orgPath("/review-rounds")),
		func(string) any { return map[string]any{"reminderDays": []int{99}} }, membersOnly()},
	{"corporate review round", "GET /api/corporate/{orgId}/review-rounds/{roundId}", fixed(orgPath("/review-rounds/999")), nil, membersOnly()},
	{"corporate review hand-out links", "POST /api/corporate/{orgId}/review-rounds/{roundId}/hand-out-links", fixed(orgPath("/review-rounds/999/hand-out-links")), nil, membersOnly()},
	{"corporate sso settings", "GET /api/corporate/{orgId}/sso", fixed(orgPath("/sso")), nil, membersOnly()},
	{"corporate save sso settings", "PUT /api/corporate/{orgId}/sso", fixed(orgPath("/sso")),
		func(string) any {
			return map[string]any{"issuer": "https://login.example", "clientId": "x", "domains": []string{}, "requireSso": false}
		}, membersOnly()},
	{"corporate subscribe", "POST /api/corporate/{orgId}/subscribe", fixed(orgPath("/subscribe")),
		func(string) any { return map[string]string{"subscriptionPlan": "starter"} }, membersOnly()},
	// Batch printing: members only (a site admin prints nothing in an
	// organisation's name); TestBatchPrint covers the members.
	{"corporate batch print", "POST /api/corporate/{orgId}/batch-print.pdf", fixed(orgPath("/batch-print.pdf")),
		func(string) any {
			return map[string]any{"codeIds": []int64{1}, "layout": map[string]string{"id": "avery-5163"}, "preview": true}
		}, keyWrites(200)},
	{"corporate batch fit", "POST /api/corporate/{orgId}/batch-print/fit", fixed(orgPath("/batch-print/fit")),
		func(string) any { return map[string]any{"codeIds": []int64{1}} }, keyWrites(200)},
	{"corporate record print run", "POST /api/corporate/{orgId}/print-runs", fixed(orgPath("/print-runs")),
		func(string) any {
			return map[string]any{"layout": "avery-5163", "labels": 1, "codeIds": []int64{1}}
		}, keyWrites(201)},
	// The sheets batch printing offers are public catalogue data.
	{"batch layouts", "GET /api/labels/batch-layouts", fixed("/api/labels/batch-layouts"), nil, everyone(200)},
	{"label catalogue", "GET /api/labels/catalogue", fixed("/api/labels/catalogue?q=avery+5160"), nil, everyone(200)},
	// Projects and the QR code library: the matrix's organisation has
	// project 1 and code 1 (TestAuthorizationMatrix). A site admin reads
	// them, labels included; only members change them (TestLibrary...).
	// The organisation's write key changes them too: past authorisation
	// the library's own rules answer (the project it renames to "Stolen"
	// clashes with the one it made; project 1 holds a code; the CSV has
	// errors), and it deletes the code it made (writeKeyPaths). The read
	// key reads.
	{"corporate projects", "GET /api/corporate/projects/{orgId}", fixed(fmt.Sprintf("/api/corporate/projects/%d", matrixOrgID)), nil, keyReads()},
	{"corporate create project", "POST /api/corporate/{orgId}/projects", fixed(orgPath("/projects")),
		func(string) any { return map[string]string{"name": "Stolen"} }, keyWrites(201)},
	{"corporate update project", "PUT /api/corporate/{orgId}/projects/{projectId}", fixed(orgPath("/projects/1")),
		func(string) any { return map[string]string{"name": "Stolen"} }, keyWrites(http.StatusConflict)},
	{"corporate delete project", "DELETE /api/corporate/{orgId}/projects/{projectId}", fixed(orgPath("/projects/1")), nil, keyWrites(http.StatusConflict)},
	{"corporate qr codes", "GET /api/corporate/{orgId}/qr-codes", fixed(orgPath("/qr-codes?records=1")), nil, keyReads()},
	{"corporate create qr code", "POST /api/corporate/{orgId}/qr-codes", fixed(orgPath("/qr-codes")),
		func(string) any { return map[string]any{"name": "X", "values": libraryValues("Stolen")} }, keyWrites(201)},
	{"corporate import template", "GET /api/corporate/{orgId}/qr-codes/import-template.csv", fixed(orgPath("/qr-codes/import-template.csv")), nil, keyReads()},
	{"corporate import qr codes", "POST /api/corporate/{orgId}/qr-codes/import", fixed(orgPath("/qr-codes/import")),
		func(string) any { return map[string]any{"csv": "Name\nX\n", "commit": true} }, keyWrites(400)},
	{"corporate attach external ids", "POST /api/corporate/{orgId}/qr-codes/external-ids", fixed(orgPath("/qr-codes/external-ids")),
		func(string) any { return map[string]any{"csv": "Name,externalId\nNobody,X-1\n"} }, keyWrites(200)},
	{"corporate qr code", "GET /api/corporate/{orgId}/qr-codes/{codeId}", fixed(orgPath("/qr-codes/1")), nil, keyReads()},
	// The edit keeps the code active: the label rows below print it, and a
	// deactivated code's label is refused.
	{"corporate update qr code", "PUT /api/corporate/{orgId}/qr-codes/{codeId}", fixed(orgPath("/qr-codes/1")),
		func(string) any { return map[string]any{"isActive": true} }, keyWrites(200)},
	{"corporate delete qr code", "DELETE /api/corporate/{orgId}/qr-codes/{codeId}", fixed(orgPath("/qr-codes/1")), nil, keyWrites(200)},
	{"corporate duplicate qr code", "POST /api/corporate/{orgId}/qr-codes/{codeId}/duplicate", fixed(orgPath("/qr-codes/1/duplicate")), nil, keyWrites(201)},
	{"corporate confirm qr code", "POST /api/corporate/{orgId}/qr-codes/{codeId}/confirm", fixed(orgPath("/qr-codes/1/confirm")), nil, keyWrites(200)},
	{"corporate qr code label pdf", "GET /api/corporate/{orgId}/qr-codes/{codeId}/label.pdf", fixed(orgPath("/qr-codes/1/label.pdf")), nil, keyReads()},
	{"corporate qr code label png", "GET /api/corporate/{orgId}/qr-codes/{codeId}/label.png", fixed(orgPath("/qr-codes/1/label.png")), nil, keyReads()},
	// Form templates: matrixTemplateID is the matrix organisation's, so a
	// 404 says "not yours", not "no such template".
	{"corporate form templates", "GET /api/corporate/{orgId}/form-templates", fixed(orgPath("/form-templates")), nil, keyReads()},
	{"corporate create form template", "POST /api/corporate/{orgId}/form-templates", fixed(orgPath("/form-templates")),
		func(string) any { return templateBody("Stolen") }, keyWrites(201)},
	{"corporate update form template", "PUT /api/corporate/form-templates/{templateId}",
		fixed(fmt.Sprintf("/api/corporate/form-templates/%d", matrixTemplateID)),
		func(string) any { return templateBody("Renamed") }, membersOnly()},
	{"corporate delete form template", "DELETE /api/corporate/form-templates/{templateId}",
		fixed(fmt.Sprintf("/api/corporate/form-templates/%d", matrixTemplateID)), nil, membersOnly()},

	// Worker collection links and analytics (TestCollection..., TestOrgReport
	// cover the organisation's own members).
	{"corporate collection links", "GET /api/corporate/{orgId}/collection-links", fixed(orgPath("/collection-links")), nil, keyReads()},
	{"corporate create collection link", "POST /api/corporate/{orgId}/collection-links", fixed(orgPath("/collection-links")),
		func(string) any { return map[string]any{"templateId": 0, "expiresInDays": 7} }, keyWrites(201)},
	{"corporate revoke collection link", "DELETE /api/corporate/{orgId}/collection-links/{linkId}", fixed(orgPath("/collection-links/1")), nil, keyWrites(200)},
	{"corporate update link", "POST /api/corporate/{orgId}/qr-codes/{codeId}/update-link", fixed(orgPath("/qr-codes/1/update-link")),
		func(string) any { return map[string]any{} }, keyWrites(201)},
	// Workers' forms are anonymous: the link's token is the credential, so
	// a session changes nothing; an unknown token is not found for anyone
	// (TestCollectWorker covers real links, across organisations).
	{"collect form", "GET /api/collect/{token}", fixed("/api/collect/not-a-token"), nil, everyone(404)},
	{"collect submit", "POST /api/collect/{token}", fixed("/api/collect/not-a-token"),
		func(string) any { return map[string]any{"values": map[string]string{}, "consent": true} }, everyone(404)},
	{"collect confirm", "POST /api/collect/{token}/confirm", fixed("/api/collect/not-a-token/confirm"), nil, everyone(404)},
	{"corporate analytics", "GET /api/corporate/{orgId}/analytics", fixed(orgPath("/analytics")), nil, keyReads()},
	{"corporate analytics report", "GET /api/corporate/{orgId}/analytics/report.csv", fixed(orgPath("/analytics/report.csv")), nil, keyReads()},

	// The organisation's API keys. Its members list them
	// and its owner makes and revokes them, signed in (TestAPIKey...); a
	// key never manages keys.
	{"corporate api keys", "GET /api/corporate/{orgId}/api-keys", fixed(orgPath("/api-keys")), nil, adminReads()},
	{"corporate create api key", "POST /api/corporate/{orgId}/api-keys", fixed(orgPath("/api-keys")),
		func(string) any { return map[string]string{"name": "Stolen", "scope": "write"} }, membersOnly()},
	{"corporate revoke api key", "DELETE /api/corporate/{orgId}/api-keys/{keyId}", fixed(orgPath("/api-keys/1")), nil, membersOnly()},
	// Corporate integration: codes by external id, bulk, changes
	// (TestUpsertByExternalID... cover the organisation's own members).
	{"corporate upsert by external id", "PUT /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}",
		fixed(orgPath("/qr-codes/by-external-id/E-1")),
		// templateId 0: the Standard form these values fill (the matrix
		// organisation's default template is another).
		func(string) any { return map[string]any{"templateId": 0, "values": libraryValues("Stolen")} }, keyWrites(201)},
	{"corporate deactivate by external id", "POST /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}/deactivate",
		fixed(orgPath("/qr-codes/by-external-id/E-1/deactivate")), nil, keyWrites(200)},
	{"corporate activate by external id", "POST /api/corporate/{orgId}/qr-codes/by-external-id/{externalId}/activate",
		fixed(orgPath("/qr-codes/by-external-id/E-1/activate")), nil, keyWrites(200)},
	{"corporate bulk upsert", "POST /api/corporate/{orgId}/qr-codes/bulk-upsert", fixed(orgPath("/qr-codes/bulk-upsert")),
		func(string) any {
			return map[string]any{"qrCodes": []any{map[string]any{"externalId": "E-2", "templateId": 0, "values": libraryValues("Stolen")}}}
		}, keyWrites(200)},
	{"corporate qr code changes", "GET /api/corporate/{orgId}/qr-codes/changes", fixed(orgPath("/qr-codes/changes")), nil, keyReads()},
	{"corporate labels by external id", "POST /api/corporate/{orgId}/qr-codes/labels-by-external-id.pdf",
		fixed(orgPath("/qr-codes/labels-by-external-id.pdf")),
		func(string) any {
			return map[string]any{"externalIds": []string{"E-1"}, "layout": map[string]string{"id": "avery-5163"}}
		},
		keyWrites(200)},

	// Sign-in steps read their own token (the body or its cookie), never
	// a session or a key: without one, whoever asks, the step has expired.
	{"second factor", "POST /api/auth/second-factor", fixed("/api/auth/second-factor"),
		func(string) any { return map[string]string{"method": "totp", "code": "123456"} }, everyone(401)},
	{"second factor passkey options", "POST /api/auth/second-factor/passkey-options", fixed("/api/auth/second-factor/passkey-options"),
		func(string) any { return map[string]string{} }, everyone(401)},
	{"passkey sign-in options", "POST /api/auth/passkey-options", fixed("/api/auth/passkey-options"), nil, everyone(200)},
	{"passkey sign-in", "POST /api/auth/passkey", fixed("/api/auth/passkey"),
		func(string) any {
			return map[string]any{"credential": map[string]any{"id": "AA", "rawId": "AA", "type": "public-key", "response": map[string]any{}}}
		}, everyone(401)},
	{"set-up step totp", "POST /api/auth/set-up/totp", fixed("/api/auth/set-up/totp"),
		func(string) any { return map[string]string{} }, everyone(401)},
	{"set-up step passkey options", "POST /api/auth/set-up/passkey-options", fixed("/api/auth/set-up/passkey-options"),
		func(string) any { return map[string]string{} }, everyone(401)},
	{"set-up step", "POST /api/auth/set-up", fixed("/api/auth/set-up"),
		func(string) any { return map[string]string{"method": "totp", "code": "123456"} }, everyone(401)},
	// The signed-in account's own factors and sessions: every account
	// reaches only its own (none of these roles has a factor).
	{"account security", "GET /api/account/security", fixed("/api/account/security"), nil, signedIn(200)},
	{"account start totp", "POST /api/account/totp", fixed("/api/account/totp"), nil, signedIn(200)},
	{"account confirm totp", "PUT /api/account/totp", fixed("/api/account/totp"),
		func(string) any { return map[string]string{"code": ""} }, signedIn(400)},
	{"account remove totp", "DELETE /api/account/totp", fixed("/api/account/totp"), nil, signedIn(404)},
	{"account passkey options", "POST /api/account/passkey-options", fixed("/api/account/passkey-options"), nil, signedIn(200)},
	{"account add passkey", "POST /api/account/passkeys", fixed("/api/account/passkeys"),
		func(string) any {
			return map[string]any{"registrationToken": "nope",
				"credential": map[string]any{"id": "AA", "rawId": "AA", "type": "public-key", "response": map[string]any{}}}
		}, signedIn(401)},
	{"account remove passkey", "DELETE /api/account/passkeys/{passkeyId}", fixed("/api/account/passkeys/1"), nil, signedIn(404)},
	{"account recovery codes", "POST /api/account/recovery-codes", fixed("/api/account/recovery-codes"), nil, signedIn(409)},
	{"account confirm identity", "POST /api/account/confirm-identity", fixed("/api/account/confirm-identity"),
		func(string) any { return map[string]string{"method": "totp", "code": ""} }, signedIn(400)},
	{"account confirm identity passkey options", "POST /api/account/confirm-identity/passkey-options",
		fixed("/api/account/confirm-identity/passkey-options"), nil, signedIn(400)},
	{"account sessions", "GET /api/account/sessions", fixed("/api/account/sessions"), nil, signedIn(200)},
	{"account end session", "DELETE /api/account/sessions/{sessionId}", fixed("/api/account/sessions/nope"), nil, signedIn(404)},
	{"account sign out elsewhere", "POST /api/account/sessions/sign-out-others", fixed("/api/account/sessions/sign-out-others"), nil, signedIn(200)},
	{"admin remove second factors", "DELETE /api/admin/users/{userId}/second-factors", nil, nil, adminOnly(200)},
	{"corporate second factor rule", "GET /api/corporate/{orgId}/second-factor-rule", fixed(orgPath("/second-factor-rule")), nil, adminReads()},
	{"corporate set second factor rule", "PUT /api/corporate/{orgId}/second-factor-rule", fixed(orgPath("/second-factor-rule")),
		func(string) any { return map[string]bool{"required": true} }, membersOnly()},
	// Webhooks: the owner signed in (TestWebhooks), or a write key; a
	// read key is refused even a read (the list says where records go).
	// The write key's endpoint is refused (a loopback address) and the
	// matrix has no endpoint 1.
	{"corporate webhooks", "GET /api/corporate/{orgId}/webhooks", fixed(orgPath("/webhooks")), nil, keyWrites(200)},
	{"corporate create webhook", "POST /api/corporate/{orgId}/webhooks", fixed(orgPath("/webhooks")),
		func(string) any {
			return map[string]any{"url": "https://127.0.0.1/hook", "events": []string{"qr_code.created"}}
		},
		keyWrites(400)},
	{"corporate update webhook", "PUT /api/corporate/{orgId}/webhooks/{endpointId}", fixed(orgPath("/webhooks/1")),
		func(string) any { return map[string]any{"enabled": true} }, keyWrites(404)},
	{"corporate delete webhook", "DELETE /api/corporate/{orgId}/webhooks/{endpointId}", fixed(orgPath("/webhooks/1")), nil, keyWrites(404)},
	{"corporate rotate webhook secret", "POST /api/corporate/{orgId}/webhooks/{endpointId}/rotate-secret",
		fixed(orgPath("/webhooks/1/rotate-secret")), nil, keyWrites(404)},
	{"corporate webhook deliveries", "GET /api/corporate/{orgId}/webhooks/{endpointId}/deliveries",
		fixed(orgPath("/webhooks/1/deliveries")), nil, keyWrites(404)},
	{"corporate resend webhook delivery", "POST /api/corporate/{orgId}/webhooks/{endpointId}/deliveries/{messageId}/resend",
		fixed(orgPath("/webhooks/1/deliveries/1/resend")), nil, keyWrites(404)},

	// The website (a note that it is not built, in the tests) is public.
	{"site page", "GET /*", fixed("/qr-generated"), nil, everyone(http.StatusOK)},
	{"site page head", "HEAD /*", fixed("/"), nil, everyone(http.StatusOK)},
}

// TestAuthorizationMatrix walks every registered route x {anonymous, another
// user, a corporate user of another organisation, the owner, an admin, a
// write and a read API key of the matrix's organisation}. The
// routes come from the router itself: a route added without a row here, or a
// row whose route is gone, fails the test. Each cell gets a fresh owner with
// an emergency record, a referral code and an order; a refused cell must
// leave them untouched.
func TestAuthorizationMatrix(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		t.Run("EveryRouteHasARow", func(t *testing.T) { checkMatrixCoversRouter(t, e.Server.Routes()) })

		e.createUser("other@example.com", "other-password")
		e.createCorporateUser("officer@other-org.example", "officer-password")
		e.createAdmin("admin@example.com", "admin-password")
		if orgID := e.trialOrganization("Matrix Org", "boss@matrix-org.example"); orgID != matrixOrgID {
			t.Fatalf("the matrix's organisation: id %d; want id %d", orgID, matrixOrgID)
		}
		seedLibrary(t, e, matrixOrgID)
		matrixWriteKey := e.apiKey(matrixOrgID, "Matrix write", cloud.APIKeyScopeWrite, time.Time{})
		matrixReadKey := e.apiKey(matrixOrgID, "Matrix read", cloud.APIKeyScopeRead, time.Time{})
		e.createUser("stepper@example.com", "stepper-password")
		stepper := e.login("stepper@example.com", "stepper-password")
		e.confirmTOTP(stepper, e.setUpTOTP(stepper))

		matrixTemplate := &cloud.Template{OrganizationID: matrixOrgID, Name: "Matrix form", Fields: emergency.DefaultFields(),
			CreatedAt: e.Clock.Now()}
		if err := e.Store.CreateTemplate(context.Background(), matrixTemplate, &cloud.Activity{OrganizationID: matrixOrgID,
			Kind: cloud.ActivityTemplateCreated, CreatedAt: e.Clock.Now()}); err != nil || matrixTemplate.ID != matrixTemplateID {
			t.Fatalf("the matrix's template: id %d, %v; want id %d", matrixTemplate.ID, err, matrixTemplateID)
		}
		defer func() {
			// The matrix's write key makes one template of its own ("Stolen");
			// the matrix's own template is untouched.
			list, err := e.Store.ListTemplates(context.Background(), matrixOrgID)
			if err != nil || len(list) != 2 || !slices.ContainsFunc(list, func(t *cloud.Template) bool {
				return t.ID == matrixTemplateID && t.Name == "Matrix form"
			}) {
				t.Errorf("the matrix organisation's templates changed: %v %v", list, err)
			}
		}()

		for i, rc := range routeCases {
			for role := anonymous; role < roleCount; role++ {
				t.Run(fmt.Sprintf("%s/%s", rc.name, roleNames[role]), func(t *testing.T) {
					ownerEmail := fmt.Sprintf("owner-%d-%d@example.com", i, role)
					ownerToken := e.seedOwner(ownerEmail)
					token := map[int]string{
						anonymous:      "",
						otherUser:      e.login("other@example.com", "other-password"),
						corporateOther: e.corporateLogin("officer@other-org.example", "officer-password"),
						owner:          ownerToken,
						admin:          e.login("admin@example.com", "admin-password"),
						writeKey:       matrixWriteKey,
						readKey:        matrixReadKey,
					}[role]
					if role == halfSignedIn {
						token = e.passwordStep("stepper@example.com", "stepper-password", cloud.StepSecondFactor)
					}
					want := rc.want
					if want[halfSignedIn] == 0 {
						want[halfSignedIn] = want[anonymous]
					}
					owner, err := e.Store.FindUserByEmail(context.Background(), ownerEmail)
					if err != nil {
						t.Fatal(err)
					}
					ref := ownerRef{Email: ownerEmail, ID: owner.ID, OrderID: "LT-" + ownerEmail}
					var body any
					if rc.body != nil {
						body = rc.body(ownerEmail)
					}
					var path string
					if rc.path != nil {
						path = rc.path(ownerEmail)
					}
					if by := byOwnerRef[rc.route]; by.body != nil {
						body = by.body(ref)
					}
					if by := byOwnerRef[rc.route]; by.path != nil {
						path = by.path(ref)
					}
					if p, ok := writeKeyPaths[rc.route]; ok && role == writeKey {
						path = p
					}
					resp := e.do(rc.method(), path, token, body)
					if resp.Status != want[role] {
						t.Fatalf("%s %s as %s: got %d %s, want %d", rc.method(), rc.name, roleNames[role], resp.Status, resp.Body, want[role])
					}
					if resp.Status == http.StatusUnauthorized || resp.Status == http.StatusForbidden || resp.Status == http.StatusNotFound {
						e.assertOwnerIntact(ownerEmail)
					}
				})
			}
		}
	})
}

// checkMatrixCoversRouter fails for every registered route without a row in
// routeCases, and for every row whose route is not registered.
func checkMatrixCoversRouter(t *testing.T, routes chi.Routes) {
	registered := map[string]bool{}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		registered[method+" "+route] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, rc := range routeCases {
		covered[rc.route] = true
		if !registered[rc.route] {
			t.Errorf("matrix row %q names %q, which is not a registered route", rc.name, rc.route)
		}
	}
	for route := range registered {
		if !covered[route] {
			t.Errorf("route %q has no row in the authorization matrix (routeCases)", route)
		}
	}
	if len(registered) < 30 {
		t.Fatalf("walked only %d routes", len(registered))
	}
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
