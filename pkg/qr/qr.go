// Package qr turns text into QR symbols: a module matrix for vector drawing
// (pkg/sheet) and PNG images for the web preview. It owns the spec's error
// messages, the image parameters and the pixel-to-module mapping; the
// symbol itself is built in encode.go.
package qr

import (
	"errors"
	"math/bits"
)

// The spec's messages (docs/design/individual.md §5), word for word.
var (
	ErrNoInput = errors.New("No input text")
	ErrTooBig  = errors.New("The amount of data is too big to be stored in a QR Code")
)

// Level is an error-correction level.
type Level int

const (
	// The zero Level is unset, so options can default it.
	L Level = iota + 1 // about 7 % of the symbol can be restored
	M                  // 15 %: corporate batch labels
	Q                  // 25 %
	H                  // 30 %: individual labels, which get scratched on helmets
)

// String returns the level's letter.
func (l Level) String() string {
	switch l {
	case L:
		return "L"
	case M:
		return "M"
	case Q:
		return "Q"
	case H:
		return "H"
	}
	return "?"
}

// ParseLevel reads a level letter (L, M, Q or H).
func ParseLevel(s string) (Level, error) {
	switch s {
	case "L", "l":
		return L, nil
	case "M", "m":
		return M, nil
	case "Q", "q":
		return Q, nil
	case "H", "h":
		return H, nil
	}
	return 0, errors.New("qr: error-correction level must be L, M, Q or H")
}

// maxBytes is the byte-mode capacity of a version 40 symbol (ISO/IEC 18004
// table 7) for text that is not ASCII, so carries the 12-bit ECI
// designator for UTF-8 (Encode): one byte under the table's 2953, 2331,
// 1663 and 1273, which plain ASCII reaches.
var maxBytes = map[Level]int{L: 2952, M: 2330, Q: 1662, H: 1272}

// Capacity returns how many bytes of arbitrary (byte-mode, UTF-8) text one
// QR code holds at the level. Text made only of digits or upper-case
// letters packs tighter, and plain ASCII holds one byte more; Fits answers
// exactly for a given text.
func Capacity(level Level) int { return maxBytes[level] }

// Fits reports whether text can be stored in one QR code at the level.
func Fits(text string, level Level) bool {
	_, err := Encode(text, level)
	return err == nil
}

// Code is an encoded QR symbol: Size x Size modules, without a quiet zone.
type Code struct {
	Text    string
	Level   Level
	Version int     // 1 to 40
	Mask    int     // 0 to 7
	Size    int     // modules per side: 17 + 4 x Version
	modules *bitmap // the rows and columns the mask was chosen on
}

// Dark reports whether the module in column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.modules.dark(x, y) }

// AppendRow appends row y of the modules to buf, eight a byte, the
// leftmost in the top bit and 1 for dark, with light (0) bits after the
// last module to fill its byte: the sample layout of PDF image masks and
// PBM images, a byte at a time rather than a module at a time.
func (c *Code) AppendRow(buf []byte, y int) []byte {
	row := c.modules.line(y) // module x at bit x%64 of word x/64
	for i := 0; i < (c.Size+7)/8; i++ {
		buf = append(buf, bits.Reverse8(byte(row[i/8]>>(8*(i%8)))))
	}
	return buf
}

// Run is a horizontal stretch of dark modules: row Y, columns X to X+Len-1.
type Run struct{ X, Y, Len int }

// Runs returns the dark modules as horizontal runs, row by row: shapes for
// a vector drawing to fill, fewer than the modules.
func (c *Code) Runs() []Run {
	var runs []Run
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			start := x
			for x < c.Size && c.Dark(x, y) {
				x++
			}
			runs = append(runs, Run{X: start, Y: y, Len: x - start})
		}
	}
	return runs
}
