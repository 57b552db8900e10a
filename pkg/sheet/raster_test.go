package sheet_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/scantest"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// The pages drawn as pictures (for the Windows spooler) are the PDF's
// pages: as many, every code decodes, and each page's ink lies where the
// PDF's does, within one pixel at 150 dpi; an Arabic name's line carries
// about the same ink in both.
func TestPagesDrawWhatThePDFPrints(t *testing.T) {
	tp := avery(t, "5163")
	items := samples.Labels(tp.PerSheet() + 3) // a second, part-filled page
	items[0].Name = "محمد علي"
	o := sheet.Options{Start: 2}
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, tp, items, o); err != nil {
		t.Fatal(err)
	}
	pages, err := sheet.NewPages(tp, items, o)
	if err != nil {
		t.Fatal(err)
	}
	if pages.Len() != 2 {
		t.Fatalf("%d pages, want 2", pages.Len())
	}
	const dpi = 150
	want := rasterisePages(t, pdf.Bytes(), dpi, 1, 2)
	var decoded []string
	for i := range pages.Len() {
		got := pages.Draw(i, dpi)
		if got.Bounds().Size() != want[i].Bounds().Size() {
			t.Fatalf("page %d is %v px, the PDF's %v", i+1, got.Bounds().Size(), want[i].Bounds().Size())
		}
		g, w := inkBox(got), inkBox(want[i])
		if d := g.Min.Sub(w.Min); abs(d.X) > 1 || abs(d.Y) > 1 {
			t.Errorf("page %d: ink starts at %v, the PDF's at %v", i+1, g.Min, w.Min)
		}
		if d := g.Max.Sub(w.Max); abs(d.X) > 1 || abs(d.Y) > 1 {
			t.Errorf("page %d: ink ends at %v, the PDF's at %v", i+1, g.Max, w.Max)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, pages.Draw(i, 300)); err != nil {
			t.Fatal(err)
		}
		decoded = append(decoded, scantest.DecodePNG(t, buf.Bytes()))
	}
	all := strings.Join(decoded, "\n")
	for _, it := range items {
		if !strings.Contains(all, it.Payload) {
			t.Errorf("a code does not decode from the pictures: %.40q…", it.Payload)
		}
	}

	// The first label (position 2) has the Arabic name.
	var name sheet.DesignLine
	for _, l := range sheet.DesignFor(tp.Label).Lines {
		if l.Role == sheet.RoleName {
			name = l
		}
	}
	p := tp.Positions()[1]
	px := func(mm float64) int { return int(mm / 25.4 * dpi) }
	box := image.Rect(px(p.X+name.X), px(p.Y+name.Baseline-name.Pt*25.4/72), px(p.X+name.X+name.Width), px(p.Y+name.Baseline+0.35*name.Pt*25.4/72))
	gotInk, wantInk := darkIn(pages.Draw(0, dpi), box), darkIn(want[0], box)
	if wantInk < 50 || abs(gotInk-wantInk) > wantInk/5 {
		t.Errorf("the Arabic name has %d dark pixels drawn, %d in the PDF", gotInk, wantInk)
	}
}

func darkIn(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if dark(img, x, y) {
				n++
			}
		}
	}
	return n
}
