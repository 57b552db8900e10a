package sheet

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
)

// created is the PDF's fixed creation date: nothing in the file depends on
// the clock. (fpdf writes the code forms in map order, so object numbers
// differ between runs; the pages do not.)
var created = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Render writes the PDF of items on sheets of t. Labels fill positions in
// the template's order from o.Start, each o.Copies times, as many sheets as
// needed.
func Render(w io.Writer, t *labels.Template, items []Label, o Options) error {
	o, err := prepare(t, items, o)
	if err != nil {
		return err
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
	pdf.AddUTF8FontFromBytes(fontFamily, textStyle, textFont(textStyle))
	pdf.AddUTF8FontFromBytes(fontFamily, nameStyle, textFont(nameStyle))
	pdf.SetDrawColor(160, 160, 160)
	pdf.SetLineWidth(0.1)

	symbols, err := encodeAll(pdf, items, o.Level)
	if err != nil {
		return err
	}
	d := DesignFor(t.Label)
	sizes := make([]int, len(symbols))
	for i, s := range symbols {
		sizes[i] = s.size
	}
	if err := checkCodesFit(d, sizes, o.MinModule); err != nil {
		return err
	}

	forms := newGlyphForms()
	for _, page := range layOut(t, len(items), o) {
		pdf.AddPage()
		for _, p := range page {
			drawLabel(pdf, forms, t, d, p.x, p.y, symbols[p.item], items[p.item], o)
		}
	}
	forms.register(pdf)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	// Ask print dialogs for 100 % (printscaling.go), or write nothing.
	update, err := printScalingUpdate(out.Bytes())
	if err != nil {
		return err
	}
	out.Write(update)
	_, err = out.WriteTo(w)
	return err
}

// prepare checks a request for a sheet, as Render and NewPages take it:
// o with its defaults, at least one label, and no two labels of t in one
// place (which would print two codes over each other).
func prepare(t *labels.Template, items []Label, o Options) (Options, error) {
	o, err := o.withDefaults(t)
	if err != nil {
		return o, err
	}
	if len(items) == 0 {
		return o, ErrNoLabels
	}
	return o, t.CheckOverlap()
}

// placement is one label on a page: which item it shows, and its top-left
// corner in mm, the calibration offset included.
type placement struct {
	item int
	x, y float64
}

// layOut places n items on pages of t in the template's order from
// o.Start, each o.Copies times, as many pages as needed.
func layOut(t *labels.Template, n int, o Options) [][]placement {
	positions := t.Positions()
	slot := o.Start - 1
	pages := [][]placement{nil}
	for i := range n {
		for range o.Copies {
			if slot == len(positions) {
				pages = append(pages, nil)
				slot = 0
			}
			p := positions[slot]
			last := len(pages) - 1
			pages[last] = append(pages[last], placement{i, p.X + o.OffsetX, p.Y + o.OffsetY})
			slot++
		}
	}
	return pages
}

// checkCodesFit refuses codes (of sizes modules a side, one per label)
// whose modules would be smaller than minModule in design d's square,
// naming every such label.
func checkCodesFit(d Design, sizes []int, minModule float64) error {
	var tooSmall *TooSmallError
	for i, size := range sizes {
		_, _, module, ok := fit(d.QR, size, minModule)
		switch {
		case ok:
		case tooSmall == nil:
			tooSmall = &TooSmallError{Index: i, Modules: size + 2*rules.QuietModules, Module: module,
				Min: minModule, Refused: []int{i}, MaxSize: size}
		default:
			tooSmall.Refused = append(tooSmall.Refused, i)
			tooSmall.MaxSize = max(tooSmall.MaxSize, size)
		}
	}
	if tooSmall != nil {
		return tooSmall
	}
	return nil
}

// drawLabel draws one label with its top-left corner at (x, y) on the page.
// Everything inside is drawn in label coordinates under one translation, so
// the label's position can be read back from the PDF as that translation.
func drawLabel(pdf *fpdf.Fpdf, forms *glyphForms, t *labels.Template, d Design, x, y float64, s symbol, item Label, o Options) {
	pdf.TransformBegin()
	pdf.TransformTranslate(x, y)
	if o.Outline {
		drawOutline(pdf, t.Label)
	}

	qx, qy, module, _ := fit(d.QR, s.size, o.MinModule)
	// Put the code's corner on the printer's dot grid when the calibration
	// offset is zero.
	dot := 25.4 / float64(o.DPI)
	qx = math.Round((x+qx)/dot)*dot - x
	qy = math.Round((y+qy)/dot)*dot - y
	// The code's form XObject is in module units, y down; scale and flip
	// it onto the label (fpdf adds the page height to the y offset).
	pdf.UseImportedTemplate(s.name, module, -module, qx, -qy)

	drawLines(pdf, forms, d, item)
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

// symbol is one encoded payload ready to draw: its size in modules and
// the PDF form XObject that draws it, named name in the page resources.
type symbol struct {
	size int
	name string
	form []byte
}

// encodeAll encodes every distinct payload once, on every core: encoding
// is about half of the time a sheet takes (fpdf writing and compressing
// the pages is most of the rest).
func encodeAll(pdf *fpdf.Fpdf, items []Label, level qr.Level) ([]symbol, error) {
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
			var f formWriter
			for i := range next {
				c, err := qr.Encode(distinct[i], level)
				if err != nil {
					errs[i] = err
					continue
				}
				built[i] = symbol{size: c.Size, name: "/QR" + strconv.Itoa(i), form: f.object(c)}
			}
		}()
	}
	for i := range distinct {
		next <- i
	}
	close(next)
	wg.Wait()

	// Each distinct code is one form, drawn by every copy of its label.
	objects := map[string][]byte{}
	names := map[string]string{}
	for _, s := range built {
		if s.form != nil {
			objects[s.name] = s.form
			names[s.name] = s.name
		}
	}
	pdf.ImportObjects(objects)
	pdf.ImportTemplates(names)

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
