package labels_test

import (
	"math"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
)

func TestCustomBounds(t *testing.T) {
	ok := labels.DefaultCustom
	if err := ok.Validate(); err != nil {
		t.Fatalf("the defaults must be valid: %v", err)
	}
	if d := labels.DefaultCustom; d.Width != 70 || d.Height != 50 || d.Count != 10 || d.Cols != 2 || d.Rows != 5 {
		t.Fatalf("defaults %+v, want the spec's 70 x 50 mm, 10, 2 x 5", d)
	}
	cases := []struct {
		name  string
		edit  func(*labels.Custom)
		valid bool
	}{
		{"WidthMin", func(c *labels.Custom) { c.Width = 70 }, true},
		{"WidthBelow", func(c *labels.Custom) { c.Width = 69.9 }, false},
		{"WidthMax", func(c *labels.Custom) { c.Width = 250 }, true},
		{"WidthAbove", func(c *labels.Custom) { c.Width = 250.1 }, false},
		{"HeightBelow", func(c *labels.Custom) { c.Height = 49.9 }, false},
		// Found by FuzzCustomTemplate: NaN passed both bounds.
		{"WidthNaN", func(c *labels.Custom) { c.Width = math.NaN() }, false},
		{"HeightNaN", func(c *labels.Custom) { c.Height = math.NaN() }, false},
		{"WidthInfinite", func(c *labels.Custom) { c.Width = math.Inf(1) }, false},
		{"HeightAbove", func(c *labels.Custom) { c.Height = 251 }, false},
		{"CountZero", func(c *labels.Custom) { c.Count = 0 }, false},
		{"CountMax", func(c *labels.Custom) { c.Count = 100 }, true},
		{"CountAbove", func(c *labels.Custom) { c.Count = 101 }, false},
		{"ColsAbove", func(c *labels.Custom) { c.Cols = 11 }, false},
		{"RowsMax", func(c *labels.Custom) { c.Rows = 20 }, true},
		{"RowsAbove", func(c *labels.Custom) { c.Rows = 21 }, false},
		{"GridNotCount", func(c *labels.Custom) { c.Cols, c.Rows = 3, 3 }, true}, // a hint only
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := labels.DefaultCustom
			tc.edit(&c)
			if err := c.Validate(); (err == nil) != tc.valid {
				t.Fatalf("%+v: Validate() = %v, want valid %v", c, err, tc.valid)
			}
		})
	}
}

func TestCustomHint(t *testing.T) {
	c := labels.DefaultCustom
	if h := c.Hint(); h != "" {
		t.Errorf("2 x 5 = 10 needs no hint, got %q", h)
	}
	c.Cols = 3
	if h := c.Hint(); h == "" {
		t.Error("3 x 5 != 10 must give a hint")
	}
}

func TestCustomRating(t *testing.T) {
	cases := []struct {
		w, h     float64
		readable bool
		optimal  bool
		balance  labels.Balance
	}{
		{70, 50, true, true, labels.Balanced},
		{50.8, 25.4, true, false, labels.Balanced},        // 2 x 1 in: exactly 2 sq in
		{50.8, 25.3, false, false, labels.Balanced},       // just under 2 sq in
		{49.9, 60, true, false, labels.Balanced},          // one side under 50 mm
		{150, 50, true, true, labels.Balanced},            // ratio 3
		{160, 50, true, true, labels.Extreme},             // ratio 3.2
		{20, 50, false, false, labels.Fair},               // ratio 0.4
		{14, 50, false, false, labels.Extreme},            // ratio 0.28
		{25, 50, false, false, labels.Balanced},           // ratio 0.5
		{250, 80, true, true, labels.Extreme},             // ratio 3.125
		{100, 250, true, true, labels.Fair},               // ratio 0.4
		{70, 233.33333333333334, true, true, labels.Fair}, // ratio 0.3: not below 0.3
	}
	for _, c := range cases {
		got := labels.Custom{Width: c.w, Height: c.h}.Rate()
		want := labels.Rating{TextReadable: c.readable, QROptimal: c.optimal, Balance: c.balance}
		if got != want {
			t.Errorf("%g x %g mm: %+v, want %+v", c.w, c.h, got, want)
		}
	}
}

func TestCustomTemplate(t *testing.T) {
	var tp *labels.Template
	a4, err := catalogue(t).Paper(labels.A4)
	if err != nil || a4.Width != 210 || a4.Height != 297 {
		t.Fatalf("A4 = %+v, %v", a4, err)
	}
	if _, err := catalogue(t).Paper("a3"); err == nil {
		t.Error("a3 is not a product paper size")
	}
	tp, err = labels.DefaultCustom.Template(a4)
	if err != nil {
		t.Fatal(err)
	}
	pos := tp.Positions()
	if len(pos) != 10 || tp.PerSheet() != 10 {
		t.Fatalf("%d positions, want 10", len(pos))
	}
	// Centred 2 x 5 grid of 70 x 50 mm: 35 mm left, 23.5 mm top.
	if pos[0].X != 35 || pos[0].Y != 23.5 || pos[1].X != 105 || pos[9].Y != 223.5 {
		t.Errorf("positions %v", pos)
	}
	// Seven labels two to a row: three full rows and one label.
	c := labels.DefaultCustom
	c.Count = 7
	tp, err = c.Template(a4)
	if err != nil || tp.PerSheet() != 7 || tp.Positions()[6].Y != tp.Positions()[4].Y+50 {
		t.Fatalf("7 labels: %v, %v", tp, err)
	}
	c = labels.Custom{Width: 250, Height: 250, Count: 1, Cols: 1, Rows: 1}
	if _, err := c.Template(a4); err == nil {
		t.Error("a 250 mm square does not fit A4")
	}
}
