package printing

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/scantest"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// inkTopLeft rasterises a PDF's first page at dpi, as a driver would, and
// returns the top-left corner of everything printed dark on it (pixels).
func inkTopLeft(t *testing.T, pdf string, dpi int) (x, y int) {
	box := inkBox(t, pdf, dpi)
	return box.Min.X, box.Min.Y
}

// inkBox is the box around everything printed dark on a PDF's first page
// rasterised at dpi (pixels).
func inkBox(t *testing.T, pdf string, dpi int) image.Rectangle {
	t.Helper()
	img := rasterPage(t, pdf, dpi)
	b := img.Bounds()
	box := image.Rectangle{Min: b.Max, Max: b.Min}
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if color.GrayModel.Convert(img.At(px, py)).(color.Gray).Y < 100 {
				box.Min.X, box.Min.Y = min(box.Min.X, px), min(box.Min.Y, py)
				box.Max.X, box.Max.Y = max(box.Max.X, px), max(box.Max.Y, py)
			}
		}
	}
	return box
}

// rasterPage is page 1 of a PDF file rasterised in grey at dpi.
func rasterPage(t *testing.T, pdf string, dpi int) image.Image {
	t.Helper()
	scantest.RequireTool(t, "pdftoppm")
	out := filepath.Join(t.TempDir(), "page")
	if b, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-gray", "-png", "-singlefile", "-f", "1", "-l", "1", pdf, out).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, b)
	}
	f, err := os.Open(out + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// The printer's saved calibration moves everything printed by its offset,
// through the real spooler.
func TestCalibrationOffsetMovesThePrint(t *testing.T) {
	cups := cupstest.Start(t)
	st := &settings.Store{UserPath: filepath.Join(t.TempDir(), "station.json")}
	svc := &Service{Spooler: CUPS{Server: cups.Socket}, Settings: st}
	ctx := context.Background()
	tmpl, _ := labels.MustBuiltin().Preset(labels.Gear, labels.A4)
	job := Job{Printer: cups.Printer, Paper: settings.PaperA4}
	items := workers(1)

	if _, err := svc.Print(ctx, tmpl, items, sheet.Options{Level: labels.BatchLevel}, job, nil); err != nil {
		t.Fatal(err)
	}
	cups.WaitForPDFs(1)
	if _, err := st.SetCalibration(cups.Printer, settings.Calibration{OffsetX: 2, OffsetY: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Print(ctx, tmpl, items, sheet.Options{Level: labels.BatchLevel}, job, nil); err != nil {
		t.Fatal(err)
	}
	files := cups.WaitForPDFs(2)
	const dpi = 300
	x0, y0 := inkTopLeft(t, files[0], dpi)
	x1, y1 := inkTopLeft(t, files[1], dpi)
	wantDX, wantDY := 2*dpi/25.4, 3*dpi/25.4
	if math.Abs(float64(x1-x0)-wantDX) > 2 || math.Abs(float64(y1-y0)-wantDY) > 2 {
		t.Fatalf("the print moved %d x %d px, want %.1f x %.1f (2 mm right, 3 mm down at %d dpi)", x1-x0, y1-y0, wantDX, wantDY, dpi)
	}
}

// The calibration sheet is one page of the sheet's outlines and codes.
func TestCalibrationSheet(t *testing.T) {
	cups := cupstest.Start(t)
	svc := &Service{Spooler: CUPS{Server: cups.Socket}}
	tmpl, _ := labels.MustBuiltin().Preset(labels.Wallet, labels.Letter)
	res, err := svc.CalibrationSheet(context.Background(), tmpl, Job{Printer: cups.Printer})
	if err != nil || res.Sheets != 1 || res.Labels != tmpl.PerSheet() {
		t.Fatalf("%+v %v", res, err)
	}
	files := cups.WaitForPDFs(1)
	cupstest.AssertPageSize(t, files[0], tmpl.PageWidth, tmpl.PageHeight, 1)
	raw, _ := os.ReadFile(files[0])
	want := make([]string, tmpl.PerSheet())
	for i := range want {
		want[i] = CalibrationLabel.Payload
	}
	cupstest.AssertDecodes(t, raw, want)
}
