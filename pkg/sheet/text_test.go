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

// runeWidth measures one em per character, so the tests can count.
func runeWidth(text string, bold bool) (width, top, bottom float64) {
	return float64(utf8.RuneCountInString(text)), 0, 0
}

func TestEllipsize(t *testing.T) {
	if got := ellipsize("abcdef", false, 4, runeWidth); got != "abc…" {
		t.Errorf("ellipsize = %q", got)
	}
	if got := ellipsize("abc", false, 4, runeWidth); got != "abc" {
		t.Errorf("ellipsize of a fitting text = %q", got)
	}
	if got := ellipsize("ab cdef", false, 4, runeWidth); got != "ab…" {
		t.Errorf("ellipsize before a space = %q", got)
	}
}
