package library_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/station/internal/library"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
	"github.com/lifetag/lifetag/station/internal/stationtest"
)

var cloudBinary string

func TestMain(m *testing.M) { stationtest.Main(m, &cloudBinary) }

func values(name string, i int) map[string]string {
	return map[string]string{"fullName": name, "bloodType": "O+", "contact1Name": "Site office",
		"contact1Phone": fmt.Sprintf("+44 7700 9%05d", i), "allergies": fmt.Sprintf("Record %d: latex", i)}
}

// importCSV is n workers in the standard form's columns.
func importCSV(from, n int) string {
	var b strings.Builder
	b.WriteString("Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone,Allergies\n")
	for i := from; i < from+n; i++ {
		fmt.Fprintf(&b, "Worker %d,Worker %d Ñúñez,A-,Site office,+44 7700 9%05d,Record %d: latex\n", i, i, i, i)
	}
	return b.String()
}

// Batch printing, without a window: a corporate user syncs the
// library, loses the cloud, prints 30 codes from the cache through CUPS,
// creates and edits codes offline, and when the cloud is back each change
// reaches it once, or is refused with the cloud's message (quota, a code
// deleted meanwhile).
func TestBatchPrintOfflineAndBack(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	cups := cupstest.Start(t)
	ctx := stationtest.Context(t)
	password := cloud.CorporateTrial("Acme Scaffolding", "safety@acme.test", "starter") // 50 codes
	st := stationtest.Open(t, t.TempDir(), printing.CUPS{Server: cups.Socket})

	t.Run("ErrAdminDoorRefusesCorporate", func(t *testing.T) {
		if _, err := st.Session.SignIn(ctx, cloud.URL, "safety@acme.test", password, false); client.StatusOf(err) == 0 {
			t.Fatalf("got %v, want the cloud's refusal", err)
		}
	})
	account, err := st.Session.SignIn(ctx, cloud.URL, "safety@acme.test", password, true)
	if err != nil {
		t.Fatal(err)
	}
	if account.Role != session.RoleCorporate || account.OrganizationID == 0 {
		t.Fatalf("account %+v", account)
	}
	if _, err := st.Library.Refresh(ctx); err != nil {
		t.Fatal(err)
	}

	// Two codes made here, 47 imported: 49 of 50.
	for i := 1; i <= 2; i++ {
		out, err := st.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: fmt.Sprintf("Crew %d", i), LabelType: "helmet",
			TemplateID: new(int64), // client.StandardTemplateID
			Values:     values(fmt.Sprintf("Crew %d", i), i)})
		if err != nil || !out.Sent || out.Code.ID <= 0 {
			t.Fatalf("create online: %+v %v", out, err)
		}
	}
	checked, err := st.Library.ImportCSV(ctx, api.ImportQRCodesRequest{Csv: importCSV(100, 47), LabelType: "helmet"})
	if err != nil || checked.Valid != 47 || checked.Imported != 0 {
		t.Fatalf("import check: %+v %v", checked, err)
	}
	imported, err := st.Library.ImportCSV(ctx, api.ImportQRCodesRequest{Csv: importCSV(100, 47), LabelType: "helmet", Commit: true})
	if err != nil || imported.Imported != 47 {
		t.Fatalf("import: %+v %v", imported, err)
	}
	view, err := st.Library.View(ctx)
	if err != nil || len(view.Codes) != 49 || view.Quota != (api.LibraryQuota{Used: 49, Max: 50}) || len(view.Templates) == 0 {
		t.Fatalf("library: %d codes, quota %+v, %d templates, %v", len(view.Codes), view.Quota, len(view.Templates), err)
	}

	// The cloud goes away; the library prints from the cache.
	cloud.Stop()
	view, err = st.Library.Refresh(ctx)
	if err != nil || !view.Offline || len(view.Codes) != 49 {
		t.Fatalf("offline library: %+v %v", view, err)
	}
	batch := library.Batch{Layout: "avery-5163", Start: 1}
	var want []string
	for _, c := range view.Codes[:30] {
		batch.CodeIDs = append(batch.CodeIDs, c.ID)
		want = append(want, c.QrText) // the cloud's own text for the record, made today
	}
	printed, err := st.Library.Print(ctx, batch, printing.Job{Printer: cups.Printer, Paper: settings.PaperLetter}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if printed.Labels != 30 || printed.Sheets != 3 || !printed.RunQueued {
		t.Fatalf("print: %+v", printed)
	}
	files := cups.WaitForPDFs(1)
	sheet5163, _, _ := labels.MustBuiltin().BatchSheet("avery-5163")
	cupstest.AssertPageSize(t, files[0], sheet5163.PageWidth, sheet5163.PageHeight, 3)
	raw, _ := os.ReadFile(files[0])
	cupstest.AssertDecodes(t, raw, want)

	// Offline changes: three new codes (one more than the plan allows once
	// a code is deleted below), an edit of a code, an edit of the code that
	// will be deleted meanwhile.
	var queuedIDs []int64
	for _, name := range []string{"Offline One", "Offline Two", "Offline Three"} {
		out, err := st.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: name, LabelType: "gear",
			TemplateID: new(int64), // client.StandardTemplateID
			Values:     values(name, 900)})
		if err != nil || !out.Queued || out.Code.ID >= 0 {
			t.Fatalf("create offline: %+v %v", out, err)
		}
		queuedIDs = append(queuedIDs, out.Code.ID)
	}
	t.Run("ErrOfflineCreateIsCheckedByTheCloudsRules", func(t *testing.T) {
		_, err := st.Library.CreateCode(ctx, api.CreateQRCodeRequest{Name: "No phone", LabelType: "helmet",
			TemplateID: new(int64), // client.StandardTemplateID
			Values:     map[string]string{"fullName": "No Phone", "bloodType": "O+"}})
		var errs emergency.Errors
		if !errors.As(err, &errs) || errs.ByField()["contact1Phone"] == "" {
			t.Fatalf("got %v, want the missing phone refused now", err)
		}
	})
	// A code made offline prints from the cache at once.
	labelsOf, err := st.Library.Labels(ctx, library.Batch{Layout: "avery-5163", CodeIDs: queuedIDs[:1]})
	if err != nil || !strings.Contains(labelsOf[0].Payload, "Name: Offline One") {
		t.Fatalf("queued code's label: %+v %v", labelsOf, err)
	}
	edited, deleted := view.Codes[0], view.Codes[1]
	newName := "Crew 1 (site B)"
	newValues := values("Crew One", 555)
	out, err := st.Library.UpdateCode(ctx, edited.ID, api.UpdateQRCodeRequest{Name: &newName, Values: newValues})
	if err != nil || !out.Queued || out.Code.Name != newName {
		t.Fatalf("edit offline: %+v %v", out, err)
	}
	gone := "Gone"
	if _, err := st.Library.UpdateCode(ctx, deleted.ID, api.UpdateQRCodeRequest{Name: &gone}); err != nil {
		t.Fatal(err)
	}
	if status, _ := st.Offline.Status(ctx); status.Online || status.OfflineSince == nil || status.Pending != 6 {
		t.Fatalf("status: %+v", status)
	}

	// The cloud comes back; someone deletes a code before the station syncs.
	cloud.Restart()
	c, _, _ := st.Session.Client()
	if code, body := cloud.CallAsBearer(ctx, c.Token(), "DELETE",
		fmt.Sprintf("/api/corporate/%d/qr-codes/%d", account.OrganizationID, deleted.ID), nil); code != 200 {
		t.Fatalf("delete: %d %s", code, body)
	}
	view, err = st.Library.Refresh(ctx)
	if err != nil || view.Offline {
		t.Fatalf("refresh online: %+v %v", view, err)
	}
	status, _ := st.Offline.Status(ctx)
	if !status.Online || status.Pending != 0 || len(status.Refused) != 2 {
		t.Fatalf("status after sync: %+v", status)
	}
	if !strings.Contains(status.Refused[0].Message, "Your plan allows 50 QR codes") || status.Refused[0].Kind != library.KindCreate {
		t.Fatalf("the quota refusal: %+v", status.Refused[0])
	}
	if status.Refused[1].Kind != library.KindUpdate || status.Refused[1].Message == "" {
		t.Fatalf("the deleted code's refusal: %+v", status.Refused[1])
	}

	lib, err := c.Library(ctx, account.OrganizationID)
	if err != nil {
		t.Fatal(err)
	}
	count := func(name string) int {
		n := 0
		for _, code := range lib.QrCodes {
			if code.Name == name {
				n++
			}
		}
		return n
	}
	if count("Offline One") != 1 || count("Offline Two") != 1 || count("Offline Three") != 0 || count(newName) != 1 ||
		count(deleted.Name) != 0 || lib.Quota.Used != 50 {
		t.Fatalf("on the cloud: Offline One %d, Two %d, Three %d, %q %d, quota %+v", count("Offline One"),
			count("Offline Two"), count("Offline Three"), newName, count(newName), lib.Quota)
	}
	for _, code := range lib.QrCodes {
		if code.Name == newName && (code.Record.Values["fullName"] != "Crew One" || !strings.Contains(code.QrText, "Name: Crew One")) {
			t.Fatalf("the offline edit did not reach the cloud whole: %+v", code)
		}
	}
	for _, code := range view.Codes {
		if code.ID < 0 {
			t.Fatalf("a sent or refused code is still listed as queued: %+v", code)
		}
	}

	t.Run("AReplayedCreateAfterALostAnswerIsAppliedOnce", func(t *testing.T) {
		st.Offline.Queue(ctx, *st.Session.Current(), library.KindCreate, map[string]any{"code": api.CreateQRCodeRequest{
			Name: "Offline One", LabelType: "gear", Values: values("Offline One", 900)}})
		res, err := st.Offline.Sync(ctx)
		if err != nil || res.Sent != 1 {
			t.Fatalf("sync: %+v %v", res, err)
		}
		lib, _ = c.Library(ctx, account.OrganizationID)
		if count("Offline One") != 1 {
			t.Fatalf("Offline One is on the cloud %d times", count("Offline One"))
		}
	})
}
