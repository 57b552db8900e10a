package library_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/station/internal/library"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/settings"
	"github.com/lifetag/lifetag/station/internal/stationtest"
)

// BenchmarkPrint1000Labels is the station's "1,000 labels from click to
// spooled": a corporate user's batch of 1,000 distinct codes (records of
// 250-350 bytes, as a worker's are), from the station's cache, rendered at
// level M on the helmet preset and handed to CUPS in chunks, the print run
// recorded on the cloud. The printer is paused, so the figure is the
// station's work and the spooler's acceptance, not Ghostscript's.
func BenchmarkPrint1000Labels(b *testing.B) {
	cloud := clienttest.Start(b, cloudBinary)
	cups := cupstest.Start(b)
	cups.Pause()
	ctx := context.Background()
	password := cloud.CorporateTrial("Bench Builders", "bench@builders.test", "enterprise") // 2,000 codes
	st := stationtest.Open(b, b.TempDir(), printing.CUPS{Server: cups.Socket})
	if _, err := st.Session.SignIn(ctx, cloud.URL, "bench@builders.test", password, true); err != nil {
		b.Fatal(err)
	}
	var csv strings.Builder
	csv.WriteString("Name,Full Name,Blood Type,Emergency Contact Name,Relationship,Emergency Contact Phone,Allergies,Medications,Medical Conditions\n")
	for i := range 1000 {
		fmt.Fprintf(&csv, "Worker %d,Worker %d Kowalczyk-Ó'Brien,AB+,Site supervisor %d,Manager,+44 7700 9%05d,"+
			"Penicillin; latex,Salbutamol inhaler as needed,Asthma (mild); wears contact lenses\n", i, i, i, i)
	}
	if res, err := st.Library.ImportCSV(ctx, api.ImportQRCodesRequest{Csv: csv.String(), LabelType: "helmet", Commit: true}); err != nil || res.Imported != 1000 {
		b.Fatalf("import: %+v %v", res, err)
	}
	view, err := st.Library.Refresh(ctx)
	if err != nil || len(view.Codes) != 1000 {
		b.Fatalf("library: %d codes, %v", len(view.Codes), err)
	}
	batch := library.Batch{Layout: "preset-helmet-a4"}
	for _, c := range view.Codes {
		batch.CodeIDs = append(batch.CodeIDs, c.ID)
	}
	job := printing.Job{Printer: cups.Printer, Paper: settings.PaperA4}
	b.ResetTimer()
	for b.Loop() {
		res, err := st.Library.Print(ctx, batch, job, nil)
		if err != nil || res.Labels != 1000 || !res.RunSent {
			b.Fatalf("%+v %v", res, err)
		}
	}
}
