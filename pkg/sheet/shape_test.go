package sheet

import (
	"testing"
	"unicode/utf8"
)

// FuzzShape: any text shapes without a panic (the bidi and shaping
// libraries included), shows every character or U+FFFD for it (joiners and
// selectors of a replaced character aside), and draws within its width.
//
//	go test ./sheet -run '^$' -fuzz FuzzShape -fuzztime 1m
func FuzzShape(f *testing.F) {
	for _, s := range []string{"محمد (علي) 123 [x] «דוד» ٣٤٥", "\u0301a\u0301", "👨\u200d👩\u200d👧", "\u202bأ\u202c Nguyễn",
		"स्त्री ฤๅษี", "王小明\u200c김민준\U000E0100", "((([[[", "\U00020000\U0002A6D6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text := Printable(s)
		sh := shapeText(text, len(s)%2 == 0)
		if n, m := utf8.RuneCountInString(sh.text), utf8.RuneCountInString(text); n > m {
			t.Fatalf("%q shows as %q, longer", text, sh.text)
		}
		if utf8.RuneCountInString(sh.visual) != utf8.RuneCountInString(sh.text) {
			t.Fatalf("visual %q and logical %q differ in length", sh.visual, sh.text)
		}
		if sh.width < 0 {
			t.Fatalf("%q: width %v", text, sh.width)
		}
	})
}
