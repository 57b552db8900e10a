package http_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestWebhookLogPages: the delivery log of an endpoint that failed more
// than one page's worth of attempts reads to its end a page at a time, with
// the changes feed's cursor: every attempt the receiver saw, once each,
// newest first across pages; a cursor or limit not its own is refused.
func TestWebhookLogPages(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{webhooks: localWebhooks()})
		rcv := newReceiver(t)
		orgID, owner := e.activeOrganization("Paged Ltd", "boss@paged.example")
		e.setOrganization(orgID, 1000, cloud.SubscriptionActive)
		resp := e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": rcv.URL + "/broken",
			"events": []string{"qr_code.created"}})
		wantStatus(t, resp, http.StatusCreated, "")
		endpoint := int64(resp.JSON()["endpoint"].(map[string]any)["id"].(float64))
		wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes/bulk-upsert"), owner, map[string]any{"qrCodes": workers(1, 130, nil)}),
			http.StatusOK, "")
		// More attempts than the old log's 200, every one a failure (500).
		received := func() int { rcv.mu.Lock(); defer rcv.mu.Unlock(); return len(rcv.got) }
		deliverUntil(t, e, 10*time.Second, 20, func() bool { return received() >= 260 })
		// Turned off, and no job attempting still: the log stays as counted.
		wantStatus(t, e.do("PUT", orgURL(orgID, fmt.Sprintf("/webhooks/%d", endpoint)), owner, map[string]any{"enabled": false}),
			http.StatusOK, "")
		storetest.WaitForJobs(t, e.Queue)
		want := received()

		seen := map[float64]bool{}
		var last time.Time
		pages, cursor := 0, ""
		for {
			query := "?limit=100"
			if cursor != "" {
				query += "&cursor=" + url.QueryEscape(cursor)
			}
			page := e.do("GET", orgURL(orgID, fmt.Sprintf("/webhooks/%d/deliveries%s", endpoint, query)), owner, nil)
			wantStatus(t, page, http.StatusOK, "")
			pages++
			for _, a := range page.JSON()["deliveries"].([]any) {
				a := a.(map[string]any)
				at, err := time.Parse(time.RFC3339Nano, a["attemptedAt"].(string))
				if err != nil {
					t.Fatal(err)
				}
				if seen[a["id"].(float64)] || !last.IsZero() && at.After(last) {
					t.Fatalf("page %d: attempt %v twice or out of order (after %s)", pages, a, last)
				}
				seen[a["id"].(float64)], last = true, at
			}
			next, _ := page.JSON()["nextCursor"].(string)
			if next == "" || pages > want {
				break
			}
			cursor = next
		}
		if len(seen) != want {
			t.Fatalf("read %d attempts over %d pages, want every one of the %d the receiver saw", len(seen), pages, want)
		}
		for _, bad := range []string{"?cursor=nonsense", "?limit=0", "?limit=201", "?cursor=", "?limit="} {
			resp := e.do("GET", orgURL(orgID, fmt.Sprintf("/webhooks/%d/deliveries%s", endpoint, bad)), owner, nil)
			if resp.Status != http.StatusBadRequest {
				t.Errorf("%s: %d %s, want 400", bad, resp.Status, resp.Body)
			}
		}
	})
}

// TestWebhookDisabledEndpointCatchUp: an endpoint turned off after three
// days of failures, or by its owner, says from when it may have missed
// changes (its first failed delivery, or the moment it was turned off),
// and the changes feed read from then holds every change it missed: the
// ones whose deliveries failed and the ones made while it was off.
func TestWebhookDisabledEndpointCatchUp(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{webhooks: localWebhooks()})
		rcv := newReceiver(t)
		orgID, owner := e.activeOrganization("Catch Ltd", "boss@catch.example")
		register := func(path string) int64 {
			resp := e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": rcv.URL + path,
				"events": []string{"qr_code.created", "qr_code.updated"}})
			wantStatus(t, resp, http.StatusCreated, "")
			return int64(resp.JSON()["endpoint"].(map[string]any)["id"].(float64))
		}
		broken, paused := register("/broken"), register("/paused")
		endpoint := func(id int64) map[string]any {
			for _, ep := range e.do("GET", orgURL(orgID, "/webhooks"), owner, nil).JSON()["endpoints"].([]any) {
				if ep.(map[string]any)["id"] == float64(id) {
					return ep.(map[string]any)
				}
			}
			t.Fatalf("endpoint %d not listed", id)
			return nil
		}
		if v, has := endpoint(broken)["missedSince"]; !has || v != nil {
			t.Fatalf("a new endpoint: missedSince %v (present: %v), want null", v, has)
		}

		// The owner turns one off: it misses what changes from then on.
		e.Clock.Advance(time.Minute)
		offAt := e.Clock.Now()
		wantStatus(t, e.do("PUT", orgURL(orgID, fmt.Sprintf("/webhooks/%d", paused)), owner, map[string]any{"enabled": false}),
			http.StatusOK, "")
		got, _ := endpoint(paused)["missedSince"].(string)
		if at, err := time.Parse(time.RFC3339Nano, got); err != nil || at.Sub(offAt).Abs() > time.Millisecond {
			t.Errorf("turned off by its owner at %s: missedSince %q", offAt.UTC().Format(time.RFC3339Nano), got)
		}

		// The other fails from its first delivery on, for three days.
		e.Clock.Advance(time.Minute)
		wantStatus(t, e.do("PUT", orgURL(orgID, "/qr-codes/by-external-id/E-1"), owner, map[string]any{"values": libraryValues("Ann Rider")}),
			http.StatusCreated, "")
		deliverUntil(t, e, 2*time.Hour, 40, func() bool {
			ep, err := e.Store.FindWebhookEndpoint(context.Background(), orgID, broken)
			return err == nil && !ep.Enabled
		})
		owner = e.corporateLogin("boss@catch.example", "owner-password") // three days on: a new session
		e.Clock.Advance(time.Hour)
		wantStatus(t, e.do("PUT", orgURL(orgID, "/qr-codes/by-external-id/E-2"), owner, map[string]any{"values": libraryValues("Bo Rider")}),
			http.StatusCreated, "")

		since, _ := endpoint(broken)["missedSince"].(string)
		if since == "" {
			t.Fatalf("disabled after three days of failures: missedSince %v, want when its failures began", endpoint(broken)["missedSince"])
		}
		feed := e.do("GET", orgURL(orgID, "/qr-codes/changes?updatedSince="+url.QueryEscape(since)), owner, nil)
		wantStatus(t, feed, http.StatusOK, "")
		found := map[string]bool{}
		for _, c := range feed.JSON()["qrCodes"].([]any) {
			if id, ok := c.(map[string]any)["externalId"].(string); ok {
				found[id] = true
			}
		}
		if !found["E-1"] || !found["E-2"] {
			t.Fatalf("changes feed from missedSince %s: %v, want E-1 (its deliveries failed) and E-2 (made while off)", since, found)
		}
	})
}

// TestWebhooksBatchedDelivery: a sync of 300 workers is one delivery job
// for its endpoint, not one per event; the job delivers every event once,
// no more at once than the endpoint's concurrency, over connections kept
// alive (a handful for 300 deliveries). An organisation may
// lower the concurrency (to 1: one at a time), not raise it past 8.
func TestWebhooksBatchedDelivery(t *testing.T) {
	e := newEnv(t, storetest.Backend{Name: "postgres", Open: storetest.OpenPostgres}, envOptions{webhooks: localWebhooks()})
	var inFlight, most, conns atomic.Int64
	var mu sync.Mutex
	delivered := map[string]int{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := inFlight.Add(1)
		defer inFlight.Add(-1)
		for old := most.Load(); now > old && !most.CompareAndSwap(old, now); old = most.Load() {
		}
		time.Sleep(2 * time.Millisecond) // a receiver's own work, so deliveries overlap when they may
		mu.Lock()
		delivered[r.Header.Get("webhook-id")]++
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)

	orgID, owner := e.activeOrganization("Batch Ltd", "boss@batch.example")
	e.setOrganization(orgID, 1000, cloud.SubscriptionActive)
	resp := e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": srv.URL + "/hook",
		"events": []string{"qr_code.created"}})
	wantStatus(t, resp, http.StatusCreated, "")
	endpoint := int64(resp.JSON()["endpoint"].(map[string]any)["id"].(float64))

	webhookJobs := func() int64 {
		counts, err := e.Queue.JobCounts(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var n int64
		for _, c := range counts {
			if c.Kind == cloud.JobKindWebhook {
				n += c.Count
			}
		}
		return n
	}
	syncWorkers := func(from, n int) {
		t.Helper()
		wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes/bulk-upsert"), owner, map[string]any{"qrCodes": workers(from, n, nil)}),
			http.StatusOK, "")
		storetest.WaitForJobs(t, e.Queue)
		mu.Lock()
		defer mu.Unlock()
		if len(delivered) != from+n-1 {
			t.Fatalf("%d events delivered, want %d", len(delivered), from+n-1)
		}
		for id, times := range delivered {
			if times != 1 {
				t.Fatalf("webhook-id %s delivered %d times", id, times)
			}
		}
	}
	syncWorkers(1, 300)
	if n := webhookJobs(); n != 1 {
		t.Errorf("a sync of 300 workers made %d webhook jobs, want 1 (one per endpoint and transaction)", n)
	}
	// Kept alive: a handful of connections carry 300 deliveries. Go's
	// transport may dial for a waiting delivery and then hand it a
	// connection freed meanwhile; the spare joins the pool, so a busy
	// machine can open a few more connections than deliveries at once,
	// never one per delivery.
	if m, c := most.Load(), conns.Load(); m > cloud.WebhookConcurrencyDefault || c > 2*cloud.WebhookConcurrencyDefault {
		t.Errorf("%d deliveries at once over %d connections, want at most %d at once over at most %d kept-alive connections",
			m, c, cloud.WebhookConcurrencyDefault, 2*cloud.WebhookConcurrencyDefault)
	}

	if got := resp.JSON()["endpoint"].(map[string]any)["concurrency"]; got != float64(cloud.WebhookConcurrencyDefault) {
		t.Fatalf("a new endpoint's concurrency %v, want %d", got, cloud.WebhookConcurrencyDefault)
	}
	// Not raised past the most; lowered to one at a time.
	wantStatus(t, e.do("PUT", orgURL(orgID, fmt.Sprintf("/webhooks/%d", endpoint)), owner, map[string]any{"concurrency": 9}),
		http.StatusBadRequest, "")
	changed := e.do("PUT", orgURL(orgID, fmt.Sprintf("/webhooks/%d", endpoint)), owner, map[string]any{"concurrency": 1})
	wantStatus(t, changed, http.StatusOK, "")
	if changed.JSON()["concurrency"] != 1.0 {
		t.Fatalf("concurrency lowered: %s", changed.Body)
	}
	most.Store(0)
	syncWorkers(301, 100)
	if m := most.Load(); m != 1 {
		t.Errorf("%d deliveries at once to an endpoint that takes one", m)
	}
}
