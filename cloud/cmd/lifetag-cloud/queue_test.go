package main

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// mailTestEnvironment is a cloud on databaseURL mailing through sink, its
// retries shortened, its limits out of the way of a load.
func mailTestEnvironment(t *testing.T, databaseURL string, sink *smtptest.Sink) map[string]string {
	return cloudEnvironment(t, databaseURL, map[string]string{
		"SMTP_HOST": sink.Host, "SMTP_PORT": strconv.Itoa(sink.Port), "SMTP_TLS": "none",
		"MAIL_RETRY_FIRST": "100ms", "RATE_LIMIT_PER_IP": "100000000", "RATE_LIMIT_PER_ADDRESS": "100000000",
		"RATE_LIMIT_MAIL_PER_RECIPIENT": "100000", "RATE_LIMIT_MAIL_PER_CALLER": "100000",
	})
}

// mailCounter counts what a sink receives by Message-ID.
type mailCounter struct {
	mu   sync.Mutex
	byID map[string]int
}

func countMail(t *testing.T, sink *smtptest.Sink) *mailCounter {
	c := &mailCounter{byID: map[string]int{}}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case m := <-sink.Received:
				c.mu.Lock()
				c.byID[m.Header("Message-ID")]++
				c.mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	return c
}

// distinct is how many different mails arrived, and how many arrived more
// than once.
func (c *mailCounter) distinct() (mails, repeated int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.byID {
		if n > 1 {
			repeated++
		}
	}
	return len(c.byID), repeated
}

// requestResets asks for n reset links, one account each, from a few
// clients at once; each answer must be 200. between is called after each
// request with how many have been answered.
func requestResets(t *testing.T, url string, emails []string, between func(answered int)) {
	api := newAPIClient(t)
	var mu sync.Mutex
	answered := 0
	var wg sync.WaitGroup
	work := make(chan string)
	for range 4 {
		wg.Go(func() {
			for email := range work {
				api.must("POST", url+"/api/auth/request-reset", "", map[string]string{"email": email}, http.StatusOK)
				mu.Lock()
				answered++
				n := answered
				mu.Unlock()
				between(n)
			}
		})
	}
	for _, e := range emails {
		work <- e
	}
	close(work)
	wg.Wait()
}

// waiting counts the mail jobs in state.
func waiting(t *testing.T, store *sqldb.DB, state string) int64 {
	t.Helper()
	queue, err := sqldb.NewQueue(store, sqldb.QueueConfig{})
	if err != nil {
		t.Fatal(err)
	}
	counts, err := queue.JobCounts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range counts {
		if c.Kind == cloud.JobKindMail && c.State == state {
			return c.Count
		}
	}
	return 0
}

// waitForQueue waits until no job is due or running.
func waitForQueue(t *testing.T, store *sqldb.DB) {
	t.Helper()
	queue, err := sqldb.NewQueue(store, sqldb.QueueConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := queue.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
}

func accounts(t *testing.T, store *sqldb.DB, prefix string, n int) []string {
	emails := make([]string, n)
	for i := range emails {
		emails[i] = fmt.Sprintf("%s%d@example.com", prefix, i)
		createAccount(t, store, emails[i], "password-"+strconv.Itoa(i))
	}
	return emails
}

// TestMailThroughSMTPOutage stops the mail server while reset links are
// asked for under load and starts it again: every mail asked for arrives,
// once, and the cloud stayed ready throughout.
func TestMailThroughSMTPOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("a mail server outage under load (make test)")
	}
	databaseURL := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	const n = 40
	emails := accounts(t, store, "outage", n)
	sink := smtptest.Start(t)
	received := countMail(t, sink)
	instance := startCloud(t, mailTestEnvironment(t, databaseURL, sink))
	api := newAPIClient(t)

	var outageStart, outageEnd time.Time
	requestResets(t, instance.URL, emails, func(answered int) {
		switch answered {
		case n / 4:
			sink.Stop()
			outageStart = time.Now()
		case 3 * n / 4:
			// Mail has been tried and refused by the absent server; the
			// cloud stays ready (a queue, not an outage).
			clienttest.Eventually(t, 30*time.Second, "mail to wait for a retry", func() bool { return waiting(t, store, "retryable") > 0 })
			api.must("GET", instance.URL+"/api/ready", "", nil, http.StatusOK)
			sink.Restart(t)
			outageEnd = time.Now()
		}
	})
	clienttest.Eventually(t, 60*time.Second, "every mail to arrive", func() bool { got, _ := received.distinct(); return got >= n })
	waitForQueue(t, store) // a repeat would be under way by now
	got, repeated := received.distinct()
	if got != n || repeated != 0 {
		t.Fatalf("%d mails arrived for %d asked, %d more than once", got, n, repeated)
	}
	report(t, fmt.Sprintf("mail: %d requested, %d delivered, %d lost, %.1f s outage (the mail server stopped and started under load)",
		n, got, n-got, outageEnd.Sub(outageStart).Seconds()))
}

// TestMailSurvivesKill kills the cloud (SIGKILL) with mail jobs waiting for
// a mail server that is away; a new process on the database delivers
// every one of them once the server is back.
func TestMailSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("a killed process with mail waiting (make test)")
	}
	databaseURL := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	const n = 20
	emails := accounts(t, store, "killed", n)
	sink := smtptest.Start(t)
	received := countMail(t, sink)
	sink.Stop()
	outageStart := time.Now()
	first := startCloud(t, mailTestEnvironment(t, databaseURL, sink))
	requestResets(t, first.URL, emails, func(int) {})
	// Killed with every mail waiting in the database, none being sent (a
	// job killed mid-send is rescued too, but only a minute later).
	clienttest.Eventually(t, 30*time.Second, "mail to wait for a retry", func() bool {
		return waiting(t, store, "retryable") > 0 && waiting(t, store, "running") == 0
	})
	first.Kill() // SIGKILL: no shutdown, jobs waiting in the database

	sink.Restart(t)
	outage := time.Since(outageStart)
	startCloud(t, mailTestEnvironment(t, databaseURL, sink))
	defer func() {
		if t.Failed() {
			q, _ := sqldb.NewQueue(store, sqldb.QueueConfig{})
			counts, err := q.JobCounts(context.Background())
			t.Logf("jobs: %+v %v", counts, err)
		}
	}()
	clienttest.Eventually(t, 90*time.Second, "every mail to arrive", func() bool { got, _ := received.distinct(); return got >= n })
	waitForQueue(t, store) // a repeat would be under way by now
	got, repeated := received.distinct()
	if got != n || repeated != 0 {
		t.Fatalf("%d mails arrived for %d asked, %d more than once", got, n, repeated)
	}
	report(t, fmt.Sprintf("mail: %d requested, %d delivered, %d lost, %.1f s outage (the cloud killed with mail waiting)",
		n, got, n-got, outage.Seconds()))
}

// TestTwoInstancesMailOnce runs two clouds on one PostgreSQL, each asked
// for half the mail: every mail arrives exactly once (by Message-ID).
func TestTwoInstancesMailOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("two instances working one queue (make test)")
	}
	databaseURL := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	const n = 40
	emails := accounts(t, store, "twice", n)
	sink := smtptest.Start(t)
	received := countMail(t, sink)
	one := startCloud(t, mailTestEnvironment(t, databaseURL, sink))
	two := startCloud(t, mailTestEnvironment(t, databaseURL, sink))
	var wg sync.WaitGroup
	wg.Go(func() { requestResets(t, one.URL, emails[:n/2], func(int) {}) })
	wg.Go(func() { requestResets(t, two.URL, emails[n/2:], func(int) {}) })
	wg.Wait()
	clienttest.Eventually(t, 60*time.Second, "every mail to arrive", func() bool { got, _ := received.distinct(); return got >= n })
	waitForQueue(t, store) // a repeat would be under way by now
	got, repeated := received.distinct()
	if got != n || repeated != 0 {
		t.Fatalf("%d mails arrived for %d asked, %d more than once", got, n, repeated)
	}
}
