package sheet

import (
	"math"
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

// textWriter sets text with fpdf's measurements.
type textWriter interface {
	SetFont(family, style string, size float64)
	SetTextColor(r, g, b int)
	GetStringWidth(s string) float64
	Text(x, y float64, s string)
}

// drawLines sets the design's lines of one label, each with its size,
// weight and colour. A person's own text that is wider than its line
// shrinks, down to design.json's minPt, then is cut short with an ellipsis.
func drawLines(pdf *fpdf.Fpdf, forms *glyphForms, lines []DesignLine, item Label) {
	for _, l := range lines {
		text := Printable(lineText(l, item))
		if text == "" {
			continue
		}
		if needsShaping(text) {
			drawShapedLine(pdf, forms, l, text)
			continue
		}
		style := textStyle
		if l.Bold {
			style = nameStyle
		}
		pt := l.Pt
		pdf.SetFont(fontFamily, style, pt)
		for pt > rules.MinPt && pdf.GetStringWidth(text) > l.Width {
			pt = math.Max(rules.MinPt, pt-0.5)
			pdf.SetFont(fontFamily, style, pt)
		}
		text = truncate(pdf, text, l.Width)
		r, g, b := hexColour(l.Colour)
		pdf.SetTextColor(r, g, b)
		x := l.X
		if l.Centred {
			x -= pdf.GetStringWidth(text) / 2
		}
		pdf.Text(x, l.Baseline, text)
	}
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

// drawShapedLine sets a line in the Noto fonts. It shrinks to the width as
// the unshaped lines do, and also until its ink, marks included, stays
// within inkAbove and inkBelow, so no glyph reaches another line or the
// label's edge. What is still too wide at minPt is cut short with an
// ellipsis.
func drawShapedLine(pdf *fpdf.Fpdf, forms *glyphForms, l DesignLine, text string) {
	sh := shapeText(text, l.Bold)
	tall := math.Max(sh.top/inkAbove, -sh.bottom/inkBelow)
	pt := l.Pt
	if tall > 1 {
		pt = math.Max(rules.MinPt, math.Floor(l.Pt/tall*2)/2)
	}
	for pt > rules.MinPt && sh.width*pt*ptToMM > l.Width {
		pt = math.Max(rules.MinPt, pt-0.5)
	}
	if sh.width*pt*ptToMM > l.Width {
		sh = shapedTruncate(text, l.Bold, l.Width/(pt*ptToMM))
	}
	x := l.X
	if l.Centred {
		x -= sh.width * pt * ptToMM / 2
	}
	drawShaped(pdf, forms, sh, x, l.Baseline, pt, l.Colour)
}

// shapedTruncate is the longest start of text that, with an ellipsis,
// fits width ems.
func shapedTruncate(text string, bold bool, width float64) shaped {
	runes := []rune(text)
	lo, hi := 0, len(runes)-1 // runes[:lo] fits (or lo is 0), runes[:hi+1] does not
	best := shapeText("…", bold)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		// Cut before a mark, never between a letter and its mark.
		n := mid
		for n > 0 && attaches(runes[n]) {
			n--
		}
		sh := shapeText(strings.TrimSpace(string(runes[:n]))+"…", bold)
		if n > 0 && sh.width <= width {
			best, lo = sh, mid
		} else {
			hi = mid - 1
		}
	}
	return best
}

// hexColour reads design.json's #rrggbb; anything else is black.
func hexColour(s string) (r, g, b int) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return 0, 0, 0
	}
	return int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)
}

// truncate shortens s with an ellipsis until it fits width.
func truncate(pdf textWriter, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width {
		return s
	}
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		t := string(runes[:n]) + "…"
		if pdf.GetStringWidth(t) <= width {
			return t
		}
	}
	return ""
}
