package sheet_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

var update = flag.Bool("update", false, "rewrite testdata/label-designs.json from the Go layout")

const designsFile = "testdata/label-designs.json"

// designCase is one label size of the golden file: every preset, and the
// custom minimum and extremes. The TypeScript twin reads the same file.
type designCase struct {
	Name         string       `json:"name"`
	Width        float64      `json:"width"`
	Height       float64      `json:"height"`
	CornerRadius float64      `json:"cornerRadius"`
	Design       sheet.Design `json:"design"`
}

// designTemplates are the sheets the design is proved on: every preset on
// both papers and custom sizes at the minimum and the extremes.
func designTemplates(t *testing.T) []*labels.Template {
	t.Helper()
	cat := labels.MustBuiltin()
	var out []*labels.Template
	for _, p := range labels.Presets {
		tp, err := cat.Preset(p.Kind, p.Paper)
		if err != nil {
			t.Fatal(err)
		}
		c := *tp
		c.Description = string(p.Kind) + "-" + string(p.Paper)
		out = append(out, &c)
	}
	for _, paper := range []labels.PaperSize{labels.A4, labels.Letter} {
		pp, err := cat.Paper(paper)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []labels.Custom{
			labels.DefaultCustom, // the minimum, 70 x 50 mm
			{Width: 200, Height: 50, Count: 5, Cols: 1, Rows: 5},
			{Width: 70, Height: 250, Count: 2, Cols: 2, Rows: 1},
			{Width: 100, Height: 100, Count: 4, Cols: 2, Rows: 2},
		} {
			tp, err := c.Template(pp)
			if err != nil {
				t.Fatal(err)
			}
			tp.Description = fmt.Sprintf("custom-%gx%g-%s", c.Width, c.Height, paper)
			out = append(out, tp)
		}
	}
	return out
}

// The golden file holds the design of every case; the Go layout must give
// it exactly (go test ./sheet -run TestDesignGolden -update rewrites it
// after a deliberate change to design.json), and so must the TypeScript
// twin (frontend/src/lib/labels/design.test.ts).
func TestDesignGolden(t *testing.T) {
	var cases []designCase
	seen := map[string]bool{}
	for _, tp := range designTemplates(t) {
		name := strings.TrimSuffix(strings.TrimSuffix(tp.Description, "-a4"), "-letter")
		if strings.HasPrefix(name, "custom") && seen[name] {
			continue // a custom label's design does not depend on the paper
		}
		if strings.HasPrefix(name, "custom") {
			seen[name] = true
		} else {
			name = tp.Description
		}
		cases = append(cases, designCase{name, tp.Label.Width, tp.Label.Height, tp.Label.CornerRadius, sheet.DesignFor(tp.Label)})
	}
	got, err := json.MarshalIndent(cases, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(designsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(designsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what design.json gives; if the change is meant, run go test ./sheet -run TestDesignGolden -update", designsFile)
	}
	// Every preset says what it is and gives a number to call.
	for _, c := range cases {
		roles := map[string]bool{}
		for _, l := range c.Design.Lines {
			roles[l.Role] = true
		}
		if !roles[sheet.RoleHeading] || !roles[sheet.RoleICE] {
			t.Errorf("%s: lines %v lack the heading or the ICE number", c.Name, roles)
		}
	}
}

// design.json's em widths are the fonts' own: the heading and the scan
// hint fill their room without overflowing it.
func TestDesignEmWidths(t *testing.T) {
	var d struct {
		Roles map[string]struct {
			Text string  `json:"text"`
			Bold bool    `json:"bold"`
			Em   float64 `json:"em"`
		} `json:"roles"`
	}
	raw, err := os.ReadFile("design.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes("noto", "", sheet.TextFont(false))
	pdf.AddUTF8FontFromBytes("noto", "B", sheet.TextFont(true))
	n := 0
	for role, r := range d.Roles {
		if r.Em == 0 {
			continue
		}
		n++
		style := ""
		if r.Bold {
			style = "B"
		}
		pdf.SetFont("noto", style, 72/25.4) // 1 mm per em
		if got := pdf.GetStringWidth(r.Text); got > r.Em || r.Em-got > 0.01 {
			t.Errorf("%s: %q is %.4f em wide, design.json says %.4f", role, r.Text, got, r.Em)
		}
	}
	if n < 2 {
		t.Fatalf("only %d fixed texts with a width", n)
	}
}

// word is one word of pdftotext -bbox, in mm.
type word struct {
	text                   string
	xMin, yMin, xMax, yMax float64
}

var wordRE = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// pdfWords runs pdftotext -bbox on a PDF and returns page 1's words.
func pdfWords(t *testing.T, pdf []byte) []word {
	t.Helper()
	tool := needTool(t, "pdftotext")
	cmd := exec.Command(tool, "-bbox", "-f", "1", "-l", "1", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	const mm = 25.4 / 72
	var words []word
	for _, m := range wordRE.FindAllStringSubmatch(string(out), -1) {
		v := make([]float64, 4)
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
			v[i] *= mm
		}
		words = append(words, word{m[5], v[0], v[1], v[2], v[3]})
	}
	return words
}

// textMargin (mm) is the least room between any printed word and its
// label's edge, or the code's square.
const textMargin = 1.0

// Every printed line lies inside its label with a margin, clear of the
// code and its quiet zone, at the design's position, on every preset on
// A4 and Letter and on custom sizes from the minimum up: checked on the
// words of the real PDF (pdftotext -bbox).
func TestPrintedLinesFit(t *testing.T) {
	for _, tp := range designTemplates(t) {
		t.Run(tp.Description, func(t *testing.T) {
			items := samples.Labels(tp.PerSheet())
			items[0].Name = "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh"
			items[0].Caption = "Diabetic, carries insulin"
			withShapedNames(items[1:])
			var pdf bytes.Buffer
			if err := sheet.Render(&pdf, tp, items, sheet.Options{}); err != nil {
				t.Fatal(err)
			}
			d := sheet.DesignFor(tp.Label)
			words := pdfWords(t, pdf.Bytes())
			positions := tp.Positions()
			perLabel := make([][]word, len(positions))
			for _, w := range words {
				found := false
				for i, p := range positions {
					cx, cy := (w.xMin+w.xMax)/2, (w.yMin+w.yMax)/2
					if cx >= p.X && cx <= p.X+p.W && cy >= p.Y && cy <= p.Y+p.H {
						perLabel[i] = append(perLabel[i], w)
						found = true
						break
					}
				}
				if !found {
					t.Errorf("word %q at (%.1f, %.1f) mm is on no label", w.text, w.xMin, w.yMin)
				}
			}
			for i, p := range positions {
				text := ""
				for _, w := range perLabel[i] {
					text += w.text + " "
					x0, y0, x1, y1 := w.xMin-p.X, w.yMin-p.Y, w.xMax-p.X, w.yMax-p.Y
					if x0 < textMargin || y0 < textMargin || x1 > p.W-textMargin || y1 > p.H-textMargin {
						t.Errorf("label %d: %q at (%.2f, %.2f)-(%.2f, %.2f) mm is within %.1f mm of the %.1f x %.1f mm label's edge",
							i+1, w.text, x0, y0, x1, y1, textMargin, p.W, p.H)
					}
					q := d.QR
					if x1 > q.X-textMargin && x0 < q.X+q.W+textMargin && y1 > q.Y-textMargin && y0 < q.Y+q.H+textMargin {
						t.Errorf("label %d: %q reaches into the code's square", i+1, w.text)
					}
					if !onARow(d, sheet.FittedRows(d, items[i]), w.xMin-p.X, y0, y1) {
						t.Errorf("label %d: %q at (%.2f, %.2f) mm stands on no line of the design", i+1, w.text, x0, y0)
					}
				}
				for _, want := range []string{"EMERGENCY INFO", "ICE: " + items[i].ICE} {
					if !strings.Contains(text, want) {
						t.Errorf("label %d says %q, without %q", i+1, text, want)
					}
				}
			}
		})
	}
}

// withShapedNames gives items names that the shaper sets: long ones that
// shrink and are cut, tall ones, then the test names (samples.IntlNames), as far as
// items go.
func withShapedNames(items []sheet.Label) {
	names := append([]string{strings.Repeat("محمد عبد الرحمن ", 4), strings.Repeat("王小明", 12),
		"Nguyễn Thị Hương Nguyễn Thị Hương Nguyễn", "สมชาย ใจดี ฤๅษี ปิ่นเกล้า", "अमित शर्मा क्षत्रिय"}, samples.IntlNames...)
	for j, name := range names {
		if j < len(items) {
			items[j].Name = name
		}
	}
}

// Shaped names keep their ink, marks included, inside the label and out
// of the code's quiet zone, on every preset and custom size: rasterised,
// no dark pixel lies within half a millimetre of a label's edge or in the
// outer quarter millimetre of the code's square.
func TestShapedInkStaysInside(t *testing.T) {
	const dpi = 300
	for _, tp := range designTemplates(t) {
		t.Run(tp.Description, func(t *testing.T) {
			t.Parallel()
			items := samples.Labels(tp.PerSheet())
			withShapedNames(items)
			var pdf bytes.Buffer
			if err := sheet.Render(&pdf, tp, items, sheet.Options{}); err != nil {
				t.Fatal(err)
			}
			page := rasterisePages(t, pdf.Bytes(), dpi, 1, 1)[0]
			d := sheet.DesignFor(tp.Label)
			px := func(mm float64) int { return int(math.Round(mm / 25.4 * dpi)) }
			for i, p := range tp.Positions() {
				q := d.QR
				outer := image.Rect(px(p.X), px(p.Y), px(p.X+p.W), px(p.Y+p.H))
				code := image.Rect(px(p.X+q.X), px(p.Y+q.Y), px(p.X+q.X+q.W), px(p.Y+q.Y+q.H))
				bands := []struct {
					what        string
					out, inside image.Rectangle
				}{
					{"the label's edge", outer, outer.Inset(px(0.5))},
					{"the code's quiet zone", code.Inset(1), code.Inset(px(0.25))},
				}
				for _, b := range bands {
					for y := b.out.Min.Y; y < b.out.Max.Y; y++ {
						for x := b.out.Min.X; x < b.out.Max.X; x++ {
							if (image.Point{x, y}).In(b.inside) || page.GrayAt(x, y).Y >= 128 {
								continue
							}
							t.Errorf("label %d (%q): ink at (%.2f, %.2f) mm, in %s", i+1, items[i].Name,
								float64(x)*25.4/dpi-p.X, float64(y)*25.4/dpi-p.Y, b.what)
							y, x = b.out.Max.Y, b.out.Max.X // one report a band
						}
					}
				}
			}
		})
	}
}

// onARow reports whether a word starting at x, spanning y0 to y1, sits on
// one of the label's fitted rows: the row's baseline inside the word's box
// and x within its design line's room (at or right of a left-aligned
// line's start).
func onARow(d sheet.Design, rows []sheet.Row, x, y0, y1 float64) bool {
	for _, r := range rows {
		if r.Baseline < y0 || r.Baseline > y1 {
			continue
		}
		for _, l := range d.Lines {
			if l.Role != r.Role {
				continue
			}
			if l.Centred && math.Abs(x-l.X) <= l.Width/2 {
				return true
			}
			if !l.Centred && x >= l.X-0.3 && x <= l.X+l.Width {
				return true
			}
		}
	}
	return false
}
