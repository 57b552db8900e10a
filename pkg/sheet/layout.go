package sheet

import (
	"math"

	"github.com/lifetag/lifetag/pkg/labels"
)

// fit sizes a code of size modules (quiet zone excluded) into the square:
// the module is the largest that fits with design.json's quiet zone, the
// same square for every code whatever its length (a denser code gets
// smaller modules, never a smaller square), and the code is centred. It
// returns the code's top-left corner (label coordinates, quiet zone
// excluded) and its module size, with ok false when the module would be
// under minModule.
//
// Modules are not rounded down to whole printer dots: at 300 DPI that
// shrank a dense code by up to a dot a module (a 69-module code on Avery
// 5160 drew 16.5 mm wide where its square is 22.4 mm), and the smaller
// code is the one that fails. Printed through an image mask, a module of
// 3.6 dots prints as 3 or 4, which readers sample past (the proofs).
func fit(square Box, size int, minModule float64) (x, y, module float64, ok bool) {
	modules := size + 2*rules.QuietModules
	module = square.W / float64(modules)
	if module < minModule {
		return 0, 0, module, false
	}
	width := module * float64(size)
	x = square.X + (square.W-width)/2
	y = square.Y + (square.H-width)/2
	return x, y, module, true
}

// MaxModules is the side, in modules and without the quiet zone, of the
// largest QR code that prints on t's labels with modules of at least
// minModule mm (0 means MinModule): a payload fits when its code's Size is
// at most this. It is below 21, the smallest code, when the labels are
// too small for any.
func MaxModules(t *labels.Template, minModule float64) int {
	if minModule == 0 {
		minModule = MinModule
	}
	square := DesignFor(t.Label).QR
	// The tolerance keeps an exact fit (22.4 / 0.32 = 70) from rounding
	// down to 69 in floating point.
	return int(math.Floor(square.W/minModule+1e-9)) - 2*rules.QuietModules
}
