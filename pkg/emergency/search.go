package emergency

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// lettersWithoutMarks spells, in lower case, the letters that Unicode does
// not decompose into a base letter and a mark, the way someone typing
// without them would: "lukasz" for "Łukasz", "soren" for "Søren". The
// final sigma is the sigma, because JavaScript's lower case writes it at
// the end of a word and Go's never does.
var lettersWithoutMarks = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ð': "d", 'ħ': "h", 'ŧ': "t", 'ı': "i",
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ς': "σ",
}

// FoldForSearch is s as a search of names compares it, so that a search
// typed without accents or in any case finds the name ("nunez" and "NÚÑEZ"
// find "José Núñez"): the letters taken apart from their accents (NFKD),
// the accents (non-spacing marks) dropped, lower case, and the letters that
// have no accent to drop spelt out (lettersWithoutMarks). The cloud keeps
// each library name folded and folds the search the same way; the
// TypeScript twin (frontend/src/lib/emergency/search.ts) folds in the
// browser, proven alike by testdata/search-fold.json.
func FoldForSearch(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(withoutMarks(s)) {
		if plain, ok := lettersWithoutMarks[r]; ok {
			b.WriteString(plain)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutMarks is s decomposed with its non-spacing marks (accents) dropped.
func withoutMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
