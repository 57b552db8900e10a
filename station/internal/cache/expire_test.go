package cache

import (
	"context"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
)

// TestExpireBefore: an account not synced since the cutoff loses its
// orders and queued changes; one synced since keeps them; one never
// synced is aged by its oldest queued change.
func TestExpireBefore(t *testing.T) {
	db := openTest(t, t.TempDir())
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	cutoff := now.AddDate(0, 0, -30)
	const stale, fresh, neverOld, neverNew = "https://a stale@x", "https://a fresh@x", "https://a never-old@x", "https://a never-new@x"
	orders := []Order{{Order: api.AdminOrder{OrderID: "LT-1", Status: "pending", CreatedAt: now}}}
	if err := db.ReplaceOrders(ctx, stale, orders, cutoff.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := db.ReplaceOrders(ctx, fresh, orders, cutoff.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	for account, at := range map[string]time.Time{stale: now, fresh: cutoff.Add(-48 * time.Hour), neverOld: cutoff.Add(-time.Hour), neverNew: now} {
		db.Now = func() time.Time { return at }
		if _, err := db.Enqueue(ctx, account, "status", map[string]string{"order": "LT-1"}); err != nil {
			t.Fatal(err)
		}
	}
	n, err := db.ExpireBefore(ctx, cutoff)
	if err != nil || n != 2 {
		t.Fatalf("expired %d accounts (%v), want 2", n, err)
	}
	for account, kept := range map[string]bool{stale: false, fresh: true, neverOld: false, neverNew: true} {
		queued, _ := db.CountChanges(ctx, account, ChangePending)
		if (queued == 1) != kept {
			t.Errorf("%s: %d queued, kept %v", account, queued, kept)
		}
	}
	if got, _, _ := db.Orders(ctx, stale); len(got) != 0 {
		t.Error("the stale account's orders are still cached")
	}
	if got, _, _ := db.Orders(ctx, fresh); len(got) != 1 {
		t.Error("the fresh account's orders were wiped")
	}
}
