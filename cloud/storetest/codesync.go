package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Corporate integration: codes by external id, the changes
// feed and idempotency keys.

func syncCode(orgID int64, externalID string, at time.Time) *cloud.CorporateCode {
	return &cloud.CorporateCode{OrganizationID: orgID, Name: "Worker " + externalID, ExternalID: externalID, LabelType: "helmet",
		IsActive: true, Source: cloud.CodeSourceImport, Sealed: []byte("x"), CreatedAt: at}
}

func testCodeSync(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 5}
	MustCreateOrganization(t, s, acme)
	other := &cloud.Organization{Name: "Other", ContactEmail: "boss@other.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 5}
	MustCreateOrganization(t, s, other)

	must(t, s.SaveCodes(ctx, acme.ID, []*cloud.CorporateCode{syncCode(acme.ID, "E-1", T0), syncCode(acme.ID, "E-2", T0)}, nil,
		&cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodesSynced, CreatedAt: T0}))
	// The same external id in another organisation is another worker.
	must(t, s.SaveCodes(ctx, other.ID, []*cloud.CorporateCode{syncCode(other.ID, "E-1", T0)}, nil, nil))
	found, err := s.FindCodesByExternalID(ctx, acme.ID, []string{"E-1", "E-9"})
	must(t, err)
	if len(found) != 1 || found[0].ExternalID != "E-1" || found[0].OrganizationID != acme.ID {
		t.Fatalf("found %+v", found)
	}
	t.Run("ErrExternalIDTaken", func(t *testing.T) {
		err := s.SaveCodes(ctx, acme.ID, []*cloud.CorporateCode{syncCode(acme.ID, "E-3", T0), syncCode(acme.ID, "E-1", T0)}, nil, nil)
		wantCode(t, err, cloud.ECONFLICT)
		if list, _ := s.FindCodesByExternalID(ctx, acme.ID, []string{"E-3"}); len(list) != 0 {
			t.Fatal("a refused save wrote E-3")
		}
	})
	t.Run("AnyCase", func(t *testing.T) {
		// One worker whatever the case an id arrives in: found by it, kept
		// as first given, and not given to a second code (insert or update).
		found, err := s.FindCodesByExternalID(ctx, acme.ID, []string{"e-2"})
		must(t, err)
		if len(found) != 1 || found[0].ExternalID != "E-2" {
			t.Fatalf("e-2 found %+v", found)
		}
		listed, err := s.ListCodes(ctx, acme.ID, cloud.CodeFilter{ExternalID: "e-1"})
		must(t, err)
		if len(listed) != 1 || listed[0].ExternalID != "E-1" {
			t.Fatalf("filter e-1 listed %+v", listed)
		}
		wantCode(t, s.SaveCodes(ctx, acme.ID, []*cloud.CorporateCode{syncCode(acme.ID, "e-1", T0)}, nil, nil), cloud.ECONFLICT)
		act := func() *cloud.Activity {
			return &cloud.Activity{OrganizationID: acme.ID, Kind: cloud.ActivityCodeUpdated, CreatedAt: T0}
		}
		wantCode(t, s.CreateCodes(ctx, []*cloud.CorporateCode{syncCode(acme.ID, "e-2", T0)}, act()), cloud.ECONFLICT)
		renamed := *found[0]
		renamed.ExternalID = "e-1"
		wantCode(t, s.UpdateCode(ctx, &renamed, act()), cloud.ECONFLICT)
		renamed.ExternalID = "e-2" // its own id in another case is still its own
		must(t, s.UpdateCode(ctx, &renamed, act()))
		if again, _ := s.FindCodesByExternalID(ctx, acme.ID, []string{"E-2"}); len(again) != 1 || again[0].ExternalID != "e-2" {
			t.Fatalf("after the case change %+v", again)
		}
		renamed.ExternalID = "E-2"
		must(t, s.UpdateCode(ctx, &renamed, act()))
	})
	t.Run("ErrQuotaForTheBatch", func(t *testing.T) {
		batch := []*cloud.CorporateCode{syncCode(acme.ID, "Q-1", T0), syncCode(acme.ID, "Q-2", T0),
			syncCode(acme.ID, "Q-3", T0), syncCode(acme.ID, "Q-4", T0)}
		wantCode(t, s.SaveCodes(ctx, acme.ID, batch, nil, nil), cloud.ECONFLICT)
	})
	t.Run("Changes", func(t *testing.T) {
		c := found[0]
		c.IsActive, c.UpdatedAt = false, T0.Add(time.Hour)
		must(t, s.SaveCodes(ctx, acme.ID, nil, []*cloud.CorporateCode{c}, nil))
		all, err := s.CodeChanges(ctx, acme.ID, time.Time{}, cloud.ChangesCursor{}, 10)
		must(t, err)
		if len(all) != 2 || all[0].ExternalID != "E-2" || all[1].ExternalID != "E-1" || all[1].IsActive {
			t.Fatalf("changes %v", all)
		}
		page, err := s.CodeChanges(ctx, acme.ID, time.Time{}, cloud.ChangesCursor{UpdatedAt: all[0].UpdatedAt, ID: all[0].ID}, 10)
		must(t, err)
		since, err := s.CodeChanges(ctx, acme.ID, T0.Add(time.Minute), cloud.ChangesCursor{}, 10)
		must(t, err)
		if len(page) != 1 || page[0].ID != all[1].ID || len(since) != 1 || since[0].ID != all[1].ID {
			t.Fatalf("after the cursor %v, since %v", page, since)
		}
	})
	t.Run("BatchQuotaRace", func(t *testing.T) {
		// 2 (or 3) used of 5: of two batches of 2 at once only one fits.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Go(func() {
				errs[i] = s.SaveCodes(ctx, acme.ID, []*cloud.CorporateCode{syncCode(acme.ID, fmt.Sprintf("R-%d-a", i), T0),
					syncCode(acme.ID, fmt.Sprintf("R-%d-b", i), T0)}, nil, nil)
			})
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("two batches at once: %v, %v", errs[0], errs[1])
		}
	})
}

func testIdempotencyKeys(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 5}
	MustCreateOrganization(t, s, acme)
	r := cloud.IdempotentRequest{OrganizationID: acme.ID, Caller: "user:1", Key: "k", RequestHash: []byte("h1"), CreatedAt: T0,
		Instance: "a", Claim: []byte("claim-1"), LeaseUntil: T0.Add(cloud.IdempotencyLease)}

	var wg sync.WaitGroup
	claims := make([]*cloud.IdempotentAnswer, 8)
	for i := range claims {
		wg.Go(func() {
			var err error
			claims[i], err = s.ClaimIdempotencyKey(ctx, r)
			must(t, err)
		})
	}
	wg.Wait()
	first := 0
	for _, a := range claims {
		if a == nil {
			first++
		} else if a.Status != 0 || string(a.RequestHash) != "h1" {
			t.Fatalf("a running claim read as %+v", a)
		}
	}
	if first != 1 {
		t.Fatalf("%d claims won; want 1", first)
	}
	must(t, s.FinishIdempotencyKey(ctx, r, &cloud.IdempotentAnswer{Status: 201, ContentType: "application/json", Body: []byte(`{"a":1}`)}))
	kept, err := s.ClaimIdempotencyKey(ctx, r)
	must(t, err)
	if kept == nil || kept.Status != 201 || string(kept.Body) != `{"a":1}` || kept.ContentType != "application/json" {
		t.Fatalf("kept %+v", kept)
	}
	// Another caller's key of the same name is its own.
	r2 := r
	r2.Caller, r2.Claim = "user:2", []byte("claim-2")
	if a, err := s.ClaimIdempotencyKey(ctx, r2); err != nil || a != nil {
		t.Fatalf("another caller: %+v %v", a, err)
	}
	must(t, s.FinishIdempotencyKey(ctx, r2, nil)) // released: free again
	if a, err := s.ClaimIdempotencyKey(ctx, r2); err != nil || a != nil {
		t.Fatalf("released: %+v %v", a, err)
	}
	// A request that died holding its key: a retry of it takes the key
	// over once the lease has run out, and the dead holder can neither
	// renew nor keep an answer after that.
	dead := r
	dead.Key, dead.Claim = "dies", []byte("claim-dead")
	if a, err := s.ClaimIdempotencyKey(ctx, dead); err != nil || a != nil {
		t.Fatalf("claim: %+v %v", a, err)
	}
	retry := dead
	retry.Claim, retry.Instance = []byte("claim-retry"), "b"
	retry.CreatedAt = T0.Add(cloud.IdempotencyLease / 2)
	retry.LeaseUntil = retry.CreatedAt.Add(cloud.IdempotencyLease)
	if a, err := s.ClaimIdempotencyKey(ctx, retry); err != nil || a == nil || a.Status != 0 {
		t.Fatalf("a retry within the lease: %+v %v, want the running use", a, err)
	}
	// Renewed, the lease holds past its first end.
	held, err := s.RenewIdempotencyKey(ctx, dead, T0.Add(2*cloud.IdempotencyLease))
	if err != nil || !held {
		t.Fatalf("renew: %v %v", held, err)
	}
	retry.CreatedAt = T0.Add(cloud.IdempotencyLease + time.Second)
	retry.LeaseUntil = retry.CreatedAt.Add(cloud.IdempotencyLease)
	if a, err := s.ClaimIdempotencyKey(ctx, retry); err != nil || a == nil || a.Status != 0 {
		t.Fatalf("a retry within the renewed lease: %+v %v, want the running use", a, err)
	}
	other := retry
	other.RequestHash = []byte("h2")
	other.CreatedAt = T0.Add(2*cloud.IdempotencyLease + time.Second)
	if a, err := s.ClaimIdempotencyKey(ctx, other); err != nil || a == nil || string(a.RequestHash) != "h1" {
		t.Fatalf("another request after the lease: %+v %v, want the first's use (a mismatch)", a, err)
	}
	retry.CreatedAt = other.CreatedAt
	retry.LeaseUntil = retry.CreatedAt.Add(cloud.IdempotencyLease)
	if a, err := s.ClaimIdempotencyKey(ctx, retry); err != nil || a != nil {
		t.Fatalf("a retry after the lease: %+v %v, want it to take the key", a, err)
	}
	if held, err := s.RenewIdempotencyKey(ctx, dead, retry.LeaseUntil); err != nil || held {
		t.Fatalf("the dead holder renewed a key taken over: %v %v", held, err)
	}
	wantCode(t, s.FinishIdempotencyKey(ctx, dead, &cloud.IdempotentAnswer{Status: 201, Body: []byte("late")}), cloud.ECONFLICT)
	must(t, s.FinishIdempotencyKey(ctx, dead, nil)) // releases nothing of the retry's
	// The answer is kept in the transaction of the request's writes: rolled
	// back with them, it leaves the claim running.
	rolledBack := errors.New("rolled back")
	err = s.InTx(ctx, func(ctx context.Context) error {
		must(t, s.FinishIdempotencyKey(ctx, retry, &cloud.IdempotentAnswer{Status: 201, Body: []byte("undone")}))
		return rolledBack
	})
	if !errors.Is(err, rolledBack) {
		t.Fatal(err)
	}
	if a, err := s.ClaimIdempotencyKey(ctx, other); err != nil || a == nil || a.Status != 0 {
		t.Fatalf("after a rollback: %+v %v, want the retry's running use", a, err)
	}
	must(t, s.FinishIdempotencyKey(ctx, retry, &cloud.IdempotentAnswer{Status: 201, Body: []byte("kept")}))
	if a, err := s.ClaimIdempotencyKey(ctx, retry); err != nil || a == nil || string(a.Body) != "kept" {
		t.Fatalf("kept: %+v %v", a, err)
	}

	// A day later the key is free again; the purge deletes old uses.
	later := r
	later.CreatedAt = T0.Add(cloud.IdempotencyTTL + time.Second)
	if a, err := s.ClaimIdempotencyKey(ctx, later); err != nil || a != nil {
		t.Fatalf("expired: %+v %v", a, err)
	}
	n, err := s.DeleteIdempotencyKeysBefore(ctx, T0.Add(time.Hour))
	must(t, err)
	if n != 2 {
		t.Fatalf("purged %d; want user:2's and the retried one's", n)
	}
}
