package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// instancesWebhookSecret is the STRIPE_WEBHOOK_SECRET both instances share,
// as every instance behind one Stripe webhook endpoint does.
const instancesWebhookSecret = "whsec_test_two_instances"

// passwordParams matches the ARGON2_* of cloudEnvironment, for accounts the
// tests make in the database directly.
var passwordParams = argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}

// createAccount makes an account with a password in the database, as a paid
// sign-up would.
func createAccount(t testing.TB, store cloud.Store, email, password string) *cloud.User {
	t.Helper()
	hash, err := argon2id.New(passwordParams, 0).Hash(password)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	u := &cloud.User{Email: email, PasswordHash: hash, CreatedAt: now, UpdatedAt: now}
	if err := store.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestTwoInstances runs two real cloud processes on one PostgreSQL database,
// as two instances behind a load balancer: a session made on one works on
// the other, a sign-out on one ends it on both, the same Stripe event
// delivered to both at the same moment is applied once, a rate limit
// counts the requests of both, and corporate codes created on both at once
// never pass their organisation's quota.
func TestTwoInstances(t *testing.T) {
	databaseURL := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	env := map[string]string{
		"RATE_LIMIT_PER_IP": "6", "RATE_LIMIT_PER_ADDRESS": "1000",
		// As behind the load balancer, which names the client.
		"TRUST_PROXY_HEADERS": "true",
		// Stripe mode, so that webhooks are verified with the shared secret.
		// Applying an event never calls Stripe's API; nothing listens on
		// port 9 of loopback, so a call would fail at once, not leave.
		"STRIPE_SECRET_KEY": "sk_test_two_instances", "STRIPE_PUBLISHABLE_KEY": "pk_test_two_instances",
		"STRIPE_WEBHOOK_SECRET": instancesWebhookSecret, "STRIPE_API_URL": "http://127.0.0.1:9",
	}
	var a, b *cloudProcess
	var wg sync.WaitGroup
	wg.Go(func() { a = startCloud(t, cloudEnvironment(t, databaseURL, env)) })
	wg.Go(func() { b = startCloud(t, cloudEnvironment(t, databaseURL, env)) })
	wg.Wait()
	if t.Failed() {
		return
	}

	t.Run("SessionOnEither", func(t *testing.T) {
		api := newAPIClient(t)
		createAccount(t, store, "ann@example.com", "ann-password")
		token := api.login(a.URL, "ann@example.com", "ann-password")
		data := "/api/user/data?email=" + url.QueryEscape("ann@example.com")
		api.must("GET", b.URL+data, token, nil, http.StatusOK)

		api.must("POST", b.URL+"/api/auth/logout", token, nil, http.StatusOK)
		for _, p := range []*cloudProcess{a, b} {
			api.must("GET", p.URL+data, token, nil, http.StatusUnauthorized)
		}
	})

	t.Run("StripeEventAppliedOnce", func(t *testing.T) {
		referrer := createAccount(t, store, "referrer@example.com", "referrer-password")
		const code = "INSTANCE"
		if err := store.SetReferralCode(context.Background(), referrer.ID, code, time.Now()); err != nil {
			t.Fatal(err)
		}
		const rounds = 10
		for i := range rounds {
			p := &cloud.Payment{Ref: fmt.Sprintf("instances-%02d-%d", i, time.Now().UnixNano()), Email: fmt.Sprintf("buyer-%d@example.com", i),
				Kind: cloud.PaymentPrint, AmountPence: cloud.PricePrintPence, Currency: cloud.Currency,
				ReferralCode: code, Status: cloud.PaymentCreated, CreatedAt: time.Now()}
			if err := store.CreatePayment(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			p.IntentID = "pi_instances_" + p.Ref
			if err := store.SetPaymentIntent(context.Background(), p.Ref, p.IntentID); err != nil {
				t.Fatal(err)
			}
			payload, signature, err := stripe.SignedSucceededEvent(stripe.NewEventID(), p.IntentID, p, instancesWebhookSecret, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			outcomes := deliverAtOnce(t, payload, signature, a.URL, b.URL)
			applied := 0
			for _, o := range outcomes {
				switch o {
				case service.EventApplied:
					applied++
				case service.EventDuplicate:
				default:
					t.Fatalf("round %d: outcome %q", i, o)
				}
			}
			if applied != 1 {
				t.Fatalf("round %d: outcomes %v, want the event applied exactly once", i, outcomes)
			}
			buyer, err := store.FindUserByEmail(context.Background(), p.Email)
			if err != nil || !buyer.HasPrintAccess {
				t.Fatalf("round %d: buyer %+v %v", i, buyer, err)
			}
		}
		referrals, err := store.ListReferrals(context.Background(), code)
		if err != nil {
			t.Fatal(err)
		}
		if len(referrals) != rounds {
			t.Fatalf("%d referral rewards for %d payments, each delivered twice", len(referrals), rounds)
		}
	})

	t.Run("CorporateQuotaAcrossInstances", func(t *testing.T) {
		const quota = 5
		org := &cloud.Organization{Name: "Two Sites Ltd", ContactEmail: "officer@two-sites.example", Plan: "starter",
			SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: quota, CreatedAt: time.Now()}
		officer := storetest.MustCreateOrganization(t, store, org)
		setPassword(t, store, officer, "officer-password")
		api := newAPIClient(t)
		status, out, err := api.call(context.Background(), "POST", a.URL+"/api/corporate/login", "",
			map[string]string{"email": officer.Email, "password": "officer-password"},
			map[string]string{"X-Lifetag-Session": "bearer", "X-Forwarded-For": "203.0.113.78"})
		token, _ := out["sessionToken"].(string)
		if err != nil || status != http.StatusOK || token == "" {
			t.Fatalf("corporate login: %d %v %v", status, out, err)
		}

		// 20 creates, half on each instance, released together.
		start := make(chan struct{})
		statuses := make([]int, 20)
		var wg sync.WaitGroup
		for i := range statuses {
			base := []string{a.URL, b.URL}[i%2]
			wg.Go(func() {
				<-start
				statuses[i], _, _ = api.call(context.Background(), "POST", fmt.Sprintf("%s/api/corporate/%d/qr-codes", base, org.ID),
					token, map[string]any{"values": map[string]string{"fullName": fmt.Sprintf("Worker %d", i), "bloodType": "O+",
						"contact1Name": "Site office", "contact1Phone": "+44 20 7946 0000"}}, nil)
			})
		}
		close(start)
		wg.Wait()
		created := 0
		for _, status := range statuses {
			switch status {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		codes, err := store.ListCodes(context.Background(), org.ID, cloud.CodeFilter{})
		if err != nil || created != quota || len(codes) != quota {
			t.Fatalf("%d created, %d stored (%v); want exactly the quota, %d", created, len(codes), err, quota)
		}
	})

	t.Run("RateLimitAcrossInstances", func(t *testing.T) {
		// RATE_LIMIT_PER_IP=6: three requests on each use up this client's
		// allowance on both (a fresh window may have begun: then the last
		// window's six still weigh on it almost fully).
		api := newAPIClient(t)
		client := map[string]string{"X-Forwarded-For": "203.0.113.77"}
		checkUser := func(p *cloudProcess, email string) int {
			status, out, err := api.call(context.Background(), "POST", p.URL+"/api/auth/check-user", "", map[string]string{"email": email}, client)
			if err != nil || status != http.StatusOK && status != http.StatusTooManyRequests {
				t.Fatalf("check-user: %d %v %v", status, out, err)
			}
			return status
		}
		for i, p := range []*cloudProcess{a, b, a, b, a, b} {
			if status := checkUser(p, fmt.Sprintf("limit-%d@example.com", i)); status != http.StatusOK {
				t.Fatalf("request %d of 6: %d", i+1, status)
			}
		}
		for _, p := range []*cloudProcess{a, b} {
			if status := checkUser(p, "limit-x@example.com"); status != http.StatusTooManyRequests {
				t.Fatalf("a 7th request from one client on %s: %d, want 429", p.URL, status)
			}
		}
	})

	a.Stop(t)
	b.Stop(t)
}

// setPassword gives a password-less account (a new organisation's owner)
// its password, as the setup link does.
func setPassword(t testing.TB, store cloud.Store, u *cloud.User, password string) {
	t.Helper()
	hash, err := argon2id.New(passwordParams, 0).Hash(password)
	if err != nil {
		t.Fatal(err)
	}
	token := sha256.Sum256([]byte("setup-" + u.Email))
	now := time.Now()
	if err := store.SetResetToken(context.Background(), u.ID, token[:], now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := store.UsePasswordToken(context.Background(), token[:], u.Email, hash, now); err != nil {
		t.Fatal(err)
	}
}

// deliverAtOnce posts one signed event to every instance at the same moment
// and returns the outcome each answered.
func deliverAtOnce(t *testing.T, payload []byte, signature string, bases ...string) []string {
	t.Helper()
	start := make(chan struct{})
	outcomes := make([]string, len(bases))
	errs := make([]error, len(bases))
	var wg sync.WaitGroup
	for i, base := range bases {
		req, err := http.NewRequest("POST", base+"/api/stripe/webhook", bytes.NewReader(payload))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Stripe-Signature", signature)
		wg.Go(func() {
			<-start
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				errs[i] = err
				return
			}
			defer resp.Body.Close()
			var answer struct{ Received string }
			if resp.StatusCode != http.StatusOK || decodeJSON(resp, &answer) != nil {
				errs[i] = fmt.Errorf("%s: %d", base, resp.StatusCode)
				return
			}
			outcomes[i] = answer.Received
		})
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return outcomes
}
