package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/plans"
)

// BenchmarkBatchPrint1000 is the batch printer's benchmark (scripts/
// bench/batch.sh): one whole request on PostgreSQL printing 1,000 distinct
// library codes on the corporate helmet labels (US Letter, Avery 5163), the
// product's main sheet: the session, the library read, unsealing every
// record, its QR text, the PDF, and the print run recorded. (The spec's
// Avery 5160 is too small for a worker's record at a size a phone reads:
// the batch printer refuses it.)
func BenchmarkBatchPrint1000(b *testing.B) {
	const n = 1000
	e := newEnv(b, storetest.Backend{Name: "postgres", Open: storetest.OpenPostgres}, envOptions{})
	ctx := context.Background()
	officer := e.createCorporateUser("officer@acme.example", "officer-password")
	// A trial's plan holds 50 codes; the largest plan holds the batch.
	enterprise, _ := plans.Find("enterprise")
	err := e.Store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
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
	ids := make([]int64, n)
	for i := range ids {
		c, err := e.Service.CreateCode(ctx, officer, officer.OrganizationID, service.CodeInput{Values: workerValues(i)})
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = c.ID
	}
	token := e.corporateLogin("officer@acme.example", "officer-password")
	path := fmt.Sprintf("/api/corporate/%d/batch-print.pdf", officer.OrganizationID)
	body := batchBody(ids, "preset-helmet-letter", 1, false)
	b.ResetTimer()
	for b.Loop() {
		resp := e.do("POST", path, token, body)
		if resp.Status != http.StatusOK {
			b.Fatalf("%d %s", resp.Status, resp.Body)
		}
		b.SetBytes(int64(len(resp.Body)))
	}
}
