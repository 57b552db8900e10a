package sheet

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/go-pdf/fpdf"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
)

// Shaped text reaches the PDF as vector outlines, not as a font: fpdf
// embeds TrueType fonts by character (its UTF-8 fonts map each character
// through the font's cmap), so it cannot draw the glyphs a shaper chooses
// by glyph id (Arabic joining forms, Indic conjuncts and reordered vowels,
// mark positions), and it cannot embed the CFF outlines of Noto Sans CJK.
// Each glyph a document uses is one form XObject holding its outline in
// font units, written once and drawn by every label that needs it, so a
// sheet carries only the glyphs it uses (a subset, as an embedded font
// would) and a name costs a few dozen bytes per label. The text itself is
// laid over the outlines invisibly (text rendering mode 3), in logical
// order, so copying, searching and pdftotext give the name as written.

// glyphForms holds the form of each glyph drawn so far in one document,
// by name; the empty slice marks a glyph with no outline (a space).
type glyphForms struct {
	objs map[string][]byte
}

func newGlyphForms() *glyphForms { return &glyphForms{objs: map[string][]byte{}} }

// use returns the form's name for g, making the form the first time, or ""
// when the glyph draws nothing.
func (gf *glyphForms) use(g glyph) string {
	name := glyphName(g)
	obj, ok := gf.objs[name]
	if !ok {
		obj = glyphForm(g)
		gf.objs[name] = obj
	}
	if len(obj) == 0 {
		return ""
	}
	return name
}

// register hands the forms to fpdf, which writes them and lists them in
// the pages' resources.
func (gf *glyphForms) register(pdf *fpdf.Fpdf) {
	objs := map[string][]byte{}
	names := map[string]string{}
	for name, obj := range gf.objs {
		if len(obj) > 0 {
			objs[name] = obj
			names[name] = name
		}
	}
	if len(objs) > 0 {
		pdf.ImportObjects(objs)
		pdf.ImportTemplates(names)
	}
}

// emboldenShare is the stroke width, in ems, that makes a bold from a face
// with no bold weight (Noto Sans CJK): about the difference between Noto
// Sans Regular's and Bold's stems.
const emboldenShare = 0.035

// glyphForm is the PDF object of a form that fills g's outline, in font
// units with y up and the glyph's origin at (0, 0). It does not set a
// colour: the label's line sets it around the glyphs.
func glyphForm(g glyph) []byte {
	tf := book().face(g.face)
	f := tf.regular
	if g.bold {
		f = tf.bold
	}
	outline, ok := f.GlyphDataOutline(g.id)
	if !ok || len(outline.Segments) == 0 {
		return []byte{}
	}
	stroke := g.bold && tf.fauxBold
	upem := float64(f.Upem())
	var c []byte
	num := func(v float32) {
		c = strconv.AppendFloat(c, math.Round(float64(v)*10)/10, 'f', -1, 64)
		c = append(c, ' ')
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	point := func(p font.SegmentPoint) {
		minX, maxX = math.Min(minX, float64(p.X)), math.Max(maxX, float64(p.X))
		minY, maxY = math.Min(minY, float64(p.Y)), math.Max(maxY, float64(p.Y))
		num(p.X)
		num(p.Y)
	}
	if stroke {
		c = strconv.AppendFloat(c, math.Round(upem*emboldenShare), 'f', -1, 64)
		c = append(c, " w 1 j\n"...)
	}
	var cur font.SegmentPoint
	open := false
	for _, s := range outline.Segments {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			if open {
				c = append(c, "h\n"...)
			}
			point(s.Args[0])
			c = append(c, "m\n"...)
			open = true
			cur = s.Args[0]
		case ot.SegmentOpLineTo:
			point(s.Args[0])
			c = append(c, "l\n"...)
			cur = s.Args[0]
		case ot.SegmentOpQuadTo:
			// A quadratic Bézier as the cubic PDF draws.
			q, p := s.Args[0], s.Args[1]
			point(font.SegmentPoint{X: cur.X + 2.0/3*(q.X-cur.X), Y: cur.Y + 2.0/3*(q.Y-cur.Y)})
			point(font.SegmentPoint{X: p.X + 2.0/3*(q.X-p.X), Y: p.Y + 2.0/3*(q.Y-p.Y)})
			point(p)
			c = append(c, "c\n"...)
			cur = p
		case ot.SegmentOpCubeTo:
			point(s.Args[0])
			point(s.Args[1])
			point(s.Args[2])
			c = append(c, "c\n"...)
			cur = s.Args[2]
		}
	}
	if stroke {
		c = append(c, "h B"...)
	} else {
		c = append(c, "h f"...)
	}
	pad := 1.0
	if stroke {
		pad += upem * emboldenShare
	}
	var obj bytes.Buffer
	obj.WriteString("<< /Type /XObject /Subtype /Form /BBox [")
	for _, v := range []float64{minX - pad, minY - pad, maxX + pad, maxY + pad} {
		obj.WriteString(strconv.FormatFloat(math.Floor(v), 'f', -1, 64) + " ")
	}
	obj.WriteString("] /Length " + strconv.Itoa(len(c)) + " >>\nstream\n")
	obj.Write(c)
	obj.WriteString("\nendstream\nendobj")
	return obj.Bytes()
}

// drawShaped draws a shaped line with its left end at x and its baseline
// at y (mm, y down, in the current transformation), pt points high, in
// colour (#rrggbb), then lays the line's text over it invisibly.
func drawShaped(pdf *fpdf.Fpdf, forms *glyphForms, sh shaped, x, y, pt float64, colour string) {
	k := pdf.GetConversionRatio()
	_, h := pdf.GetPageSize()
	ox, oy := x*k, (h-y)*k
	r, g, b := hexColour(colour)
	var c []byte
	f := func(v float64, prec int) {
		c = strconv.AppendFloat(c, v, 'f', prec, 64)
		c = append(c, ' ')
	}
	c = append(c, "q "...)
	for _, v := range []int{r, g, b} {
		f(float64(v)/255, 3)
	}
	c = append(c, "rg "...)
	for _, v := range []int{r, g, b} {
		f(float64(v)/255, 3)
	}
	c = append(c, "RG\n"...)
	for _, gl := range sh.glyphs {
		name := forms.use(gl)
		if name == "" {
			continue
		}
		tf := book().face(gl.face)
		fc := tf.regular
		s := pt / float64(fc.Upem())
		c = append(c, "q "...)
		f(s, 5)
		c = append(c, "0 0 "...)
		f(s, 5)
		f(ox+gl.x*pt, 2)
		f(oy+gl.y*pt, 2)
		c = append(c, "cm "...)
		c = append(c, name...)
		c = append(c, " Do Q\n"...)
	}
	c = append(c, "Q\n"...)
	pdf.RawWriteStr(string(c))

	// The invisible text: in Noto Sans, whatever glyphs that font has,
	// since only its characters matter (fpdf's Identity-H codes are the
	// characters' UTF-16 units, which its ToUnicode map gives back). It
	// spans the drawn width, so extraction finds it where the name is.
	// fpdf's codes are 16-bit: a character beyond the Basic Multilingual
	// Plane (a rare Han character of the supplementary planes, which is
	// drawn all the same) is carried as U+FFFD, a selector beyond it not at
	// all, and the line's real text is given as the span's ActualText,
	// which extraction reads instead.
	beyond := strings.ContainsFunc(sh.visual, func(r rune) bool { return r > 0xFFFF })
	if beyond {
		pdf.RawWriteStr("/Span <</ActualText <FEFF" + utf16Hex(sh.visual) + ">>> BDC\n")
	}
	text := strings.Map(func(r rune) rune {
		switch {
		case r <= 0xFFFF:
			return r
		case attaches(r):
			return -1
		}
		return replacement
	}, sh.visual)
	pdf.SetFont(fontFamily, textStyle, pt)
	if w := pdf.GetStringWidth(text); w > 0 {
		pdf.SetFontSize(math.Max(1, pt*sh.width*pt*ptToMM/w))
	}
	pdf.SetTextRenderingMode(3)
	pdf.Text(x, y, text)
	pdf.SetTextRenderingMode(0)
	if beyond {
		pdf.RawWriteStr("EMC\n")
	}
}

// utf16Hex is s in UTF-16 code units as hexadecimal, for a PDF text string.
func utf16Hex(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}
