package printing

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// workers are n distinct records' labels, as a corporate batch prints them.
func workers(n int) []sheet.Label {
	generated := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	loc, _ := time.LoadLocation(emergency.DefaultTimeZone)
	out := make([]sheet.Label, n)
	for i := range out {
		d := emergency.Data{
			PersonalInfo:      emergency.PersonalInfo{FullName: fmt.Sprintf("Worker Nº%d Łukasz", i+1), BloodType: "AB-"},
			EmergencyContacts: []emergency.Contact{{ID: "1", Name: "Site office", Phone: fmt.Sprintf("+44 7700 9%05d", i)}},
			MedicalInfo:       emergency.MedicalInfo{Allergies: fmt.Sprintf("Latex (record %d)", i+1)},
		}
		out[i] = sheet.RecordLabel(d, emergency.QRText(d, generated, loc))
	}
	return out
}

func helmetA4(t testing.TB) *labels.Template {
	tmpl, err := labels.MustBuiltin().Preset(labels.Helmet, labels.A4)
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

// assertFullSize checks that a printed page's ink lies where the sheet's
// own PDF puts it, corner to corner, within half a millimetre (3 px at
// 150 dpi: edge anti-aliasing and PostScript's whole-point page): 100 %.
// Fitting the page to a printer's margins of a few millimetres would
// shrink it by 2 % or more, some 30 px between the corners.
func assertFullSize(t *testing.T, original, printed string) {
	t.Helper()
	want, got := inkBox(t, original, 150), inkBox(t, printed, 150)
	if d := want.Min.Sub(got.Min); abs(d.X) > 3 || abs(d.Y) > 3 {
		t.Fatalf("printed ink starts at %v, the sheet's at %v", got.Min, want.Min)
	}
	if d := want.Max.Sub(got.Max); abs(d.X) > 3 || abs(d.Y) > 3 {
		t.Fatalf("printed ink ends at %v, the sheet's at %v: not 100 %%", got.Max, want.Max)
	}
}

// wineBatch is the batch that the Windows build prints under Wine
// (wine_test.go).
func wineBatch() []sheet.Label {
	batch := workers(30)
	batch[0].Name = "محمد علي"
	return batch
}

func abs(n int) int { return max(n, -n) }

func payloads(ls []sheet.Label) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Payload
	}
	return out
}

func TestPrintThirtyLabelsThroughCUPSPDF(t *testing.T) {
	cups := cupstest.Start(t)
	dir := t.TempDir()
	st := &settings.Store{UserPath: dir + "/station.json"}
	svc := &Service{Spooler: CUPS{Server: cups.Socket}, Settings: st}
	ctx := context.Background()

	printers, err := svc.Printers(ctx)
	if err != nil || len(printers) != 1 || printers[0].Name != cups.Printer {
		t.Fatalf("printers: %+v %v", printers, err)
	}

	tmpl := helmetA4(t)
	batch := workers(30)
	batch[0].Name = "محمد علي" // a name in another script, through the spooler
	var progress []int
	res, err := svc.Print(ctx, tmpl, batch, sheet.Options{Level: labels.BatchLevel},
		Job{Printer: cups.Printer, Paper: settings.PaperA4, Title: "batch"}, func(done, total int) {
			if total != 30 {
				t.Errorf("progress total %d", total)
			}
			progress = append(progress, done)
		})
	if err != nil {
		t.Fatal(err)
	}
	if res.Labels != 30 || res.Sheets != 3 || len(res.Jobs) != 1 || fmt.Sprint(progress) != "[0 30]" {
		t.Fatalf("result %+v, progress %v", res, progress)
	}
	files := cups.WaitForPDFs(1)
	cupstest.AssertPageSize(t, files[0], tmpl.PageWidth, tmpl.PageHeight, 3)
	printed, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	cupstest.AssertDecodes(t, printed, payloads(batch))

	original := filepath.Join(dir, "original.pdf")
	if err := SavePDF(original, tmpl, batch, sheet.Options{Level: labels.BatchLevel, DPI: sheet.HighDPI}); err != nil {
		t.Fatal(err)
	}
	assertFullSize(t, original, files[0])
	// The Arabic name is printed: its line on the first label carries the
	// same ink on the printed page as in the sheet's own PDF (CUPS-PDF
	// rewrites the file, so its text cannot be read back; its drawing can).
	var name sheet.DesignLine
	for _, l := range sheet.DesignFor(tmpl.Label).Lines {
		if l.Role == sheet.RoleName {
			name = l
		}
	}
	p := tmpl.Positions()[0]
	const dpi = 150
	px := func(mm float64) int { return int(mm / 25.4 * dpi) }
	const pt = 25.4 / 72
	nameBox := image.Rect(px(p.X+name.X), px(p.Y+name.Baseline-name.Pt*pt), px(p.X+name.X+name.Width), px(p.Y+name.Baseline+0.35*name.Pt*pt))
	wantInk, gotInk := darkPixels(rasterPage(t, original, dpi), nameBox), darkPixels(rasterPage(t, files[0], dpi), nameBox)
	if wantInk < 100 || abs(gotInk-wantInk) > wantInk/10 {
		t.Fatalf("the Arabic name's line has %d dark pixels printed, %d in the sheet's PDF", gotInk, wantInk)
	}

	t.Run("ErrWrongPaper", func(t *testing.T) {
		_, err := svc.Print(ctx, tmpl, batch, sheet.Options{}, Job{Printer: cups.Printer, Paper: settings.PaperLetter}, nil)
		if err == nil || !strings.Contains(err.Error(), "100 %") {
			t.Fatalf("got %v, want a refusal to print an A4 sheet on Letter", err)
		}
	})
	t.Run("ErrUnknownPrinter", func(t *testing.T) {
		_, err := svc.Print(ctx, tmpl, batch[:1], sheet.Options{}, Job{Printer: "NoSuchPrinter", Paper: settings.PaperA4}, nil)
		if err == nil {
			t.Fatal("printing to a printer that does not exist succeeded")
		}
	})
}

func TestCancelStopsTheBatchAndCancelsSpooledJobs(t *testing.T) {
	cups := cupstest.Start(t)
	cups.Pause() // jobs stay queued, so cancelling them can be seen
	svc := &Service{Spooler: CUPS{Server: cups.Socket}, ChunkSheets: 1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tmpl := helmetA4(t)
	res, err := svc.Print(ctx, tmpl, workers(50), sheet.Options{Level: labels.BatchLevel},
		Job{Printer: cups.Printer, Paper: settings.PaperA4}, func(done, total int) {
			if done >= 20 {
				cancel() // the person pressed Cancel after two sheets
			}
		})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want the cancel", err)
	}
	if len(res.Jobs) != 2 || res.Labels != 20 {
		t.Fatalf("spooled before the cancel: %+v", res)
	}
	if q := cups.QueuedJobs(); len(q) != 0 {
		t.Fatalf("jobs still queued after the cancel: %v", q)
	}
}

func TestChunksCutAtSheetBoundaries(t *testing.T) {
	items := make([]sheet.Label, 23)
	got := chunks(items, 10, 4, 1) // 10 a sheet, starting at position 4, one sheet a job
	var shape []string
	for _, c := range got {
		shape = append(shape, fmt.Sprintf("%d@%d", len(c.items), c.start))
	}
	if strings.Join(shape, " ") != "7@4 10@1 6@1" {
		t.Fatalf("chunks %v", shape)
	}
}

func TestSavePDFWritesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	tmpl := helmetA4(t)
	if err := SavePDF(dir+"/labels.pdf", tmpl, workers(3), sheet.Options{Level: labels.BatchLevel}); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(dir + "/labels.pdf")
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("saved PDF: %v %v", info, err)
	}
	t.Run("ErrNothingToPrintLeavesNoFile", func(t *testing.T) {
		if err := SavePDF(dir+"/empty.pdf", tmpl, nil, sheet.Options{}); err == nil {
			t.Fatal("an empty batch was saved")
		}
		if _, err := os.Stat(dir + "/empty.pdf"); !os.IsNotExist(err) {
			t.Fatal("a failed save left a file")
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("a failed save left %d files", len(entries))
		}
	})
}

// A code too dense for the labels stops the batch where it comes, names
// the caller's label (not a copy's place in a chunk), and cancels what was
// spooled before it.
func TestACodeTooDenseIsNamedAndTheBatchCancelled(t *testing.T) {
	cups := cupstest.Start(t)
	cups.Pause()
	small, _, err := labels.MustBuiltin().BatchSheet("avery-5160") // 66.7 x 25.4 mm, 30 a sheet
	if err != nil {
		t.Fatal(err)
	}
	items := workers(4)
	items[3].Payload = strings.Repeat("Allergies: peanuts, latex, penicillin; ", 40)
	svc := &Service{Spooler: CUPS{Server: cups.Socket}, ChunkSheets: 1}
	// 12 copies from position 5: the first sheet holds labels 1, 2 and two
	// copies of 3; the dense label 4 is on the second.
	res, err := svc.Print(context.Background(), small, items, sheet.Options{Level: labels.BatchLevel, Copies: 12, Start: 5},
		Job{Printer: cups.Printer, Paper: settings.PaperLetter}, nil)
	var tooSmall *sheet.TooSmallError
	if !errors.As(err, &tooSmall) || tooSmall.Index != 3 {
		t.Fatalf("got %v, want label 4 refused", err)
	}
	if res == nil || len(res.Jobs) != 1 {
		t.Fatalf("spooled before the refusal: %+v", res)
	}
	if q := cups.QueuedJobs(); len(q) != 0 {
		t.Fatalf("the first sheet's job is still queued: %v", q)
	}
}

// darkPixels counts the pixels of img in r darker than half.
func darkPixels(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y < 128 {
				n++
			}
		}
	}
	return n
}
