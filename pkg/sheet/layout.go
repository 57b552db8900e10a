package sheet

import (
	"math"

	"github.com/lifetag/lifetag/pkg/labels"
)

// fit sizes a code of size modules (quiet zone excluded) into the square
// at dpi: the module is the largest whole number of printer dots that fits
// with design.json's quiet zone, and the code is centred. It returns the
// code's top-left corner (label coordinates, quiet zone excluded) and its
// module size, or ok false when the module would be under MinModule.
func fit(square Box, size, dpi int) (x, y, module float64, ok bool) {
	dot := 25.4 / float64(dpi)
	modules := size + 2*rules.QuietModules
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
	square := DesignFor(t.Label).QR
	dot := 25.4 / float64(dpi)
	minDots := math.Ceil(MinModule/dot - 1e-9)
	return int(square.W/(minDots*dot)) - 2*rules.QuietModules
}
