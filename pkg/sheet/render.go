package sheet

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
)

const ptPerMM = 72 / 25.4

// created is the PDF's fixed creation date, so the same labels always give
// the same bytes.
var created = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Render writes the PDF of items on sheets of t. Labels fill positions in
// the template's order from o.Start, each o.Copies times, as many sheets as
// needed.
func Render(w io.Writer, t *labels.Template, items []Label, o Options) error {
	o, err := o.withDefaults(t)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return ErrNoLabels
	}
	symbols, err := encodeAll(items, o.Level)
	if err != nil {
		return err
	}
	d := designFor(t.Label)
	for i, s := range symbols {
		if _, _, module, ok := fit(d.qr, s.size, o.DPI); !ok {
			return &TooSmallError{Index: i, Modules: s.size + 2*quietModules, Module: module}
		}
	}

	pdf := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "mm",
		Size:    fpdf.SizeType{Wd: t.PageWidth, Ht: t.PageHeight},
	})
	pdf.SetCreationDate(created)
	pdf.SetModificationDate(created)
	pdf.SetProducer("Lifetag", false)
	pdf.SetTitle(t.Name()+" labels", true)
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddUTF8FontFromBytes(fontFamily, textStyle, goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, nameStyle, gobold.TTF)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetDrawColor(160, 160, 160)
	pdf.SetLineWidth(0.1)

	positions := t.Positions()
	slot := o.Start - 1
	pdf.AddPage()
	for i, item := range items {
		for c := 0; c < o.Copies; c++ {
			if slot == len(positions) {
				pdf.AddPage()
				slot = 0
			}
			p := positions[slot]
			drawLabel(pdf, t, d, p.X+o.OffsetX, p.Y+o.OffsetY, symbols[i], item, o)
			slot++
		}
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	return pdf.Output(w)
}

// drawLabel draws one label with its top-left corner at (x, y) on the page.
// Everything inside is drawn in label coordinates under one translation, so
// the label's position can be read back from the PDF as that translation.
func drawLabel(pdf *fpdf.Fpdf, t *labels.Template, d design, x, y float64, s symbol, item Label, o Options) {
	pdf.TransformBegin()
	pdf.TransformTranslate(x, y)
	if o.Outline {
		drawOutline(pdf, t.Label)
	}

	qx, qy, module, _ := fit(d.qr, s.size, o.DPI)
	// Put the code's corner on the printer's dot grid, so every module
	// covers whole dots when the calibration offset is zero.
	dot := 25.4 / float64(o.DPI)
	qx = math.Round((x+qx)/dot)*dot - x
	qy = math.Round((y+qy)/dot)*dot - y
	// One filled path in module units, y down: the union of all dark
	// modules is filled at once, so no seams appear between them.
	m := module * ptPerMM
	pdf.RawWriteStr("q 0 g " + num(m) + " 0 0 " + num(-m) + " " + num(qx*ptPerMM) + " " + num((t.PageHeight-qy)*ptPerMM) + " cm\n" + s.path + "f Q")

	drawText(pdf, d.text, item.Name, item.Caption)
	pdf.TransformEnd()
}

// drawOutline strokes the label's edge for a test print on plain paper.
func drawOutline(pdf *fpdf.Fpdf, l labels.Label) {
	switch l.Shape {
	case labels.Round:
		pdf.Circle(l.Width/2, l.Height/2, l.Radius, "D")
	case labels.Ellipse:
		pdf.Ellipse(l.Width/2, l.Height/2, l.Width/2, l.Height/2, 0, "D")
	case labels.CD:
		pdf.Circle(l.Width/2, l.Height/2, l.Radius, "D")
		pdf.Circle(l.Width/2, l.Height/2, l.HoleRadius, "D")
	default:
		roundedRect(pdf, l.Width, l.Height, math.Min(l.CornerRadius, math.Min(l.Width, l.Height)/2))
	}
}

// roundedRect strokes a w x h rectangle at the origin with corners of
// radius r. fpdf's RoundedRect is not used: it leaves a graphics state
// ("q") open, which would shift every later label.
func roundedRect(pdf *fpdf.Fpdf, w, h, r float64) {
	if r <= 0 {
		pdf.Rect(0, 0, w, h, "D")
		return
	}
	k := r * 4 / 3 * (math.Sqrt2 - 1) // Bézier handle length of a quarter circle
	pdf.MoveTo(r, 0)
	pdf.LineTo(w-r, 0)
	pdf.CurveBezierCubicTo(w-r+k, 0, w, r-k, w, r)
	pdf.LineTo(w, h-r)
	pdf.CurveBezierCubicTo(w, h-r+k, w-r+k, h, w-r, h)
	pdf.LineTo(r, h)
	pdf.CurveBezierCubicTo(r-k, h, 0, h-r+k, 0, h-r)
	pdf.LineTo(0, r)
	pdf.CurveBezierCubicTo(0, r-k, r-k, 0, r, 0)
	pdf.ClosePath()
	pdf.DrawPath("D")
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }

// symbol is one encoded payload ready to draw: its size in modules and its
// dark modules as PDF rectangles in module units.
type symbol struct {
	size int
	path string
}

// encodeAll encodes every distinct payload once, on every core: encoding
// is nearly all of the time a sheet takes.
func encodeAll(items []Label, level qr.Level) ([]symbol, error) {
	index := map[string]int{} // payload -> position in distinct
	var distinct []string
	for _, it := range items {
		if _, seen := index[it.Payload]; !seen {
			index[it.Payload] = len(distinct)
			distinct = append(distinct, it.Payload)
		}
	}
	built := make([]symbol, len(distinct))
	errs := make([]error, len(distinct))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(distinct)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c, err := qr.Encode(distinct[i], level)
				if err != nil {
					errs[i] = err
					continue
				}
				built[i] = symbol{size: c.Size, path: rectPath(c)}
			}
		}()
	}
	for i := range distinct {
		next <- i
	}
	close(next)
	wg.Wait()

	symbols := make([]symbol, len(items))
	for i, it := range items {
		j := index[it.Payload]
		if errs[j] != nil {
			return nil, fmt.Errorf("sheet: label %d: %w", i+1, errs[j])
		}
		symbols[i] = built[j]
	}
	return symbols, nil
}

// rectPath writes the dark modules as "x y w h re" rectangles: horizontal
// runs, with identical runs in consecutive rows merged into one taller
// rectangle, which keeps the PDF small.
func rectPath(c *qr.Code) string {
	type rect struct{ x, y, w, h int }
	var rects []rect
	open := map[[2]int]int{} // run (x, len) in the previous row -> index in rects
	for _, r := range c.Runs() {
		k := [2]int{r.X, r.Len}
		if i, ok := open[k]; ok && rects[i].y+rects[i].h == r.Y {
			rects[i].h++
			continue
		}
		open[k] = len(rects)
		rects = append(rects, rect{r.X, r.Y, r.Len, 1})
	}
	buf := make([]byte, 0, len(rects)*12)
	for _, r := range rects {
		buf = strconv.AppendInt(buf, int64(r.x), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.y), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.w), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.h), 10)
		buf = append(buf, " re\n"...)
	}
	return string(buf)
}
