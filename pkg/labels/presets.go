package labels

import "fmt"

// Kind is a product label type (spec labelType). Custom sizes are Custom.
type Kind string

const (
	Helmet Kind = "helmet" // 4 x 2 in
	Gear   Kind = "gear"   // 2 x 2 in
	Wallet Kind = "wallet" // 3.5 x 2 in
)

// PaperSize is the visitor's paper (spec paperSize).
type PaperSize string

const (
	Letter PaperSize = "letter"
	A4     PaperSize = "a4"
)

// Paper returns the page size of a product paper size.
func (c *Catalogue) Paper(size PaperSize) (Paper, error) {
	ids := map[PaperSize]string{Letter: "US-Letter", A4: "A4"}
	p, ok := c.Papers[ids[size]]
	if !ok {
		return Paper{}, fmt.Errorf("labels: paper must be %q or %q, not %q", Letter, A4, size)
	}
	return p, nil
}

// Preset ties a product label type on a paper size to a catalogue sheet.
type Preset struct {
	Kind        Kind
	Paper       PaperSize
	Brand, Part string
}

// Presets are the product's sheets (DESIGN.md, "Label catalogue").
var Presets = []Preset{
	{Helmet, Letter, "Avery", "5163"},
	// Avery L7173 (99.1 x 57 mm, 2 x 5) has no entry; this database sheet
	// has its geometry, within 0.05 mm.
	{Helmet, A4, "Endisch", "6409957x"},
	{Gear, Letter, "Avery", "22806"}, // entered by hand, see handEntered
	{Gear, A4, "Endisch", "6505050x"},
	{Wallet, Letter, "Avery", "28371"}, // = 5371
	{Wallet, A4, "Avery", "L7414"},     // = J8414, C32011 share the size
}

// Preset returns the sheet for a label type on a paper size.
func (c *Catalogue) Preset(kind Kind, paper PaperSize) (*Template, error) {
	for _, p := range Presets {
		if p.Kind == kind && p.Paper == paper {
			t, ok := c.Lookup(p.Brand, p.Part)
			if !ok {
				return nil, fmt.Errorf("labels: preset sheet %s %s is missing from the catalogue", p.Brand, p.Part)
			}
			return t, nil
		}
	}
	return nil, fmt.Errorf("labels: no preset for %q labels on %q paper", kind, paper)
}

// handEntered are sheets the database lacks. Each cites its source and must
// be checked with a plain-paper test print (sheet.Options.Outline) before
// its labels are trusted.
var handEntered = []*Template{
	{
		// Avery 22806, 2 in square, 12 per sheet (3 x 4). Size and count from
		// Avery's product page and the database README; the margins (0.625 in
		// left and top) and pitches (2.625 in across, 2.5 in down) centre the
		// columns on Letter and follow Avery's downloadable template for
		// 22806. Confirm with a test print.
		Brand: "Avery", Part: "22806", Description: "Square Print-to-the-Edge Labels",
		Paper: "US-Letter", PageWidth: 215.9, PageHeight: 279.4,
		Label:   Label{Shape: Rectangle, Width: 50.8, Height: 50.8, CornerRadius: 3.175, Margin: 1.5875},
		Layouts: []Layout{{Cols: 3, Rows: 4, X0: 15.875, Y0: 15.875, DX: 66.675, DY: 63.5}},
		Source:  "hand-entered: Avery 22806 product data (2 x 2 in, 12 per sheet)",
	},
}
