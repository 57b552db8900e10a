package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// BenchmarkReviewRound10000 (scripts/bench/review.sh, `make bench`): an
// officer starts a review round for 10,000 workers due for review on
// PostgreSQL. The request writes the round, its workers and the queued
// jobs that mail them (one per cloud.ReviewRoundBatch workers), and
// answers without waiting for a mail. Reports the request's time as
// queue-s (each iteration a fresh organisation).
func BenchmarkReviewRound10000(b *testing.B) {
	const n = 10000
	e := newEnv(b, storetest.Backend{Name: "postgres", Open: storetest.OpenPostgres}, envOptions{})
	var queued time.Duration
	run := 0
	for b.Loop() {
		b.StopTimer()
		run++
		email := fmt.Sprintf("officer%d@review.example", run)
		officer := e.createCorporateUser(email, "officer-password")
		orgID := officer.OrganizationID
		err := e.Store.InCorporateTx(context.Background(), func(tx cloud.CorporateTx) error {
			org, err := tx.LockOrganization(orgID)
			if err != nil {
				return err
			}
			org.MaxQRCodes = n
			return tx.UpdateSubscription(org)
		})
		if err != nil {
			b.Fatal(err)
		}
		old := e.Clock.Now().AddDate(-2, 0, 0)
		codes := make([]*cloud.CorporateCode, n)
		for i := range codes {
			codes[i] = &cloud.CorporateCode{OrganizationID: orgID, Name: fmt.Sprintf("Worker %05d", i),
				LabelType: cloud.LabelTypes[0], IsActive: true, Source: cloud.CodeSourceAPI, CreatedAt: old, ReviewedAt: old}
		}
		if err := e.Store.CreateCodes(context.Background(), codes, &cloud.Activity{OrganizationID: orgID,
			Kind: cloud.ActivityCodesImported, CreatedAt: old}); err != nil {
			b.Fatal(err)
		}
		token := e.corporateLogin(email, "officer-password")
		b.StartTimer()
		start := time.Now()
		resp := e.do("POST", fmt.Sprintf("/api/corporate/%d/review-rounds", orgID), token, map[string]any{"reminderDays": []int{3, 7}})
		queued += time.Since(start)
		if resp.Status != http.StatusCreated || resp.JSON()["workers"] != float64(n) {
			b.Fatalf("round: %d %.300s", resp.Status, resp.Body)
		}
	}
	b.ReportMetric(queued.Seconds()/float64(run), "queue-s")
}
