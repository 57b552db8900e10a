package sheet

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

const fitsFile = "testdata/label-fits.json"

// fitCase is one label of the fitting golden file: a label size, the
// details it prints, and the rows that fitLines gives with counted widths
// (countedWidth), which the TypeScript twin must give too.
type fitCase struct {
	Width        float64 `json:"width"`
	Height       float64 `json:"height"`
	CornerRadius float64 `json:"cornerRadius"`
	Name         string  `json:"name"`
	BloodType    string  `json:"bloodType"`
	ICE          string  `json:"ice"`
	Caption      string  `json:"caption"`
	Rows         []Row   `json:"rows"`
}

// countedWidth measures 0.55 em a character, 0.6 in bold: a stand-in for
// a font that the TypeScript twin can repeat exactly. Arabic letters' ink
// reaches as far as Noto Sans Arabic Bold's in "محمد علي" (0.73 em above
// the baseline, 0.46 below); every other character keeps within its line.
func countedWidth(text string, bold bool) (width, top, bottom float64) {
	per := 0.55
	if bold {
		per = 0.6
	}
	for _, r := range text {
		if r >= 0x0600 && r <= 0x06FF {
			top, bottom = 0.73, -0.46
		}
	}
	return per * float64(utf8.RuneCountInString(text)), top, bottom
}

// The lines fit by one set of rules in Go and in the preview: on wide,
// narrow, small and custom labels, a name that fits, one that shrinks, one
// that wraps at a space or a hyphen, one too long for two rows, and one
// with nowhere to break. go test ./sheet -run TestFitGolden -update
// rewrites the file after a deliberate change.
func TestFitGolden(t *testing.T) {
	sizes := [][3]float64{{101.6, 50.8, 1.6}, {66.7, 25.4, 1.6}, {70, 50, 0}, {200, 50, 0}, {63.5, 38.1, 2}}
	names := []string{
		"Ann Lee",
		"Siobhán Ó Dálaigh-Fitzgerald",
		"Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh",
		"Maria Luisa Fernanda de la Concepción Hernández y Gutiérrez de los Santos Vásquez",
		strings.Repeat("王小明", 12),
		"Anna-Maria Kowalczyk-Wiśniewska",
		"محمد علي",
	}
	var cases []fitCase
	for _, s := range sizes {
		d := designRect(s[0], s[1], s[2])
		for i, name := range names {
			item := Label{Name: name, BloodType: "O+", ICE: "+44 7700 900123"}
			if i%2 == 1 {
				item.Caption = "Diabetic, carries insulin"
			}
			cases = append(cases, fitCase{s[0], s[1], s[2], item.Name, item.BloodType, item.ICE, item.Caption,
				fitLines(d, item, countedWidth)})
		}
	}
	got, err := json.MarshalIndent(cases, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(fitsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(fitsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what fitLines gives; if the change is meant, run go test ./sheet -run TestFitGolden -update", fitsFile)
	}
}

// A name too wide for its line at the smallest size wraps onto a second
// row when the lines below have room, keeps every character, and moves
// the lines below it down by the second row's height; where there is no
// room it stays on one row, cut short.
func TestLongNameWraps(t *testing.T) {
	item := Label{Name: "Maria Luisa Fernanda de la Concepción Hernández Gutiérrez", BloodType: "O+", ICE: "+44 7700 900123"}
	d := designRect(101.6, 50.8, 1.6) // Avery 5163
	rows := fitLines(d, item, countedWidth)
	var name []Row
	var ice Row
	for _, r := range rows {
		switch r.Role {
		case RoleName:
			name = append(name, r)
		case RoleICE:
			ice = r
		}
	}
	if len(name) != 2 {
		t.Fatalf("the name is on %d rows: %+v", len(name), rows)
	}
	if got := name[0].Text + " " + name[1].Text; got != item.Name {
		t.Errorf("the rows say %q, not %q", got, item.Name)
	}
	if name[1].Baseline <= name[0].Baseline || ice.Baseline <= name[1].Baseline {
		t.Errorf("rows out of order: %+v", rows)
	}
	for _, l := range d.Lines {
		if l.Role == RoleICE && ice.Baseline <= l.Baseline {
			t.Errorf("the ICE line did not move down: %.2f, designed at %.2f", ice.Baseline, l.Baseline)
		}
	}
	for _, r := range rows {
		if w, _, _ := countedWidth(r.Text, r.Role == RoleName || r.Role == RoleICE || r.Role == RoleHeading); w*r.Pt*ptToMM > 101.6 {
			t.Errorf("row %q is wider than the label", r.Text)
		}
	}

	// No room: a label whose text column is full keeps the name on one row.
	full := Design{Lines: []DesignLine{
		{Role: RoleName, Text: "{name}", X: 0, Baseline: 4, Width: 20, Pt: 11, Bold: true},
		{Role: RoleICE, Text: "ICE: {phone}", X: 0, Baseline: 8.5, Width: 20, Pt: 11, Bold: true},
	}, TextBottom: 9.5}
	rows = fitLines(full, item, countedWidth)
	if rows[0].Role != RoleName || rows[1].Role != RoleICE || !strings.HasSuffix(rows[0].Text, "…") {
		t.Errorf("with no room below: %+v", rows)
	}
}

// A short Arabic name prints at the size of a short Latin one, measured in
// the label fonts themselves: the yeh's tail reaching below the line moves
// the lines under it down rather than shrinking the name, and its ink stays
// clear of the next line's capitals as a Latin descender's does.
func TestShortArabicNamePrintsAtLatinSize(t *testing.T) {
	for _, size := range [][3]float64{{101.6, 50.8, 1.6}, {66.7, 25.4, 1.6}} {
		d := designRect(size[0], size[1], size[2])
		rowsOf := func(name string) []Row {
			return fitLines(d, Label{Name: name, BloodType: "O+", ICE: "+44 7700 900123"}, shapedWidth)
		}
		latin, arabic := rowsOf("Ann Lee"), rowsOf("محمد علي")
		if latin[1].Role != RoleName || arabic[1].Role != RoleName || arabic[2].Role != RoleBloodType {
			t.Fatalf("unexpected rows: %+v", arabic)
		}
		if arabic[1].Pt != latin[1].Pt || arabic[1].Pt != 11 {
			t.Errorf("%v mm: محمد علي prints at %v pt, Ann Lee at %v pt", size, arabic[1].Pt, latin[1].Pt)
		}
		// From the lowest ink a line may have to the capitals below it.
		gap := func(rows []Row, depth float64) float64 {
			return (rows[2].Baseline - 0.72*rows[2].Pt*ptToMM) - (rows[1].Baseline + depth*rows[1].Pt*ptToMM)
		}
		_, _, bottom := shapedWidth(arabic[1].Text, true)
		if got, want := gap(arabic, -bottom), gap(latin, inkBelow); got < want-1e-9 {
			t.Errorf("%v mm: the yeh's tail is %.2f mm above the blood type's capitals, a descender may come to %.2f", size, got, want)
		}
	}
}
