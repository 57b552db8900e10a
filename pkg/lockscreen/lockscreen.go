// Package lockscreen draws a phone wallpaper that carries a person's
// emergency QR code and the few details a paramedic needs at a glance, for
// the lock screen: responders look at a locked phone's lock screen first.
//
// It is drawn on the server so the text looks the same on every device, with
// the fonts and the shaping the label sheets use. The code and the text sit in the band
// of the screen that the clock, the widgets and the bottom controls leave
// clear (see Screen).
package lockscreen

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// Screen is a phone screen in pixels, with the band that is clear of the
// lock screen's own furniture, as shares of the height from the top.
type Screen struct {
	Width, Height int
	// ClearTop is below the date, the clock and the widget row.
	ClearTop float64
	// ClearBottom is above the torch and camera buttons (iPhone), the
	// shortcuts and the fingerprint reader's mark (Android) and the home
	// indicator.
	ClearBottom float64
}

// The screens offered. A wallpaper is scaled to fill the screen, so one
// size serves each family's common shape:
//   - iPhone: 1179 x 2556, the native resolution of the 6.1-inch iPhone 14
//     Pro, 15, 15 Pro and 16; the 6.7-inch models (1290 x 2796) and the
//     16 Pro (1206 x 2622) have the same 19.5:9 shape and scale it
//     without cropping. iOS 16 and later put the date, the large clock and
//     a widget row in the top third, and the torch and camera buttons in
//     the bottom eighth.
//   - Android: 1080 x 2400, the 20:9 FHD+ screen of most current phones
//     (Pixel 6 to 9, Galaxy A series; a Galaxy S's 1080 x 2340 crops a few
//     rows off each end, inside the margins below). Pixel's large lock-screen
//     clock reaches about a third of the way down, and the fingerprint
//     reader's mark sits just under a fifth from the bottom.
var Screens = map[string]Screen{
	"iphone":  {Width: 1179, Height: 2556, ClearTop: 0.34, ClearBottom: 0.86},
	"android": {Width: 1080, Height: 2400, ClearTop: 0.34, ClearBottom: 0.80},
}

// Content is what the wallpaper shows: the QR code's text and the lines
// printed beside it, in the order given.
type Content struct {
	Payload string
	Heading string // the red band, as on the label ("EMERGENCY INFO")
	Lines   []Line
	Caption string // under the code ("Scan QR code with any phone")
}

// Line is one line of text on the card.
type Line struct {
	Text string
	Bold bool
}

// Layout says where things were drawn, for the tests and for callers that
// check the clear band.
type Layout struct {
	Card image.Rectangle
	// QR is the code including its quiet zone.
	QR        image.Rectangle
	ModulePx  int
	TextLines []image.Rectangle
}

var (
	background = color.RGBA{0x11, 0x18, 0x27, 0xff} // dark: the clock stays white and legible
	cardColour = color.White
	ink        = color.RGBA{0x11, 0x18, 0x27, 0xff}
	red        = color.RGBA{0xb9, 0x1c, 0x1c, 0xff} // the site's and the label's red
)

// quietModules is the light margin drawn around the code, in modules; the
// white card's padding adds more on every side, so the standard's 4 are
// always there for codes up to the largest record's (version 39).
const quietModules = 2

// minModulePx is the smallest module drawn. Phone screens have 400 to 480
// pixels per inch, so 3 pixels are about 0.17 mm, which a phone camera
// reads from a hand's length; only the largest records (version 35 and up)
// come down to it, typical ones get 6 to 9 pixels.
const minModulePx = 3

// ErrNoRoom means the text and a readable code do not fit the clear band.
var ErrNoRoom = errors.New("lockscreen: the details and the code do not fit the clear part of the screen")

// Render draws the wallpaper. The code is error correction H, as the
// on-screen code is (docs/design/individual.md §1), with whole-pixel modules.
func Render(s Screen, c Content) (*image.RGBA, Layout, error) {
	code, err := qr.Encode(c.Payload, qr.H)
	if err != nil {
		return nil, Layout{}, err
	}
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)

	// The card fills the clear band, with a margin at the sides.
	margin := s.Width / 24
	top := int(float64(s.Height) * s.ClearTop)
	bottom := int(float64(s.Height) * s.ClearBottom)
	card := image.Rect(margin, top, s.Width-margin, bottom)
	pad := s.Width / 36
	inner := card.Inset(pad)

	// Type sizes follow the screen's width, so both screens look alike.
	unit := float64(s.Width) / 1080
	headingPx, linePx, boldPx, captionPx := 64*unit, 50*unit, 60*unit, 40*unit
	gap := int(18 * unit)

	headingH := int(headingPx * 1.4)
	textH := 0
	for _, l := range c.Lines {
		textH += lineHeight(l.Bold, boldPx, linePx) + gap
	}
	captionH := int(captionPx*1.3) + gap
	qrRoom := min(inner.Dx(), inner.Dy()-headingH-gap-textH-captionH)
	modules := code.Size + 2*quietModules
	modulePx := qrRoom / modules
	if modulePx < minModulePx {
		return nil, Layout{}, ErrNoRoom
	}
	qrSide := modulePx * modules

	// Centre the whole block vertically inside the card.
	blockH := headingH + gap + textH + qrSide + captionH
	y := inner.Min.Y + (inner.Dy()-blockH)/2
	fillRounded(img, card, s.Width/24, cardColour)

	layout := Layout{Card: card, ModulePx: modulePx}
	band := image.Rect(card.Min.X, y, card.Max.X, y+headingH)
	draw.Draw(img, band, image.NewUniform(red), image.Point{}, draw.Src)
	drawCentred(img, c.Heading, true, headingPx, color.White, band, inner.Dx())
	y += headingH + gap
	for _, l := range c.Lines {
		h := lineHeight(l.Bold, boldPx, linePx)
		size := linePx
		if l.Bold {
			size = boldPx
		}
		r := image.Rect(inner.Min.X, y, inner.Max.X, y+h)
		drawCentred(img, l.Text, l.Bold, size, ink, r, inner.Dx())
		layout.TextLines = append(layout.TextLines, r)
		y += h + gap
	}
	x := inner.Min.X + (inner.Dx()-qrSide)/2
	layout.QR = image.Rect(x, y, x+qrSide, y+qrSide)
	drawCode(img, code, layout.QR.Min, modulePx)
	y += qrSide + gap
	drawCentred(img, c.Caption, false, captionPx, ink, image.Rect(inner.Min.X, y, inner.Max.X, y+int(captionPx*1.3)), inner.Dx())
	return img, layout, nil
}

func lineHeight(bold bool, boldPx, linePx float64) int {
	if bold {
		return int(boldPx * 1.3)
	}
	return int(linePx * 1.3)
}

// drawCode paints the code's dark modules as whole-pixel squares; the
// quiet zone is the white card under it.
func drawCode(img *image.RGBA, code *qr.Code, origin image.Point, modulePx int) {
	dark := image.NewUniform(color.Black)
	for my := range code.Size {
		for mx := range code.Size {
			if !code.Dark(mx, my) {
				continue
			}
			x := origin.X + (quietModules+mx)*modulePx
			y := origin.Y + (quietModules+my)*modulePx
			draw.Draw(img, image.Rect(x, y, x+modulePx, y+modulePx), dark, image.Point{}, draw.Src)
		}
	}
}

// fillRounded fills r with rounded corners of the given radius.
func fillRounded(img *image.RGBA, r image.Rectangle, radius int, c color.Color) {
	src := image.NewUniform(c)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		inset := 0
		if dy := min(y-r.Min.Y, r.Max.Y-1-y); dy < radius {
			// Distance in from the side on this row of the corner's arc.
			d := radius - dy
			for inset = 0; inset < radius && (radius-inset)*(radius-inset)+d*d > radius*radius; inset++ {
			}
		}
		draw.Draw(img, image.Rect(r.Min.X+inset, y, r.Max.X-inset, y+1), src, image.Point{}, draw.Src)
	}
}

// Type: each text starts at its size and shrinks to fit the width, down to
// 60 % of it; what still does not fit is cut with an ellipsis.
const minShare = 0.6

// fonts are the labels' Noto Sans faces, regular and bold, for text that
// needs no shaping.
var fonts = sync.OnceValue(func() [2]*opentype.Font {
	regular, err := opentype.Parse(sheet.TextFont(false))
	if err != nil {
		panic("lockscreen: Noto Sans Regular does not parse: " + err.Error())
	}
	bold, err := opentype.Parse(sheet.TextFont(true))
	if err != nil {
		panic("lockscreen: Noto Sans Bold does not parse: " + err.Error())
	}
	return [2]*opentype.Font{regular, bold}
})

func face(bold bool, px float64) font.Face {
	f := fonts()[0]
	if bold {
		f = fonts()[1]
	}
	// 72 DPI makes the size in pixels.
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("lockscreen: " + err.Error())
	}
	return face
}

// drawCentred writes text centred in r, shrunk or cut to fit width.
func drawCentred(img *image.RGBA, text string, bold bool, px float64, c color.Color, r image.Rectangle, width int) {
	text = sheet.Printable(text)
	if text == "" {
		return
	}
	if sheet.NeedsShaping(text) {
		drawShaped(img, text, bold, px, c, r, width)
		return
	}
	size := px
	f := face(bold, size)
	for font.MeasureString(f, text).Ceil() > width && size > px*minShare {
		size *= 0.95
		f = face(bold, size)
	}
	for font.MeasureString(f, text).Ceil() > width && len(text) > 1 {
		runes := []rune(strings.TrimSuffix(text, "…"))
		text = strings.TrimSpace(string(runes[:len(runes)-1])) + "…"
	}
	w := font.MeasureString(f, text).Ceil()
	m := f.Metrics()
	baseline := r.Min.Y + (r.Dy()+(m.Ascent-m.Descent).Ceil())/2
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f,
		Dot: fixed.P(r.Min.X+(r.Dx()-w)/2, baseline)}
	d.DrawString(text)
}

// drawShaped writes text that needs shaping (other scripts,
// right-to-left text, combining marks) as the labels print it: shaped, in
// the Noto fonts, in bidi order, with U+FFFD for a character no font has;
// its outlines are filled with anti-aliasing. It shrinks and is cut as
// drawCentred's text is, and its ink is centred in r.
func drawShaped(img *image.RGBA, text string, bold bool, px float64, c color.Color, r image.Rectangle, width int) {
	size := px
	line := sheet.ShapeLine(text, bold, 0)
	for line.Width()*size > float64(width) && size > px*minShare {
		size *= 0.95
	}
	if line.Width()*size > float64(width) {
		line = sheet.ShapeLine(text, bold, float64(width)/size)
	}
	top, bottom := line.Ink()
	w := line.Width() * size
	x := float64(r.Min.X) + (float64(r.Dx())-w)/2
	baseline := float64(r.Min.Y) + float64(r.Dy())/2 + (top+bottom)/2*size
	// Rasterise over the whole card width and a band around the line, so
	// marks that reach past the line's advance are kept.
	band := image.Rect(0, int(baseline-top*size)-2, img.Bounds().Dx(), int(baseline-bottom*size)+3).Intersect(img.Bounds())
	if band.Empty() {
		return
	}
	ras := vector.NewRasterizer(band.Dx(), band.Dy())
	line.Draw(ras, x-float64(band.Min.X), baseline-float64(band.Min.Y), size)
	ras.Draw(img, band, image.NewUniform(c), image.Point{})
}
