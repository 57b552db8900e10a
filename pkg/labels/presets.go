package labels

import (
	"fmt"
	"slices"

	"github.com/lifetag/lifetag/pkg/qr"
)

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

// PaperSizes are the product paper sizes, each on the catalogue's paper of
// paperIDs.
var PaperSizes = []PaperSize{Letter, A4}

// PaperSizeNames are PaperSizes as plain strings, as the wire carries them.
func PaperSizeNames() []string {
	var names []string
	for _, p := range PaperSizes {
		names = append(names, string(p))
	}
	return names
}

// paperIDs are the catalogue's paper ids of the product paper sizes.
var paperIDs = map[PaperSize]string{Letter: "US-Letter", A4: "A4"}

// Paper returns the page size of a product paper size.
func (c *Catalogue) Paper(size PaperSize) (Paper, error) {
	p, ok := c.Papers[paperIDs[size]]
	if !ok {
		return Paper{}, fmt.Errorf("labels: paper must be %q or %q, not %q", Letter, A4, size)
	}
	return p, nil
}

// Preset ties a product label type on a paper size to a catalogue sheet,
// and to the QR error-correction level its printed codes use.
type Preset struct {
	Kind        Kind
	Paper       PaperSize
	Brand, Part string
	// Level is chosen by measurement (docs/design/decisions.md §5 "QR and printing"):
	// pkg/sheet's TestScanRobustness with LIFETAG_SCAN_LEVELS=L,M,Q,H
	// photographs 20 printed labels of each preset at each level as a phone
	// would, and this is the level whose zxing-cpp shares at 6 px/mm and
	// with a 10 % scratch at 8 px/mm come closest to the goals (95 % and
	// 90 %): the largest min(share at 6 px/mm / 0.95, share scratched /
	// 0.90). L and M read at a distance but fail scratched; H survives
	// scratches but its denser modules fail at a distance; Q balances the
	// two on every preset but wallet A4, where H measured better
	// (TestScanRobustness, 23 November 2026; docs/development.md's "Scanning at a
	// distance and scratched").
	Level qr.Level
	// Stock is the name the sheet is sold by, when the catalogue entry
	// standing for it is another maker's sheet of the same geometry; empty
	// when it is Brand and Part. The website shows it beside the preview.
	Stock string
}

// StockName is the name a customer buys the preset's sheet by.
func (p Preset) StockName() string {
	if p.Stock != "" {
		return p.Stock
	}
	return p.Brand + " " + p.Part
}

// Presets are the product's sheets (docs/design/decisions.md §6, "Label catalogue"), and the
// one list of the product's label types: the cloud's messages, the API
// contract's LabelType and the website's sheet preview (presets.json) are
// all held to it by tests, so a kind added here fails them until they follow.
var Presets = []Preset{
	{Helmet, Letter, "Avery", "5163", qr.Q, ""},
	// Avery L7173 (99.1 x 57 mm, 2 x 5) has no entry; this database sheet
	// has its geometry, within 0.05 mm.
	{Helmet, A4, "Endisch", "6409957x", qr.Q, "Avery L7173"},
	{Gear, Letter, "Avery", "22806", qr.Q, ""}, // entered by hand, see handEntered
	// Sold by many makers as a 50 mm square A4 sheet; this is one of them.
	{Gear, A4, "Endisch", "6505050x", qr.Q, "50 mm square labels"},
	{Wallet, Letter, "Avery", "28371", qr.Q, ""}, // = 5371
	{Wallet, A4, "Avery", "L7414", qr.H, ""},     // = J8414, C32011 share the size
}

// Kinds are the label types of Presets, each once, in the order of Presets
// (the first is the default wherever a type may be left out).
func Kinds() []Kind {
	var kinds []Kind
	for _, p := range Presets {
		if !slices.Contains(kinds, p.Kind) {
			kinds = append(kinds, p.Kind)
		}
	}
	return kinds
}

// KindNames are Kinds as plain strings, as the wire and the database carry
// them.
func KindNames() []string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, string(k))
	}
	return names
}

// CustomLevel is the error-correction level of custom sizes, chosen by the
// same measurement on the smallest, 70 x 50 mm.
const CustomLevel = qr.Q

// PrintLevel is the error-correction level of printed labels of kind on
// paper: the preset's, or CustomLevel for any other kind (custom sizes).
func PrintLevel(kind Kind, paper PaperSize) qr.Level {
	for _, p := range Presets {
		if p.Kind == kind && p.Paper == paper {
			return p.Level
		}
	}
	return CustomLevel
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
