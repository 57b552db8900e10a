package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/plans"
)

// BenchmarkSync2000 (scripts/bench/sync.sh, `make bench`): one bulk upsert
// of 2,000 workers into an empty library on PostgreSQL, as an HR system's
// first sync sends it, then the same request again (the nightly re-sync:
// every record unsealed and compared, nothing written). Reports the two
// times as upsert-s and resync-s (each iteration a fresh organisation).
func BenchmarkSync2000(b *testing.B) {
	const n = cloud.SyncMaxCodes
	e := newEnv(b, storetest.Backend{Name: "postgres", Open: storetest.OpenPostgres}, envOptions{})
	enterprise, _ := plans.Find("enterprise")
	items := make([]any, n)
	for i := range items {
		items[i] = map[string]any{"externalId": fmt.Sprintf("EMP-%05d", i), "values": workerValues(i)}
	}
	body := map[string]any{"qrCodes": items}
	var upsert, resync time.Duration
	run := 0
	for b.Loop() {
		b.StopTimer()
		run++
		email := fmt.Sprintf("officer%d@acme.example", run)
		officer := e.createCorporateUser(email, "officer-password")
		err := e.Store.InCorporateTx(context.Background(), func(tx cloud.CorporateTx) error {
			org, err := tx.LockOrganization(officer.OrganizationID)
			if err != nil {
				return err
			}
			org.Plan, org.MaxQRCodes = enterprise.ID, enterprise.MaxQRCodes
			return tx.UpdateSubscription(org)
		})
		if err != nil {
			b.Fatal(err)
		}
		token := e.corporateLogin(email, "officer-password")
		path := fmt.Sprintf("/api/corporate/%d/qr-codes/bulk-upsert", officer.OrganizationID)
		b.StartTimer()
		start := time.Now()
		resp := e.do("POST", path, token, body)
		upsert += time.Since(start)
		if resp.Status != http.StatusOK || resp.JSON()["created"] != float64(n) {
			b.Fatalf("upsert: %d %.300s", resp.Status, resp.Body)
		}
		start = time.Now()
		resp = e.do("POST", path, token, body)
		resync += time.Since(start)
		if resp.Status != http.StatusOK || resp.JSON()["created"] != 0.0 || resp.JSON()["unchanged"] != float64(n) {
			b.Fatalf("re-sync: %d %.300s", resp.Status, resp.Body)
		}
	}
	b.ReportMetric(upsert.Seconds()/float64(run), "upsert-s")
	b.ReportMetric(resync.Seconds()/float64(run), "resync-s")
}
