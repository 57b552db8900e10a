package main

import (
	"os"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// The settings screen's printer section: a printer, its paper, copies and
// calibration offset kept; a calibration sheet printed on a real CUPS
// printer decodes to one calibration code per label; no OS dialog in
// browser mode.
func TestPrinterSettingsAndCalibrationSheet(t *testing.T) {
	cups := cupstest.Start(t)
	a := newTestApp(t)
	a.svc.Printing.Spooler = printing.CUPS{Server: cups.Socket}

	if _, err := a.Printing.SetCalibration(1, 1); err == nil {
		t.Error("a calibration was kept for Save PDF, which has no printer")
	}
	if _, err := a.Printing.SetPrinter(cups.Printer); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Printing.SetPaper(settings.PaperLetter); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Printing.SetCopies(2); err != nil {
		t.Fatal(err)
	}
	st, err := a.Printing.SetCalibration(1.5, -0.5)
	if err != nil {
		t.Fatal(err)
	}
	if st.Printer != cups.Printer || st.Paper != settings.PaperLetter || st.Copies != 2 ||
		st.Calibration != (settings.Calibration{OffsetX: 1.5, OffsetY: -0.5}) || st.CanDialog {
		t.Fatalf("settings: %+v", st)
	}
	if _, err := a.Printing.SetCalibration(settings.MaxOffset+1, 0); err == nil {
		t.Error("an offset beyond the limit was kept")
	}
	if _, err := a.Printing.SetCopies(0); err == nil {
		t.Error("zero copies were kept")
	}

	const layout = "avery-5163" // Letter, 10 labels
	res, err := a.Printing.CalibrationSheet(layout)
	if err != nil {
		t.Fatal(err)
	}
	sheet, _, _ := labels.MustBuiltin().BatchSheet(layout)
	if res.Sheets != 1 || res.Labels != sheet.PerSheet() {
		t.Fatalf("calibration sheet: %+v", res)
	}
	files := cups.WaitForPDFs(1)
	cupstest.AssertPageSize(t, files[0], sheet.PageWidth, sheet.PageHeight, 1)
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, sheet.PerSheet())
	for i := range want {
		want[i] = printing.CalibrationLabel.Payload
	}
	cupstest.AssertDecodes(t, raw, want)

	if _, err := a.Printing.OpenInDialog(raw); err == nil {
		t.Error("browser mode opened a desktop dialog")
	}
	if _, err := a.Printing.SetDialog(true); err == nil {
		t.Error("browser mode chose the desktop dialog")
	}
}
