package sheet_test

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// The proofs rasterise like an ordinary print driver: 300 DPI, anti-aliased.
const proofDPI = 300

// positionTolerance is how far (mm) a label may sit from the catalogue.
const positionTolerance = 0.1

// Totals over the whole proof, reported at the end.
var provedLabels, provedSheets atomic.Int64

// proveSheet renders items on t, reads every label's position back from
// the PDF and checks it against the catalogue, then rasterises each page at
// 300 DPI and decodes every label's area: each must hold exactly its own
// payload.
func proveSheet(t *testing.T, tp *labels.Template, items []sheet.Label, o sheet.Options) {
	t.Helper()
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, tp, items, o); err != nil {
		t.Fatalf("render: %v", err)
	}
	copies, start := max(o.Copies, 1), max(o.Start, 1)

	// Where each printed label should be: page, slot and payload.
	type want struct {
		page    int
		pos     labels.Rect
		payload string
	}
	positions := tp.Positions()
	var wants []want
	slot, page := start-1, 0
	for _, it := range items {
		for range copies {
			if slot == len(positions) {
				slot, page = 0, page+1
			}
			p := positions[slot]
			p.X += o.OffsetX
			p.Y += o.OffsetY
			wants = append(wants, want{page, p, it.Payload})
			slot++
		}
	}
	pages := page + 1

	// Geometry, read back from the PDF itself.
	drawn := readBack(t, pdf.Bytes(), pages, tp.PageHeight)
	n := 0
	for p, labelsOnPage := range drawn {
		for _, d := range labelsOnPage {
			if n >= len(wants) {
				t.Fatalf("the PDF holds more labels than the %d printed", len(wants))
			}
			w := wants[n]
			n++
			if p != w.page || math.Abs(d.X-w.pos.X) > positionTolerance || math.Abs(d.Y-w.pos.Y) > positionTolerance {
				t.Errorf("label %d: drawn on page %d at (%.3f, %.3f) mm, catalogue says page %d at (%.3f, %.3f)",
					n, p+1, d.X, d.Y, w.page+1, w.pos.X, w.pos.Y)
			}
			if d.Module < sheet.MinModule {
				t.Errorf("label %d: module %.3f mm is under the %.2f mm minimum", n, d.Module, sheet.MinModule)
			}
			if !insideLabel(tp.Label, d) {
				t.Errorf("label %d: QR code at (%.2f, %.2f) %.2f x %.2f mm is not inside the %s label %.2f x %.2f mm",
					n, d.QRX, d.QRY, d.QRW, d.QRH, tp.Label.Shape, tp.Label.Width, tp.Label.Height)
			}
		}
	}
	if n != len(wants) {
		t.Fatalf("the PDF holds %d labels, want %d", n, len(wants))
	}

	// Decoding: crop each label's area from the 300 DPI raster.
	images := rasterise(t, pdf.Bytes(), proofDPI)
	if len(images) != pages {
		t.Fatalf("rasterised %d pages, want %d", len(images), pages)
	}
	dir := t.TempDir()
	files := make([]string, len(wants))
	for i, w := range wants {
		files[i] = filepath.Join(dir, fmt.Sprintf("label-%04d.pgm", i))
		if err := writePGM(files[i], crop(images[w.page], w.pos)); err != nil {
			t.Fatal(err)
		}
	}
	payloads := make([]string, len(wants))
	for i, w := range wants {
		payloads[i] = w.payload
	}
	got := decodeImages(t, files, payloads)
	decoded := 0
	for i, w := range wants {
		if got[i] != w.payload {
			t.Errorf("label %d (page %d at %.1f, %.1f mm) did not decode to its payload", i+1, w.page+1, w.pos.X, w.pos.Y)
			continue
		}
		decoded++
	}
	provedLabels.Add(int64(decoded))
	provedSheets.Add(int64(pages))
	t.Logf("%s: %d of %d labels decoded on %d sheet(s), %d bytes of PDF", tp.Name(), decoded, len(wants), pages, pdf.Len())
}

// crop cuts a label's bounding box out of a page raster, rounded outwards
// to whole pixels and clipped to the page.
func crop(page *image.Gray, r labels.Rect) *image.Gray {
	px := func(mm float64) float64 { return mm / 25.4 * proofDPI }
	rect := image.Rect(
		int(math.Floor(px(r.X))), int(math.Floor(px(r.Y))),
		int(math.Ceil(px(r.X+r.W))), int(math.Ceil(px(r.Y+r.H))),
	).Intersect(page.Bounds())
	return page.SubImage(rect).(*image.Gray)
}

// insideLabel reports whether the drawn code lies within the label's shape.
func insideLabel(l labels.Label, d placed) bool {
	const eps = 1e-6
	x0, y0, x1, y1 := d.QRX, d.QRY, d.QRX+d.QRW, d.QRY+d.QRH
	if d.QRW <= 0 || x0 < -eps || y0 < -eps || x1 > l.Width+eps || y1 > l.Height+eps {
		return false
	}
	cx, cy := l.Width/2, l.Height/2
	corners := [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
	switch l.Shape {
	case labels.Round, labels.CD:
		for _, c := range corners {
			if math.Hypot(c[0]-cx, c[1]-cy) > l.Radius+eps {
				return false
			}
		}
		if l.Shape == labels.CD {
			// The hole must not touch the square: its nearest point to the
			// centre lies outside the hole.
			nx := math.Max(x0, math.Min(cx, x1))
			ny := math.Max(y0, math.Min(cy, y1))
			if math.Hypot(nx-cx, ny-cy) < l.HoleRadius {
				return false
			}
		}
	case labels.Ellipse:
		a, b := l.Width/2, l.Height/2
		for _, c := range corners {
			dx, dy := (c[0]-cx)/a, (c[1]-cy)/b
			if dx*dx+dy*dy > 1+eps {
				return false
			}
		}
	}
	return true
}

// fullSheet makes one sheet of distinct payloads, each as long as the
// labels hold at level H (at most a real record's length).
func fullSheet(t *testing.T, tp *labels.Template) []sheet.Label {
	t.Helper()
	maxModules := sheet.MaxModules(tp, 0)
	items := samples.Labels(tp.PerSheet())
	for i := range items {
		full := fmt.Sprintf("Label %d of %s\n%s", i+1, tp.Name(), items[i].Payload)
		items[i].Payload = longestFitting(full, maxModules)
		if items[i].Payload == "" {
			t.Fatalf("%s: no payload fits a %d-module code", tp.Name(), maxModules)
		}
	}
	return items
}

// longestFitting cuts text (at a character boundary) to the longest prefix
// whose level-H code is at most maxModules wide.
func longestFitting(text string, maxModules int) string {
	return longestFittingAt(text, maxModules, qr.H)
}

// longestFittingAt is longestFitting at level.
func longestFittingAt(text string, maxModules int, level qr.Level) string {
	fits := func(n int) bool {
		c, err := qr.Encode(text[:n], level)
		return err == nil && c.Size <= maxModules
	}
	if fits(len(text)) {
		return text
	}
	lo, hi := 0, len(text) // fits(lo) or lo == 0; !fits(hi)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	for lo > 0 && !utf8.ValidString(text[:lo]) {
		lo--
	}
	return text[:lo]
}

func TestProofPresets(t *testing.T) {
	cat := labels.MustBuiltin()
	for _, p := range labels.Presets {
		tp, err := cat.Preset(p.Kind, p.Paper)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(string(p.Kind)+"-"+string(p.Paper), func(t *testing.T) {
			t.Parallel()
			items := samples.Labels(tp.PerSheet())
			// Presets print full records: every payload must fit whole.
			proveSheet(t, tp, items, sheet.Options{})
		})
	}
}

// TestProofOptions proves the options that move labels: a start position
// on a partly used sheet, copies running onto a second sheet, a
// calibration offset and the outline mode.
func TestProofOptions(t *testing.T) {
	tp, err := labels.MustBuiltin().Find("Avery 5163")
	if err != nil {
		t.Fatal(err)
	}
	items := samples.Labels(4)
	for i := range items {
		items[i].Name += " 🚑" // dropped from the print, never from the code
	}
	proveSheet(t, tp, items, sheet.Options{Start: 7, Copies: 2, OffsetX: 0.8, OffsetY: -0.6, Outline: true, DPI: sheet.HighDPI})
}

// proofSampleSize is how many catalogue sheets the proof prints.
const proofSampleSize = 64

// TestProofCatalogueSample prints a full sheet on catalogue entries chosen
// across brands and shapes, with a fixed seed so every run proves the same.
func TestProofCatalogueSample(t *testing.T) {
	for _, tp := range sampleCatalogue(t, proofSampleSize) {
		t.Run(tp.Name(), func(t *testing.T) {
			t.Parallel()
			proveSheet(t, tp, fullSheet(t, tp), sheet.Options{})
		})
	}
}

// sampleCatalogue picks n sheets whose labels hold a useful code (at least
// version 3, 29 modules), taking brand and shape pairs in turn so every
// brand and every shape is reached before any pair repeats.
func sampleCatalogue(t *testing.T, n int) []*labels.Template {
	cat := labels.MustBuiltin()
	groups := map[string][]*labels.Template{}
	var keys []string
	for _, tp := range cat.Templates {
		if tp.Equiv != "" || sheet.MaxModules(tp, 0) < 29 || !onPage(tp) {
			continue // an equivalent repeats its base's geometry
		}
		k := tp.Brand + "/" + string(tp.Label.Shape)
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], tp)
	}
	sort.Strings(keys)
	rng := rand.New(rand.NewPCG(3, 2026))
	for _, k := range keys {
		g := groups[k]
		rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
	}
	var picked []*labels.Template
	shapes := map[labels.Shape]bool{}
	for round := 0; len(picked) < n; round++ {
		added := false
		for _, k := range keys {
			if round < len(groups[k]) && len(picked) < n {
				tp := groups[k][round]
				picked = append(picked, tp)
				shapes[tp.Label.Shape] = true
				added = true
			}
		}
		if !added {
			break
		}
	}
	if len(picked) < n {
		t.Fatalf("only %d printable sheets in the catalogue, want %d", len(picked), n)
	}
	for _, s := range []labels.Shape{labels.Rectangle, labels.Round, labels.Ellipse, labels.CD} {
		if !shapes[s] {
			t.Errorf("the sample has no %s sheet", s)
		}
	}
	return picked
}

// onPage reports whether every label of t lies on its page; a few database
// entries put labels past the edge, where no printer prints.
func onPage(t *labels.Template) bool {
	for _, p := range t.Positions() {
		if p.X < 0 || p.Y < 0 || p.X+p.W > t.PageWidth || p.Y+p.H > t.PageHeight {
			return false
		}
	}
	return true
}

// TestMain reports the proof's totals, the figures the issue asks for.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := provedLabels.Load(); n > 0 {
		fmt.Printf("decode proof: %d labels decoded on %d sheets\n", n, provedSheets.Load())
	}
	os.Exit(code)
}
