package labels_test

import (
	"math"
	"os"
	"testing"
	"testing/fstest"

	"github.com/lifetag/lifetag/pkg/labels"
)

// FuzzLoad: a gLabels templates file, however broken, loads (beside the real
// paper sizes) or is refused, never panics, and every template it yields has
// finite geometry, a page and labels of positive size, and whole layouts.
//
//	go test ./labels -run '^$' -fuzz FuzzLoad -fuzztime 1m
func FuzzLoad(f *testing.F) {
	papers, err := os.ReadFile("templates/paper-sizes.xml")
	if err != nil {
		f.Fatal(err)
	}
	// Small seeds: the fuzzer minimises each new input it finds interesting,
	// which takes long on a large one.
	f.Add([]byte(`<Glabels-templates><Template brand="Avery" part="3274.1" size="US-Letter" _description="Square Labels"><Meta category="label"/><Label-rectangle id="0" width="2.5in" height="2.5in" round="0"><Markup-margin size="0.0625in"/><Layout nx="3" ny="3" x0="0.3125in" y0="1.25in" dx="2.6875in" dy="3in"/></Label-rectangle></Template><Template brand="Avery" part="3111" equiv="3274.1"/></Glabels-templates>`))
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="1" size="A4"><Label-rectangle width="2in" height="1in"><Layout nx="2" ny="3" x0="0" y0="0" dx="2in" dy="1in"/></Label-rectangle></Template></Glabels-templates>`))
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="2" size="Other" width="NaN" height="-1in"><Label-round radius="Inf"><Layout nx="1" ny="1"/></Label-round></Template><Template brand="X" part="3" equiv="2"/></Glabels-templates>`))
	// Once loaded: ParseFloat reads "NaN" and "Inf", and nothing refused a
	// page of no size.
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="5" size="Other" width="NaN" height="11in"><Label-rectangle width="2in" height="1in"><Layout nx="1" ny="1"/></Label-rectangle></Template></Glabels-templates>`))
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="6" size="Other" width="8.5in" height="-1in"><Label-rectangle width="2in" height="infmm"><Layout nx="1" ny="1"/></Label-rectangle></Template></Glabels-templates>`))
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="7" size="Other" width="0" height="11in"><Label-rectangle width="2in" height="1in"><Layout nx="1" ny="1"/></Label-rectangle></Template></Glabels-templates>`))
	f.Add([]byte(`<Glabels-templates><Template brand="X" part="4" size="A4"><Label-cd radius="2in" hole="0.5in" width="3in"><Markup-margin size="1mm"/><Layout nx="1" ny="2" dy="4in"/></Label-cd></Template></Glabels-templates>`))
	f.Fuzz(func(t *testing.T, templates []byte) {
		c, err := labels.Load(fstest.MapFS{
			"paper-sizes.xml":    {Data: papers},
			"fuzz-templates.xml": {Data: templates},
		})
		if err != nil {
			return
		}
		for _, tp := range c.Search("") {
			finite := []float64{tp.PageWidth, tp.PageHeight, tp.Label.Width, tp.Label.Height,
				tp.Label.Radius, tp.Label.HoleRadius, tp.Label.CornerRadius, tp.Label.Margin}
			for _, l := range tp.Layouts {
				if l.Cols < 1 || l.Rows < 1 {
					t.Fatalf("%s: layout of %d x %d", tp.Name(), l.Cols, l.Rows)
				}
				finite = append(finite, l.X0, l.Y0, l.DX, l.DY)
			}
			for _, v := range finite {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s: a length is %v: %+v", tp.Name(), v, tp)
				}
			}
			if tp.PageWidth <= 0 || tp.PageHeight <= 0 || tp.Label.Width <= 0 || tp.Label.Height <= 0 || len(tp.Layouts) == 0 {
				t.Fatalf("%s: page %g x %g, label %g x %g, %d layouts", tp.Name(), tp.PageWidth, tp.PageHeight,
					tp.Label.Width, tp.Label.Height, len(tp.Layouts))
			}
		}
	})
}

// FuzzCustomTemplate: any custom size (the website's form, the label API,
// labelsheet -custom) is refused or laid out as exactly Count labels of its
// size, inside the page, none overlapping another.
//
//	go test ./labels -run '^$' -fuzz FuzzCustomTemplate -fuzztime 1m
func FuzzCustomTemplate(f *testing.F) {
	f.Add(70.0, 50.0, 10, 2, 5, false)
	f.Add(101.6, 50.8, 10, 2, 5, true)
	f.Add(250.0, 250.0, 1, 1, 1, false)
	f.Add(70.0, 50.0, 100, 10, 20, true)
	f.Add(math.NaN(), 50.0, 7, 3, 3, false)
	f.Add(100.0, math.Inf(1), 1, 1, 1, true)
	f.Add(71.5, 53.25, 7, 3, 1, false)
	cat := labels.MustBuiltin()
	f.Fuzz(func(t *testing.T, width, height float64, count, cols, rows int, a4 bool) {
		size := labels.Letter
		if a4 {
			size = labels.A4
		}
		paper, err := cat.Paper(size)
		if err != nil {
			t.Fatal(err)
		}
		c := labels.Custom{Width: width, Height: height, Count: count, Cols: cols, Rows: rows}
		tp, err := c.Template(paper)
		if err != nil {
			return
		}
		rects := tp.Positions()
		if len(rects) != count || tp.PerSheet() != count {
			t.Fatalf("%+v: %d labels placed, want %d", c, len(rects), count)
		}
		const slack = 1e-6 // mm; positions are rounded to 0.01 mm
		for i, r := range rects {
			if r.W != width || r.H != height {
				t.Fatalf("%+v: label %d is %g x %g", c, i, r.W, r.H)
			}
			if !(r.X >= -slack && r.Y >= -slack && r.X+r.W <= paper.Width+slack && r.Y+r.H <= paper.Height+slack) {
				t.Fatalf("%+v: label %d at %+v is off the %g x %g page", c, i, r, paper.Width, paper.Height)
			}
			for j, s := range rects[:i] {
				if r.X < s.X+s.W-slack && s.X < r.X+r.W-slack && r.Y < s.Y+s.H-slack && s.Y < r.Y+r.H-slack {
					t.Fatalf("%+v: labels %d %+v and %d %+v overlap", c, j, s, i, r)
				}
			}
		}
	})
}
