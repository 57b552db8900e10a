package http_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/argon2id"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/cloud/webhook"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// fastPasswords keeps tests quick; production uses argon2id.DefaultParams.
var fastPasswords = argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}

// clock is the tests' injectable time.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// env is one running cloud on a fresh store.
type env struct {
	t       testing.TB
	URL     string
	Store   cloud.Store
	Dump    storetest.Dumper
	Service *service.Service
	Sealer  cloud.Sealer
	Queue   *sqldb.Queue
	Outbox  *mail.Outbox
	Clock   *clock
	Server  *lhttp.Server
}

type envOptions struct {
	production bool
	rateLimit  lhttp.RateLimit
	mailer     cloud.Mailer
	logger     *slog.Logger
	// payments is the payment provider; the local test checkout by default.
	payments cloud.PaymentProvider
	// sharedRateLimits counts rate limits in the store, as on PostgreSQL.
	sharedRateLimits bool
	// adminSecondFactor: site admins must use a second factor (always in
	// production).
	adminSecondFactor bool
	// webhooks sends webhook deliveries; nil: public https addresses only.
	webhooks     *webhook.Client
	webhookRetry service.WebhookRetry
	// mailRetryBase is the first wait before a failed mail is tried
	// again; 50 ms by default. River works a job again at once (state
	// available) when its next attempt is due within its scheduler's
	// interval (5 s): a test that must see a mail waiting for its retry
	// (state retryable) waits longer than that.
	mailRetryBase time.Duration
	// metrics records the server's figures; nil records none.
	metrics cloud.Metrics
}

// testWebhookSecret signs the tests' payment events, as Stripe's secret would.
const testWebhookSecret = "whsec_test_lifetag"

// testPayments verifies events with testWebhookSecret and offers the local
// test checkout, as main does in development.
func testPayments() lhttp.Payments {
	return lhttp.Payments{
		VerifyWebhook: func(payload []byte, header string) (cloud.PaymentEvent, error) {
			return stripe.VerifyEvent(payload, header, testWebhookSecret)
		},
		SignTestEvent: func(p *cloud.Payment) ([]byte, string, error) {
			return stripe.SignedSucceededEvent(stripe.NewEventID(), p.IntentID, p, testWebhookSecret, time.Now())
		},
		SignTestCheckout: func(r *cloud.Registration) ([]byte, string, error) {
			return stripe.SignedLocalCheckoutEvent(r, testWebhookSecret, time.Now())
		},
	}
}

// generous limits for tests that are not about rate limiting
var noRateLimit = lhttp.RateLimit{PerIP: 1_000_000, PerAddress: 1_000_000, AnalyticsPerIP: 1_000_000,
	CollectPerIP: 1_000_000, CollectPerLink: 1_000_000, CollectMalformedPerIP: 1_000_000,
	MailPerRecipient: 1_000_000, MailPerCaller: 1_000_000, MailPerOrganization: 1_000_000, APIPerClient: 1_000_000, Window: time.Minute}

func newEnv(t testing.TB, backend storetest.Backend, opts envOptions) *env {
	t.Helper()
	store, dump := backend.Open(t)
	key, _ := aesgcm.GenerateKey()
	raw, _ := aesgcm.ParseKey(key)
	sealer, err := aesgcm.New(raw)
	if err != nil {
		t.Fatal(err)
	}
	outbox, _ := mail.NewOutbox("", slog.New(slog.DiscardHandler))
	var mailer cloud.Mailer = outbox
	if opts.mailer != nil {
		// The outbox still keeps a copy, so a test with its own transport
		// can read the links it mails (a trial's setup link, say).
		mailer = copyingMailer{copy: outbox, Mailer: opts.mailer}
	}
	if opts.payments == nil {
		opts.payments = stripe.LocalCheckout{}
	}
	clk := &clock{now: storetest.T0}
	logger := slog.New(slog.DiscardHandler)
	if opts.logger != nil {
		logger = opts.logger
	}
	queue, startQueue := storetest.Queue(t, store)
	if opts.mailRetryBase == 0 {
		opts.mailRetryBase = 50 * time.Millisecond
	}
	svc, err := service.New(service.Config{
		Store: store, Sealer: sealer, Passwords: argon2id.New(fastPasswords, 0), Mailer: mailer,
		Queue: queue, MailRetryBase: opts.mailRetryBase, Logger: logger, Now: clk.Now, Development: !opts.production,
		BaseURL: "https://lifetag.test", Payments: opts.payments, Webhooks: opts.webhooks,
		WebhookRetry:           opts.webhookRetry,
		AdminsNeedSecondFactor: opts.production || opts.adminSecondFactor,
	})
	if err != nil {
		t.Fatal(err)
	}
	river.AddWorker(queue.Workers(), svc.MailWorker())
	river.AddWorker(queue.Workers(), svc.WebhookWorker())
	river.AddWorker(queue.Workers(), svc.ReviewRoundWorker())
	startQueue()
	if opts.rateLimit == (lhttp.RateLimit{}) {
		opts.rateLimit = noRateLimit
	}
	var rateLimitStore cloud.RateLimitStore
	if opts.sharedRateLimits {
		rateLimitStore = store
	}
	handler := lhttp.NewServer(lhttp.Config{
		Service: svc, Site: fstest.MapFS{}, Logger: logger,
		Production: opts.production, RateLimit: opts.rateLimit, Payments: testPayments(),
		RateLimitStore: rateLimitStore, Metrics: opts.metrics,
	})
	handler.Ready() // as main does once started
	server := httptest.NewServer(handler)
	t.Cleanup(func() { server.Close(); svc.Close() })
	return &env{t: t, URL: server.URL, Store: store, Dump: dump, Service: svc, Sealer: sealer, Queue: queue, Outbox: outbox, Clock: clk, Server: handler}
}

// closeDatabase closes the store under the running server, stopping the
// queue first, as the cloud's shutdown does: River's leader gives up its
// leadership through the database, and without one it tries three times,
// about 7 s whatever the stop's deadline.
func (e *env) closeDatabase() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Queue.Stop(ctx); err != nil {
		e.t.Fatalf("queue stop: %v", err)
	}
	e.Store.Close()
}

// waitForMail waits until every mail job due has been tried once.
func (e *env) waitForMail() {
	e.t.Helper()
	storetest.WaitForJobs(e.t, e.Queue)
}

// createUser makes an account with a password, as the payments flow will.
func (e *env) createUser(email, password string) *cloud.User {
	e.t.Helper()
	hash, err := argon2id.New(fastPasswords, 0).Hash(password)
	if err != nil {
		e.t.Fatal(err)
	}
	now := e.Clock.Now()
	u := &cloud.User{Email: email, PasswordHash: hash, CreatedAt: now, UpdatedAt: now}
	if err := e.Store.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// createCorporateUser makes an admin, with a password, of a new
// organisation of its own (not the owner's), made as the trial form makes
// one.
func (e *env) createCorporateUser(email, password string) *cloud.User {
	e.t.Helper()
	ctx := context.Background()
	orgID := e.trialOrganization("Other Org "+email, "owner."+email)
	hash, err := argon2id.New(fastPasswords, 0).Hash(password)
	if err != nil {
		e.t.Fatal(err)
	}
	var u *cloud.User
	err = e.Store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		u, err = tx.CreateMember(orgID, email, cloud.UserTypeCorporateAdmin, e.Clock.Now())
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return e.setPassword(u, hash)
}

// setPassword gives u the password whose hash is given, as the setup link
// sets it, and returns the account as it is now.
func (e *env) setPassword(u *cloud.User, hash string) *cloud.User {
	e.t.Helper()
	ctx := context.Background()
	tokenHash := sha256.Sum256([]byte("setup-" + u.Email))
	if err := e.Store.SetResetToken(ctx, u.ID, tokenHash[:], e.Clock.Now().Add(time.Hour)); err != nil {
		e.t.Fatal(err)
	}
	u, err := e.Store.UsePasswordToken(ctx, tokenHash[:], u.Email, hash, e.Clock.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// createAdmin makes an admin account as ADMIN_EMAILS seeding and the
// set-up link do (the store's seeding: the service's would mail the link).
func (e *env) createAdmin(email, password string) *cloud.User {
	e.t.Helper()
	if err := e.Store.SeedAdmins(context.Background(), []string{email}, e.Clock.Now()); err != nil {
		e.t.Fatal(err)
	}
	u, err := e.Store.FindUserByEmail(context.Background(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	hash, err := argon2id.New(fastPasswords, 0).Hash(password)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.setPassword(u, hash)
}

// login signs in as a bearer-token client (the desktop station does the
// same) and returns the session token.
func (e *env) login(email, password string) string {
	e.t.Helper()
	resp := e.send("POST", "/api/auth/login", map[string]string{"email": email, "password": password},
		func(r *http.Request) { r.Header.Set(lhttp.BearerClientHeader, "bearer") })
	if resp.Status != http.StatusOK {
		e.t.Fatalf("login %s: %d %s", email, resp.Status, resp.Body)
	}
	return resp.JSON()["sessionToken"].(string)
}

// browserLogin signs in at a door (/api/auth/login or /api/corporate/login)
// as the website does, and returns the session cookie's value.
func (e *env) browserLogin(door, email, password string) string {
	e.t.Helper()
	resp := e.do("POST", door, "", map[string]string{"email": email, "password": password})
	if resp.Status != http.StatusOK {
		e.t.Fatalf("browser login %s: %d %s", email, resp.Status, resp.Body)
	}
	for _, c := range (&http.Response{Header: resp.Header}).Cookies() {
		if c.Name == "lifetag_session" && c.Value != "" {
			return c.Value
		}
	}
	e.t.Fatalf("browser login %s: no session cookie in %v", email, resp.Header)
	return ""
}

// corporateLogin signs a corporate user in at the corporate door, as a
// bearer-token client, and returns the session token.
func (e *env) corporateLogin(email, password string) string {
	e.t.Helper()
	resp := e.send("POST", "/api/corporate/login", map[string]string{"email": email, "password": password},
		func(r *http.Request) { r.Header.Set(lhttp.BearerClientHeader, "bearer") })
	if resp.Status != http.StatusOK {
		e.t.Fatalf("corporate login %s: %d %s", email, resp.Status, resp.Body)
	}
	return resp.JSON()["sessionToken"].(string)
}

// response is a finished request.
type response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
}

func (r response) JSON() map[string]any {
	r.t.Helper()
	var v map[string]any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		r.t.Fatalf("body %q: %v", r.Body, err)
	}
	return v
}

func (r response) Message() string {
	m, _ := r.JSON()["message"].(string)
	return m
}

// do sends a request with an optional bearer token and JSON body (a string
// body is sent as it is).
func (e *env) do(method, path, token string, body any) response {
	e.t.Helper()
	return e.send(method, path, body, func(req *http.Request) {
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
	})
}

func (e *env) send(method, path string, body any, prepare func(*http.Request)) response {
	e.t.Helper()
	var reader io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		reader = bytes.NewBufferString(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.URL+path, reader)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if prepare != nil {
		prepare(req)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{t: e.t, Status: resp.StatusCode, Header: resp.Header, Body: data}
}

func q(email string) string { return url.QueryEscape(email) }

func p(email string) string { return url.PathEscape(email) }

// sampleData is a valid emergency record.
func sampleData(email string) emergency.Data {
	weight := 72.5
	return emergency.Data{
		PersonalInfo: emergency.PersonalInfo{FullName: "Ann Rider", Email: email, DateOfBirth: "1990-04-01", BloodType: "O+", Weight: &weight},
		EmergencyContacts: []emergency.Contact{
			{ID: "c1", Name: "Bob Rider", Relationship: "Brother", Phone: "+44 7700 900123"},
		},
		MedicalInfo:  emergency.MedicalInfo{Allergies: "Penicillin", Medications: "Salbutamol inhaler", Conditions: "Asthma"},
		LastModified: "2026-03-01T11:59:00.000Z",
	}
}

func eachBackend(t *testing.T, test func(t *testing.T, backend storetest.Backend)) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			test(t, backend)
		})
	}
}

func lhttpRateLimit(perIP, perAddress int) lhttp.RateLimit {
	return lhttp.RateLimit{PerIP: perIP, PerAddress: perAddress, AnalyticsPerIP: 1_000_000,
		MailPerRecipient: 1_000_000, MailPerCaller: 1_000_000, MailPerOrganization: 1_000_000, APIPerClient: 1_000_000, Window: time.Hour}
}

// copyingMailer sends through Mailer and keeps a copy of every mail in copy,
// whatever Mailer answers.
type copyingMailer struct {
	cloud.Mailer
	copy cloud.Mailer
}

func (m copyingMailer) Send(ctx context.Context, mail cloud.Mail) error {
	_ = m.copy.Send(ctx, mail)
	return m.Mailer.Send(ctx, mail)
}
