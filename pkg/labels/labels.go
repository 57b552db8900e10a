// Package labels is the label-sheet catalogue: the gLabels template database
// (embedded from templates/, MIT licence, see templates/README.md), the
// product presets of docs/design/decisions.md §6 and custom sizes. All lengths are millimetres,
// measured from the top-left corner of the page.
package labels

import "fmt"

// Shape is the outline of one label.
type Shape string

const (
	Rectangle Shape = "rectangle"
	Round     Shape = "round"   // a circle; Width = Height = diameter
	Ellipse   Shape = "ellipse" // Width x Height
	CD        Shape = "cd"      // a disc with a centre hole, maybe clipped to Width x Height
)

// Label is the shape and size of one label on a sheet.
type Label struct {
	Shape         Shape
	Width, Height float64 // bounding box
	CornerRadius  float64 // rectangles only
	Radius        float64 // round labels and CDs
	HoleRadius    float64 // CDs only
	// Margin is the database's safe-area inset (Markup-margin), 0 when the
	// entry gives none.
	Margin float64
}

// Layout is one grid of labels on a sheet: Cols x Rows labels, the first at
// (X0, Y0), each next one DX to the right or DY below (origin to origin).
type Layout struct {
	Cols, Rows     int
	X0, Y0, DX, DY float64
}

// Template is one sheet product: a page with one kind of label on it, laid
// out by one or more grids.
type Template struct {
	Brand, Part string
	Description string
	// Equiv is the part whose entry this one shares ("" for an entry with
	// its own geometry).
	Equiv string
	// Paper is the paper id ("A4", "US-Letter", ... or "Other" for a page
	// size given on the entry itself).
	Paper                 string
	PageWidth, PageHeight float64
	Label                 Label
	Layouts               []Layout
	// Source names where the geometry comes from: a database file, or the
	// citation of a sheet entered by hand.
	Source string
}

// Name is how people call the sheet: "Avery 5163".
func (t *Template) Name() string { return t.Brand + " " + t.Part }

// Rect is a label's bounding box on the page.
type Rect struct{ X, Y, W, H float64 }

// Positions returns every label on one sheet, grid by grid, row by row, left
// to right: the order labels are filled in.
func (t *Template) Positions() []Rect {
	var rects []Rect
	for _, l := range t.Layouts {
		for row := 0; row < l.Rows; row++ {
			for col := 0; col < l.Cols; col++ {
				rects = append(rects, Rect{
					X: l.X0 + float64(col)*l.DX,
					Y: l.Y0 + float64(row)*l.DY,
					W: t.Label.Width,
					H: t.Label.Height,
				})
			}
		}
	}
	return rects
}

// PerSheet is the number of labels on one sheet.
func (t *Template) PerSheet() int {
	n := 0
	for _, l := range t.Layouts {
		n += l.Cols * l.Rows
	}
	return n
}

// String describes the sheet in one line, for listings.
func (t *Template) String() string {
	return fmt.Sprintf("%s %s: %s %.1f x %.1f mm, %d per sheet, %s (%s)",
		t.Brand, t.Part, t.Label.Shape, t.Label.Width, t.Label.Height, t.PerSheet(), t.Paper, t.Description)
}

// SheetsNeeded is how many sheets hold n labels at perSheet a sheet.
func SheetsNeeded(n, perSheet int) int {
	if n <= 0 || perSheet <= 0 {
		return 0
	}
	return (n + perSheet - 1) / perSheet
}
