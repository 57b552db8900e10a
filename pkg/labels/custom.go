package labels

import (
	"fmt"
	"math"
)

// Custom is a custom label size (spec customDimensions), digital only.
type Custom struct {
	Width, Height float64 // mm
	Count         int     // labels per sheet
	Cols, Rows    int
}

// Bounds and defaults of a custom size (docs/design/individual.md §5).
const (
	CustomMinWidth, CustomMaxWidth   = 70.0, 250.0
	CustomMinHeight, CustomMaxHeight = 50.0, 250.0
	CustomMinCount, CustomMaxCount   = 1, 100
	CustomMinCols, CustomMaxCols     = 1, 10
	CustomMinRows, CustomMaxRows     = 1, 20
)

// DefaultCustom is the form's starting point.
var DefaultCustom = Custom{Width: CustomMinWidth, Height: CustomMinHeight, Count: 10, Cols: 2, Rows: 5}

// Validate checks the bounds. Cols x Rows differing from Count is not an
// error; see Hint.
func (c Custom) Validate() error {
	// Written as "not within" so that NaN (labelsheet -custom reads "NaN"
	// as a number) is outside every range too.
	switch {
	case !(c.Width >= CustomMinWidth && c.Width <= CustomMaxWidth):
		return fmt.Errorf("Width must be %g to %g mm", CustomMinWidth, CustomMaxWidth)
	case !(c.Height >= CustomMinHeight && c.Height <= CustomMaxHeight):
		return fmt.Errorf("Height must be %g to %g mm", CustomMinHeight, CustomMaxHeight)
	case c.Count < CustomMinCount || c.Count > CustomMaxCount:
		return fmt.Errorf("Labels per sheet must be %d to %d", CustomMinCount, CustomMaxCount)
	case c.Cols < CustomMinCols || c.Cols > CustomMaxCols:
		return fmt.Errorf("Columns must be %d to %d", CustomMinCols, CustomMaxCols)
	case c.Rows < CustomMinRows || c.Rows > CustomMaxRows:
		return fmt.Errorf("Rows must be %d to %d", CustomMinRows, CustomMaxRows)
	}
	return nil
}

// Hint is shown, never enforced, when the grid does not hold Count labels.
func (c Custom) Hint() string {
	if c.Cols*c.Rows == c.Count {
		return ""
	}
	return fmt.Sprintf("Columns × rows (%d × %d = %d) should equal labels per sheet (%d)", c.Cols, c.Rows, c.Cols*c.Rows, c.Count)
}

// Balance rates a custom label's aspect ratio.
type Balance string

const (
	Balanced Balance = "balanced" // aspect ratio 0.5 to 3
	Fair     Balance = "fair"     // between balanced and extreme
	Extreme  Balance = "extreme"  // above 3 or below 0.3
)

// Rating is the custom-size preview's verdict (docs/design/individual.md §5).
type Rating struct {
	TextReadable bool // area at least 2 sq in
	QROptimal    bool // both sides at least 50 mm
	Balance      Balance
}

const (
	readableAreaSqIn = 2.0
	optimalQRSideMM  = 50.0
)

// Rate rates a custom size for the preview.
func (c Custom) Rate() Rating {
	areaSqIn := (c.Width / 25.4) * (c.Height / 25.4)
	r := Rating{
		TextReadable: areaSqIn >= readableAreaSqIn,
		QROptimal:    c.Width >= optimalQRSideMM && c.Height >= optimalQRSideMM,
		Balance:      Fair,
	}
	ratio := c.Width / c.Height
	switch {
	case ratio > 3 || ratio < 0.3:
		r.Balance = Extreme
	case ratio >= 0.5 && ratio <= 3:
		r.Balance = Balanced
	}
	return r
}

// Template lays a custom size out on a paper: Count labels, Cols to a row,
// edge to edge (as butt-cut sheets are), the grid centred on the page. The
// grid grows rows when Count needs them; it must fit the page.
func (c Custom) Template(paper Paper) (*Template, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	cols := min(c.Cols, c.Count)
	rows := (c.Count + cols - 1) / cols
	gridW, gridH := float64(cols)*c.Width, float64(rows)*c.Height
	if gridW > paper.Width+1e-9 || gridH > paper.Height+1e-9 {
		return nil, fmt.Errorf("%d × %d labels of %g × %g mm do not fit on %s paper (%g × %g mm)",
			cols, rows, c.Width, c.Height, paper.ID, paper.Width, paper.Height)
	}
	t := &Template{
		Brand: "Custom", Part: fmt.Sprintf("%gx%g-%d", c.Width, c.Height, c.Count),
		Description: "Custom labels", Paper: paper.ID,
		PageWidth: paper.Width, PageHeight: paper.Height,
		Label:  Label{Shape: Rectangle, Width: c.Width, Height: c.Height},
		Source: "custom size",
	}
	x0 := round2((paper.Width - gridW) / 2)
	y0 := round2((paper.Height - gridH) / 2)
	full := c.Count / cols
	if full > 0 {
		t.Layouts = append(t.Layouts, Layout{Cols: cols, Rows: full, X0: x0, Y0: y0, DX: c.Width, DY: c.Height})
	}
	if rest := c.Count - full*cols; rest > 0 {
		t.Layouts = append(t.Layouts, Layout{Cols: rest, Rows: 1, X0: x0, Y0: y0 + float64(full)*c.Height, DX: c.Width, DY: c.Height})
	}
	return t, nil
}

// round2 rounds to 0.01 mm, far below what a printer can place.
func round2(v float64) float64 { return math.Round(v*100) / 100 }
