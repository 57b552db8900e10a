package qr

import (
	"sync"

	"rsc.io/qr/coding"
)

// layout is what a version and level fix about a symbol, whatever the
// text: for each mask, the modules of a symbol whose codewords are all 0
// (function patterns, format and version information, and the mask
// pattern over the data area), and the module each codeword bit goes to.
// A symbol under mask m is masked[m] with the codewords' 1 bits flipped.
type layout struct {
	size   int
	masked [8]*bitmap
	bitAt  []module // bitAt[o]: where bit o of the codewords goes, first bit the top bit of byte 0
}

type module struct{ x, y uint8 }

// place returns the codewords' 1 bits in the layout's positions, the
// part of a symbol that every mask flips in the same places.
func (l *layout) place(codewords []byte) *bitmap {
	b := newBitmap(l.size)
	for o, m := range l.bitAt {
		b.or(int(m.x), int(m.y), uint64(codewords[o/8]>>(7-o%8)&1))
	}
	return b
}

type layoutKey struct {
	v coding.Version
	l coding.Level
}

// layouts caches layouts, which cost more to build (from eight coding
// plans) than a payload costs to encode. Encoding only reads them, so they
// are shared between goroutines.
var layouts sync.Map // layoutKey -> *layout

func layoutFor(v coding.Version, l coding.Level) *layout {
	k := layoutKey{v, l}
	if lay, ok := layouts.Load(k); ok {
		return lay.(*layout)
	}
	lay := &layout{}
	for mask := range lay.masked {
		p, err := coding.NewPlan(v, l, coding.Mask(mask))
		if err != nil {
			// Versions 1-40, the four levels and masks 0-7 are all valid.
			panic("qr: no plan for version " + v.String() + ": " + err.Error())
		}
		lay.size = len(p.Pixel)
		if lay.bitAt == nil {
			lay.bitAt = make([]module, (p.DataBytes+p.CheckBytes)*8)
		}
		b := newBitmap(lay.size)
		for y, row := range p.Pixel {
			for x, pix := range row {
				// Function patterns are Black where dark; data, check and
				// remainder pixels where the mask flips them.
				b.or(x, y, uint64(pix&coding.Black)) // Black is bit 0
				// The mask changes no pixel's place in the codewords, so
				// every plan gives the same positions.
				if r := pix.Role(); r == coding.Data || r == coding.Check {
					lay.bitAt[pix.Offset()] = module{uint8(x), uint8(y)}
				}
			}
		}
		lay.masked[mask] = b
	}
	actual, _ := layouts.LoadOrStore(k, lay)
	return actual.(*layout)
}
