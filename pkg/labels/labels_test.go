package labels_test

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
)

func catalogue(t *testing.T) *labels.Catalogue {
	t.Helper()
	c, err := labels.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// offPage are database entries whose own numbers put labels off their page
// (errors in the gLabels data, kept as published). Any other template
// found off its page means the parser misread a unit or a layout.
var offPage = map[string]bool{
	"Hisago ELM024": true, "Hisago GB865": true, "Hisago OP3005": true, "Hisago OP3010": true,
	"JAC 5229": true, "JAC 10542": true, "PEARL VM-5217": true, "PEARL VM-5517": true,
	"Rayfilm 7001": true, "Zweckform 3475": true, "Herma 4464": true, "Connect KF10647": true,
	"Endisch B200147A5": true,
}

// Every <Template> of every file is in the catalogue, with a shape, a page
// and at least one label on it.
func TestEveryTemplateIsParsed(t *testing.T) {
	c := catalogue(t)
	files, err := filepath.Glob("templates/*-templates.xml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no template files: %v", err)
	}
	templateRE := regexp.MustCompile(`<Template\s`)
	inFiles := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inFiles += len(templateRE.FindAll(data, -1))
	}
	handEntered := 0
	for _, tp := range c.Templates {
		if tp.Source != "" && filepath.Ext(tp.Source) != ".xml" {
			handEntered++
		}
	}
	// Sheets whose labels overlap are refused (overlap_test.go), never lost.
	if inFiles != 1756 || len(c.Templates)-handEntered+len(c.Refused) != inFiles {
		t.Fatalf("catalogue has %d database sheets and refused %d, the files %d (README: 1,756)", len(c.Templates)-handEntered, len(c.Refused), inFiles)
	}

	shapes := map[labels.Shape]int{}
	for _, tp := range c.Templates {
		shapes[tp.Label.Shape]++
		if tp.PerSheet() < 1 || tp.PageWidth <= 0 || tp.PageHeight <= 0 || tp.Label.Width <= 0 || tp.Label.Height <= 0 {
			t.Errorf("%s: incomplete: %s", tp.Name(), tp)
		}
		const slack = 0.5 // mm: the data rounds
		on := true
		for _, p := range tp.Positions() {
			if p.X < -slack || p.Y < -slack || p.X+p.W > tp.PageWidth+slack || p.Y+p.H > tp.PageHeight+slack {
				on = false
			}
		}
		if !on && !offPage[tp.Name()] {
			t.Errorf("%s: labels off the %.1f x %.1f mm page", tp.Name(), tp.PageWidth, tp.PageHeight)
		}
	}
	// The counts of each shape element in the files.
	want := map[labels.Shape]int{labels.Rectangle: 930 + 1, labels.Round: 84, labels.Ellipse: 25, labels.CD: 87}
	for shape, n := range want {
		// Equivalent parts repeat their base's shape.
		if shapes[shape] < n {
			t.Errorf("%d %s sheets, want at least the %d in the files", shapes[shape], shape, n)
		}
	}
}

// extracted-geometry.csv was derived from the XML independently; the
// parser must agree with it to 0.01 mm.
func TestAgreesWithExtractedGeometry(t *testing.T) {
	c := catalogue(t)
	f, err := os.Open("templates/extracted-geometry.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	num := func(row []string, name string) float64 {
		v, err := strconv.ParseFloat(row[col[name]], 64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	for _, row := range rows[1:] {
		tp, ok := c.Lookup(row[col["brand"]], row[col["part"]])
		if !ok && c.IsRefused(row[col["brand"]], row[col["part"]]) {
			continue // overlapping labels: see overlap_test.go
		}
		if !ok {
			t.Errorf("%s %s is missing", row[col["brand"]], row[col["part"]])
			continue
		}
		l := tp.Layouts[0]
		checks := []struct {
			name string
			got  float64
		}{
			{"paper_w_mm", tp.PageWidth}, {"paper_h_mm", tp.PageHeight},
			{"label_w_mm", tp.Label.Width}, {"label_h_mm", tp.Label.Height},
			{"corner_radius_mm", tp.Label.CornerRadius},
			{"cols", float64(l.Cols)}, {"rows", float64(l.Rows)}, {"count", float64(tp.PerSheet())},
			{"left_x0_mm", l.X0}, {"top_y0_mm", l.Y0}, {"pitch_x_mm", l.DX}, {"pitch_y_mm", l.DY},
		}
		for _, ch := range checks {
			if want := num(row, ch.name); math.Abs(ch.got-want) > 0.01 {
				t.Errorf("%s: %s = %.3f, the table says %.3f", tp.Name(), ch.name, ch.got, want)
			}
		}
		if resolves := row[col["resolves_to"]]; resolves != tp.Part && resolves != tp.Equiv {
			t.Errorf("%s resolves to %q, the table says %q", tp.Name(), tp.Equiv, resolves)
		}
	}
}

func TestEquivalentParts(t *testing.T) {
	c := catalogue(t)
	base, _ := c.Lookup("Avery", "5163")
	for _, part := range []string{"5523", "8163"} {
		tp, ok := c.Lookup("avery", part)
		if !ok {
			t.Fatalf("Avery %s missing", part)
		}
		if tp.Equiv != "5163" || tp.Part != part || tp.Label != base.Label || tp.Layouts[0] != base.Layouts[0] {
			t.Errorf("Avery %s = %+v, want 5163's geometry", part, tp)
		}
	}
}

func TestFindAndSearch(t *testing.T) {
	c := catalogue(t)
	for _, name := range []string{"Avery 5163", "avery 5163", "Begalabel M-600 (medium)", "Online Labels OL2679"} {
		if _, err := c.Find(name); err != nil {
			t.Errorf("Find(%q): %v", name, err)
		}
	}
	if _, err := c.Find("Avery 99999"); err == nil {
		t.Error("Find of an unknown part must fail")
	}
	found := c.Search("avery 5163")
	if len(found) == 0 || found[0].Part != "5163" {
		t.Errorf("Search(avery 5163) = %v", found)
	}
	for _, size := range [][2]float64{{101.6, 50.8}, {50.8, 101.6}} {
		hit := false
		for _, tp := range c.SearchSize(size[0], size[1], 0.1) {
			hit = hit || tp.Name() == "Avery 5163"
		}
		if !hit {
			t.Errorf("SearchSize(%v) misses Avery 5163", size)
		}
	}
}

// The presets are the sheets of the table in docs/design/decisions.md §6.
func TestPresets(t *testing.T) {
	c := catalogue(t)
	want := []struct {
		kind          labels.Kind
		paper         labels.PaperSize
		width, height float64
		cols, rows    int
		pageWidth     float64
	}{
		{labels.Helmet, labels.Letter, 101.6, 50.8, 2, 5, 215.9},
		{labels.Helmet, labels.A4, 99.1, 57, 2, 5, 210},
		{labels.Gear, labels.Letter, 50.8, 50.8, 3, 4, 215.9},
		{labels.Gear, labels.A4, 50, 50, 3, 5, 210},
		{labels.Wallet, labels.Letter, 88.9, 50.8, 2, 5, 215.9},
		{labels.Wallet, labels.A4, 90, 52, 2, 5, 210},
	}
	for _, w := range want {
		tp, err := c.Preset(w.kind, w.paper)
		if err != nil {
			t.Fatal(err)
		}
		l := tp.Layouts[0]
		if math.Abs(tp.Label.Width-w.width) > 0.05 || math.Abs(tp.Label.Height-w.height) > 0.05 ||
			l.Cols != w.cols || l.Rows != w.rows || len(tp.Layouts) != 1 || math.Abs(tp.PageWidth-w.pageWidth) > 0.05 {
			t.Errorf("%s on %s: %s", w.kind, w.paper, tp)
		}
	}
	if _, err := c.Preset("custom", labels.A4); err == nil {
		t.Error("custom has no preset sheet")
	}
}

func TestSheetsNeeded(t *testing.T) {
	for _, c := range []struct{ n, per, want int }{{0, 10, 0}, {1, 10, 1}, {10, 10, 1}, {11, 10, 2}, {1000, 10, 100}, {5, 0, 0}} {
		if got := labels.SheetsNeeded(c.n, c.per); got != c.want {
			t.Errorf("SheetsNeeded(%d, %d) = %d, want %d", c.n, c.per, got, c.want)
		}
	}
}
