package sheet

import (
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

// Type sizes in points: each text starts at its largest size and shrinks to
// fit, down to the smallest that still reads on a label.
const (
	nameMaxPt    = 14.0
	captionMaxPt = 9.0
	minPt        = 6.0
	lineSpacing  = 1.2
	ptToMM       = 25.4 / 72
	// maxRunes bounds each printed text: no label shows more, and it keeps
	// the fitting loops below quick whatever a caller sends.
	maxRunes = 200
)

// glyphs parses Go Regular once to tell which runes the fonts draw; Go Bold
// covers the same characters.
var glyphs = sync.OnceValue(func() *sfnt.Font {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		panic("sheet: the embedded Go font does not parse: " + err.Error())
	}
	return f
})

// printable keeps the runes the Go fonts can draw, with white space
// collapsed to single spaces, up to maxRunes of them: emoji and other
// missing characters are dropped from printed text, never from the QR
// payload.
func printable(s string) string {
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
	GetStringWidth(s string) float64
	Text(x, y float64, s string)
}

// drawText sets the name line (bold) and the caption (regular, wrapped)
// centred vertically in b, each at the largest size that fits.
func drawText(pdf textWriter, b box, name, caption string) {
	name, caption = printable(name), printable(caption)
	if b.W <= 0 || (name == "" && caption == "") {
		return
	}
	type line struct {
		text, style string
		pt          float64
	}
	var lines []line
	used := 0.0
	if name != "" {
		pt := nameMaxPt
		pdf.SetFont(fontFamily, nameStyle, pt)
		for pt > minPt && (pdf.GetStringWidth(name) > b.W || pt*lineSpacing*ptToMM > b.H) {
			pt -= 0.5
			pdf.SetFont(fontFamily, nameStyle, pt)
		}
		if pt*lineSpacing*ptToMM > b.H {
			return
		}
		lines = append(lines, line{truncate(pdf, name, b.W), nameStyle, pt})
		used += pt * lineSpacing * ptToMM
	}
	if caption != "" {
		pt := captionMaxPt
		var wrapped []string
		for {
			pdf.SetFont(fontFamily, textStyle, pt)
			wrapped = wrap(pdf, caption, b.W)
			if used+float64(len(wrapped))*pt*lineSpacing*ptToMM <= b.H || pt <= minPt {
				break
			}
			pt -= 0.5
		}
		for _, w := range wrapped {
			if used+pt*lineSpacing*ptToMM > b.H {
				break // what does not fit is left off
			}
			lines = append(lines, line{w, textStyle, pt})
			used += pt * lineSpacing * ptToMM
		}
	}
	y := b.Y + (b.H-used)/2
	for _, l := range lines {
		pdf.SetFont(fontFamily, l.style, l.pt)
		// The baseline sits about 0.9 em below the top of the line.
		pdf.Text(b.X, y+0.9*l.pt*ptToMM, l.text)
		y += l.pt * lineSpacing * ptToMM
	}
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

// wrap breaks s into lines no wider than width, between words where it can
// and inside a word too long for a line.
func wrap(pdf textWriter, s string, width float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if pdf.GetStringWidth(try) <= width {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			cur = ""
		}
		for pdf.GetStringWidth(word) > width {
			runes := []rune(word)
			n := len(runes) - 1
			for n > 1 && pdf.GetStringWidth(string(runes[:n])) > width {
				n--
			}
			lines = append(lines, string(runes[:n]))
			word = string(runes[n:])
		}
		cur = word
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
