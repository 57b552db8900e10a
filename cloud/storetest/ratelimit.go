package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// testRateLimits: counts add up per key and window, concurrent counting
// loses nothing (one atomic upsert each), reservations made at once stop
// exactly at the quota, and old windows are purged.
func testRateLimits(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	key, other := []byte("key-hash-1"), []byte("key-hash-2")
	previous, current := T0.Add(-time.Minute), T0

	counts := func(k []byte) (int, int) {
		t.Helper()
		cur, prev, err := s.RateLimitCounts(ctx, k, current, previous)
		must(t, err)
		return cur, prev
	}
	if cur, prev := counts(key); cur != 0 || prev != 0 {
		t.Fatalf("counts before counting: %d %d", cur, prev)
	}
	must(t, s.CountRateLimit(ctx, key, previous, 2))
	must(t, s.CountRateLimit(ctx, key, current, 1))
	must(t, s.CountRateLimit(ctx, key, current, 3))
	must(t, s.CountRateLimit(ctx, other, current, 7))
	if cur, prev := counts(key); cur != 4 || prev != 2 {
		t.Fatalf("counts %d %d, want 4 2", cur, prev)
	}

	t.Run("ConcurrentCountsAddUp", func(t *testing.T) {
		var wg sync.WaitGroup
		errs := make(chan error, 100)
		for range 10 {
			wg.Go(func() {
				for range 10 {
					errs <- s.CountRateLimit(ctx, other, current, 1)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			must(t, err)
		}
		if cur, _ := counts(other); cur != 107 {
			t.Fatalf("count %d after 100 concurrent increments on 7, want 107", cur)
		}
	})

	t.Run("ReservationsAtOnceStopAtTheQuota", func(t *testing.T) {
		// key has 2 in the previous window, weighted a half (1), and 4 in
		// the current one: with a quota of 10, 5 more fit, whoever asks first.
		var wg sync.WaitGroup
		granted := make(chan int, 20)
		for range 20 {
			wg.Go(func() {
				ok, used, err := s.ReserveRateLimit(ctx, key, current, previous, 0.5, 10, 1)
				must(t, err)
				if ok {
					granted <- used
				}
			})
		}
		wg.Wait()
		close(granted)
		if len(granted) != 5 {
			t.Fatalf("%d of 20 reservations at once were granted, want the 5 that fit", len(granted))
		}
		if cur, _ := counts(key); cur != 9 {
			t.Fatalf("count %d after 5 reservations on 4, want 9", cur)
		}
		must(t, s.ReleaseRateLimit(ctx, key, current, 1))
		if ok, used, err := s.ReserveRateLimit(ctx, key, current, previous, 0.5, 10, 1); err != nil || !ok || used != 10 {
			t.Fatalf("a reservation after one was given back: %v %d %v, want granted with 10 used", ok, used, err)
		}
		must(t, s.ReleaseRateLimit(ctx, key, current, 1))
		must(t, s.ReleaseRateLimit(ctx, key, current, 1))
		if cur, _ := counts(key); cur != 7 {
			t.Fatalf("count %d after giving two back, want 7", cur)
		}
		must(t, s.ReleaseRateLimit(ctx, []byte("key-never-counted"), current, 1))
		if cur, _ := counts([]byte("key-never-counted")); cur != 0 {
			t.Fatalf("giving back what was never counted left %d", cur)
		}
	})

	t.Run("DeleteBefore", func(t *testing.T) {
		n, err := s.DeleteRateLimitsBefore(ctx, current)
		must(t, err)
		if n != 1 {
			t.Fatalf("deleted %d windows, want the one previous", n)
		}
		if cur, prev := counts(key); cur != 7 || prev != 0 {
			t.Fatalf("after the purge: %d %d, want 7 0", cur, prev)
		}
	})
}
