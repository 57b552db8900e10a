package service_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestRecordEventValueIsFinite covers what JSON cannot send (the HTTP tests
// cover the rest): NaN and infinities are refused and nothing is stored.
func TestRecordEventValueIsFinite(t *testing.T) {
	store, _ := storetest.OpenSQLite(t)
	svc := newService(t, store, newKey(t))
	ctx := context.Background()
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		err := svc.RecordEvent(ctx, "label_printed", "print", "", &v)
		if cloud.ErrorCode(err) != cloud.EINVALID || cloud.ErrorMessage(err) != cloud.MsgAnalyticsValueInvalid {
			t.Errorf("value %v: %v", v, err)
		}
	}
	if counts, err := store.CountAnalyticsEvents(ctx, storetest.T0); err != nil || len(counts) != 0 {
		t.Fatalf("stored %v %v", counts, err)
	}
}

// TestPurgeOldAnalytics: records older than cloud.AnalyticsRetention go,
// younger ones stay. The service's clock stands at storetest.T0.
func TestPurgeOldAnalytics(t *testing.T) {
	store, _ := storetest.OpenSQLite(t)
	svc := newService(t, store, newKey(t))
	ctx := context.Background()
	cut := storetest.T0.Add(-cloud.AnalyticsRetention)
	for _, at := range []time.Time{cut.Add(-time.Second), cut, storetest.T0} {
		if err := store.CreateAnalyticsEvent(ctx, &cloud.AnalyticsEvent{Kind: cloud.AnalyticsKindPageView, Path: "/", CreatedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := svc.PurgeOldAnalytics(ctx); err != nil || n != 1 {
		t.Fatalf("purged %d, %v: want the one record past retention", n, err)
	}
	counts, err := store.CountAnalyticsEvents(ctx, cut.Add(-time.Hour))
	if err != nil || len(counts) != 1 || counts[0].Count != 2 {
		t.Fatalf("left %+v %v, want 2 page views", counts, err)
	}
}
