package qr_test

import (
	"bytes"
	"errors"
	"image/png"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/scantest"
)

// payload is a realistic QR text with multi-byte characters.
const payload = "🚨 EMERGENCY CONTACT INFORMATION 🚨\n\nName: Siobhán Ó Dálaigh\nBlood Type: O-\n\nEMERGENCY CONTACTS:\n1. Łukasz Nowak (Partner)\n   Phone: +44 7700 900123\n\nGenerated: 21 Nov 2026"

func TestEncodeErrors(t *testing.T) {
	t.Run("ErrNoInput", func(t *testing.T) {
		_, err := qr.Encode("", qr.H)
		if !errors.Is(err, qr.ErrNoInput) || err.Error() != "No input text" {
			t.Fatalf("got %v, want the spec's 'No input text'", err)
		}
	})
	t.Run("ErrTooBig", func(t *testing.T) {
		_, err := qr.Encode(strings.Repeat("x", qr.Capacity(qr.H)+2), qr.H)
		if !errors.Is(err, qr.ErrTooBig) || err.Error() != "The amount of data is too big to be stored in a QR Code" {
			t.Fatalf("got %v, want the spec's too-big message", err)
		}
	})
	t.Run("PNGPassesThem", func(t *testing.T) {
		if _, err := qr.PNG("", qr.Individual); !errors.Is(err, qr.ErrNoInput) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("UnknownLevel", func(t *testing.T) {
		if _, err := qr.Encode("x", qr.Level(9)); err == nil {
			t.Fatal("want an error")
		}
	})
}

// The capacity table is the encoder's: exactly Capacity bytes of UTF-8
// text that only byte mode can carry (with its ECI designator) fit in a
// version 40 code, one more does not; plain ASCII holds one byte more.
func TestCapacity(t *testing.T) {
	utf8Text := func(n int) string { return strings.Repeat("x", n-2) + "é" }
	for _, level := range []qr.Level{qr.L, qr.M, qr.Q, qr.H} {
		n := qr.Capacity(level)
		if !qr.Fits(strings.Repeat("x", n+1), level) || qr.Fits(strings.Repeat("x", n+2), level) {
			t.Errorf("%v: ASCII does not hold exactly %d bytes", level, n+1)
		}
		c, err := qr.Encode(utf8Text(n), level)
		if err != nil {
			t.Fatalf("%v: %d bytes: %v", level, n, err)
		}
		if c.Version != 40 || c.Size != 177 {
			t.Errorf("%v: %d bytes gave version %d, want 40", level, n, c.Version)
		}
		if qr.Fits(utf8Text(n+1), level) {
			t.Errorf("%v: %d bytes fit, over the capacity", level, n+1)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, s := range []string{"L", "M", "Q", "H", "h"} {
		l, err := qr.ParseLevel(s)
		if err != nil || !strings.EqualFold(l.String(), s) {
			t.Errorf("ParseLevel(%q) = %v, %v", s, l, err)
		}
	}
	if _, err := qr.ParseLevel("X"); err == nil {
		t.Error("ParseLevel(X) must fail")
	}
}

// Format information (ISO/IEC 18004, 7.9) is read back from the symbol:
// the level and mask it declares must be the ones Encode reports.
func TestFormatInformation(t *testing.T) {
	levelBits := map[qr.Level]int{qr.L: 1, qr.M: 0, qr.Q: 3, qr.H: 2}
	for _, level := range []qr.Level{qr.L, qr.M, qr.Q, qr.H} {
		for _, text := range []string{"A", "12345", payload, strings.Repeat("Lifetag ", 60)} {
			c, err := qr.Encode(text, level)
			if err != nil {
				t.Fatal(err)
			}
			// The 15 bits beside the top-left finder, most significant first:
			// row 8 columns 0-5, 7, 8, then column 8 rows 7, 5 down to 0.
			var cells [][2]int
			for x := 0; x <= 5; x++ {
				cells = append(cells, [2]int{x, 8})
			}
			cells = append(cells, [2]int{7, 8}, [2]int{8, 8}, [2]int{8, 7})
			for y := 5; y >= 0; y-- {
				cells = append(cells, [2]int{8, y})
			}
			bits := 0
			for _, cell := range cells {
				bits <<= 1
				if c.Dark(cell[0], cell[1]) {
					bits |= 1
				}
			}
			bits ^= 0x5412 // the format mask
			gotLevel, gotMask := bits>>13, bits>>10&7
			if gotLevel != levelBits[level] || gotMask != c.Mask {
				t.Errorf("%v %.10q: symbol says level bits %02b mask %d, Encode says %02b mask %d",
					level, text, gotLevel, gotMask, levelBits[level], c.Mask)
			}
		}
	}
}

func TestRunsCoverTheDarkModules(t *testing.T) {
	c, err := qr.Encode(payload, qr.H)
	if err != nil {
		t.Fatal(err)
	}
	covered := make([]bool, c.Size*c.Size)
	for _, r := range c.Runs() {
		for x := r.X; x < r.X+r.Len; x++ {
			if covered[r.Y*c.Size+x] || !c.Dark(x, r.Y) {
				t.Fatalf("run %+v covers a light or covered module at %d", r, x)
			}
			covered[r.Y*c.Size+x] = true
		}
	}
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) != covered[y*c.Size+x] {
				t.Fatalf("module (%d, %d) dark %v, covered %v", x, y, c.Dark(x, y), covered[y*c.Size+x])
			}
		}
	}
}

// AppendRow packs each row eight modules a byte, leftmost in the top bit,
// and fills the last byte with light bits, for every symbol size.
func TestAppendRowPacksTheModules(t *testing.T) {
	for v := 1; v <= 40; v++ {
		c, err := qr.Encode(fillText(v, qr.M), qr.M)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < c.Size; y++ {
			row := c.AppendRow([]byte{0xff}, y)[1:] // appends, keeps what was there
			if len(row) != (c.Size+7)/8 {
				t.Fatalf("version %d row %d: %d bytes for %d modules", v, y, len(row), c.Size)
			}
			for x := 0; x < 8*len(row); x++ {
				dark := row[x/8]&(0x80>>(x%8)) != 0
				if want := x < c.Size && c.Dark(x, y); dark != want {
					t.Fatalf("version %d row %d bit %d: %v, module says %v", v, y, x, dark, want)
				}
			}
		}
	}
}

// Encoding shares cached layouts between goroutines; it must not change them.
func TestEncodeIsRepeatableAndConcurrent(t *testing.T) {
	first, _ := qr.Encode(payload, qr.H)
	done := make(chan *qr.Code)
	for range 8 {
		go func() {
			c, _ := qr.Encode(payload, qr.H)
			done <- c
		}()
	}
	for range 8 {
		c := <-done
		for y := 0; y < c.Size; y++ {
			for x := 0; x < c.Size; x++ {
				if c.Dark(x, y) != first.Dark(x, y) {
					t.Fatalf("module (%d, %d) differs between encodings", x, y)
				}
			}
		}
	}
}

// The PNGs of both products: right size, black and white only, each module
// whole pixels (nearest neighbour), and zbarimg reads the exact payload.
func TestPNG(t *testing.T) {
	for name, o := range map[string]qr.Options{"individual": qr.Individual, "corporate": qr.Corporate} {
		t.Run(name, func(t *testing.T) {
			data, err := qr.PNG(payload, o)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != o.Width || b.Dy() != o.Width {
				t.Fatalf("image is %v, want %d px square", b, o.Width)
			}
			c, _ := qr.Encode(payload, o.Level)
			modules := c.Size + 2*o.Margin
			for py := 0; py < o.Width; py++ {
				for px := 0; px < o.Width; px++ {
					r, g, b, _ := img.At(px, py).RGBA()
					dark := r == 0 && g == 0 && b == 0
					if !dark && (r != 0xffff || g != 0xffff || b != 0xffff) {
						t.Fatalf("pixel (%d, %d) is grey", px, py)
					}
					mx, my := px*modules/o.Width-o.Margin, py*modules/o.Width-o.Margin
					want := mx >= 0 && my >= 0 && mx < c.Size && my < c.Size && c.Dark(mx, my)
					if dark != want {
						t.Fatalf("pixel (%d, %d) dark %v, its module says %v", px, py, dark, want)
					}
				}
			}
			if got := scantest.DecodePNG(t, data); got != payload {
				t.Fatalf("zbarimg read %q, want %q", got, payload)
			}
		})
	}
}

// Size answers Encode's symbol size without building it, for every level
// and for ASCII, UTF-8 (with its ECI designator) and mixed text from one
// character to the capacity, and refuses what Encode refuses.
func TestSizeIsEncodesSize(t *testing.T) {
	texts := []string{"1", "HELLO", "Ann O'Brien", "Núñez", "🐝", strings.Repeat("EMERGENCY CONTACT 0123 ", 20)}
	for n := 1; n <= 1300; n += 37 {
		texts = append(texts, strings.Repeat("é", n/2), strings.Repeat("a", n), strings.Repeat("9", 3*n))
	}
	for _, level := range []qr.Level{qr.L, qr.M, qr.Q, qr.H} {
		for _, text := range texts {
			c, err := qr.Encode(text, level)
			size, sizeErr := qr.Size(text, level)
			if (err == nil) != (sizeErr == nil) || err != nil && !errors.Is(sizeErr, err) {
				t.Fatalf("%d bytes at %v: Encode %v, Size %v", len(text), level, err, sizeErr)
			}
			if err == nil && size != c.Size {
				t.Errorf("%d bytes at %v: Size %d, Encode's %d", len(text), level, size, c.Size)
			}
		}
	}
	if _, err := qr.Size("", qr.M); !errors.Is(err, qr.ErrNoInput) {
		t.Errorf("empty text: %v", err)
	}
}
