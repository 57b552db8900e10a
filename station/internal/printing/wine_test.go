//go:build linux

package printing

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
)

// The Windows build's spooler prints: this package's Windows test binary
// (LIFETAG_WINE_PRINT_TEST, built by scripts/station/test-wine.sh, which
// also gives the Wine prefix) runs TestWindowsSpoolerPrints under Wine,
// whose spooler hands the job to a private CUPS with a CUPS-PDF printer.
// The PDF that comes out is checked as the Linux print is: its pages and
// their size, every code decoded, and the ink where the sheet's own PDF
// puts it.
func TestWindowsBuildPrintsUnderWine(t *testing.T) {
	exe := os.Getenv("LIFETAG_WINE_PRINT_TEST")
	if exe == "" {
		t.Skip("run by scripts/station/test-wine.sh, which builds the Windows test binary and a Wine prefix")
	}
	cups := cupstest.Start(t)
	cmd := exec.Command("wine", exe, "-test.run", "^TestWindowsSpoolerPrints$", "-test.v")
	cmd.Env = append(os.Environ(), "CUPS_SERVER="+cups.Socket, "LIFETAG_WINE_PRINTER="+cups.Printer)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestWindowsSpoolerPrints") {
		t.Fatalf("the Windows test under Wine: %v\n%s", err, out)
	}
	t.Logf("under Wine: %s", strings.TrimSpace(string(out)))

	tmpl := helmetA4(t)
	batch := wineBatch()
	files := cups.WaitForPDFs(1)
	cupstest.AssertPageSize(t, files[0], tmpl.PageWidth, tmpl.PageHeight, 3)
	printed, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	cupstest.AssertDecodes(t, printed, payloads(batch))

	original := filepath.Join(t.TempDir(), "original.pdf")
	if err := SavePDF(original, tmpl, batch, sheet.Options{Level: labels.BatchLevel}); err != nil {
		t.Fatal(err)
	}
	assertFullSize(t, original, files[0])
}
