//go:build windows

package printing

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// The Windows half of TestWindowsBuildPrintsUnderWine (wine_test.go),
// which runs this package's Windows test binary under Wine: it prints the
// Linux print test's batch through the Windows spooler on the printer
// named by LIFETAG_WINE_PRINTER, and the Linux half checks what reached
// CUPS-PDF.
func TestWindowsSpoolerPrints(t *testing.T) {
	printer := os.Getenv("LIFETAG_WINE_PRINTER")
	if printer == "" {
		t.Skip("run under Wine by TestWindowsBuildPrintsUnderWine (scripts/station/test-wine.sh)")
	}
	ctx := context.Background()
	svc := &Service{Spooler: System()}
	printers, err := svc.Printers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(printers, Printer{Name: printer, Default: true}) &&
		!slices.Contains(printers, Printer{Name: printer}) {
		t.Fatalf("printer %q is not among %+v", printer, printers)
	}
	res, err := svc.Print(ctx, helmetA4(t), wineBatch(), sheet.Options{Level: labels.BatchLevel},
		Job{Printer: printer, Paper: settings.PaperA4, Title: "wine batch"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Labels != 30 || res.Sheets != 3 || len(res.Jobs) != 1 {
		t.Fatalf("result %+v", res)
	}
	fmt.Println("spooled", res.Jobs[0])
}
