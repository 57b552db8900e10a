package labels

import (
	"embed"
	"encoding/xml"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"
	"sync"
)

// templateFiles is the gLabels database, copied unchanged with its licence.
//
//go:embed templates/*.xml templates/LICENSE-templates.txt templates/README.md
var templateFiles embed.FS

// Catalogue is every known sheet: the database and the sheets entered by hand.
type Catalogue struct {
	Templates []*Template // in database order, hand-entered sheets last
	Papers    map[string]Paper
	// Refused are the database entries left out because their labels
	// overlap (CheckOverlap), each with the reason, in database order.
	Refused []error
	byName  map[string]*Template
}

// Paper is a named page size.
type Paper struct {
	ID            string
	Width, Height float64
}

// Builtin returns the catalogue of the embedded database, parsed once
// (about 20 ms) and shared: callers must not change it.
func Builtin() (*Catalogue, error) { return builtin() }

var builtin = sync.OnceValues(func() (*Catalogue, error) {
	sub, err := fs.Sub(templateFiles, "templates")
	if err != nil {
		return nil, err
	}
	return Load(sub)
})

// MustBuiltin is Builtin for callers that cannot go on without the
// catalogue; the embedded database is tested, so it does not fail.
func MustBuiltin() *Catalogue {
	c, err := Builtin()
	if err != nil {
		panic(err)
	}
	return c
}

// Lookup finds a sheet by brand and part, ignoring case: ("avery", "5163").
func (c *Catalogue) Lookup(brand, part string) (*Template, bool) {
	t, ok := c.byName[key(brand, part)]
	return t, ok
}

// Find looks a sheet up by its name, brand then part: "Avery 5163". Parts
// may contain spaces ("Begalabel M-600 (medium)"), so every split is tried.
func (c *Catalogue) Find(name string) (*Template, error) {
	name = strings.TrimSpace(name)
	for i, r := range name {
		if r != ' ' {
			continue
		}
		if t, ok := c.Lookup(name[:i], name[i+1:]); ok {
			return t, nil
		}
	}
	return nil, fmt.Errorf("labels: no sheet %q in the catalogue; name a brand and a part, such as \"Avery 5163\"", name)
}

// Search returns the sheets whose brand, part or description contain every
// word of query, ignoring case. An empty query returns every sheet.
func (c *Catalogue) Search(query string) []*Template {
	words := strings.Fields(strings.ToLower(query))
	var found []*Template
	for _, t := range c.Templates {
		text := strings.ToLower(t.Brand + " " + t.Part + " " + t.Description + " " + t.Paper + " " + string(t.Label.Shape))
		match := true
		for _, w := range words {
			if !strings.Contains(text, w) {
				match = false
				break
			}
		}
		if match {
			found = append(found, t)
		}
	}
	return found
}

// SearchSize returns the sheets whose labels measure width x height mm,
// either way round, within tolerance mm; the closest first.
func (c *Catalogue) SearchSize(width, height, tolerance float64) []*Template {
	distance := func(t *Template) float64 {
		w, h := t.Label.Width, t.Label.Height
		straight := math.Max(math.Abs(w-width), math.Abs(h-height))
		turned := math.Max(math.Abs(h-width), math.Abs(w-height))
		return math.Min(straight, turned)
	}
	var found []*Template
	for _, t := range c.Templates {
		if distance(t) <= tolerance {
			found = append(found, t)
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return distance(found[i]) < distance(found[j]) })
	return found
}

func key(brand, part string) string {
	return strings.ToLower(strings.TrimSpace(brand)) + "\x00" + strings.ToLower(strings.TrimSpace(part))
}

// add puts t in the catalogue; a later entry of the same name is an error.
// A sheet whose labels overlap is refused: listed in Refused, not added.
func (c *Catalogue) add(t *Template) error {
	k := key(t.Brand, t.Part)
	if _, dup := c.byName[k]; dup {
		return fmt.Errorf("labels: %s is in the catalogue twice", t.Name())
	}
	if err := t.CheckOverlap(); err != nil {
		c.Refused = append(c.Refused, err)
		return nil
	}
	c.byName[k] = t
	c.Templates = append(c.Templates, t)
	return nil
}

// The database's XML, as gLabels writes it.
type (
	xmlPapers struct {
		Papers []struct {
			ID     string `xml:"id,attr"`
			Width  string `xml:"width,attr"`
			Height string `xml:"height,attr"`
		} `xml:"Paper-size"`
	}
	xmlTemplates struct {
		Templates []xmlTemplate `xml:"Template"`
	}
	xmlTemplate struct {
		Brand       string    `xml:"brand,attr"`
		Part        string    `xml:"part,attr"`
		Size        string    `xml:"size,attr"`
		Width       string    `xml:"width,attr"`
		Height      string    `xml:"height,attr"`
		Description string    `xml:"_description,attr"`
		Desc        string    `xml:"description,attr"` // a few entries use the untranslated name
		Equiv       string    `xml:"equiv,attr"`
		Rectangle   *xmlLabel `xml:"Label-rectangle"`
		Round       *xmlLabel `xml:"Label-round"`
		Ellipse     *xmlLabel `xml:"Label-ellipse"`
		CD          *xmlLabel `xml:"Label-cd"`
	}
	xmlLabel struct {
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
		Round   string `xml:"round,attr"`
		Radius  string `xml:"radius,attr"`
		Hole    string `xml:"hole,attr"`
		Margins []struct {
			Size string `xml:"size,attr"`
		} `xml:"Markup-margin"`
		Layouts []struct {
			NX int    `xml:"nx,attr"`
			NY int    `xml:"ny,attr"`
			X0 string `xml:"x0,attr"`
			Y0 string `xml:"y0,attr"`
			DX string `xml:"dx,attr"`
			DY string `xml:"dy,attr"`
		} `xml:"Layout"`
	}
)

// Load parses a gLabels database: paper-sizes.xml and every
// *-templates.xml in fsys, then adds the hand-entered sheets.
func Load(fsys fs.FS) (*Catalogue, error) {
	c := &Catalogue{Papers: map[string]Paper{}, byName: map[string]*Template{}}
	if err := c.loadPapers(fsys); err != nil {
		return nil, err
	}
	files, err := fs.Glob(fsys, "*-templates.xml")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var equivs []xmlTemplate
	for _, file := range files {
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, err
		}
		var doc xmlTemplates
		if err := xml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("labels: %s: %w", file, err)
		}
		for _, x := range doc.Templates {
			if x.Equiv != "" {
				equivs = append(equivs, x) // resolved once every entry is known
				continue
			}
			t, err := c.template(x, path.Base(file))
			if err != nil {
				return nil, fmt.Errorf("labels: %s: %s %s: %w", file, x.Brand, x.Part, err)
			}
			if err := c.add(t); err != nil {
				return nil, err
			}
		}
	}
	for _, x := range equivs {
		base, ok := c.Lookup(x.Brand, x.Equiv)
		if !ok && c.IsRefused(x.Brand, x.Equiv) {
			c.Refused = append(c.Refused, fmt.Errorf("labels: %s %s: equivalent to %s, which is refused", x.Brand, x.Part, x.Equiv))
			continue
		}
		if !ok {
			return nil, fmt.Errorf("labels: %s %s is equivalent to %s, which is not in the database", x.Brand, x.Part, x.Equiv)
		}
		t := *base
		t.Part, t.Equiv = x.Part, base.Part
		if x.Description != "" {
			t.Description = x.Description
		}
		if err := c.add(&t); err != nil {
			return nil, err
		}
	}
	for _, t := range handEntered {
		if err := c.add(t); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// IsRefused reports whether the sheet brand part was left out for overlapping labels.
func (c *Catalogue) IsRefused(brand, part string) bool {
	for _, err := range c.Refused {
		if o, ok := err.(*OverlapError); ok && strings.EqualFold(o.Sheet, brand+" "+part) {
			return true
		}
	}
	return false
}

func (c *Catalogue) loadPapers(fsys fs.FS) error {
	data, err := fs.ReadFile(fsys, "paper-sizes.xml")
	if err != nil {
		return err
	}
	var doc xmlPapers
	if err := xml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("labels: paper-sizes.xml: %w", err)
	}
	for _, p := range doc.Papers {
		w, err := parseLength(p.Width)
		if err != nil {
			return fmt.Errorf("labels: paper %s: %w", p.ID, err)
		}
		h, err := parseLength(p.Height)
		if err != nil {
			return fmt.Errorf("labels: paper %s: %w", p.ID, err)
		}
		c.Papers[p.ID] = Paper{ID: p.ID, Width: w, Height: h}
	}
	return nil
}

// template converts one database entry.
func (c *Catalogue) template(x xmlTemplate, file string) (*Template, error) {
	t := &Template{Brand: x.Brand, Part: x.Part, Description: x.Description, Paper: x.Size, Source: file}
	if t.Description == "" {
		t.Description = x.Desc
	}
	if paper, ok := c.Papers[x.Size]; ok {
		t.PageWidth, t.PageHeight = paper.Width, paper.Height
	} else {
		var err error
		if t.PageWidth, err = parseLength(x.Width); err != nil {
			return nil, fmt.Errorf("page width of paper %q: %w", x.Size, err)
		}
		if t.PageHeight, err = parseLength(x.Height); err != nil {
			return nil, fmt.Errorf("page height of paper %q: %w", x.Size, err)
		}
	}

	if t.PageWidth <= 0 || t.PageHeight <= 0 {
		return nil, fmt.Errorf("page of %.2f x %.2f mm", t.PageWidth, t.PageHeight)
	}

	var xl *xmlLabel
	var err error
	switch {
	case x.Rectangle != nil:
		xl, t.Label.Shape = x.Rectangle, Rectangle
		if t.Label.Width, err = parseLength(xl.Width); err != nil {
			return nil, err
		}
		if t.Label.Height, err = parseLength(xl.Height); err != nil {
			return nil, err
		}
		if xl.Round != "" {
			// One entry says round="in"; the corner radius only shapes the
			// outline, so an unreadable one is taken as square corners.
			t.Label.CornerRadius, _ = parseLength(xl.Round)
		}
	case x.Round != nil:
		xl, t.Label.Shape = x.Round, Round
		r, err := parseLength(xl.Radius)
		if err != nil {
			return nil, err
		}
		t.Label.Width, t.Label.Height, t.Label.Radius = 2*r, 2*r, r
	case x.Ellipse != nil:
		xl, t.Label.Shape = x.Ellipse, Ellipse
		if t.Label.Width, err = parseLength(xl.Width); err != nil {
			return nil, err
		}
		if t.Label.Height, err = parseLength(xl.Height); err != nil {
			return nil, err
		}
	case x.CD != nil:
		xl, t.Label.Shape = x.CD, CD
		r, err := parseLength(xl.Radius)
		if err != nil {
			return nil, err
		}
		if t.Label.HoleRadius, err = parseLength(xl.Hole); err != nil {
			return nil, err
		}
		t.Label.Width, t.Label.Height, t.Label.Radius = 2*r, 2*r, r
		// Business-card CDs are clipped to a width and height.
		if xl.Width != "" {
			if t.Label.Width, err = parseLength(xl.Width); err != nil {
				return nil, err
			}
		}
		if xl.Height != "" {
			if t.Label.Height, err = parseLength(xl.Height); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("no label shape")
	}
	if len(xl.Margins) > 0 {
		if t.Label.Margin, err = parseLength(xl.Margins[0].Size); err != nil {
			return nil, err
		}
	}
	for _, xy := range xl.Layouts {
		l := Layout{Cols: xy.NX, Rows: xy.NY}
		for _, f := range []struct {
			dst *float64
			src string
		}{{&l.X0, xy.X0}, {&l.Y0, xy.Y0}, {&l.DX, xy.DX}, {&l.DY, xy.DY}} {
			if f.src == "" {
				continue // gLabels reads a missing offset or pitch as 0
			}
			if *f.dst, err = parseLength(f.src); err != nil {
				return nil, fmt.Errorf("layout: %w", err)
			}
		}
		if l.Cols < 1 || l.Rows < 1 {
			return nil, fmt.Errorf("layout of %d x %d labels", l.Cols, l.Rows)
		}
		t.Layouts = append(t.Layouts, l)
	}
	t.Layouts = dropRepeatedLayouts(t.Layouts)
	if len(t.Layouts) == 0 {
		return nil, fmt.Errorf("no layout")
	}
	if t.Label.Width <= 0 || t.Label.Height <= 0 {
		return nil, fmt.Errorf("label of %.2f x %.2f mm", t.Label.Width, t.Label.Height)
	}
	return t, nil
}
