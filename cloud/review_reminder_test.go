package cloud

import (
	"testing"
	"time"
)

// A record is due on the same day and time of day months later, or, where
// that month has no such day, at the end of the month.
func TestReviewCutoffs(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct{ now, six, year string }{
		{"2026-09-03T12:00:00Z", "2026-03-03T12:00:00Z", "2025-09-03T12:00:00Z"},
		{"2026-08-31T12:00:00Z", "2026-02-28T23:59:59.999999Z", "2025-08-31T12:00:00Z"},
		{"2028-02-29T08:00:00Z", "2027-08-29T08:00:00Z", "2027-02-28T23:59:59.999999Z"},
	} {
		got := CutoffsAt(at(c.now))
		if !got.SixMonths.Equal(at(c.six)) || !got.Year.Equal(at(c.year)) {
			t.Errorf("at %s: six months %v, a year %v; want %s and %s", c.now, got.SixMonths, got.Year, c.six, c.year)
		}
	}
}
