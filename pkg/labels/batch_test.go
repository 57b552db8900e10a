package labels

import "testing"

func TestBatchSheetsResolve(t *testing.T) {
	c := MustBuiltin()
	cases := []struct {
		id              string
		cols, rows, per int
		w, h            float64
		paper           string
	}{
		{"avery-5160", 3, 10, 30, 66.7, 25.4, "US-Letter"},
		{"avery-5163", 2, 5, 10, 101.6, 50.8, "US-Letter"},
		{"avery-c32015", 2, 4, 8, 85, 54, "A4"},
		{CustomGridID, 3, 3, 9, 60, 40, "A4"},
		{"preset-helmet-a4", 2, 5, 10, 99.1, 57, "A4"},
		{"preset-gear-letter", 3, 4, 12, 50.8, 50.8, "US-Letter"},
		{"Avery L7160", 3, 7, 21, 64, 38.1, "A4"},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			tmpl, name, err := c.BatchSheet(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			g := GeometryOf(tc.id, name, tmpl)
			if g.Cols != tc.cols || g.Rows != tc.rows || g.PerSheet != tc.per || g.Paper != tc.paper ||
				abs(g.LabelWidth-tc.w) > 0.05 || abs(g.LabelHeight-tc.h) > 0.05 {
				t.Fatalf("%s: %+v", tc.id, g)
			}
			if err := tmpl.CheckOverlap(); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("CustomGridCentredOnA4", func(t *testing.T) {
		tmpl, _, _ := c.BatchSheet(CustomGridID)
		g := GeometryOf(CustomGridID, "", tmpl)
		if g.LeftMargin != 15 || g.TopMargin != 88.5 || g.PageWidth != 210 || g.PageHeight != 297 {
			t.Fatalf("%+v", g)
		}
	})
	for _, bad := range []string{"", "avery-9999", "Nobody 123"} {
		if _, _, err := c.BatchSheet(bad); err == nil {
			t.Errorf("layout %q accepted", bad)
		}
	}
}

func TestBatchGeometriesListSpecThenPresets(t *testing.T) {
	gs, err := MustBuiltin().BatchGeometries()
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != len(SpecLayouts)+len(Presets) {
		t.Fatalf("%d layouts", len(gs))
	}
	for i, l := range SpecLayouts {
		if gs[i].ID != l.ID {
			t.Fatalf("layout %d is %s, want %s", i, gs[i].ID, l.ID)
		}
	}
}

func TestSearchGeometries(t *testing.T) {
	c := MustBuiltin()
	found := c.SearchGeometries("avery 5160", 50)
	if len(found) == 0 || found[0].ID != "Avery 5160" {
		t.Fatalf("avery 5160: %+v", found)
	}
	bySize := c.SearchGeometries("66.7 x 25.4", 100)
	if len(bySize) == 0 {
		t.Fatal("no sheet of 66.7 x 25.4 mm")
	}
	for _, g := range bySize {
		if !(abs(g.LabelWidth-66.7) <= 1 && abs(g.LabelHeight-25.4) <= 1 || abs(g.LabelWidth-25.4) <= 1 && abs(g.LabelHeight-66.7) <= 1) {
			t.Fatalf("size search found %s %gx%g", g.ID, g.LabelWidth, g.LabelHeight)
		}
	}
	if sq := c.SearchGeometries("50x50", 100); len(sq) == 0 || abs(sq[0].LabelWidth-50) > 1 || abs(sq[0].LabelHeight-50) > 1 {
		t.Fatalf("50x50: %+v", sq)
	}
	if got := c.SearchGeometries("", 5); len(got) != 5 {
		t.Fatalf("limit: %d", len(got))
	}
	if got := c.SearchGeometries("no-such-sheet-anywhere", 5); len(got) != 0 {
		t.Fatalf("nonsense found %d", len(got))
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// Each named layout says its paper as a PaperSize, so batch printing can
// start on the organisation's paper.
func TestBatchGeometriesNameTheirPaperSize(t *testing.T) {
	gs, err := MustBuiltin().BatchGeometries()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, g := range gs {
		if g.PaperSize != string(A4) && g.PaperSize != string(Letter) {
			t.Errorf("%s: paper %q has no PaperSize", g.ID, g.Paper)
		}
		seen[g.PaperSize]++
	}
	if seen[string(A4)] == 0 || seen[string(Letter)] == 0 {
		t.Fatalf("papers: %v", seen)
	}
}
