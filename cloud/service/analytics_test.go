package service_test

import (
	"context"
	"math"
	"testing"

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
