package labels

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifetag/lifetag/pkg/qr"
)

// Corporate batch printing (docs/design/admin-corporate.md §2, §3 "label layout",
// docs/design/admin-corporate.md §9 "label sheet layouts"): the sheets the batch printer offers by name,
// and the geometry of any sheet as the spec's layout fields.

// BatchLevel is the error-correction level of corporate batch labels: M,
// as the spec's batch printing generates them (docs/design/admin-corporate.md §7) and docs/design/decisions.md §5 keeps.
const BatchLevel = qr.M

// BatchLayout is one layout the batch printer offers by name: one of the
// spec's four, or a product preset. Any other catalogue sheet is chosen by
// its name ("Avery L7160").
type BatchLayout struct {
	ID          string
	Name        string
	Brand, Part string // the catalogue sheet; empty for the custom grid
}

// CustomGridID is the spec's "custom grid": 3 x 3 labels of 60 x 40 mm on
// A4 (docs/design/admin-corporate.md §9). Its labels are under the custom-size minimums of individual
// labels, so it is a fixed sheet here, not a Custom.
const CustomGridID = "custom-grid"

// SpecLayouts are the spec's four layouts (docs/design/admin-corporate.md §9), as docs/design/decisions.md §6 resolves them:
// Avery 5160 is 3 columns x 10 rows of 66.7 x 25.4 mm, 5163 is 2 x 5 of
// 101.6 x 50.8 mm, and "22805 gear tags 86x54 8/sheet" is Avery C32015 (A4).
var SpecLayouts = []BatchLayout{
	{ID: "avery-5160", Name: "Avery 5160 (30 per sheet)", Brand: "Avery", Part: "5160"},
	{ID: "avery-5163", Name: "Avery 5163 (10 per sheet)", Brand: "Avery", Part: "5163"},
	{ID: "avery-c32015", Name: "Avery C32015 gear tags (8 per sheet)", Brand: "Avery", Part: "C32015"},
	{ID: CustomGridID, Name: "Custom grid (3 x 3, 60 x 40 mm, A4)"},
}

// PresetLayouts are the product presets (docs/design/decisions.md §6 "Label catalogue") as
// batch layouts: helmet, gear and wallet on Letter and A4.
func PresetLayouts() []BatchLayout {
	papers := map[PaperSize]string{Letter: "US Letter", A4: "A4"}
	out := make([]BatchLayout, 0, len(Presets))
	for _, p := range Presets {
		out = append(out, BatchLayout{
			ID:    "preset-" + string(p.Kind) + "-" + string(p.Paper),
			Name:  fmt.Sprintf("%s labels, %s (%s %s)", kindTitle(p.Kind), papers[p.Paper], p.Brand, p.Part),
			Brand: p.Brand, Part: p.Part,
		})
	}
	return out
}

// kindTitle is a kind's name as a title begins it: "Helmet".
func kindTitle(k Kind) string {
	return strings.ToUpper(string(k[:1])) + string(k[1:])
}

// customGrid is the spec's custom grid, centred on A4 edge to edge (the
// spec gives no margins), as butt-cut sheets are.
func customGrid() *Template {
	const cols, rows, w, h = 3, 3, 60.0, 40.0
	const pageW, pageH = 210.0, 297.0
	return &Template{
		Brand: "Custom", Part: "grid 3x3 60x40", Description: "Custom grid", Paper: "A4",
		PageWidth: pageW, PageHeight: pageH,
		Label: Label{Shape: Rectangle, Width: w, Height: h},
		Layouts: []Layout{{Cols: cols, Rows: rows, X0: (pageW - cols*w) / 2, Y0: (pageH - rows*h) / 2,
			DX: w, DY: h}},
		Source: "docs/design/admin-corporate.md §9 custom grid",
	}
}

// BatchSheet resolves a layout choice: the id of a spec layout or a preset,
// or the name of any catalogue sheet. It also returns the name a print run
// records.
func (c *Catalogue) BatchSheet(id string) (*Template, string, error) {
	id = strings.TrimSpace(id)
	for _, l := range slices.Concat(SpecLayouts, PresetLayouts()) {
		if l.ID != id {
			continue
		}
		if l.ID == CustomGridID {
			return customGrid(), l.Name, nil
		}
		t, ok := c.Lookup(l.Brand, l.Part)
		if !ok {
			return nil, "", fmt.Errorf("labels: layout %s: sheet %s %s is missing from the catalogue", l.ID, l.Brand, l.Part)
		}
		return t, l.Name, nil
	}
	if id == "" || len(id) > 200 {
		return nil, "", fmt.Errorf("labels: choose a label layout")
	}
	t, err := c.Find(id)
	if err != nil {
		return nil, "", err
	}
	return t, t.Name(), nil
}

// Geometry is a sheet as the spec's label layout (docs/design/admin-corporate.md §3, all mm), with how
// many labels a sheet holds. A sheet of several grids (rare) is described
// by its first; PerSheet counts them all.
type Geometry struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Paper       string `json:"paper"`
	// PaperSize is the sheet's paper as a PaperSize ("a4", "letter"), or
	// "" for any other paper, so a page can match an organisation's paper.
	PaperSize         string  `json:"paperSize"`
	Rows              int     `json:"rows"`
	Cols              int     `json:"cols"`
	LabelWidth        float64 `json:"labelWidth"`
	LabelHeight       float64 `json:"labelHeight"`
	PageWidth         float64 `json:"pageWidth"`
	PageHeight        float64 `json:"pageHeight"`
	TopMargin         float64 `json:"topMargin"`
	LeftMargin        float64 `json:"leftMargin"`
	HorizontalSpacing float64 `json:"horizontalSpacing"` // gap between labels across
	VerticalSpacing   float64 `json:"verticalSpacing"`   // gap between labels down
	PerSheet          int     `json:"perSheet"`
}

// GeometryOf describes t under id and name.
func GeometryOf(id, name string, t *Template) Geometry {
	g := Geometry{
		ID: id, Name: name, Description: t.Description, Paper: t.Paper, PaperSize: string(paperSizeOf(t.Paper)),
		LabelWidth: t.Label.Width, LabelHeight: t.Label.Height,
		PageWidth: t.PageWidth, PageHeight: t.PageHeight, PerSheet: t.PerSheet(),
	}
	if len(t.Layouts) > 0 {
		l := t.Layouts[0]
		g.Rows, g.Cols, g.TopMargin, g.LeftMargin = l.Rows, l.Cols, l.Y0, l.X0
		if l.Cols > 1 {
			g.HorizontalSpacing = round2(l.DX - t.Label.Width)
		}
		if l.Rows > 1 {
			g.VerticalSpacing = round2(l.DY - t.Label.Height)
		}
	}
	return g
}

// paperSizeOf is the PaperSize of a catalogue paper id, or "".
func paperSizeOf(paperID string) PaperSize {
	for size, id := range paperIDs {
		if id == paperID {
			return size
		}
	}
	return ""
}

// BatchGeometries are the named layouts, the spec's four then the presets.
func (c *Catalogue) BatchGeometries() ([]Geometry, error) {
	var out []Geometry
	for _, l := range slices.Concat(SpecLayouts, PresetLayouts()) {
		t, name, err := c.BatchSheet(l.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, GeometryOf(l.ID, name, t))
	}
	return out, nil
}

// SearchGeometries searches the whole catalogue (Search: brand, part,
// description, paper, shape; or a size "WxH" in mm, within 1 mm) and
// returns at most limit sheets, each under its name as id.
func (c *Catalogue) SearchGeometries(query string, limit int) []Geometry {
	var found []*Template
	var w, h float64
	if n, err := fmt.Sscanf(strings.ToLower(strings.ReplaceAll(query, " ", "")), "%gx%g", &w, &h); err == nil && n == 2 {
		found = c.SearchSize(w, h, 1)
	} else {
		found = c.Search(query)
	}
	out := make([]Geometry, 0, min(len(found), limit))
	for _, t := range found {
		if len(out) == limit {
			break
		}
		out = append(out, GeometryOf(t.Name(), t.Name(), t))
	}
	return out
}
