package labels_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
)

var update = flag.Bool("update", false, "rewrite presets.json from labels.Presets")

// previewFile is the presets' sheets as the website's preview draws them
// (frontend/src/lib/labels/sheets.ts imports it): written from Presets and
// the catalogue by this test, never by hand.
const previewFile = "presets.json"

// preview is the shape of presets.json, in millimetres.
type preview struct {
	// Kinds are labels.Kinds, in their order: the order the website offers them.
	Kinds   []labels.Kind                                     `json:"kinds"`
	Papers  map[labels.PaperSize]previewSize                  `json:"papers"`
	Presets map[labels.Kind]map[labels.PaperSize]previewSheet `json:"presets"`
}

type previewSize struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// previewSheet is one preset's grid: the first label's top-left corner at
// (X0, Y0), each next one DX to the right or DY below.
type previewSheet struct {
	Stock string      `json:"stock"`
	Paper previewSize `json:"paper"`
	Label struct {
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
		Radius float64 `json:"radius"`
	} `json:"label"`
	Cols int     `json:"cols"`
	Rows int     `json:"rows"`
	X0   float64 `json:"x0"`
	Y0   float64 `json:"y0"`
	DX   float64 `json:"dx"`
	DY   float64 `json:"dy"`
}

// mm rounds a length to a tenth of a micrometre: the catalogue's inch and
// point conversions leave float noise (215.89999999999998) below that.
func mm(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func previewOf(t *testing.T) preview {
	t.Helper()
	c := catalogue(t)
	p := preview{
		Kinds:   labels.Kinds(),
		Papers:  map[labels.PaperSize]previewSize{},
		Presets: map[labels.Kind]map[labels.PaperSize]previewSheet{},
	}
	for _, size := range labels.PaperSizes {
		paper, err := c.Paper(size)
		if err != nil {
			t.Fatal(err)
		}
		p.Papers[size] = previewSize{mm(paper.Width), mm(paper.Height)}
	}
	for _, pr := range labels.Presets {
		tp, err := c.Preset(pr.Kind, pr.Paper)
		if err != nil {
			t.Fatal(err)
		}
		if len(tp.Layouts) != 1 || tp.Label.Shape != labels.Rectangle {
			t.Fatalf("%s on %s: the preview draws one grid of rectangles, and %s is not that", pr.Kind, pr.Paper, tp)
		}
		l := tp.Layouts[0]
		s := previewSheet{Stock: pr.StockName(), Paper: previewSize{mm(tp.PageWidth), mm(tp.PageHeight)},
			Cols: l.Cols, Rows: l.Rows, X0: mm(l.X0), Y0: mm(l.Y0), DX: mm(l.DX), DY: mm(l.DY)}
		s.Label.Width, s.Label.Height, s.Label.Radius = mm(tp.Label.Width), mm(tp.Label.Height), mm(tp.Label.CornerRadius)
		if p.Presets[pr.Kind] == nil {
			p.Presets[pr.Kind] = map[labels.PaperSize]previewSheet{}
		}
		p.Presets[pr.Kind][pr.Paper] = s
	}
	// The website offers every kind on every paper.
	for _, k := range p.Kinds {
		for paper := range p.Papers {
			if _, ok := p.Presets[k][paper]; !ok {
				t.Errorf("%s has no preset on %s paper: the website offers every label type on every paper", k, paper)
			}
		}
	}
	return p
}

// presets.json is what Presets and the catalogue give, so the preview
// cannot draw another sheet than the PDF prints, nor miss a label type.
func TestPreviewPresetsAreGenerated(t *testing.T) {
	got, err := json.MarshalIndent(previewOf(t), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(previewFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(previewFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("pkg/labels/%s, the website's sheet preview, is not what labels.Presets gives; "+
			"run go test ./labels -run TestPreviewPresetsAreGenerated -update in pkg and commit it", previewFile)
	}
}

// Kinds are Presets' label types, once each, in the order they first
// appear.
func TestKinds(t *testing.T) {
	var want []labels.Kind
	seen := map[labels.Kind]bool{}
	for _, p := range labels.Presets {
		if !seen[p.Kind] {
			seen[p.Kind] = true
			want = append(want, p.Kind)
		}
	}
	if got := labels.Kinds(); !slices.Equal(got, want) {
		t.Errorf("Kinds() = %q, want %q", got, want)
	}
	var names []string
	for _, k := range want {
		names = append(names, string(k))
	}
	if got := labels.KindNames(); !slices.Equal(got, names) {
		t.Errorf("KindNames() = %q, want %q", got, names)
	}
}
