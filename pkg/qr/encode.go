package qr

import (
	"errors"
	"sync"

	"rsc.io/qr/coding"
)

// Why not github.com/skip2/go-qrcode: it was the first choice, but on the
// 1,000-label benchmark it took about 3 ms a code (1.8 s for the job on two
// cores), most of it in allocation-heavy mask scoring and Reed-Solomon
// arithmetic. rsc.io/qr/coding builds the same standard symbols in a tenth
// of that; it always uses mask 0, so the mask is chosen here by the
// standard's penalty rules (penalty.go). See BenchmarkEncode.

// Encode builds the symbol for text at the level: the smallest version that
// holds it, and of the eight masks the one with the lowest penalty (ISO/IEC
// 18004, 7.8.3), the first on a tie.
func Encode(text string, level Level) (*Code, error) {
	if text == "" {
		return nil, ErrNoInput
	}
	if level < L || level > H {
		return nil, errors.New("qr: unknown error-correction level")
	}
	// One segment in the tightest mode the whole text allows.
	var segment coding.Encoding = coding.String(text)
	switch {
	case coding.Num(text).Check() == nil:
		segment = coding.Num(text)
	case coding.Alpha(text).Check() == nil:
		segment = coding.Alpha(text)
	}
	l := level.coding()
	v := coding.Version(coding.MinVersion)
	for segment.Bits(v) > v.DataBytes(l)*8 {
		if v++; v > coding.MaxVersion {
			return nil, ErrTooBig
		}
	}

	// The codewords (data and error correction) do not depend on the mask.
	var bits coding.Bits
	segment.Encode(&bits, v)
	bits.AddCheckBytes(v, l)
	codewords := bits.Bytes()

	var best *Code
	bestPenalty := 0
	for mask := range 8 {
		c := &Code{Text: text, Level: level, Version: int(v), Mask: mask}
		place(c, plan(v, l, coding.Mask(mask)), codewords)
		if p := penalty(c); best == nil || p < bestPenalty {
			best, bestPenalty = c, p
		}
	}
	return best, nil
}

func (l Level) coding() coding.Level {
	return map[Level]coding.Level{L: coding.L, M: coding.M, Q: coding.Q, H: coding.H}[l]
}

// place fills c's modules from a plan (function patterns, format and
// version information, and the mask) and the codewords, bit by bit.
func place(c *Code, p *coding.Plan, codewords []byte) {
	c.Size = len(p.Pixel)
	c.dark = make([]byte, c.Size*c.Size)
	for y, row := range p.Pixel {
		for x, pix := range row {
			switch pix.Role() {
			case coding.Data, coding.Check:
				o := pix.Offset()
				if codewords[o/8]&(1<<(7-o%8)) != 0 {
					pix ^= coding.Black
				}
			}
			c.dark[y*c.Size+x] = byte(pix & coding.Black) // Black is bit 0
		}
	}
}

type planKey struct {
	v coding.Version
	l coding.Level
	m coding.Mask
}

// plans caches coding plans, which lay out a symbol's fixed patterns and
// cost more to build than a payload costs to encode. Encoding only reads
// them, so they are shared between goroutines.
var plans sync.Map // planKey -> *coding.Plan

func plan(v coding.Version, l coding.Level, m coding.Mask) *coding.Plan {
	k := planKey{v, l, m}
	if p, ok := plans.Load(k); ok {
		return p.(*coding.Plan)
	}
	p, err := coding.NewPlan(v, l, m)
	if err != nil {
		// Versions 1-40, the four levels and masks 0-7 are all valid.
		panic("qr: no plan for version " + v.String() + ": " + err.Error())
	}
	actual, _ := plans.LoadOrStore(k, p)
	return actual.(*coding.Plan)
}
