package emergency_test

import (
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
)

type searchFoldVector struct {
	Name   string
	Input  string
	Folded string
}

// TestSearchFoldVectors: the one folding of names for search, case for case
// as in the TypeScript twin.
func TestSearchFoldVectors(t *testing.T) {
	for _, c := range loadVectors[searchFoldVector](t, "testdata/search-fold.json") {
		t.Run(c.Name, func(t *testing.T) {
			if got := emergency.FoldForSearch(c.Input); got != c.Folded {
				t.Errorf("FoldForSearch(%+q) = %+q, want %+q", c.Input, got, c.Folded)
			}
		})
	}
}

type latinSearchVector struct {
	Name   string
	Latin  string
	Finds  []string
	Misses []string
}

// TestLatinSpellingFindsOtherScripts: a name written in Chinese, Arabic or
// Cyrillic is found by what an English keyboard types for it, and not by
// what it does not sound like; a name in Latin letters needs no second
// spelling. The TypeScript twin matches the same spellings alike.
func TestLatinSpellingFindsOtherScripts(t *testing.T) {
	for _, c := range loadVectors[latinSearchVector](t, "testdata/latin-search.json") {
		latin := emergency.LatinForSearch(c.Name)
		if latin != c.Latin {
			t.Errorf("LatinForSearch(%q) = %q, want %q", c.Name, latin, c.Latin)
		}
		for _, s := range c.Finds {
			if !emergency.MatchesLatin(latin, s) {
				t.Errorf("%q (%q) not found by %q", c.Name, latin, s)
			}
		}
		for _, s := range c.Misses {
			if emergency.MatchesLatin(latin, s) {
				t.Errorf("%q (%q) found by %q", c.Name, latin, s)
			}
		}
	}
}
