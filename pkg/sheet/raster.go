package sheet

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/vector"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
)

// Pages is a sheet's labels laid out page by page to be drawn as pictures,
// for a print system that takes pictures rather than PDF (the Windows
// spooler's GDI): the same positions, codes and fitted lines as Render's
// PDF, drawn at the printer's own resolution.
type Pages struct {
	t     *labels.Template
	o     Options
	d     Design
	items []Label
	codes []*qr.Code // one per item
	pages [][]placement
	fonts *fpdf.Fpdf // measures unshaped text as the PDF does
}

// NewPages lays items out on sheets of t as Render does, and refuses what
// Render refuses.
func NewPages(t *labels.Template, items []Label, o Options) (*Pages, error) {
	o, err := prepare(t, items, o)
	if err != nil {
		return nil, err
	}
	p := &Pages{t: t, o: o, d: DesignFor(t.Label), items: items, codes: make([]*qr.Code, len(items))}
	byPayload := map[string]*qr.Code{}
	sizes := make([]int, len(items))
	for i, it := range items {
		c, ok := byPayload[it.Payload]
		if !ok {
			if c, err = qr.Encode(it.Payload, o.Level); err != nil {
				return nil, err
			}
			byPayload[it.Payload] = c
		}
		p.codes[i], sizes[i] = c, c.Size
	}
	if err := checkCodesFit(p.d, sizes, o.MinModule); err != nil {
		return nil, err
	}
	p.pages = layOut(t, len(items), o)
	p.fonts = fpdf.New("P", "mm", "A4", "")
	p.fonts.AddUTF8FontFromBytes(fontFamily, textStyle, textFont(textStyle))
	p.fonts.AddUTF8FontFromBytes(fontFamily, nameStyle, textFont(nameStyle))
	return p, nil
}

// Len is the number of pages.
func (p *Pages) Len() int { return len(p.pages) }

// Size is the page's width and height in mm.
func (p *Pages) Size() (w, h float64) { return p.t.PageWidth, p.t.PageHeight }

// Draw draws page i (from 0) at dpi dots per inch: white paper, black
// code modules on whole pixels, the lines in their colours.
func (p *Pages) Draw(i int, dpi float64) *image.RGBA {
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * dpi)) }
	img := image.NewRGBA(image.Rect(0, 0, px(p.t.PageWidth), px(p.t.PageHeight)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	m := newMeasurer(p.fonts)
	for _, l := range p.pages[i] {
		if p.o.Outline {
			drawRasterOutline(img, p.t.Label, l.x, l.y, px)
		}
		code := p.codes[l.item]
		qx, qy, module, _ := fit(p.d.QR, code.Size, p.o.MinModule)
		for my := range code.Size {
			for mx := range code.Size {
				if !code.Dark(mx, my) {
					continue
				}
				x0, y0 := l.x+qx+float64(mx)*module, l.y+qy+float64(my)*module
				r := image.Rect(px(x0), px(y0), px(x0+module), px(y0+module))
				draw.Draw(img, r, image.Black, image.Point{}, draw.Src)
			}
		}
		drawRasterLines(img, p.d, l.x, l.y, p.items[l.item], m, dpi)
	}
	return img
}

// drawRasterLines draws a label's fitted lines as filled outlines, each in
// a band of the page around its row.
func drawRasterLines(img *image.RGBA, d Design, labelX, labelY float64, item Label, m *measurer, dpi float64) {
	mmToPx := dpi / 25.4
	for _, row := range fitLines(d, item, m.measure) {
		dl := d.lineFor(row.Role)
		line := Line{m.shape(row.Text, dl.Bold)}
		em := row.Pt * ptToMM * mmToPx
		x := (labelX + row.X) * mmToPx
		if dl.Centred {
			x -= line.Width() * em / 2
		}
		baseline := (labelY + row.Baseline) * mmToPx
		top, bottom := line.Ink()
		band := image.Rect(int(x)-int(em), int(baseline-top*em)-2, int(x+line.Width()*em+em)+1, int(baseline-bottom*em)+3).Intersect(img.Bounds())
		if band.Empty() {
			continue
		}
		ras := vector.NewRasterizer(band.Dx(), band.Dy())
		line.Draw(ras, x-float64(band.Min.X), baseline-float64(band.Min.Y), em)
		r, g, b := hexColour(dl.Colour)
		ras.Draw(img, band, image.NewUniform(color.RGBA{uint8(r), uint8(g), uint8(b), 255}), image.Point{})
	}
}

// drawRasterOutline draws a label's bounding edge one pixel wide, for a
// test print on plain paper.
func drawRasterOutline(img *image.RGBA, lb labels.Label, x, y float64, px func(float64) int) {
	grey := image.NewUniform(color.Gray{160})
	x0, y0, x1, y1 := px(x), px(y), px(x+lb.Width), px(y+lb.Height)
	for _, r := range []image.Rectangle{
		image.Rect(x0, y0, x1, y0+1), image.Rect(x0, y1-1, x1, y1),
		image.Rect(x0, y0, x0+1, y1), image.Rect(x1-1, y0, x1, y1),
	} {
		draw.Draw(img, r, grey, image.Point{}, draw.Src)
	}
}
