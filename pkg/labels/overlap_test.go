package labels_test

import (
	"errors"
	"math"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
)

// No sheet in the catalogue prints two labels in one place: every pair of
// positions on every sheet is checked here by area, sampled on a grid
// inside the shapes, independently of the catalogue's own check.
func TestNoSheetOverlaps(t *testing.T) {
	c := catalogue(t)
	for _, tp := range c.Templates {
		ps := tp.Positions()
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				if d := sharedDepth(tp.Label, ps[i], ps[j]); d > labels.OverlapTolerance {
					t.Errorf("%s: labels %d and %d overlap %.2f mm deep", tp.Name(), i+1, j+1, d)
				}
			}
		}
	}
}

// sharedDepth measures the overlap of two labels as the side of the largest
// square (in 0.05 mm steps) whose centre and corners lie inside both shapes.
// Ellipses are taken as their boxes, as the catalogue does.
func sharedDepth(l labels.Label, a, b labels.Rect) float64 {
	x0, x1 := math.Max(a.X, b.X), math.Min(a.X+a.W, b.X+b.W)
	y0, y1 := math.Max(a.Y, b.Y), math.Min(a.Y+a.H, b.Y+b.H)
	if x1 <= x0 || y1 <= y0 {
		return 0
	}
	inside := func(r labels.Rect, x, y float64) bool {
		if x < r.X || x > r.X+r.W || y < r.Y || y > r.Y+r.H {
			return false
		}
		if l.Shape == labels.Round || l.Shape == labels.CD {
			return math.Hypot(x-(r.X+r.W/2), y-(r.Y+r.H/2)) <= l.Radius
		}
		return true
	}
	both := func(x, y float64) bool { return inside(a, x, y) && inside(b, x, y) }
	best := 0.0
	const step = 0.05
	for y := y0; y <= y1; y += step {
		for x := x0; x <= x1; x += step {
			for s := best + step; x+s <= x1+1e-9 && y+s <= y1+1e-9; s += step {
				if !(both(x, y) && both(x+s, y) && both(x, y+s) && both(x+s, y+s) && both(x+s/2, y+s/2)) {
					break
				}
				best = s
			}
		}
	}
	return best
}

// The entries that list one grid twice keep one copy of it.
func TestRepeatedLayoutsAreDropped(t *testing.T) {
	c := catalogue(t)
	for _, s := range []struct {
		brand, part string
		perSheet    int
	}{
		{"Sattleford", "VM-6356", 5}, {"Sattleford", "VM-5856", 5}, // VM-5856 = VM-6356
		{"Sattleford", "VM-6700", 5},
		{"Your Design", "VM-6310", 8}, {"Your Design", "VM-6810", 8}, // VM-6810 = VM-6310
	} {
		tp, ok := c.Lookup(s.brand, s.part)
		if !ok {
			t.Errorf("%s %s is missing", s.brand, s.part)
			continue
		}
		if tp.PerSheet() != s.perSheet || len(tp.Layouts) != 1 {
			t.Errorf("%s: %d labels in %d layouts, want %d in 1", tp.Name(), tp.PerSheet(), len(tp.Layouts), s.perSheet)
		}
	}
}

// Entries whose pitch is smaller than their labels by more than rounding
// are refused with a reason, and so are their equivalents.
func TestOverlappingSheetsAreRefused(t *testing.T) {
	c := catalogue(t)
	for _, name := range []string{"Hisago OP3015", "SheetLabels SL113"} {
		if _, err := c.Find(name); err == nil {
			t.Errorf("%s has overlapping labels and must be refused", name)
		}
	}
	found := map[string]bool{}
	for _, err := range c.Refused {
		var o *labels.OverlapError
		if errors.As(err, &o) {
			found[o.Sheet] = true
			if o.Depth <= labels.OverlapTolerance || o.A < 1 || o.B <= o.A {
				t.Errorf("%v: not an overlap past the tolerance", err)
			}
		}
	}
	if !found["Hisago OP3015"] || !found["SheetLabels SL113"] {
		t.Errorf("refused %v, want Hisago OP3015 and SheetLabels SL113 among them", c.Refused)
	}
	// A butt-cut sheet whose pitch is rounded 0.03 mm under its labels stays.
	if _, err := c.Find("Avery L7161"); err != nil {
		t.Error(err)
	}
}

// CheckOverlap names the two labels; a template made by a caller with two
// identical grids (which the database loader would have merged) is refused.
func TestCheckOverlap(t *testing.T) {
	tp := &labels.Template{
		Brand: "Test", Part: "twice",
		Label:   labels.Label{Shape: labels.Rectangle, Width: 50, Height: 30},
		Layouts: []labels.Layout{{Cols: 1, Rows: 2, X0: 10, Y0: 10, DY: 30}, {Cols: 1, Rows: 2, X0: 10, Y0: 10, DY: 30}},
	}
	var o *labels.OverlapError
	if err := tp.CheckOverlap(); !errors.As(err, &o) || o.A != 1 || o.B != 3 || o.Depth != 30 {
		t.Fatalf("got %v, want labels 1 and 3 overlapping by 30 mm", err)
	}
	tp.Layouts = tp.Layouts[:1]
	if err := tp.CheckOverlap(); err != nil {
		t.Fatal(err)
	}
}
