package sheet

import (
	"math"

	"github.com/lifetag/lifetag/pkg/labels"
)

// Placement rules, in mm.
const (
	// minInset keeps print off the label's die-cut edge, which printers and
	// cutters miss by up to a millimetre; the database's Markup-margin wins
	// when larger.
	minInset = 1.5
	gap      = 2.0 // between the QR code and the text
	// A name needs this much room beside or under the code to be worth
	// printing.
	minTextWidth  = 20.0
	minTextHeight = 6.0
	// quietModules is the white margin kept around each code, in modules,
	// inside its square (DESIGN.md: margin 1 module); the label's own white
	// edge adds to it.
	quietModules = 1
)

// box is a rectangle in label coordinates: mm from the label's top-left
// corner, y down.
type box struct{ X, Y, W, H float64 }

// design is where the QR code and the text go on every label of a sheet.
type design struct {
	qr   box // a square; the code and its quiet zone are centred in it
	text box // W = 0 when there is no room for text
}

// designFor places the largest square that fits the label's safe area, and
// the text beside or under it where there is room.
func designFor(l labels.Label) design {
	inset := math.Max(l.Margin, minInset)
	cx, cy := l.Width/2, l.Height/2
	switch l.Shape {
	case labels.Round:
		r := l.Width/2 - inset
		side := math.Sqrt2 * r // the square inscribed in the circle
		return design{qr: box{cx - side/2, cy - side/2, side, side}}
	case labels.Ellipse:
		a, b := l.Width/2-inset, l.Height/2-inset
		half := a * b / math.Hypot(a, b) // the square's corner lies on the ellipse
		return design{qr: box{cx - half, cy - half, 2 * half, 2 * half}}
	case labels.CD:
		// The code sits in the ring right of the hole: its inner edge at h,
		// its outer corners on the rim, (h+s)² + (s/2)² = R².
		R := l.Radius - inset
		h := l.HoleRadius + inset
		side := (-2*h + math.Sqrt(5*R*R-h*h)) / 2.5
		// Business-card discs are clipped to a box; stay inside it too.
		side = math.Min(side, l.Width/2-inset-h)
		side = math.Min(side, l.Height-2*inset)
		return design{qr: box{cx + h, cy - side/2, math.Max(side, 0), math.Max(side, 0)}}
	}

	// Rectangles: the rounded corners stay clear of the square when the
	// inset is at least 0.3 of the corner radius (1 - 1/√2 ≈ 0.29).
	inset = math.Max(inset, 0.3*l.CornerRadius)
	w, h := l.Width-2*inset, l.Height-2*inset
	if w >= h {
		d := design{qr: box{inset, inset, h, h}}
		if room := w - h - gap; room >= minTextWidth {
			d.text = box{inset + h + gap, inset, room, h}
		} else {
			d.qr.X = cx - h/2
		}
		return d
	}
	d := design{qr: box{inset, inset, w, w}}
	if room := h - w - gap; room >= minTextHeight {
		d.text = box{inset, inset + w + gap, w, room}
	} else {
		d.qr.Y = cy - w/2
	}
	return d
}

// fit sizes a code of size modules (quiet zone excluded) into the square
// at dpi: the module is the largest whole number of printer dots that fits,
// and the code is centred. It returns the code's top-left corner (label
// coordinates, quiet zone excluded) and its module size, or ok false when
// the module would be under MinModule.
func fit(square box, size, dpi int) (x, y, module float64, ok bool) {
	dot := 25.4 / float64(dpi)
	modules := size + 2*quietModules
	dots := math.Floor(square.W / float64(modules) / dot)
	module = dots * dot
	if module < MinModule {
		return 0, 0, square.W / float64(modules), false
	}
	width := module * float64(size)
	x = square.X + (square.W-width)/2
	y = square.Y + (square.H-width)/2
	return x, y, module, true
}

// MaxModules is the side, in modules and without the quiet zone, of the
// largest QR code that prints scannably on t's labels at dpi (300 or 600):
// a payload fits when its code's Size is at most this. It is below 21, the
// smallest code, when the labels are too small for any.
func MaxModules(t *labels.Template, dpi int) int {
	if dpi == 0 {
		dpi = StandardDPI
	}
	square := designFor(t.Label).qr
	dot := 25.4 / float64(dpi)
	minDots := math.Ceil(MinModule/dot - 1e-9)
	return int(square.W/(minDots*dot)) - 2*quietModules
}
