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

// TestLatinSpellingFindsOtherScripts: a name written in Chinese, Arabic or
// Cyrillic is found by what an English keyboard types for it, and not by
// what it does not sound like.
func TestLatinSpellingFindsOtherScripts(t *testing.T) {
	for _, c := range []struct {
		name   string
		finds  []string
		misses []string
	}{
		{"王秀英", []string{"Wang Xiuying", "xiuying wang", "WANG", "wangxiu"}, []string{"Li Na", "Wang Fang"}},
		{"محمد", []string{"Muhammad", "Mohammed", "mohamad", "muh"}, []string{"Ahmed", "Ali"}},
		{"مُحَمَّد العتيبي", []string{"Muhammad al-Otaibi", "Otaibi", "mohammed"}, []string{"Khalid"}},
		{"أحمد", []string{"Ahmed", "Ahmad"}, []string{"Muhammad"}},
		{"عبد الله", []string{"Abdullah", "Abd Allah"}, []string{"Abdulaziz"}},
		{"Дмитрий Иванов", []string{"Dmitrii", "ivanov"}, []string{"Ivan Petrov"}},
	} {
		latin := emergency.LatinForSearch(c.name)
		for _, s := range c.finds {
			if !emergency.MatchesLatin(latin, s) {
				t.Errorf("%q (%q) not found by %q", c.name, latin, s)
			}
		}
		for _, s := range c.misses {
			if emergency.MatchesLatin(latin, s) {
				t.Errorf("%q (%q) found by %q", c.name, latin, s)
			}
		}
	}
	// A name a Latin keyboard types already needs no second spelling.
	for _, name := range []string{"José Núñez", "Łukasz Wiśniewski", "Nguyễn Văn An", "Søren O'Brien-Smith"} {
		if got := emergency.LatinForSearch(name); got != "" {
			t.Errorf("LatinForSearch(%q) = %q, want none", name, got)
		}
	}
}
