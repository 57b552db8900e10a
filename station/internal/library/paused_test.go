package library_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// TestPausedOrganizationPrintsNothing: the station prints from its cache
// only while the cloud said at the last sync that the organisation may
// print (cloud.CanCreateCodes). An organisation in good standing at the
// last sync prints offline on that word; once a sync says it is over its
// plan, every way of printing (printer, PDF, preview) is refused with the
// cloud's own message, online and offline, until a sync says otherwise.
func TestPausedOrganizationPrintsNothing(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	cups := cupstest.Start(t)
	ctx := stationtest.Context(t)
	password := cloud.CorporateTrial("Paused Scaffolding", "safety@paused.test", "starter")
	st := stationtest.Open(t, t.TempDir(), printing.CUPS{Server: cups.Socket})
	account, err := st.Session.SignIn(ctx, cloud.URL, "safety@paused.test", password, true)
	if err != nil {
		t.Fatal(err)
	}
	batch := library.Batch{Layout: "avery-5163", Start: 1}
	for i := 1; i <= 2; i++ {
		out, err := st.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: fmt.Sprintf("Crew %d", i), LabelType: "helmet",
			TemplateID: new(int64), Values: values(fmt.Sprintf("Crew %d", i), i)}) // client.StandardTemplateID
		if err != nil || !out.Sent {
			t.Fatalf("create: %+v %v", out, err)
		}
		batch.CodeIDs = append(batch.CodeIDs, out.Code.ID)
	}
	view, err := st.Library.Refresh(ctx)
	if err != nil || view.Paused != "" {
		t.Fatalf("in good standing: paused %q, %v", view.Paused, err)
	}
	job := printing.Job{Printer: cups.Printer, Paper: settings.PaperLetter}

	// Over its plan on the cloud while the station has not synced: offline,
	// the last sync's word holds and the safety officer prints.
	cloud.SetAllowance(account.OrganizationID, 1)
	cloud.Stop()
	printed, err := st.Library.Print(ctx, batch, job, nil)
	if err != nil || printed.Labels != 2 || !printed.RunQueued {
		t.Fatalf("offline print in good standing: %+v %v", printed, err)
	}
	cups.WaitForPDFs(1)

	// The next sync says why printing is paused, in the cloud's own words.
	cloud.Restart()
	view, err = st.Library.Refresh(ctx)
	if err != nil || view.Offline {
		t.Fatalf("refresh: %+v %v", view, err)
	}
	c, _, _ := st.Session.Client()
	status, raw := cloud.CallAsBearer(ctx, c.Token(), "POST",
		fmt.Sprintf("/api/corporate/%d/batch-print.pdf", account.OrganizationID),
		map[string]any{"codeIds": batch.CodeIDs, "layout": map[string]string{"id": "avery-5163"}, "preview": true})
	var refusal struct{ Message string }
	if err := json.Unmarshal(raw, &refusal); status != 403 || err != nil ||
		!strings.Contains(refusal.Message, "but its plan allows 1") {
		t.Fatalf("the cloud's printing route: %d %s", status, raw)
	}
	if view.Paused != refusal.Message {
		t.Fatalf("the station's paused %q, the cloud's refusal %q", view.Paused, refusal.Message)
	}
	// The run printed offline reaches the cloud as a refusal the window shows.
	if s, _ := st.Offline.Status(ctx); s.Pending != 0 || len(s.Refused) != 1 || s.Refused[0].Kind != library.KindPrintRun {
		t.Fatalf("the offline run: %+v", s)
	}

	refusedEverywhere := func(t *testing.T) {
		t.Helper()
		if _, err := st.Library.Print(ctx, batch, job, nil); err == nil || err.Error() != refusal.Message {
			t.Fatalf("Print: got %v, want %q", err, refusal.Message)
		}
		pdf := filepath.Join(t.TempDir(), "batch.pdf")
		if err := st.Library.SavePDF(ctx, batch, pdf); err == nil || err.Error() != refusal.Message {
			t.Fatalf("SavePDF: got %v, want %q", err, refusal.Message)
		}
		if _, err := os.Stat(pdf); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("SavePDF wrote %s (%v)", pdf, err)
		}
		if _, err := st.Library.RenderPDF(ctx, batch); err == nil || err.Error() != refusal.Message {
			t.Fatalf("RenderPDF: got %v, want %q", err, refusal.Message)
		}
		if _, err := st.Library.Labels(ctx, batch); err == nil || err.Error() != refusal.Message {
			t.Fatalf("Labels: got %v, want %q", err, refusal.Message)
		}
		if jobs := cups.QueuedJobs(); len(jobs) != 0 {
			t.Fatalf("jobs reached the printer: %v", jobs)
		}
	}
	t.Run("RefusedOnline", refusedEverywhere)

	// Offline, the paused word of the last sync holds too.
	cloud.Stop()
	view, err = st.Library.Refresh(ctx)
	if err != nil || !view.Offline || view.Paused != refusal.Message {
		t.Fatalf("offline view: %+v %v", view, err)
	}
	t.Run("RefusedOffline", refusedEverywhere)

	// Back within its plan: the next sync lifts the pause.
	cloud.Restart()
	cloud.SetAllowance(account.OrganizationID, 50)
	view, err = st.Library.Refresh(ctx)
	if err != nil || view.Paused != "" {
		t.Fatalf("within the plan again: paused %q, %v", view.Paused, err)
	}
	printed, err = st.Library.Print(ctx, batch, job, nil)
	if err != nil || printed.Labels != 2 || !printed.RunSent {
		t.Fatalf("print within the plan: %+v %v", printed, err)
	}
	if files := cups.WaitForPDFs(2); len(files) != 2 {
		t.Fatalf("printed %d PDFs, want 2 (one refused print made one?)", len(files))
	}
}
