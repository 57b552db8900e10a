package sheet

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The Go fonts print the name and caption; fpdf embeds the used subset.
const (
	fontFamily = "go"
	nameStyle  = "B"
	textStyle  = ""
)

// maxRunes bounds each printed text: no label shows more, and it keeps the
// fitting loop below quick whatever a caller sends.
const maxRunes = 200

// glyphs parses Go Regular once to tell which runes the fonts draw; Go Bold
// covers the same characters.
var glyphs = sync.OnceValue(func() *sfnt.Font {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		panic("sheet: the embedded Go font does not parse: " + err.Error())
	}
	return f
})

// Printable keeps the runes the Go fonts can draw, with white space
// collapsed to single spaces, up to maxRunes of them: emoji and other
// missing characters are dropped from printed text (labels, the lock-screen
// wallpaper), never from the QR payload.
func Printable(s string) string {
	f := glyphs()
	var buf sfnt.Buffer
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
		if idx, err := f.GlyphIndex(&buf, r); err != nil || idx == 0 {
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
func drawLines(pdf textWriter, lines []DesignLine, item Label) {
	for _, l := range lines {
		text := Printable(lineText(l, item))
		if text == "" {
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
