package sheet_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// batchProofDPI is the batch sheet's legibility check: a sheet rasterised at 150 DPI,
// about what a phone sees of a label at arm's length (6 px a mm).
const batchProofDPI = 150

// batchLayouts are the batch printer's named layouts.
func batchLayouts(t *testing.T) map[string]*labels.Template {
	t.Helper()
	out := map[string]*labels.Template{}
	for _, l := range slices.Concat(labels.SpecLayouts, labels.PresetLayouts()) {
		tmpl, _, err := labels.MustBuiltin().BatchSheet(l.ID)
		if err != nil {
			t.Fatal(err)
		}
		out[l.ID] = tmpl
	}
	return out
}

// densestSheet is a full sheet of different records, each cut to the
// longest the layout accepts (sheet.MaxModules at BatchMinModule, level
// M): the densest codes a batch on tp can print.
func densestSheet(t *testing.T, tp *labels.Template) []sheet.Label {
	t.Helper()
	maxModules := sheet.MaxModules(tp, sheet.BatchMinModule)
	items := samples.Labels(tp.PerSheet())
	for i := range items {
		long := fmt.Sprintf("%d Núñez %s\n%s\n%s", i+1, tp.Name(), items[i].Payload, samples.Payload(i+100)+samples.Payload(i+200))
		items[i].Payload = longestFittingAt(long, maxModules, labels.BatchLevel)
		c, err := qr.Encode(items[i].Payload, labels.BatchLevel)
		if err != nil || items[i].Payload == "" {
			t.Fatalf("%s: no payload fits a %d-module code", tp.Name(), maxModules)
		}
		// The densest: the next code size (4 modules more) would not fit.
		if c.Size+4 <= maxModules {
			t.Fatalf("%s: label %d is a %d-module code where %d fit", tp.Name(), i+1, c.Size, maxModules)
		}
	}
	return items
}

// TestBatchDensestRecordsDecodeAt150DPI prints, on every batch layout, a
// full sheet of the densest records it accepts, rasterises the sheet at
// 150 DPI and decodes every label with zbar and with zxing-cpp (the
// reader behind many phone scanners): each must read back exactly.
func TestBatchDensestRecordsDecodeAt150DPI(t *testing.T) {
	longProof(t)
	python := needPython(t)
	for id, tp := range batchLayouts(t) {
		t.Run(id, func(t *testing.T) {
			items := densestSheet(t, tp)
			var pdf bytes.Buffer
			if err := sheet.Render(&pdf, tp, items, sheet.BatchOptions(1, 1)); err != nil {
				t.Fatal(err)
			}
			pages := rasterise(t, pdf.Bytes(), batchProofDPI)
			dir := t.TempDir()
			files := make([]string, len(items))
			want := make([]string, len(items))
			for i, p := range tp.Positions()[:len(items)] {
				files[i] = filepath.Join(dir, fmt.Sprintf("label-%03d.pgm", i))
				if err := writePGM(files[i], cropAt(pages[0], p, batchProofDPI)); err != nil {
					t.Fatal(err)
				}
				want[i] = items[i].Payload
			}
			zbar := decodeImages(t, files, want)
			zxing := decodeZXing(t, python, files)
			c, _ := qr.Encode(want[0], labels.BatchLevel)
			for i := range items {
				if zbar[i] != want[i] {
					t.Errorf("label %d (%d modules): zbar did not read it at %d DPI", i+1, c.Size, batchProofDPI)
				}
				if zxing[i] != want[i] {
					t.Errorf("label %d (%d modules): zxing-cpp did not read it at %d DPI", i+1, c.Size, batchProofDPI)
				}
			}
			t.Logf("%s: %d labels of %d modules (%d bytes) read by both at %d DPI", tp.Name(), len(items), c.Size, len(want[0]), batchProofDPI)
		})
	}
}

// decodeZXing reads each file with zxing-cpp (testdata/zxing_files.py):
// the payload per file, "" where none was read.
func decodeZXing(t testing.TB, python string, files []string) []string {
	t.Helper()
	cmd := exec.Command(python, filepath.Join("testdata", "zxing_files.py"))
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zxing_files.py: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(files) {
		t.Fatalf("zxing_files.py answered %d lines for %d files", len(lines), len(files))
	}
	got := make([]string, len(files))
	for i, l := range lines {
		b, err := hex.DecodeString(l)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = string(b)
	}
	return got
}

// Every code on a sheet fills its label's square, whatever its length: a
// long record's code is as wide as a short one's (quiet zone included),
// with smaller modules, never drawn smaller.
func TestBatchCodesFillTheSquareWhateverTheirLength(t *testing.T) {
	tp := batchLayouts(t)["avery-5163"]
	square := sheet.DesignFor(tp.Label).QR
	items := samples.Labels(tp.PerSheet())
	items[1].Payload = "short"
	items[2].Payload = samples.Payload(2) + "\nNotes: carries an adrenaline pen in the left chest pocket" // a long record
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, tp, items, sheet.BatchOptions(1, 1)); err != nil {
		t.Fatal(err)
	}
	for i, d := range readBack(t, pdf.Bytes(), 1, tp.PageHeight)[0] {
		if side := d.QRW + 4*d.Module; math.Abs(side-square.W) > 0.01 {
			t.Errorf("label %d: code drawn %.2f mm wide with its quiet zone, want the label's %.2f mm", i+1, side, square.W)
		}
	}
}

// A record too dense for a layout is refused by its index before anything
// prints, and the layouts that hold it are the ones that print it.
func TestBatchRefusesACodeTooDenseForItsLabel(t *testing.T) {
	all := batchLayouts(t)
	items := samples.Labels(3)
	items[2].Payload = strings.Repeat("Carries an adrenaline pen in the left chest pocket. ", 5)
	err := sheet.Render(io.Discard, all["avery-5160"], items, sheet.BatchOptions(1, 1))
	var tooSmall *sheet.TooSmallError
	if !errors.As(err, &tooSmall) || tooSmall.Index != 0 || tooSmall.Module >= sheet.BatchMinModule || tooSmall.Min != sheet.BatchMinModule {
		t.Fatalf("got %v, want the first label refused as too small", err)
	}
	holding := sheet.BatchLayoutsHolding(tooSmall.Size())
	if len(holding) == 0 || slices.Contains(holding, "Avery 5160 (30 per sheet)") {
		t.Fatalf("layouts holding a %d-module code: %q", tooSmall.Size(), holding)
	}
	for id, tp := range all {
		_, name, _ := labels.MustBuiltin().BatchSheet(id)
		err := sheet.Render(io.Discard, tp, items[:1], sheet.BatchOptions(1, 1))
		if slices.Contains(holding, name) != (err == nil) {
			t.Errorf("%s: listed %v, rendering gave %v", name, slices.Contains(holding, name), err)
		}
	}
	// A record no layout holds is offered none.
	if got := sheet.BatchLayoutsHolding(177); len(got) != 0 {
		t.Errorf("a 177-module code fits %q", got)
	}
}

// BatchFits answers, before printing, what Render does on every batch
// layout: the labels it refuses are exactly the ones BatchFits lists, all
// of them, and the layouts holding the largest refused code hold every one.
func TestBatchFitsIsWhatRenderRefuses(t *testing.T) {
	items := samples.Labels(5)
	items[1].Payload = strings.Repeat("Carries an adrenaline pen in the left chest pocket. ", 5)
	items[3].Payload = "short"
	items[4].Payload = items[1].Payload + "Núñez"
	payloads := make([]string, len(items))
	for i, it := range items {
		payloads[i] = it.Payload
	}
	fits, err := sheet.BatchFits(payloads)
	if err != nil {
		t.Fatal(err)
	}
	all := batchLayouts(t)
	if len(fits) != len(all) || fits[0].ID != "avery-5160" {
		t.Fatalf("%d layouts answered for %d, first %s", len(fits), len(all), fits[0].ID)
	}
	holdsAll := map[string]bool{}
	partly := false
	for _, f := range fits {
		holdsAll[f.Name] = len(f.Refused) == 0
		partly = partly || len(f.Refused) > 0 && len(f.Refused) < len(items)
	}
	if !partly {
		t.Fatalf("no layout holds some of the labels and not others: %+v", fits)
	}
	for _, f := range fits {
		err := sheet.Render(io.Discard, all[f.ID], items, sheet.BatchOptions(1, 1))
		if len(f.Refused) == 0 {
			if err != nil {
				t.Errorf("%s holds every label, Render gave %v", f.Name, err)
			}
			continue
		}
		var tooSmall *sheet.TooSmallError
		if !errors.As(err, &tooSmall) || !slices.Equal(tooSmall.Refused, f.Refused) || tooSmall.Index != f.Refused[0] {
			t.Errorf("%s: BatchFits refuses %v, Render gave %v", f.Name, f.Refused, err)
			continue
		}
		holding := sheet.BatchLayoutsHolding(tooSmall.MaxSize)
		for name, ok := range holdsAll {
			if slices.Contains(holding, name) != ok {
				t.Errorf("%s: offered %q, which holds every label: %v", f.Name, name, ok)
			}
		}
	}
	if _, err := sheet.BatchFits([]string{"ok", strings.Repeat("x", 3000)}); err == nil || !strings.Contains(err.Error(), "label 2") {
		t.Errorf("a payload too long for any code: %v", err)
	}
}

// A refusal names each refused code once, the first five, then how many more.
func TestRefusedNames(t *testing.T) {
	names := []string{"Ann", "Bob", "Ann", "Cy", "Di", "Ed", "Flo", "Gus"}
	e := &sheet.TooSmallError{Refused: []int{0, 1, 2, 3, 4, 5, 6, 7}}
	if list, n := sheet.RefusedNames(e, names); list != `"Ann", "Bob", "Cy", "Di", "Ed" and 2 more` || n != 7 {
		t.Errorf("%q %d", list, n)
	}
	e.Refused = []int{1, 2}
	if list, n := sheet.RefusedNames(e, names); list != `"Bob", "Ann"` || n != 2 {
		t.Errorf("%q %d", list, n)
	}
}

// The template rules' batchCapacityBytes is what the code on the largest
// batch label holds legibly: UTF-8 text in byte mode with its ECI
// designator, level M, modules of at least BatchMinModule. The template
// builder warns when a template's largest record is longer.
func TestBatchCapacityBytesRule(t *testing.T) {
	largest := 0
	for _, tp := range batchLayouts(t) {
		largest = max(largest, sheet.MaxModules(tp, sheet.BatchMinModule))
	}
	fits := func(n int) bool {
		size, err := qr.Size("é"+strings.Repeat("a", n-2), labels.BatchLevel)
		return err == nil && size <= largest
	}
	n := 2
	for fits(n + 1) {
		n++
	}
	if got := emergency.Rules.Templates.BatchCapacityBytes; got != n {
		t.Errorf("rules.json batchCapacityBytes is %d; the largest batch label (%d modules) holds %d bytes", got, largest, n)
	}
}
