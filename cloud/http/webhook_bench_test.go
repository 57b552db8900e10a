package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// BenchmarkWebhooks (scripts/bench/webhooks.sh, `make bench`): a sync of
// BENCH_WEBHOOK_EVENTS workers (1,000 when unset) on PostgreSQL, one
// qr_code.created each, delivered by the queue's webhook jobs (inserted
// in the sync's transaction) to a local receiver. More workers than one
// sync takes (cloud.SyncMaxCodes) are several syncs, one after the other,
// as an HR system sends them. Reports how long from the first sync's
// answer to the last delivery (delivered-s), and the 99th percentile of
// the time from each event's sync's answer (its change committed) to its
// delivery (p99-ms).
func BenchmarkWebhooks(b *testing.B) {
	n := 1000
	if v, err := strconv.Atoi(os.Getenv("BENCH_WEBHOOK_EVENTS")); err == nil && v > 0 {
		n = v
	}
	e := newEnv(b, storetest.Backend{Name: "postgres", Open: storetest.OpenPostgres}, envOptions{
		webhooks: localWebhooks(),
		// The queue's jobs deliver; the sweep stays out of the measure.
		webhookRetry: service.WebhookRetry{First: time.Second, Max: time.Minute, Poll: time.Hour, Lease: time.Minute},
	})
	rcv := newReceiver(b)
	ctx, stop := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Add(1)
	go func() { defer running.Done(); e.Service.RunWebhooks(ctx) }()
	defer func() { stop(); running.Wait() }()

	var delivered time.Duration
	var latencies []time.Duration
	run := 0
	for b.Loop() {
		b.StopTimer()
		run++
		orgID, owner := e.activeOrganization(fmt.Sprintf("Bench %d", run), fmt.Sprintf("boss%d@bench.example", run))
		e.setOrganization(orgID, n, cloud.SubscriptionActive)
		wantStatus(b, e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": rcv.URL + "/hook",
			"events": []string{"qr_code.created"}}), http.StatusCreated, "")
		all := make(chan struct{})
		rcv.mu.Lock()
		rcv.got, rcv.delivered = nil, map[string]int{}
		rcv.onArrival = func() {
			if len(rcv.delivered) == n {
				close(all)
				rcv.onArrival = nil
			}
		}
		rcv.mu.Unlock()
		b.StartTimer()
		// committed[i]: when the sync of workers E-(i*SyncMaxCodes+1)... answered.
		var committed []time.Time
		for from := 1; from <= n; from += cloud.SyncMaxCodes {
			wantStatus(b, e.do("POST", orgURL(orgID, "/qr-codes/bulk-upsert"), owner,
				map[string]any{"qrCodes": workers(from, min(cloud.SyncMaxCodes, n+1-from), nil)}), http.StatusOK, "")
			committed = append(committed, time.Now())
		}
		select {
		case <-all:
		case <-time.After(5 * time.Minute):
			b.Fatalf("%d of %d events delivered in 5 minutes", len(rcv.delivered), n)
		}
		b.StopTimer()
		rcv.mu.Lock()
		var last time.Time
		for _, d := range rcv.got {
			var event struct {
				Data struct {
					ExternalID string `json:"externalId"`
				} `json:"data"`
			}
			var worker int
			if err := json.Unmarshal([]byte(d.Body), &event); err != nil {
				b.Fatal(err)
			}
			if _, err := fmt.Sscanf(event.Data.ExternalID, "E-%d", &worker); err != nil {
				b.Fatal(err)
			}
			latencies = append(latencies, d.At.Sub(committed[(worker-1)/cloud.SyncMaxCodes]))
			if d.At.After(last) {
				last = d.At
			}
		}
		rcv.mu.Unlock()
		delivered += last.Sub(committed[0])
		b.StartTimer() // b.Loop wants it running
	}
	slices.Sort(latencies)
	b.ReportMetric(float64(n), "events")
	b.ReportMetric(delivered.Seconds()/float64(run), "delivered-s")
	b.ReportMetric(float64(latencies[len(latencies)*99/100].Milliseconds()), "p99-ms")
}
