package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func testPrintRuns(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	owner := MustCreateOrganization(t, s, acme)
	bravo := &cloud.Organization{Name: "Bravo", ContactEmail: "boss@bravo.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionTrial, MaxQRCodes: 50}
	MustCreateOrganization(t, s, bravo)

	first := &cloud.PrintRun{OrganizationID: acme.ID, UserID: owner.ID, Layout: "Avery 5160 (30 per sheet)",
		Labels: 31, Codes: 30, CreatedAt: T0}
	must(t, s.CreatePrintRun(ctx, first))
	if first.ID == 0 {
		t.Fatal("no id")
	}
	second := &cloud.PrintRun{OrganizationID: acme.ID, Layout: "Avery C32015 gear tags (8 per sheet)",
		Labels: 2, Codes: 1, CreatedAt: T0.Add(time.Hour)}
	must(t, s.CreatePrintRun(ctx, second))
	must(t, s.CreatePrintRun(ctx, &cloud.PrintRun{OrganizationID: bravo.ID, Layout: "x", Labels: 1, Codes: 1, CreatedAt: T0}))

	t.Run("NewestFirstOfOneOrganization", func(t *testing.T) {
		runs, err := s.ListPrintRuns(ctx, acme.ID, T0)
		must(t, err)
		if len(runs) != 2 || runs[0].ID != second.ID || runs[1].ID != first.ID {
			t.Fatalf("runs %+v", runs)
		}
		got := *runs[1]
		if got.UserID != owner.ID || got.Layout != first.Layout || got.Labels != 31 || got.Codes != 30 ||
			!got.CreatedAt.Equal(T0) || got.OrganizationID != acme.ID {
			t.Fatalf("run %+v", got)
		}
		if runs[0].UserID != 0 {
			t.Fatalf("a run without a user reads back user %d", runs[0].UserID)
		}
	})
	t.Run("Since", func(t *testing.T) {
		runs, err := s.ListPrintRuns(ctx, acme.ID, T0.Add(time.Minute))
		must(t, err)
		if len(runs) != 1 || runs[0].ID != second.ID {
			t.Fatalf("runs %+v", runs)
		}
	})
	t.Run("ErrUnknownOrganization", func(t *testing.T) {
		err := s.CreatePrintRun(ctx, &cloud.PrintRun{OrganizationID: 999999, Layout: "x", Labels: 1, Codes: 1, CreatedAt: T0})
		if err == nil {
			t.Fatal("a run of no organisation was stored")
		}
	})
}
