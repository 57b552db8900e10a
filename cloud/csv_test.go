package cloud_test

import (
	"testing"

	"github.com/lifetag/lifetag/cloud"
)

func TestCSVCell(t *testing.T) {
	for v, want := range map[string]string{
		"":         "",
		"Jane":     "Jane",
		"=1+1":     "'=1+1",
		"+44 7700": "'+44 7700",
		"-5":       "'-5",
		"@SUM(A1)": "'@SUM(A1)",
		"\t=1":     "'\t=1",
		"\r=1":     "'\r=1",
		"'quoted":  "'quoted",
		"a=b":      "a=b",
	} {
		got := cloud.CSVCell(v)
		if got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", v, got, want)
		}
		if back := cloud.CSVCellValue(got); back != v {
			t.Errorf("CSVCellValue(CSVCell(%q)) = %q", v, back)
		}
	}
}

// Dates are read day first except where they are written month first.
func TestDayFirstDates(t *testing.T) {
	for country, want := range map[string]bool{"United Kingdom": true, "UK": true, "Ireland": true, "": true,
		"United States": false, " usa ": false, "US": false} {
		if got := (&cloud.Organization{Country: country}).DayFirstDates(); got != want {
			t.Errorf("%q: day first %v, want %v", country, got, want)
		}
	}
}
