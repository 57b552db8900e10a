package sheet

import (
	"testing"
	"unicode/utf8"
)

// Printable only tidies white space and bad bytes: every character is
// kept, for the shaper to draw or to show as U+FFFD.
func TestPrintableKeepsEveryCharacter(t *testing.T) {
	cases := map[string]string{
		"Zoë 🚑 Łukasz":            "Zoë 🚑 Łukasz",
		"  Siobhán\tÓ\n Dálaigh ": "Siobhán Ó Dálaigh",
		"bad \xff byte":           "bad byte",
		"🚨🚨🚨":                     "🚨🚨🚨",
		"Ñandú · ICE":             "Ñandú · ICE",
		"王小明\u00a0 محمد":          "王小明 محمد",
	}
	for in, want := range cases {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// runeWidth measures one unit per character, so the tests can count.
type runeWidth struct{}

func (runeWidth) SetFont(string, string, float64) {}
func (runeWidth) GetStringWidth(s string) float64 { return float64(utf8.RuneCountInString(s)) }
func (runeWidth) Text(float64, float64, string)   {}
func (runeWidth) SetTextColor(int, int, int)      {}

func TestTruncate(t *testing.T) {
	if got := truncate(runeWidth{}, "abcdef", 4); got != "abc…" {
		t.Errorf("truncate = %q", got)
	}
	if got := truncate(runeWidth{}, "abc", 4); got != "abc" {
		t.Errorf("truncate of a fitting text = %q", got)
	}
}
