package sheet

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/bidi"

	"github.com/go-pdf/fpdf"
)

// Lines that need no shaping (needsShaping) are set in Noto Sans through
// fpdf's own text, which embeds the used subset; every other line is shaped
// in the Noto fonts (shape.go) and drawn as outlines (glyphs.go). Both ways
// use the faces that the website's preview draws with, so a name takes the
// same width on screen as on the label.
const (
	fontFamily = "noto"
	nameStyle  = "B"
	textStyle  = ""
)

// textFont is the Noto Sans file that fpdf embeds for a style.
func textFont(style string) []byte {
	if style == nameStyle {
		return fontFile("NotoSans-Bold.ttf")
	}
	return fontFile("NotoSans-Regular.ttf")
}

// maxRunes bounds each printed text: no label shows more, and it keeps the
// fitting loop below quick whatever a caller sends.
const maxRunes = 200

// glyphs parses Noto Sans Regular once to tell which runes fpdf's text can
// draw; Noto Sans Bold covers the same characters.
var glyphs = sync.OnceValue(func() *sfnt.Font {
	f, err := sfnt.Parse(textFont(textStyle))
	if err != nil {
		panic("sheet: the embedded Noto Sans does not parse: " + err.Error())
	}
	return f
})

// Printable is text as the labels and the lock-screen wallpaper print it:
// white space and control characters collapsed to single spaces, invalid
// UTF-8 left out, at most maxRunes characters. Every other character is
// kept: what no bundled font draws prints as U+FFFD (see shapeText), never
// silently dropped; the QR payload is never changed.
func Printable(s string) string {
	var b strings.Builder
	space := false
	n := 0
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				continue // invalid UTF-8
			}
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if n++; n == maxRunes {
			break
		}
	}
	return b.String()
}

// needsShaping reports whether text must be shaped: fpdf's own text sets it
// as well as shaping would only when every character is in Noto Sans, none
// is right to left, and none is a combining mark that would need
// positioning. Text that needs no shaping (most Latin, Greek and Cyrillic
// names, and every fixed line of the design) goes through fpdf, which keeps
// a sheet of Latin labels small and quick; anything else is shaped.
func needsShaping(text string) bool {
	f := glyphs()
	var buf sfnt.Buffer
	for _, r := range text {
		if unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf) {
			return true
		}
		if p, _ := bidi.LookupRune(r); p.Class() == bidi.R || p.Class() == bidi.AL || p.Class() == bidi.AN {
			return true
		}
		if idx, err := f.GlyphIndex(&buf, r); err != nil || idx == 0 {
			return true
		}
	}
	return false
}

// drawLines sets the design's lines of one label (fitted by fitLines),
// each with its size, weight and colour: unshaped text through fpdf,
// shaped text as outlines.
func drawLines(pdf *fpdf.Fpdf, forms *glyphForms, d Design, item Label) {
	m := newMeasurer(pdf)
	for _, row := range fitLines(d, item, m.measure) {
		l := d.lineFor(row.Role)
		if needsShaping(row.Text) {
			sh := m.shape(row.Text, l.Bold)
			x := row.X
			if l.Centred {
				x -= sh.width * row.Pt * ptToMM / 2
			}
			drawShaped(pdf, forms, sh, x, row.Baseline, row.Pt, l.Colour)
			continue
		}
		pdf.SetFont(fontFamily, styleOf(l.Bold), row.Pt)
		r, g, b := hexColour(l.Colour)
		pdf.SetTextColor(r, g, b)
		x := row.X
		if l.Centred {
			x -= pdf.GetStringWidth(row.Text) / 2
		}
		pdf.Text(x, row.Baseline, row.Text)
	}
}

func styleOf(bold bool) string {
	if bold {
		return nameStyle
	}
	return textStyle
}

// measurer measures text as drawLines sets it, for one label: unshaped
// text by fpdf's font metrics, other text by shaping it, which it keeps
// for the drawing.
type measurer struct {
	pdf    *fpdf.Fpdf
	shaped map[shapeKey]shaped
}

type shapeKey struct {
	text string
	bold bool
}

func newMeasurer(pdf *fpdf.Fpdf) *measurer {
	return &measurer{pdf: pdf, shaped: map[shapeKey]shaped{}}
}

func (m *measurer) shape(text string, bold bool) shaped {
	k := shapeKey{text, bold}
	sh, ok := m.shaped[k]
	if !ok {
		sh = shapeText(text, bold)
		m.shaped[k] = sh
	}
	return sh
}

func (m *measurer) measure(text string, bold bool) (width, top, bottom float64) {
	if needsShaping(text) {
		sh := m.shape(text, bold)
		return sh.width, sh.top, sh.bottom
	}
	// At 72/25.4 points, one em is one millimetre, fpdf's unit here.
	m.pdf.SetFont(fontFamily, styleOf(bold), 1/ptToMM)
	return m.pdf.GetStringWidth(text), 0, 0
}

// shapedWidth measures text by shaping it alone (for ShapeLine).
func shapedWidth(text string, bold bool) (width, top, bottom float64) {
	sh := shapeText(text, bold)
	return sh.width, sh.top, sh.bottom
}

// Shaped ink may reach inkAbove ems over its baseline and inkBelow under
// it. Lines stand lineSpacing (1.25) ems apart and the design keeps
// design.json's ascent (1.07 em, Noto Sans's own) clear above the first and its descent
// below the last, inside the label's inset; Latin capitals reach 0.72 em,
// so a Vietnamese stack or a Thai or Devanagari vowel above may take
// 1.15 em, and a descender 0.35 em (the tail of an Arabic yeh, at 0.46 em
// in Noto Sans Arabic, touched the next line's capitals at full size), and
// stay clear of the lines beside them and the label's edge.
const (
	inkAbove = 1.15
	inkBelow = 0.35
)

// hexColour reads design.json's #rrggbb; anything else is black.
func hexColour(s string) (r, g, b int) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return 0, 0, 0
	}
	return int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)
}
