package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// MustCreateOrganization makes an organisation with its owner, as a paid
// registration or a trial does, created at T0.
func MustCreateOrganization(t testing.TB, s cloud.Store, o *cloud.Organization) *cloud.User {
	t.Helper()
	var owner *cloud.User
	if o.CreatedAt.IsZero() {
		o.CreatedAt = T0
	}
	must(t, s.InCorporateTx(context.Background(), func(tx cloud.CorporateTx) error {
		if err := tx.CreateOrganization(o); err != nil {
			return err
		}
		var err error
		owner, err = tx.CreateMember(o.ID, o.ContactEmail, cloud.UserTypeCorporateOwner, o.CreatedAt)
		return err
	}))
	return owner
}

func testCorporate(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	paid := &cloud.Organization{Name: "Acme 100% Scaffolding", ContactEmail: "boss@acme.example", Plan: "professional",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 200, StripeCustomerID: "cus_1",
		StripeSubscriptionID: "sub_1", CheckoutSessionID: "cs_1"}
	owner := MustCreateOrganization(t, s, paid)
	if owner.OrganizationID != paid.ID || owner.UserType != cloud.UserTypeCorporateOwner || owner.PasswordHash != "" {
		t.Fatalf("owner %+v", owner)
	}
	trial := &cloud.Organization{Name: "Bravo", ContactEmail: "boss@bravo.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionTrial, MaxQRCodes: 50, TrialEndsAt: T0.Add(14 * 24 * time.Hour)}
	MustCreateOrganization(t, s, trial)

	t.Run("Find", func(t *testing.T) {
		got, err := s.FindOrganization(ctx, paid.ID)
		must(t, err)
		if got.Name != paid.Name || got.StripeSubscriptionID != "sub_1" || got.CheckoutSessionID != "cs_1" ||
			!got.TrialEndsAt.IsZero() || !got.CreatedAt.Equal(T0) {
			t.Fatalf("organisation %+v", got)
		}
		_, err = s.FindOrganization(ctx, 999)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrSameCheckoutTwice", func(t *testing.T) {
		err := s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			return tx.CreateOrganization(&cloud.Organization{Name: "Again", ContactEmail: "x@acme.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, CheckoutSessionID: "cs_1", CreatedAt: T0})
		})
		wantCode(t, err, cloud.ECONFLICT)
	})
	t.Run("Members", func(t *testing.T) {
		MustCreateUser(t, s, "ann@example.com")
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			_, err := tx.CreateMember(paid.ID, "ann@example.com", cloud.UserTypeCorporateAdmin, T0)
			wantCode(t, err, cloud.ECONFLICT)
			taken, err := tx.EmailTaken("ann@example.com")
			if !taken || err != nil {
				t.Fatalf("taken %v %v", taken, err)
			}
			admin, err := tx.CreateMember(paid.ID, "admin@acme.example", cloud.UserTypeCorporateAdmin, T0)
			if err != nil {
				return err
			}
			if n, err := tx.CountMembers(paid.ID); n != 2 || err != nil {
				t.Fatalf("count %d %v", n, err)
			}
			_, err = tx.FindMember(trial.ID, admin.ID)
			wantCode(t, err, cloud.ENOTFOUND)
			return nil
		}))
		members, err := s.ListMembers(ctx, paid.ID)
		must(t, err)
		if len(members) != 2 || members[0].UserType != cloud.UserTypeCorporateOwner || members[1].Email != "admin@acme.example" {
			t.Fatalf("members %v", members)
		}
		counts, err := s.CountOrganization(ctx, paid.ID)
		must(t, err)
		if counts.Members != 2 || counts.QRCodes != 0 || counts.Projects != 0 {
			t.Fatalf("counts %+v", counts)
		}
	})
	t.Run("Activity", func(t *testing.T) {
		for i := range 3 {
			must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
				return tx.AddActivity(&cloud.Activity{OrganizationID: trial.ID, Kind: cloud.ActivityMemberInvited,
					Detail: fmt.Sprint(i), CreatedAt: T0})
			}))
		}
		got, err := s.ListActivity(ctx, trial.ID, 2)
		must(t, err)
		if len(got) != 2 || got[0].Detail != "2" || got[1].Detail != "1" {
			t.Fatalf("activity %+v", got)
		}
	})
	t.Run("ListOrganizations", func(t *testing.T) {
		all, total, err := s.ListOrganizations(ctx, "", 0, 10)
		must(t, err)
		if total != 2 || len(all) != 2 || all[0].ID != paid.ID {
			t.Fatalf("all: %d %v", total, all)
		}
		page, total, err := s.ListOrganizations(ctx, "", 1, 1)
		must(t, err)
		if total != 2 || len(page) != 1 || page[0].ID != trial.ID {
			t.Fatalf("second page: %d %v", total, page)
		}
		// LIKE's own characters match themselves; case does not matter.
		for search, want := range map[string]int{"100%": 1, "100_": 0, "BRAVO": 1, "acme.example": 1, "zzz": 0} {
			got, total, err := s.ListOrganizations(ctx, search, 0, 10)
			must(t, err)
			if total != want || len(got) != want {
				t.Errorf("search %q: %d, want %d", search, total, want)
			}
		}
	})
	t.Run("Subscription", func(t *testing.T) {
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			o, err := tx.LockOrganizationBySubscription("sub_1")
			if err != nil {
				return err
			}
			o.Plan, o.MaxQRCodes, o.SubscriptionStatus, o.SubscriptionEventAt, o.UpdatedAt =
				"enterprise", 2000, cloud.SubscriptionPastDue, T0.Add(time.Minute), T0
			return tx.UpdateSubscription(o)
		}))
		got, err := s.FindOrganization(ctx, paid.ID)
		must(t, err)
		if got.Plan != "enterprise" || got.MaxQRCodes != 2000 || got.SubscriptionStatus != cloud.SubscriptionPastDue ||
			!got.SubscriptionEventAt.Equal(T0.Add(time.Minute)) {
			t.Fatalf("after update %+v", got)
		}
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			_, err := tx.LockOrganizationBySubscription("sub_nope")
			wantCode(t, err, cloud.ENOTFOUND)
			return nil
		}))
	})
	t.Run("StartSubscription", func(t *testing.T) {
		other := &cloud.Organization{Name: "Charlie", ContactEmail: "boss@charlie.example", Plan: "starter",
			SubscriptionStatus: cloud.SubscriptionTrial, MaxQRCodes: 50, TrialEndsAt: T0.Add(time.Hour)}
		MustCreateOrganization(t, s, other)
		other.Plan, other.MaxQRCodes, other.SubscriptionStatus = "enterprise", 2000, cloud.SubscriptionActive
		other.StripeCustomerID, other.StripeSubscriptionID, other.CheckoutSessionID, other.UpdatedAt = "cus_c", "sub_c", "cs_c", T0
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error { return tx.StartSubscription(other) }))
		got, err := s.FindOrganization(ctx, other.ID)
		must(t, err)
		if got.Plan != "enterprise" || got.SubscriptionStatus != cloud.SubscriptionActive || got.StripeSubscriptionID != "sub_c" ||
			got.CheckoutSessionID != "cs_c" || !got.TrialEndsAt.IsZero() {
			t.Fatalf("subscribed %+v", got)
		}
	})
	t.Run("Trials", func(t *testing.T) {
		end := trial.TrialEndsAt
		ending, err := s.ListTrialsEnding(ctx, end.Add(-72*time.Hour), end.Add(-71*time.Hour))
		must(t, err)
		if len(ending) != 0 {
			t.Fatalf("not yet ending: %v", ending)
		}
		for call, wantLen := range []int{1, 0} { // told once
			ending, err = s.ListTrialsEnding(ctx, end.Add(-time.Hour), end.Add(time.Hour))
			must(t, err)
			if len(ending) != wantLen || (wantLen == 1 && ending[0].ID != trial.ID) {
				t.Fatalf("call %d: %v", call, ending)
			}
		}
		n, err := s.ExpireTrials(ctx, end.Add(-time.Second))
		if n != 0 || err != nil {
			t.Fatalf("expired early: %d %v", n, err)
		}
		n, err = s.ExpireTrials(ctx, end)
		if n != 1 || err != nil {
			t.Fatalf("expire: %d %v", n, err)
		}
		got, _ := s.FindOrganization(ctx, trial.ID)
		if got.SubscriptionStatus != cloud.SubscriptionInactive {
			t.Fatalf("status %s", got.SubscriptionStatus)
		}
	})
	t.Run("Registration", func(t *testing.T) {
		r := &cloud.Registration{Ref: "ref1", OrganizationName: "Acme", ContactFirstName: "Jane", ContactLastName: "Doe",
			ContactEmail: "jane@acme.example", Phone: "0123456789", OrganizationType: "other", EmployeeCount: "1-10",
			Plan: "starter", Address: "1 Long Street", City: "Leeds", Country: "UK", CreatedAt: T0}
		must(t, s.CreateRegistration(ctx, r))
		must(t, s.SetRegistrationCheckout(ctx, "ref1", "cs_r1"))
		wantCode(t, s.SetRegistrationCheckout(ctx, "nope", "cs_x"), cloud.ENOTFOUND)
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			locked, err := tx.LockRegistration("ref1")
			if err != nil {
				return err
			}
			if locked.CheckoutSessionID != "cs_r1" || locked.Status != cloud.RegistrationPending {
				t.Fatalf("registration %+v", locked)
			}
			return tx.CompleteRegistration("ref1", paid.ID)
		}))
		got, err := s.FindRegistration(ctx, "ref1")
		must(t, err)
		if got.Status != cloud.RegistrationCompleted || got.OrganizationID != paid.ID || got.Address != "1 Long Street" {
			t.Fatalf("completed %+v", got)
		}
		_, err = s.FindRegistration(ctx, "nope")
		wantCode(t, err, cloud.ENOTFOUND)

		newer := *r
		newer.Ref, newer.CreatedAt, newer.OrganizationID = "ref2", T0.Add(time.Hour), trial.ID
		must(t, s.CreateRegistration(ctx, &newer))
		n, err := s.DeleteRegistrationsBefore(ctx, T0.Add(time.Minute))
		if n != 1 || err != nil {
			t.Fatalf("deleted %d, %v", n, err)
		}
		_, err = s.FindRegistration(ctx, "ref1")
		wantCode(t, err, cloud.ENOTFOUND)
		if got, err := s.FindRegistration(ctx, "ref2"); err != nil || got.OrganizationID != trial.ID || got.Status != cloud.RegistrationPending {
			t.Fatalf("the newer registration: %+v %v", got, err)
		}
		// The organisation it made is not touched.
		if _, err := s.FindOrganization(ctx, paid.ID); err != nil {
			t.Fatal(err)
		}
	})
}
