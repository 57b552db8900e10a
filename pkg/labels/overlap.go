package labels

import (
	"fmt"
	"math"
)

// OverlapTolerance (mm) is how deep two labels of a sheet may overlap and
// still print. Butt-cut sheets share a cut line, and the database rounds
// their pitch to a hundredth of an inch or so, which makes neighbours
// overlap by up to a few tenths of a millimetre on paper; print stays at
// least 1.5 mm inside every label (pkg/sheet), so content that close never
// meets. Anything deeper is two labels drawn in one place.
const OverlapTolerance = 0.5

// OverlapError says two labels of a sheet lie on top of each other: the
// database entry repeats a layout or gives a pitch smaller than its labels.
type OverlapError struct {
	Sheet string
	A, B  int     // 1-based positions, in fill order
	Depth float64 // mm
}

func (e *OverlapError) Error() string {
	return fmt.Sprintf("labels: %s: labels %d and %d overlap by %.2f mm, so both would print in one place", e.Sheet, e.A, e.B, e.Depth)
}

// CheckOverlap returns an *OverlapError for the first two labels of t that
// overlap by more than OverlapTolerance, or nil.
func (t *Template) CheckOverlap() error {
	ps := t.Positions()
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if d := overlapDepth(t.Label, ps[i], ps[j]); d > OverlapTolerance {
				return &OverlapError{Sheet: t.Name(), A: i + 1, B: j + 1, Depth: d}
			}
		}
	}
	return nil
}

// overlapDepth is how far (mm) two labels of shape l at a and b would have
// to move apart to stop overlapping; 0 or less when they do not overlap.
// Rectangles and ellipses are taken as their bounding boxes (an ellipse
// is refused a little early, never too late); discs overlap when both their
// circles and their boxes do (business-card CDs are discs clipped to a box).
func overlapDepth(l Label, a, b Rect) float64 {
	boxDepth := math.Min(
		math.Min(a.X+a.W, b.X+b.W)-math.Max(a.X, b.X),
		math.Min(a.Y+a.H, b.Y+b.H)-math.Max(a.Y, b.Y),
	)
	if l.Shape != Round && l.Shape != CD {
		return boxDepth
	}
	centres := math.Hypot((a.X+a.W/2)-(b.X+b.W/2), (a.Y+a.H/2)-(b.Y+b.H/2))
	return math.Min(boxDepth, 2*l.Radius-centres)
}

// dropRepeatedLayouts removes layouts that repeat an earlier one exactly:
// a few database entries list the same grid twice, which would print every
// label twice in the same place.
func dropRepeatedLayouts(layouts []Layout) []Layout {
	var kept []Layout
	for _, l := range layouts {
		repeat := false
		for _, k := range kept {
			if k == l {
				repeat = true
				break
			}
		}
		if !repeat {
			kept = append(kept, l)
		}
	}
	return kept
}
