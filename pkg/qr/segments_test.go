package qr

import (
	"fmt"
	"testing"

	"rsc.io/qr/coding"
)

func TestSegments(t *testing.T) {
	cases := []struct {
		text string
		want []coding.Encoding
	}{
		{"0123456789", []coding.Encoding{coding.Num("0123456789")}},
		{"HELLO WORLD", []coding.Encoding{coding.Alpha("HELLO WORLD")}},
		{"Blood Type: O+", []coding.Encoding{coding.String("Blood Type: O+")}}, // no run of 15
		{
			"🚨 EMERGENCY CONTACT INFORMATION 🚨\n\nName: Jo",
			[]coding.Encoding{coding.String("🚨"), coding.Alpha(" EMERGENCY CONTACT INFORMATION "), coding.String("🚨\n\nName: Jo")},
		},
		{"x\nMEDICAL INFORMATION:", []coding.Encoding{coding.String("x\n"), coding.Alpha("MEDICAL INFORMATION:")}},
	}
	for _, c := range cases {
		got := segments(c.text)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("segments(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Splitting never costs bits: at every version the segments take no more
// than the whole text in byte mode.
func TestSegmentsNeverLonger(t *testing.T) {
	texts := []string{
		"🚨 EMERGENCY CONTACT INFORMATION 🚨\n\nName: Jane Doe\nBlood Type: O+",
		"aaaaaaaaaaaaaaa AAAAAAAAAAAAAAA aaaaaaaaaaaaaaa",
		"Phone: +44 7700 900123 and +44 7700 900124",
	}
	for _, text := range texts {
		for v := coding.Version(coding.MinVersion); v <= coding.MaxVersion; v++ {
			if mixed, plain := dataBits(segments(text), v), coding.String(text).Bits(v); mixed > plain {
				t.Errorf("version %d, %q: %d bits split, %d whole", v, text, mixed, plain)
			}
		}
	}
}

// The mode tests are the byte sets coding encodes: every byte is a digit
// or an alphanumeric-mode character for segments exactly when coding's
// Check accepts it.
func TestModeCharacterSets(t *testing.T) {
	for b := range 256 {
		s := string([]byte{byte(b)})
		if got, want := isDigit(byte(b)), coding.Num(s).Check() == nil; got != want {
			t.Errorf("byte %#x: isDigit %v, coding.Num accepts it: %v", b, got, want)
		}
		if got, want := isAlpha(byte(b)), coding.Alpha(s).Check() == nil; got != want {
			t.Errorf("byte %#x: isAlpha %v, coding.Alpha accepts it: %v", b, got, want)
		}
	}
}
