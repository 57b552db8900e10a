package sheet_test

import (
	"io"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// BenchmarkRender1000 is the benchmark: 1,000 distinct level-H
// helmet labels on Avery 5163 in one PDF (scripts/bench-sheet.sh times the
// same through the CLI).
func BenchmarkRender1000(b *testing.B) {
	tp, err := labels.MustBuiltin().Find("Avery 5163")
	if err != nil {
		b.Fatal(err)
	}
	items := samples.Labels(1000)
	for b.Loop() {
		if err := sheet.Render(io.Discard, tp, items, sheet.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
