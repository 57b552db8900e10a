package cloud

import (
	"testing"
	"time"
)

// A code is current, then due in the last 30 days of its period, then
// overdue once the period has passed since it was last confirmed.
func TestReviewState(t *testing.T) {
	now := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		reviewed time.Time
		months   int
		want     string
	}{
		{now, 12, CodeReviewCurrent},
		{now.AddDate(0, -11, 0), 12, CodeReviewCurrent}, // 12 months end in about a month
		{now.AddDate(-1, 0, 0).Add(ReviewDueWindow + time.Second), 12, CodeReviewCurrent},
		{now.AddDate(-1, 0, 0).Add(ReviewDueWindow - time.Second), 12, CodeReviewDue},
		{now.AddDate(-1, 0, 0).Add(time.Second), 12, CodeReviewDue},
		{now.AddDate(-1, 0, 0).Add(-time.Second), 12, CodeReviewOverdue},
		{now.AddDate(0, -7, 0), 6, CodeReviewOverdue},
		{now.AddDate(0, -7, 0), 24, CodeReviewCurrent},
		{now.AddDate(0, -23, -10), 24, CodeReviewDue},
	} {
		if got := CodeReviewState(c.reviewed, c.months, now); got != c.want {
			t.Errorf("reviewed %s, every %d months: %s at %s, want %s", c.reviewed, c.months, got, now, c.want)
		}
	}
}

// An organisation that chose no period (or one no longer offered) has the default.
func TestReviewPeriodDefault(t *testing.T) {
	for months, want := range map[int]int{0: 12, 6: 6, 24: 24, 7: 12} {
		if got := (&Organization{ReviewPeriodMonths: months}).ReviewPeriod(); got != want {
			t.Errorf("period %d reads %d, want %d", months, got, want)
		}
	}
}
