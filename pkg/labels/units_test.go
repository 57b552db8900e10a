package labels

import (
	"math"
	"testing"
)

func TestParseLength(t *testing.T) {
	cases := map[string]float64{
		"1in": 25.4, "0.5in": 12.7, "3.2mm": 3.2, "1.5cm": 15, "72pt": 25.4, "72": 25.4, " 36 ": 12.7, "0": 0,
	}
	for in, want := range cases {
		got, err := parseLength(in)
		if err != nil || math.Abs(got-want) > 1e-9 {
			t.Errorf("parseLength(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "in", "3furlong", "x", "NaN", "Inf", "-Infmm", "1e400in"} {
		if _, err := parseLength(bad); err == nil {
			t.Errorf("parseLength(%q) must fail", bad)
		}
	}
}
