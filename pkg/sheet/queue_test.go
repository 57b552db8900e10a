package sheet_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

const avery5160 = "Avery 5160 (30 per sheet)"

func avery5160Template(t *testing.T) *labels.Template {
	t.Helper()
	tp, name, err := labels.MustBuiltin().BatchSheet("avery-5160")
	if err != nil || name != avery5160 {
		t.Fatalf("%q %v", name, err)
	}
	return tp
}

// A label too dense for its sheet is refused by its code's name, with the
// label's size and the layouts that hold it; several by how many and
// their names (each once, the first five, then how many more); none
// offered when no layout holds them.
func TestRefuseTooDenseNamesTheCodes(t *testing.T) {
	tp := avery5160Template(t)
	names := []string{"Ann Fitter", "Bob Rigger"}
	refusal := func(e *sheet.TooSmallError, names []string) string {
		t.Helper()
		var r *sheet.Refusal
		err := sheet.RefuseTooDense(fmt.Errorf("render: %w", e), tp, avery5160, names, "")
		if !errors.As(err, &r) {
			t.Fatalf("not a refusal: %v", err)
		}
		return r.Message
	}
	got := refusal(&sheet.TooSmallError{Index: 1, Modules: 77, Module: 0.21, Min: 0.4, Refused: []int{1}, MaxSize: 69}, names)
	want := fmt.Sprintf(sheet.MsgBatchCodeTooLong, `"Bob Rigger"`, avery5160, tp.Label.Width, tp.Label.Height, 0.21, 0.4,
		strings.Join(sheet.BatchLayoutsHolding(69), "; "))
	if got != want || !strings.HasPrefix(got, `"Bob Rigger" holds too much text for a legible QR code on Avery 5160 (30 per sheet) labels (66.7 x 25.4 mm)`) ||
		!strings.Contains(got, "(Avery 5163 (10 per sheet); ") {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	got = refusal(&sheet.TooSmallError{Index: 0, Modules: 181, Module: 0.1, Min: 0.4, Refused: []int{0}, MaxSize: 173}, names)
	if want := `"Ann Fitter" holds too much text for a legible QR code on any batch layout: its modules would print at 0.10 mm on Avery 5160 (30 per sheet) labels, under the 0.40 mm a phone reads. Shorten the record.`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	many := []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A1"}
	got = refusal(&sheet.TooSmallError{Index: 0, Modules: 57, Module: 0.3, Min: 0.4, Refused: []int{0, 1, 2, 3, 4, 5, 6, 7}, MaxSize: 49}, many)
	if want := `7 codes hold too much text for legible QR codes on Avery 5160 (30 per sheet) labels (66.7 x 25.4 mm): "A1", "A2", "A3", "A4", "A5" and 2 more. Their modules would print under the 0.40 mm a phone reads. Choose a layout that holds them all (` +
		strings.Join(sheet.BatchLayoutsHolding(49), "; ") + "), or shorten the records."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	got = refusal(&sheet.TooSmallError{Index: 0, Modules: 181, Module: 0.1, Min: 0.4, Refused: []int{0, 1}, MaxSize: 173}, names)
	if want := `2 codes hold too much text for legible QR codes on Avery 5160 (30 per sheet) labels: "Ann Fitter", "Bob Rigger". No batch layout holds them all (their modules would print under the 0.40 mm a phone reads); shorten the longest records.`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	other := errors.New("disk full")
	if sheet.RefuseTooDense(other, tp, avery5160, names, "") != other || sheet.RefuseTooDense(nil, tp, avery5160, names, "") != nil {
		t.Error("other errors must pass unchanged")
	}
}

// A queue holding deactivated codes is refused whole, each named once;
// an active queue gives its labels and names in queue order, repeats kept.
func TestBatchLabelsRefusesDeactivatedCodes(t *testing.T) {
	items := samples.Labels(3)
	codes := []sheet.BatchCode{
		{ID: 1, Name: "José Núñez", Label: items[0]},
		{ID: 2, Name: "Ann Okafor", Active: true, Label: items[1]},
		{ID: 3, Name: "Łukasz Wójcik", Label: items[2]},
	}
	_, _, err := sheet.BatchLabels([]sheet.BatchCode{codes[1], codes[0]})
	var r *sheet.Refusal
	if want := fmt.Sprintf(sheet.MsgBatchCodeInactive, `"José Núñez"`); !errors.As(err, &r) || r.Message != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	_, _, err = sheet.BatchLabels([]sheet.BatchCode{codes[0], codes[1], codes[2], codes[0]})
	if want := fmt.Sprintf(sheet.MsgBatchCodesInactive, 2, `"José Núñez", "Łukasz Wójcik"`); err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	codes[0].Active, codes[2].Active = true, true
	got, names, err := sheet.BatchLabels([]sheet.BatchCode{codes[2], codes[0], codes[2]})
	if err != nil || !slices.Equal(names, []string{"Łukasz Wójcik", "José Núñez", "Łukasz Wójcik"}) ||
		got[0] != items[2] || got[1] != items[0] || got[2] != items[2] {
		t.Errorf("%v %v %v", got, names, err)
	}
}

// FitQueue is BatchFits by code id: every batch layout, the ids of the
// codes it refuses, inactive codes weighed alike.
func TestFitQueueAnswersByCodeID(t *testing.T) {
	items := samples.Labels(3)
	items[0].Payload, items[2].Payload = "Name: Ann Okafor", "Name: Bob Rigger"
	items[1].Payload = strings.Repeat("Carries an adrenaline pen in the left chest pocket. ", 5)
	codes := []sheet.BatchCode{{ID: 11, Active: true, Label: items[0]}, {ID: 42, Label: items[1]}, {ID: 7, Active: true, Label: items[2]}}
	fits, err := sheet.FitQueue(codes, nil)
	if err != nil {
		t.Fatal(err)
	}
	byIndex, err := sheet.BatchFits([]string{items[0].Payload, items[1].Payload, items[2].Payload})
	if err != nil || len(fits) != len(byIndex) {
		t.Fatalf("%d layouts for %d: %v", len(fits), len(byIndex), err)
	}
	ids := []int64{11, 42, 7}
	for i, f := range fits {
		if f.ID != byIndex[i].ID || f.Name != byIndex[i].Name || !slices.Equal(f.RefusedIDs, byIndex[i].RefusedIDs(ids)) {
			t.Errorf("%+v, want %+v", f, byIndex[i])
		}
	}
	if fits[0].Name != avery5160 || !slices.Equal(fits[0].RefusedIDs, []int64{42}) {
		t.Errorf("Avery 5160: %+v", fits[0])
	}
}

// A refusal offers the layouts on the paper the organisation prints on
// (an A4 office has no US Letter sheets to hand); every holding layout
// when none on its paper holds the code, or when the paper is unknown.
func TestSuggestedLayoutsKeepToThePaper(t *testing.T) {
	geometries, err := labels.MustBuiltin().BatchGeometries()
	if err != nil {
		t.Fatal(err)
	}
	paperOf := map[string]string{}
	maxOn := map[string]int{}
	for _, g := range geometries {
		tp, _, err := labels.MustBuiltin().BatchSheet(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		paperOf[g.Name] = g.PaperSize
		maxOn[g.PaperSize] = max(maxOn[g.PaperSize], sheet.MaxModules(tp, sheet.BatchMinModule))
	}
	const size = 49
	if got := sheet.SuggestedLayouts(size, ""); !slices.Equal(got, sheet.BatchLayoutsHolding(size)) {
		t.Errorf("paper unknown: %q", got)
	}
	for _, paper := range []labels.PaperSize{labels.A4, labels.Letter} {
		got := sheet.SuggestedLayouts(size, paper)
		if len(got) == 0 {
			t.Fatalf("%s: nothing offered for a %d-module code", paper, size)
		}
		for _, name := range got {
			if paperOf[name] != string(paper) || !slices.Contains(sheet.BatchLayoutsHolding(size), name) {
				t.Errorf("%s: offered %s (%s paper)", paper, name, paperOf[name])
			}
		}
	}
	// A code no layout on its paper holds: every layout that holds it.
	for _, paper := range []labels.PaperSize{labels.A4, labels.Letter} {
		if beyond := maxOn[string(paper)] + 1; len(sheet.BatchLayoutsHolding(beyond)) > 0 {
			if got := sheet.SuggestedLayouts(beyond, paper); !slices.Equal(got, sheet.BatchLayoutsHolding(beyond)) {
				t.Errorf("%s, %d modules: %q", paper, beyond, got)
			}
		}
	}
	// The refusal itself uses them.
	tp := avery5160Template(t)
	err = sheet.RefuseTooDense(&sheet.TooSmallError{Index: 0, Modules: 57, Module: 0.3, Min: 0.4, Refused: []int{0}, MaxSize: size}, tp, avery5160, []string{"Ann"}, labels.A4)
	if want := strings.Join(sheet.SuggestedLayouts(size, labels.A4), "; "); err == nil || !strings.Contains(err.Error(), "("+want+")") || strings.Contains(err.Error(), "Avery 5163") {
		t.Errorf("A4 refusal: %v", err)
	}
}

// A catalogue sheet asked about is weighed after the named layouts, under
// the name asked, by the same rule: Avery L7163 (99.1 x 38.1 mm, A4)
// cannot hold a long record that the 4 x 2 in helmet labels hold. A sheet
// the catalogue lacks is refused.
func TestFitQueueWeighsCatalogueSheets(t *testing.T) {
	tp, _, err := labels.MustBuiltin().BatchSheet("Avery L7163")
	if err != nil {
		t.Fatal(err)
	}
	// The shortest record too dense for L7163's labels.
	long := samples.Payload(0)
	for size, err := qr.Size(long, labels.BatchLevel); size <= sheet.MaxModules(tp, sheet.BatchMinModule); size, err = qr.Size(long, labels.BatchLevel) {
		if err != nil {
			t.Fatal(err)
		}
		long += " Núñez"
	}
	codes := []sheet.BatchCode{{ID: 5, Label: sheet.Label{Payload: "Name: Ann Okafor"}}, {ID: 9, Label: sheet.Label{Payload: long}}}
	named, err := sheet.FitQueue(codes, nil)
	if err != nil {
		t.Fatal(err)
	}
	fits, err := sheet.FitQueue(codes, []string{"Avery L7163"})
	if err != nil {
		t.Fatal(err)
	}
	if len(fits) != len(named)+1 || !slices.EqualFunc(fits[:len(named)], named, func(a, b sheet.QueueFit) bool {
		return a.ID == b.ID && slices.Equal(a.RefusedIDs, b.RefusedIDs)
	}) {
		t.Fatalf("%d answers for %d layouts and one sheet", len(fits), len(named))
	}
	sheetFit := fits[len(fits)-1]
	if sheetFit.ID != "Avery L7163" || !slices.Equal(sheetFit.RefusedIDs, []int64{9}) {
		t.Errorf("Avery L7163: %+v", sheetFit)
	}
	// What the print does with it.
	var pdf strings.Builder
	err = sheet.Render(&pdf, tp, []sheet.Label{codes[0].Label, codes[1].Label}, sheet.BatchOptions(1, 1))
	var tooSmall *sheet.TooSmallError
	if !errors.As(err, &tooSmall) || !slices.Equal(tooSmall.Refused, []int{1}) {
		t.Errorf("render on L7163: %v", err)
	}
	var unknown *sheet.UnknownSheetError
	if _, err := sheet.FitQueue(codes, []string{"Avery L7163", "Nobody 0000"}); !errors.As(err, &unknown) || unknown.Sheet != "Nobody 0000" {
		t.Errorf("unknown sheet: %v", err)
	}
}
