package sheet_test

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// BenchmarkRender1000 is the benchmark: 1,000 distinct level-H
// helmet labels on Avery 5163 in one PDF (scripts/bench/sheet.sh times the
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

// BenchmarkRenderIntl1000 is the same with names in thirteen scripts
// (samples.IntlNames), shaped and drawn from the Noto fonts.
func BenchmarkRenderIntl1000(b *testing.B) {
	tp, err := labels.MustBuiltin().Find("Avery 5163")
	if err != nil {
		b.Fatal(err)
	}
	items := samples.IntlLabels(1000)
	for b.Loop() {
		if err := sheet.Render(io.Discard, tp, items, sheet.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// The benchmark's file prints: its first, middle and last sheets, rasterised
// anti-aliased at 300 and at 600 DPI as print drivers do, decode label by
// label to their own payloads.
func TestRender1000Decodes(t *testing.T) {
	longProof(t)
	tp, err := labels.MustBuiltin().Find("Avery 5163")
	if err != nil {
		t.Fatal(err)
	}
	items := samples.Labels(1000)
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, tp, items, sheet.Options{}); err != nil {
		t.Fatal(err)
	}
	positions := tp.Positions()
	for _, dpi := range []int{300, 600} {
		var files, want []string
		dir := t.TempDir()
		for _, page := range []int{1, 50, 100} {
			img := rasterisePages(t, pdf.Bytes(), dpi, page, page)[0]
			for slot, p := range positions {
				file := filepath.Join(dir, fmt.Sprintf("p%03d-%02d.pgm", page, slot))
				if err := writePGM(file, cropAt(img, p, dpi)); err != nil {
					t.Fatal(err)
				}
				files = append(files, file)
				want = append(want, items[(page-1)*len(positions)+slot].Payload)
			}
		}
		got := decodeImages(t, files, want)
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%d DPI: %s did not decode to its payload", dpi, filepath.Base(files[i]))
			}
		}
	}
	t.Logf("1,000 labels: %d bytes of PDF", pdf.Len())
}
