package sheet

import (
	ot "github.com/go-text/typesetting/font/opentype"
)

// Pather receives a glyph outline, y down, in pixels:
// golang.org/x/image/vector's Rasterizer is one.
type Pather interface {
	MoveTo(x, y float32)
	LineTo(x, y float32)
	QuadTo(bx, by, cx, cy float32)
	CubeTo(bx, by, cx, cy, dx, dy float32)
	ClosePath()
}

// Line is a line of text as the labels set it, for drawers other than
// the PDF (the lock-screen wallpaper): shaped with font fallback and in
// bidi order when NeedsShaping says so.
type Line struct{ s shaped }

// NeedsShaping reports whether the labels shape text (ShapeLine) rather
// than set it directly in Noto Sans (TextFont).
func NeedsShaping(text string) bool { return needsShaping(Printable(text)) }

// TextFont is the Noto Sans file, bold or regular, that the labels set
// unshaped text in.
func TextFont(bold bool) []byte { return textFont(styleOf(bold)) }

// ShapeLine sets text (through Printable); width, when positive, is the
// room in ems: a longer line is cut short with an ellipsis.
func ShapeLine(text string, bold bool, width float64) Line {
	text = Printable(text)
	s := shapeText(text, bold)
	if width > 0 && s.width > width {
		s = shapeText(ellipsize(text, bold, width, shapedWidth), bold)
	}
	return Line{s}
}

// Width is the line's advance in ems.
func (l Line) Width() float64 { return l.s.width }

// Ink is how far the line's ink reaches above its baseline and below it
// (negative), in ems.
func (l Line) Ink() (top, bottom float64) { return l.s.top, l.s.bottom }

// Text is what the line shows, in logical order.
func (l Line) Text() string { return l.s.text }

// Draw sends the line's outlines to p with its left end at x and its
// baseline at y, em pixels to the em. Bold from a face without a bold
// weight is drawn a second time, shifted by the stroke width that the PDF
// strokes it with.
func (l Line) Draw(p Pather, x, y, em float64) {
	for _, g := range l.s.glyphs {
		tf := book().face(g.face)
		f := tf.regular
		if g.bold {
			f = tf.bold
		}
		outline, ok := f.GlyphDataOutline(g.id)
		if !ok {
			continue
		}
		scale := em / float64(f.Upem())
		passes := []float64{0}
		if g.bold && tf.fauxBold {
			passes = append(passes, emboldenShare*em/2, emboldenShare*em)
		}
		for _, dx := range passes {
			ox, oy := x+g.x*em+dx, y-g.y*em
			pt := func(p ot.SegmentPoint) (float32, float32) {
				return float32(ox + float64(p.X)*scale), float32(oy - float64(p.Y)*scale)
			}
			open := false
			for _, s := range outline.Segments {
				switch s.Op {
				case ot.SegmentOpMoveTo:
					if open {
						p.ClosePath()
					}
					p.MoveTo(pt(s.Args[0]))
					open = true
				case ot.SegmentOpLineTo:
					p.LineTo(pt(s.Args[0]))
				case ot.SegmentOpQuadTo:
					bx, by := pt(s.Args[0])
					cx, cy := pt(s.Args[1])
					p.QuadTo(bx, by, cx, cy)
				case ot.SegmentOpCubeTo:
					bx, by := pt(s.Args[0])
					cx, cy := pt(s.Args[1])
					dx, dy := pt(s.Args[2])
					p.CubeTo(bx, by, cx, cy, dx, dy)
				}
			}
			if open {
				p.ClosePath()
			}
		}
	}
}
