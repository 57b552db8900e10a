package cloud

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// lettersWithoutMarks spells, in lower case, the letters that Unicode does
// not decompose into a base letter and a mark, the way someone typing
// without them would: "lukasz" for "Łukasz", "soren" for "Søren".
var lettersWithoutMarks = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ð': "d", 'ħ': "h", 'ŧ': "t", 'ı': "i",
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th",
}

// FoldForSearch is s as the library's search compares it, so that a search
// typed without accents or in any case finds the name ("nunez" and "NÚÑEZ"
// find "José Núñez"): the letters taken apart from their accents (NFKD),
// the accents dropped, lower case, and the letters that have no accent to
// drop spelt out (lettersWithoutMarks). The store keeps each name folded and
// folds the search the same way.
func FoldForSearch(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(stripMarks(s)) {
		if plain, ok := lettersWithoutMarks[r]; ok {
			b.WriteString(plain)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// stripMarks is s decomposed with its combining marks (accents) dropped.
func stripMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
