package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/library"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/settings"
	"github.com/lifetag/lifetag/station/internal/stationtest"
)

var cloudBinary string

func TestMain(m *testing.M) { stationtest.Main(m, &cloudBinary) }

// request is one of the window's API calls through Cloud.Request.
func request(t *testing.T, a *App, method, path, body string) CloudAnswer {
	t.Helper()
	answer, err := a.Cloud.Request(method, path, map[string]string{"Content-Type": "application/json"}, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return answer
}

// labelsPrinted is the organisation's labels printed, as its analytics count them.
func labelsPrinted(t *testing.T, a *App, orgID int64) int {
	t.Helper()
	answer := request(t, a, "GET", fmt.Sprintf("/api/corporate/%d/analytics", orgID), "")
	var report struct {
		LabelsPrinted []struct{ Count int } `json:"labelsPrintedByMonth"`
	}
	if answer.Status != http.StatusOK || json.Unmarshal(answer.Body, &report) != nil {
		t.Fatalf("analytics: %d %s", answer.Status, answer.Body)
	}
	n := 0
	for _, m := range report.LabelsPrinted {
		n += m.Count
	}
	return n
}

// The Batch screen's calls (the website's batch-print page), with the cloud
// stopped, are answered from the library the station synced while online:
// the PDF is rendered here and decodes to each record's text, a print queues
// its run (a preview does not), and when the cloud answers again the run
// reaches it once.
func TestBatchScreenOfflineFromTheCache(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	password := cloud.CorporateTrial("Station Scaffolding", "safety@scaffold.test", "starter")
	a := newTestApp(t)
	account, err := a.svc.Session.SignIn(ctx, cloud.URL, "safety@scaffold.test", password, true)
	if err != nil {
		t.Fatal(err)
	}
	org := account.OrganizationID
	for _, name := range []string{"Ada Rigger", "Bob Rigger"} {
		_, err := a.svc.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: name, LabelType: "helmet",
			TemplateID: new(int64), // client.StandardTemplateID
			Values: map[string]string{"fullName": name, "bloodType": "A+",
				"contact1Name": "Site office", "contact1Phone": "+44 7700 900456"}})
		if err != nil {
			t.Fatal(err)
		}
	}

	// Online, the screen's list of codes syncs the library in the background.
	if answer := request(t, a, "GET", libraryRoute(org), ""); answer.Status != http.StatusOK {
		t.Fatalf("online list: %d %s", answer.Status, answer.Body)
	}
	clienttest.Eventually(t, time.Minute, "the library synced after the online list", func() bool {
		v, err := a.Library.View()
		return err == nil && v.SyncedAt != nil && len(v.Codes) == 2
	})
	before := labelsPrinted(t, a, org)
	// A code's label keeps the name the cloud gave it, for the save dialog.
	synced, err := a.Library.View()
	if err != nil {
		t.Fatal(err)
	}
	label := request(t, a, "GET", fmt.Sprintf("/api/corporate/%d/qr-codes/%d/label.pdf", org, synced.Codes[0].ID), "")
	if label.Status != http.StatusOK || !strings.Contains(label.ContentDisposition, "filename*=UTF-8''lifetag-") {
		t.Fatalf("label: %d %q", label.Status, label.ContentDisposition)
	}
	// Which layouts hold the queue: the cloud's answer online, the same
	// answer from the cache offline (one rule, pkg/sheet).
	fitPath := fmt.Sprintf("/api/corporate/%d/batch-print/fit", org)
	rawFit, _ := json.Marshal(map[string]any{"codeIds": []int64{synced.Codes[0].ID, synced.Codes[1].ID, synced.Codes[0].ID}})
	onlineFit := request(t, a, "POST", fitPath, string(rawFit))
	if onlineFit.Status != http.StatusOK {
		t.Fatalf("online fit: %d %s", onlineFit.Status, onlineFit.Body)
	}

	cloud.Stop()
	offlineFit := request(t, a, "POST", fitPath, string(rawFit))
	var fit api.BatchFit
	if offlineFit.Status != http.StatusOK || json.Unmarshal(offlineFit.Body, &fit) != nil ||
		!bytes.Equal(bytes.TrimSpace(offlineFit.Body), bytes.TrimSpace(onlineFit.Body)) {
		t.Fatalf("offline fit %d %s, online %s", offlineFit.Status, offlineFit.Body, onlineFit.Body)
	}
	// Avery 5160's one-inch labels hold neither worker's record; 5163's do.
	tooDense := map[string]int{}
	for _, f := range fit.Layouts {
		tooDense[f.ID] = len(f.RefusedCodeIds)
	}
	if fit.Layouts[0].ID != "avery-5160" || tooDense["avery-5160"] != 2 || tooDense["avery-5163"] != 0 {
		t.Fatalf("refused per layout %v", tooDense)
	}
	answer := request(t, a, "GET", "/api/corporate/organization", "")
	var own api.CorporateOrganization
	if answer.Status != http.StatusOK || json.Unmarshal(answer.Body, &own) != nil || own.ID != org {
		t.Fatalf("offline organisation: %d %s", answer.Status, answer.Body)
	}
	answer = request(t, a, "GET", libraryRoute(org), "")
	var listed api.LibraryPage
	if answer.Status != http.StatusOK || json.Unmarshal(answer.Body, &listed) != nil || len(listed.QrCodes) != 2 {
		t.Fatalf("offline library: %d %s", answer.Status, answer.Body)
	}
	if answer = request(t, a, "GET", fmt.Sprintf("/api/corporate/projects/%d", org), ""); answer.Status != http.StatusOK {
		t.Fatalf("offline projects: %d %s", answer.Status, answer.Body)
	}
	answer = request(t, a, "GET", "/api/labels/batch-layouts", "")
	var layouts struct{ Layouts []struct{ ID string } }
	if answer.Status != http.StatusOK || json.Unmarshal(answer.Body, &layouts) != nil || len(layouts.Layouts) == 0 {
		t.Fatalf("offline layouts: %d %s", answer.Status, answer.Body)
	}

	cached, err := a.Library.View()
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	var want []string
	for _, c := range cached.Codes {
		ids = append(ids, c.ID)
		want = append(want, c.QrText) // the cloud's text for the record, made today
	}
	batch := func(preview bool) string {
		raw, _ := json.Marshal(map[string]any{"codeIds": ids, "layout": map[string]string{"id": "avery-5163"}, // holds a whole worker record
			"startPosition": 1, "preview": preview})
		return string(raw)
	}
	path := fmt.Sprintf("/api/corporate/%d/batch-print.pdf", org)
	answer = request(t, a, "POST", path, batch(true))
	if answer.Status != http.StatusOK || answer.ContentType != "application/pdf" {
		t.Fatalf("offline preview: %d %s", answer.Status, answer.Body)
	}
	if n, _ := a.svc.Cache.CountChanges(ctx, account.Key(), cache.ChangePending); n != 0 {
		t.Fatalf("a preview queued %d changes", n)
	}
	answer = request(t, a, "POST", path, batch(false))
	if answer.Status != http.StatusOK || answer.ContentType != "application/pdf" {
		t.Fatalf("offline print: %d %s", answer.Status, answer.Body)
	}
	cupstest.AssertDecodes(t, answer.Body, want)
	status, err := a.svc.Offline.Status(ctx)
	if err != nil || status.Online || status.OfflineSince == nil || status.Pending != 1 {
		t.Fatalf("offline status: %+v %v", status, err)
	}
	// A code the cache does not hold is refused with the library's message.
	raw, _ := json.Marshal(map[string]any{"codeIds": []int64{999999}, "layout": map[string]string{"id": layouts.Layouts[0].ID}})
	answer = request(t, a, "POST", path, string(raw))
	var refused struct{ Message string }
	if answer.Status == http.StatusOK || json.Unmarshal(answer.Body, &refused) != nil || refused.Message != library.MsgCodeNotCached {
		t.Fatalf("unknown code: %d %s", answer.Status, answer.Body)
	}

	// The cloud back: the first answer sends the queued run, once.
	cloud.Restart()
	request(t, a, "GET", libraryRoute(org), "")
	clienttest.Eventually(t, time.Minute, "the queued print run sent", func() bool {
		st, err := a.svc.Offline.Status(ctx)
		return err == nil && st.Online && st.Pending == 0
	})
	if got := labelsPrinted(t, a, org) - before; got != len(ids) {
		t.Fatalf("the cloud counted %d labels printed offline, want %d", got, len(ids))
	}
	request(t, a, "GET", libraryRoute(org), "")
	if got := labelsPrinted(t, a, org) - before; got != len(ids) {
		t.Fatalf("after another answer the cloud counts %d labels, want %d (sent once)", got, len(ids))
	}

	// Over its plan: once a sync has said so, the screen answered offline
	// says why (the organisation's paused, as the cloud's own answer has
	// it) and refuses the batch's PDF with the cloud's words.
	cloud.SetAllowance(org, 1)
	paused, err := a.Library.Refresh()
	if err != nil || paused.Paused == "" {
		t.Fatalf("the sync over the plan: %+v %v", paused, err)
	}
	cloud.Stop()
	answer = request(t, a, "GET", "/api/corporate/organization", "")
	if answer.Status != http.StatusOK || json.Unmarshal(answer.Body, &own) != nil || own.Paused != paused.Paused ||
		!strings.Contains(own.Paused, "but its plan allows 1") {
		t.Fatalf("offline organisation over its plan: %d %s", answer.Status, answer.Body)
	}
	answer = request(t, a, "POST", path, batch(false))
	if answer.Status == http.StatusOK || json.Unmarshal(answer.Body, &refused) != nil || refused.Message != own.Paused {
		t.Fatalf("offline print over the plan: %d %s", answer.Status, answer.Body)
	}
}

// The window's batch print on a printer: refused without one; on a real
// CUPS printer it reports its progress to the end, the codes decode to
// their records, and the cloud records the run; with nothing printing,
// Cancel has nothing to stop.
func TestLibraryPrintReportsProgress(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	cups := cupstest.Start(t)
	ctx := context.Background()
	password := cloud.CorporateTrial("Station Roofing", "safety@roofing.test", "starter")
	a := newTestApp(t)
	a.svc.Printing.Spooler = printing.CUPS{Server: cups.Socket}
	if _, err := a.svc.Session.SignIn(ctx, cloud.URL, "safety@roofing.test", password, true); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Cy Roofer", "Di Roofer"} {
		_, err := a.svc.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: name, LabelType: "helmet",
			TemplateID: new(int64), // client.StandardTemplateID
			Values: map[string]string{"fullName": name, "bloodType": "B+",
				"contact1Name": "Site office", "contact1Phone": "+44 7700 900457"}})
		if err != nil {
			t.Fatal(err)
		}
	}
	view, err := a.Library.Refresh()
	if err != nil {
		t.Fatal(err)
	}
	b := library.Batch{Layout: "avery-5163", Start: 1}
	var want []string
	for _, c := range view.Codes {
		b.CodeIDs = append(b.CodeIDs, c.ID)
		want = append(want, c.QrText)
	}
	if _, err := a.Library.Print(b); err != errNoPrinter {
		t.Fatalf("with Save PDF chosen: %v, want %v", err, errNoPrinter)
	}
	if _, err := a.Printing.SetPrinter(cups.Printer); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Printing.SetPaper(settings.PaperLetter); err != nil {
		t.Fatal(err)
	}
	res, err := a.Library.Print(b)
	if err != nil {
		t.Fatal(err)
	}
	if res.Labels != 2 || !res.RunSent {
		t.Fatalf("print: %+v", res)
	}
	if p := a.Library.Progress(); p != (PrintProgress{Done: 2, Total: 2}) {
		t.Fatalf("progress after the print: %+v", p)
	}
	if a.Library.Cancel() {
		t.Error("Cancel stopped something with nothing printing")
	}
	raw, err := os.ReadFile(cups.WaitForPDFs(1)[0])
	if err != nil {
		t.Fatal(err)
	}
	cupstest.AssertDecodes(t, raw, want)
}
