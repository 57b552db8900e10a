// Package qr turns text into QR symbols: a module matrix for vector drawing
// (pkg/sheet) and PNG images for the web preview. Encoding is done by
// github.com/skip2/go-qrcode; this package owns the spec's error messages,
// the image parameters and the pixel-to-module mapping.
package qr

import (
	"errors"

	qrcode "github.com/skip2/go-qrcode"
)

// The spec's messages (individual-side §5), word for word.
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

func (l Level) recovery() qrcode.RecoveryLevel {
	switch l {
	case L:
		return qrcode.Low
	case M:
		return qrcode.Medium
	case Q:
		return qrcode.High
	}
	return qrcode.Highest
}

// maxBytes is the byte-mode capacity of a version 40 symbol (ISO/IEC 18004
// table 7), the most any one code can hold.
var maxBytes = map[Level]int{L: 2953, M: 2331, Q: 1663, H: 1273}

// Capacity returns how many bytes of arbitrary (byte-mode) text one QR code
// holds at the level. Text made only of digits or upper-case letters packs
// tighter; Fits answers exactly for a given text.
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
	Version int // 1 to 40
	Size    int // modules per side: 17 + 4 x Version
	dark    []bool
}

// Encode builds the symbol for text at the level; the version is the
// smallest that holds the text.
func Encode(text string, level Level) (*Code, error) {
	if text == "" {
		return nil, ErrNoInput
	}
	if len(text) > maxBytes[L] {
		// Too long at any level; spares go-qrcode a hopeless search.
		return nil, ErrTooBig
	}
	// go-qrcode keeps the first symbol it builds and appends padding on each
	// build, so every Code comes from a fresh encoder, built exactly once.
	enc, err := qrcode.New(text, level.recovery())
	if err != nil {
		return nil, ErrTooBig
	}
	enc.DisableBorder = true // the quiet zone is the caller's margin
	bitmap := enc.Bitmap()
	c := &Code{Text: text, Level: level, Version: enc.VersionNumber, Size: len(bitmap)}
	c.dark = make([]bool, c.Size*c.Size)
	for y, row := range bitmap {
		copy(c.dark[y*c.Size:], row)
	}
	return c, nil
}

// Dark reports whether the module in column x, row y is dark.
func (c *Code) Dark(x, y int) bool { return c.dark[y*c.Size+x] }

// Run is a horizontal stretch of dark modules: row Y, columns X to X+Len-1.
type Run struct{ X, Y, Len int }

// Runs returns the dark modules merged into horizontal runs, row by row.
// Drawing runs instead of single modules keeps PDFs small.
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
