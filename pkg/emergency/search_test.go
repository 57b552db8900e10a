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
