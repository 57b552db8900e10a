package storetest

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// testReviewReminders: a record's review date, the person's chosen period, and
// which records are due a reminder (once per period).
func testReviewReminders(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	putRecord := func(u *cloud.User, at time.Time) {
		t.Helper()
		must(t, s.PutEmergencyRecord(ctx, &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: []byte{1},
			EmergencyContacts: []byte{2}, MedicalInfo: []byte{3}, LastModified: "x", UpdatedAt: at, ReviewedAt: at}))
	}
	reviewedAt := func(u *cloud.User) time.Time {
		t.Helper()
		r, err := s.FindEmergencyRecord(ctx, u.ID)
		must(t, err)
		return r.ReviewedAt
	}
	dueAt := func(now time.Time) []int64 {
		t.Helper()
		due, err := s.ListReviewsDue(ctx, cloud.CutoffsAt(now), 100)
		must(t, err)
		var ids []int64
		for _, d := range due {
			ids = append(ids, d.UserID)
		}
		return ids
	}

	yearly := MustCreateUser(t, s, "yearly@example.com")
	putRecord(yearly, T0)
	if got := reviewedAt(yearly); !got.Equal(T0) {
		t.Fatalf("reviewed at %v after a save at %v", got, T0)
	}
	t.Run("ConfirmChangesOnlyTheDate", func(t *testing.T) {
		before, err := s.FindEmergencyRecord(ctx, yearly.ID)
		must(t, err)
		later := T0.Add(time.Hour)
		must(t, s.ConfirmEmergencyRecord(ctx, yearly.ID, later))
		after, err := s.FindEmergencyRecord(ctx, yearly.ID)
		must(t, err)
		if !after.ReviewedAt.Equal(later) || !after.UpdatedAt.Equal(before.UpdatedAt) ||
			!bytes.Equal(after.PersonalInfo, before.PersonalInfo) || after.LastModified != before.LastModified {
			t.Fatalf("after confirming: %+v, before %+v", after, before)
		}
		putRecord(yearly, T0)
	})
	t.Run("ResealKeepsTheDate", func(t *testing.T) {
		r, err := s.FindEmergencyRecord(ctx, yearly.ID)
		must(t, err)
		resealed := *r
		resealed.UpdatedAt, resealed.ReviewedAt = T0.Add(time.Minute), T0.Add(time.Minute)
		wrote, err := s.ReplaceEmergencyRecord(ctx, &resealed, r.UpdatedAt)
		must(t, err)
		if got := reviewedAt(yearly); !wrote || !got.Equal(T0) {
			t.Fatalf("after re-sealing: wrote %v, reviewed at %v, want %v", wrote, got, T0)
		}
		putRecord(yearly, T0)
	})
	t.Run("ErrConfirmWithoutRecord", func(t *testing.T) {
		nobody := MustCreateUser(t, s, "norecord@example.com")
		wantCode(t, s.ConfirmEmergencyRecord(ctx, nobody.ID, T0), cloud.ENOTFOUND)
	})

	months, err := s.ReviewInterval(ctx, yearly.ID)
	must(t, err)
	if months != cloud.ReviewDefaultInterval {
		t.Fatalf("a new account's period is %d months, want %d", months, cloud.ReviewDefaultInterval)
	}
	half := MustCreateUser(t, s, "half@example.com")
	putRecord(half, T0)
	must(t, s.SetReviewInterval(ctx, half.ID, cloud.ReviewEverySixMonths))
	never := MustCreateUser(t, s, "never@example.com")
	putRecord(never, T0)
	must(t, s.SetReviewInterval(ctx, never.ID, cloud.ReviewNever))
	wantCode(t, s.SetReviewInterval(ctx, never.ID+1000, cloud.ReviewEveryYear), cloud.ENOTFOUND)

	// A day before six months nobody is due; at six months the half-yearly
	// one; at a year the yearly one too; the one who asked for none never.
	sixMonths, year := T0.AddDate(0, 6, 0), T0.AddDate(1, 0, 0)
	if got := dueAt(sixMonths.Add(-24 * time.Hour)); len(got) != 0 {
		t.Fatalf("due before six months: %v", got)
	}
	if got := dueAt(sixMonths); len(got) != 1 || got[0] != half.ID {
		t.Fatalf("due at six months: %v, want [%d]", got, half.ID)
	}
	if got := dueAt(year); len(got) != 2 || got[0] != yearly.ID || got[1] != half.ID {
		t.Fatalf("due at a year: %v, want [%d %d]", got, yearly.ID, half.ID)
	}

	reminder := &cloud.ReviewReminder{UserID: half.ID, PeriodStart: T0, SentAt: sixMonths,
		ConfirmTokenHash: []byte("confirm-half"), ConfirmExpiresAt: sixMonths.Add(cloud.ReviewConfirmLinkValidity),
		UnsubscribeTokenHash: []byte("unsubscribe-half"), UnsubscribeExpiresAt: sixMonths.Add(cloud.ReviewUnsubscribeLinkValidity)}
	created, err := s.CreateReviewReminder(ctx, reminder)
	must(t, err)
	if !created || reminder.ID == 0 {
		t.Fatalf("reminder not created: %v %+v", created, reminder)
	}
	t.Run("OneReminderAPeriod", func(t *testing.T) {
		again := *reminder
		again.ConfirmTokenHash, again.UnsubscribeTokenHash = []byte("confirm-again"), []byte("unsubscribe-again")
		created, err := s.CreateReviewReminder(ctx, &again)
		must(t, err)
		if created {
			t.Fatal("a second reminder for the same period was recorded")
		}
		if got := dueAt(year); len(got) != 1 || got[0] != yearly.ID {
			t.Fatalf("due at a year after reminding half: %v, want [%d]", got, yearly.ID)
		}
	})
	t.Run("FindAndUseLinks", func(t *testing.T) {
		byConfirm, err := s.FindReviewReminderByConfirmToken(ctx, []byte("confirm-half"))
		must(t, err)
		byUnsubscribe, err := s.FindReviewReminderByUnsubscribeToken(ctx, []byte("unsubscribe-half"))
		must(t, err)
		if byConfirm.ID != reminder.ID || byUnsubscribe.ID != reminder.ID || !byConfirm.PeriodStart.Equal(T0) ||
			!byConfirm.ConfirmExpiresAt.Equal(reminder.ConfirmExpiresAt) || byConfirm.ConfirmedAt != nil {
			t.Fatalf("found %+v and %+v, want %+v", byConfirm, byUnsubscribe, reminder)
		}
		_, err = s.FindReviewReminderByConfirmToken(ctx, []byte("unsubscribe-half"))
		wantCode(t, err, cloud.ENOTFOUND)
		used, err := s.UseReviewConfirmLink(ctx, reminder.ID, sixMonths)
		must(t, err)
		usedAgain, err := s.UseReviewConfirmLink(ctx, reminder.ID, sixMonths)
		must(t, err)
		if !used || usedAgain {
			t.Fatalf("used %v, then again %v: want once", used, usedAgain)
		}
		found, err := s.FindReviewReminderByConfirmToken(ctx, []byte("confirm-half"))
		must(t, err)
		if found.ConfirmedAt == nil || !found.ConfirmedAt.Equal(sixMonths) {
			t.Fatalf("confirmed at %v, want %v", found.ConfirmedAt, sixMonths)
		}
	})
	t.Run("AConfirmationStartsANewPeriod", func(t *testing.T) {
		must(t, s.ConfirmEmergencyRecord(ctx, half.ID, sixMonths))
		if got := dueAt(year.Add(-time.Hour)); len(got) != 0 {
			t.Fatalf("due an hour before a year: %v, want none", got)
		}
		if got := dueAt(year); len(got) != 2 || got[1] != half.ID {
			t.Fatalf("due six months after the confirmation: %v, want half's new period", got)
		}
	})
	t.Run("InactiveAndCorporateAreNotDue", func(t *testing.T) {
		must(t, s.DeletePersonalData(ctx, yearly.ID, year))
		if got := dueAt(year.AddDate(1, 0, 0)); len(got) != 1 || got[0] != half.ID {
			t.Fatalf("due after yearly deleted its record: %v, want [%d]", got, half.ID)
		}
	})
}
