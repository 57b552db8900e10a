package main

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// Two cloud processes on one PostgreSQL database, put through what a
// crash, racing writers and a second instance do.

// twoInstances starts two cloud processes on a new PostgreSQL schema with
// env, and opens the test's own store and connection on it.
func twoInstances(t *testing.T, env func(databaseURL string) map[string]string) (a, b *cloudProcess, store cloud.Store, db *pgx.Conn, databaseURL string) {
	t.Helper()
	databaseURL = storetest.PostgresSchema(t)
	s, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	db, err = pgx.Connect(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(context.Background()) })
	var wg sync.WaitGroup
	wg.Go(func() { a = startCloud(t, env(databaseURL)) })
	wg.Go(func() { b = startCloud(t, env(databaseURL)) })
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return a, b, s, db, databaseURL
}

// syncEnvironment is a cloud for an HR system's sync: limits out of the way.
func syncEnvironment(t *testing.T) func(string) map[string]string {
	return func(databaseURL string) map[string]string {
		return cloudEnvironment(t, databaseURL, map[string]string{
			"RATE_LIMIT_PER_IP": "100000000", "RATE_LIMIT_PER_ADDRESS": "100000000", "RATE_LIMIT_API_PER_CLIENT": "100000000",
		})
	}
}

// syncingOrganization makes an organisation with room for quota codes and
// signs its officer in on base: its id and the session token.
func syncingOrganization(t *testing.T, store cloud.Store, base string, quota int) (int64, string) {
	t.Helper()
	org := &cloud.Organization{Name: "Sync Works Ltd", ContactEmail: "officer@sync-works.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: quota, CreatedAt: time.Now()}
	officer := storetest.MustCreateOrganization(t, store, org)
	setPassword(t, store, officer, "officer-password")
	status, out, err := newAPIClient(t).call(context.Background(), "POST", base+"/api/corporate/login", "",
		map[string]string{"email": officer.Email, "password": "officer-password"}, map[string]string{"X-Lifetag-Session": "bearer"})
	token, _ := out["sessionToken"].(string)
	if err != nil || status != http.StatusOK || token == "" {
		t.Fatalf("corporate login: %d %v %v", status, out, err)
	}
	return org.ID, token
}

func syncWorker(id string, name string) map[string]any {
	return map[string]any{"externalId": id, "values": map[string]string{"fullName": name, "bloodType": "O+",
		"contact1Name": "Site office", "contact1Phone": "+44 20 7946 0000"}}
}

// TestIdempotencyKeyAfterCrash: an instance is killed (SIGKILL) in the
// middle of a bulk upsert sent with an Idempotency-Key. The client retries
// the same request with the same key on the other instance, as docs/integrating.md
// says: within the claim's lease (and a margin for a loaded machine) the
// retry runs the request, every worker is written once, and a further
// retry replays that answer.
func TestIdempotencyKeyAfterCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("a crash and a lease running out (make test)")
	}
	a, b, store, db, _ := twoInstances(t, syncEnvironment(t))
	const workers = cloud.SyncMaxCodes
	orgID, token := syncingOrganization(t, store, a.URL, 2*workers)
	items := make([]any, workers)
	for i := range items {
		items[i] = syncWorker(fmt.Sprintf("CRASH-%04d", i), fmt.Sprintf("Worker %d", i))
	}
	body := map[string]any{"qrCodes": items}
	path := fmt.Sprintf("/api/corporate/%d/qr-codes/bulk-upsert", orgID)
	const key = "nightly-crash"
	api := newAPIClient(t)

	// The bulk upsert goes to a; a is killed once the request holds its
	// key and before its answer is kept.
	go api.call(context.Background(), "POST", a.URL+path, token, body, map[string]string{"Idempotency-Key": key})
	running := func() (claimed, finished bool) {
		var status *int
		err := db.QueryRow(context.Background(), `SELECT status FROM idempotency_keys WHERE idempotency_key = $1`, key).Scan(&status)
		if err == pgx.ErrNoRows {
			return false, false
		} else if err != nil {
			t.Fatal(err)
		}
		return true, status != nil
	}
	clienttest.Eventually(t, time.Minute, "the request to claim its key", func() bool { claimed, _ := running(); return claimed })
	a.Kill()
	if _, finished := running(); finished {
		t.Skip("the request finished before the kill landed: no crash to recover from")
	}

	// The client's retries, on the instance still up, until one is
	// answered other than "still being processed".
	killed := time.Now()
	deadline := killed.Add(cloud.IdempotencyLease + 20*time.Second)
	var status int
	var out map[string]any
	for {
		var err error
		status, out, err = api.call(context.Background(), "POST", b.URL+path, token, body, map[string]string{"Idempotency-Key": key})
		if err != nil {
			t.Fatal(err)
		}
		if status != http.StatusConflict || out["message"] != cloud.MsgIdempotencyInProgress {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%.0f s after the crash the retry still answers %d %v", time.Since(killed).Seconds(), status, out)
		}
	}
	waited := time.Since(killed)
	if status != http.StatusOK || out["created"] != float64(workers) {
		t.Fatalf("the retry after the crash: %d %v, want every worker created", status, out)
	}
	codes, err := store.ListCodes(context.Background(), orgID, cloud.CodeFilter{})
	if err != nil || len(codes) != workers {
		t.Fatalf("%d codes stored (%v), want %d: each worker once", len(codes), err, workers)
	}
	replay, again, err := api.call(context.Background(), "POST", b.URL+path, token, body, map[string]string{"Idempotency-Key": key})
	if err != nil || replay != http.StatusOK || again["created"] != float64(workers) {
		t.Fatalf("a further retry: %d %v %v, want the answer replayed", replay, again, err)
	}
	report(t, fmt.Sprintf("crash: the retry ran the request again %.1f s after the instance was killed (lease %s)",
		waited.Seconds(), cloud.IdempotencyLease))
	b.Stop(t)
}

// TestUpsertRaceAcrossInstances: eight upserts of one new worker at once,
// half on each instance, each with its own Idempotency-Key: one creates,
// the others update, none answers 409, and the retry of each (its key
// again) answers as it did.
func TestUpsertRaceAcrossInstances(t *testing.T) {
	a, b, store, _, _ := twoInstances(t, syncEnvironment(t))
	orgID, token := syncingOrganization(t, store, a.URL, 1000)
	api := newAPIClient(t)
	const ids, racers = 20, 8
	// Counted over all rounds, so the failure says how often it happened.
	var mu sync.Mutex
	conflicts, replayedConflicts := 0, 0
	firstConflict := ""
	for w := range ids {
		id := fmt.Sprintf("RACE-%02d", w)
		path := fmt.Sprintf("/api/corporate/%d/qr-codes/by-external-id/%s", orgID, id)
		put := func(i int) int {
			base := []string{a.URL, b.URL}[i%2]
			status, out, err := api.call(context.Background(), "PUT", base+path, token,
				map[string]any{"values": syncWorker(id, fmt.Sprintf("Racer %d", i))["values"]},
				map[string]string{"Idempotency-Key": fmt.Sprintf("%s-%d", id, i)})
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			if status == http.StatusConflict && firstConflict == "" {
				firstConflict = fmt.Sprint(out["message"])
			}
			mu.Unlock()
			return status
		}
		statuses := make([]int, racers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Go(func() {
				<-start
				statuses[i] = put(i)
			})
		}
		close(start)
		wg.Wait()
		created := 0
		for i, status := range statuses {
			switch status {
			case http.StatusCreated:
				created++
			case http.StatusOK:
			case http.StatusConflict:
				conflicts++
			default:
				t.Fatalf("%s: statuses %v", id, statuses)
			}
			switch again := put(i); {
			case status == http.StatusConflict && again == http.StatusConflict:
				replayedConflicts++
			case status != http.StatusConflict && again != status:
				t.Fatalf("%s, retry of upsert %d: %d, want %d again", id, i, again, status)
			}
		}
		codes, err := store.FindCodesByExternalID(context.Background(), orgID, []string{id})
		if err != nil || len(codes) != 1 || created > 1 {
			t.Fatalf("%s: %d created, %d codes (%v)", id, created, len(codes), err)
		}
	}
	if conflicts > 0 {
		t.Fatalf("%d of %d racing upserts answered 409 (%s), %d of them 409 again to their retry; want none",
			conflicts, ids*racers, firstConflict, replayedConflicts)
	}
	a.Stop(t)
	b.Stop(t)
}

// TestAdminSeedingAcrossInstances: two instances start at once with the same
// ADMIN_EMAILS, and one of them restarts: each password-less admin gets one
// mail, and its link still sets the password.
func TestAdminSeedingAcrossInstances(t *testing.T) {
	sink := smtptest.Start(t)
	admins := []string{"ops-1@example.com", "ops-2@example.com", "ops-3@example.com", "ops-4@example.com", "ops-5@example.com"}
	env := func(databaseURL string) map[string]string {
		e := mailTestEnvironment(t, databaseURL, sink)
		e["ADMIN_EMAILS"] = strings.Join(admins, ",")
		return e
	}
	a, b, _, db, databaseURL := twoInstances(t, env)
	a.Stop(t)
	a = startCloud(t, env(databaseURL))

	// Every mail job is done (sent, or given up) before the mails are
	// counted: then no more are coming.
	var jobs, pending int
	clienttest.Eventually(t, time.Minute, "the mail jobs to be done", func() bool {
		err := db.QueryRow(context.Background(), `SELECT count(*), count(*) FILTER (WHERE state NOT IN ('completed', 'cancelled', 'discarded'))
			FROM river_job WHERE kind = $1`, cloud.JobKindMail).Scan(&jobs, &pending)
		if err != nil {
			t.Fatal(err)
		}
		return jobs > 0 && pending == 0
	})
	var mails []smtptest.Message
	for len(sink.Received) > 0 {
		mails = append(mails, <-sink.Received)
	}
	if jobs != len(admins) || len(mails) != len(admins) {
		t.Fatalf("%d mail jobs, %d mails for %d admins (two instances, one restart): want one each", jobs, len(mails), len(admins))
	}
	api := newAPIClient(t)
	link := regexp.MustCompile(`/set-password\?email=[^&\s]+&token=([A-Za-z0-9_-]+)`)
	for i, m := range mails {
		found := link.FindStringSubmatch(m.Text())
		if found == nil || len(m.To) != 1 {
			t.Fatalf("mail %d: no set-password link in %q", i, m.Text())
		}
		base := []string{a.URL, b.URL}[i%2]
		api.must("POST", base+"/api/auth/set-password", "", map[string]string{"email": m.To[0], "token": found[1],
			"password": "admin-password-1"}, http.StatusOK)
	}
	a.Stop(t)
	b.Stop(t)
}
