package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// Bounds of the restart test: the outage lasts until the cloud has refused
// this many requests (or at most outageMax), and after the restart the load
// goes on until this many more answers have come back, at least the last
// settleOK of them successes.
const (
	outageRefusals = 30
	outageMax      = 10 * time.Second
	afterRestart   = 600
	settleOK       = 100
)

// TestDatabaseRestart loads a cloud process with reads and writes while its
// PostgreSQL (a cluster of the test's own) is stopped as by a crash and
// started again: every write that got a 2xx is in the database afterwards,
// every failed request got 503 with the database message (never a 500, never
// a dropped connection), and the cloud recovers by itself, with no restart
// of its own.
func TestDatabaseRestart(t *testing.T) {
	cluster := startCluster(t)
	databaseURL := cluster.createDatabase("lifetag")
	cloudProc := startCloud(t, cloudEnvironment(t, databaseURL, map[string]string{
		"RATE_LIMIT_PER_IP": "100000000", "RATE_LIMIT_ANALYTICS_PER_IP": "100000000", "RATE_LIMIT_API_PER_CLIENT": "100000000",
	}))
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	load := newMixedLoad(t, store, cloudProc.URL, "restart", 6)
	load.start()
	defer load.stopOnce()
	clienttest.Eventually(t, 30*time.Second, "the load to get going", func() bool { all, _ := load.counts(); return all >= 200 })

	outageStart := time.Now()
	cluster.stop()
	deadline := outageStart.Add(outageMax)
	clienttest.Eventually(t, outageMax+5*time.Second, "the cloud to refuse requests", func() bool {
		_, refused := load.counts()
		return refused >= outageRefusals || time.Now().After(deadline)
	})
	cluster.start()
	outage := time.Since(outageStart)

	clienttest.Eventually(t, 30*time.Second, "the cloud to be ready again", func() bool {
		resp, err := http.Get(cloudProc.URL + "/api/ready")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	answered, _ := load.counts()
	clienttest.Eventually(t, 60*time.Second, "the load to go on after the restart", func() bool {
		all, _ := load.counts()
		return all >= answered+afterRestart
	})
	load.stopOnce()

	if len(load.unexpected) > 0 {
		t.Errorf("%d answers neither 2xx nor 503 with the database message, such as: %v", len(load.unexpected), load.unexpected[:min(5, len(load.unexpected))])
	}
	if load.unavailable == 0 {
		t.Error("no request was refused: the restart did not happen under load")
	}
	for i, ok := range load.results[len(load.results)-settleOK:] {
		if !ok {
			t.Fatalf("answer %d of the last %d after the restart failed: the cloud did not recover", i+1, settleOK)
		}
	}
	// The test's own pool lost its connections in the restart (its next
	// query on one is an EOF, not the cloud's concern): read back through a
	// fresh pool, as a new process would.
	after, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer after.Close()
	lost := load.verify(after, cloudProc.URL)
	report(t, fmt.Sprintf("restart: %d writes acknowledged, %d lost, %d errors during %.1f s outage",
		load.acknowledged(), lost, load.unavailable, outage.Seconds()))
	cloudProc.Stop(t)
}
