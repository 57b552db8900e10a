package orders_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/scantest"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/version"
	"github.com/lifetag/lifetag/station/internal/orders"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/printing/cupstest"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
	"github.com/lifetag/lifetag/station/internal/stationtest"
)

var cloudBinary string

func TestMain(m *testing.M) { stationtest.Main(m, &cloudBinary) }

func customerRecord() emergency.Data {
	w := 72.5
	return emergency.Data{
		PersonalInfo: emergency.PersonalInfo{FullName: "Zoë O'Neill-Ørsted", BloodType: "B+", DateOfBirth: "1975-06-30", Weight: &w},
		EmergencyContacts: []emergency.Contact{
			{ID: "1", Name: "Ana Pérez", Relationship: "Wife", Phone: "+44 7700 900456"},
		},
		MedicalInfo: emergency.MedicalInfo{Allergies: "Penicillin\nWasps", Conditions: "Type 1 diabetes", Medications: "Insulin"},
	}
}

// The fulfilment loop, without a window: sign in as an admin,
// sync the open orders, lose the cloud, print an order from the cache
// through CUPS, ship it offline, bring the cloud back on the same database,
// and see every change reach it exactly once.
func TestFulfilmentLoopOfflineAndBack(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	cups := cupstest.Start(t)
	ctx := context.Background()
	adminPassword := cloud.AdminPassword()
	orderID := cloud.PhysicalOrder("rider@example.com", "helmet", 2, customerRecord())

	st := stationtest.Open(t, t.TempDir(), printing.CUPS{Server: cups.Socket})
	today := time.Now()
	st.Orders.Now = func() time.Time { return today }

	t.Run("ErrIndividualsCannotSignIn", func(t *testing.T) {
		_, err := st.Session.SignIn(ctx, cloud.URL, "rider@example.com", "customer-1", false)
		if err == nil || err.Error() != session.MsgNotForIndividuals {
			t.Fatalf("got %v", err)
		}
	})
	account, err := st.Session.SignIn(ctx, cloud.URL, clienttest.AdminEmail, adminPassword, false)
	if err != nil {
		t.Fatal(err)
	}
	if account.Role != session.RoleAdmin || account.CloudURL != cloud.URL {
		t.Fatalf("account %+v", account)
	}
	if s, _ := st.Settings.Load(); s.CloudURL != cloud.URL {
		t.Fatalf("the cloud chosen at sign-in was not kept: %q", s.CloudURL)
	}

	view, err := st.Orders.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if view.Offline || len(view.Orders) != 1 || view.Orders[0].Order.OrderID != orderID || view.Orders[0].Record == nil ||
		view.Orders[0].Record.PersonalInfo.FullName != "Zoë O'Neill-Ørsted" || view.SyncedAt == nil {
		t.Fatalf("orders: %+v", view)
	}

	// The cloud goes away.
	cloud.Stop()
	view, err = st.Orders.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !view.Offline || view.Message != orders.MsgOfflineOrders || len(view.Orders) != 1 {
		t.Fatalf("offline orders: %+v", view)
	}
	status, err := st.Offline.Status(ctx)
	if err != nil || status.Online || status.OfflineSince == nil || status.LastSynced == nil {
		t.Fatalf("status offline: %+v %v", status, err)
	}

	// Print from the cache: 2 packs of the helmet preset (A4, 10 a sheet).
	printed, err := st.Orders.Print(ctx, orderID, printing.Job{Printer: cups.Printer, Paper: settings.PaperA4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if printed.Labels != 20 || printed.Sheets != 2 || printed.Status == nil || !printed.Status.Queued ||
		printed.Status.Order.Order.Status != client.OrderProcessing {
		t.Fatalf("print: %+v", printed)
	}
	files := cups.WaitForPDFs(1)
	helmet, _ := labels.MustBuiltin().Preset(labels.Helmet, sheet.OrderPaper)
	cupstest.AssertPageSize(t, files[0], helmet.PageWidth, helmet.PageHeight, 2)
	loc, _ := time.LoadLocation(emergency.DefaultTimeZone)
	want := emergency.QRText(customerRecord(), today, loc)
	raw, _ := os.ReadFile(files[0])
	expect := make([]string, 20)
	for i := range expect {
		expect[i] = want
	}
	cupstest.AssertDecodes(t, raw, expect)

	// Ship it offline.
	shipped, err := st.Orders.Ship(ctx, orderID, "RM 123 456 789 GB")
	if err != nil {
		t.Fatal(err)
	}
	if !shipped.Queued || shipped.Order.Order.Status != client.OrderShipped {
		t.Fatalf("ship offline: %+v", shipped)
	}
	if status, _ := st.Offline.Status(ctx); status.Pending != 2 {
		t.Fatalf("pending %d, want 2", status.Pending)
	}

	// The station restarts while offline: the session and cache survive.
	dir := strings.TrimSuffix(st.Paths.CacheFile, "/cache/station-cache.db")
	st.Close()
	st = stationtest.Open(t, dir, printing.CUPS{Server: cups.Socket})
	if a := st.Session.Current(); a == nil || a.Email != clienttest.AdminEmail {
		t.Fatalf("session after restart: %+v", a)
	}
	if v, _ := st.Orders.List(ctx); len(v.Orders) != 1 || v.Orders[0].Order.Status != client.OrderShipped {
		t.Fatalf("cache after restart: %+v", v)
	}

	// The cloud comes back on the same database.
	cloud.Restart()
	view, err = st.Orders.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if view.Offline || len(view.Orders) != 0 {
		t.Fatalf("after the cloud is back the shipped order is no longer open: %+v", view)
	}
	status, _ = st.Offline.Status(ctx)
	if !status.Online || status.Pending != 0 || len(status.Refused) != 0 {
		t.Fatalf("status online: %+v", status)
	}
	admin, _, _ := st.Session.Client()
	history, err := admin.OrderHistory(ctx, orderID)
	if err != nil {
		t.Fatal(err)
	}
	assertHistory(t, history, "pending", "processing", "shipped RM 123 456 789 GB")

	t.Run("AReplayAfterALostAnswerIsAppliedOnce", func(t *testing.T) {
		// The same change queued again, as if its first answer was lost.
		if _, err := st.Offline.Queue(ctx, *st.Session.Current(), orders.KindStatus,
			map[string]string{"orderId": orderID, "status": "shipped", "trackingNumber": "RM 123 456 789 GB"}); err != nil {
			t.Fatal(err)
		}
		res, err := st.Offline.Sync(ctx)
		if err != nil || res.Sent != 1 || res.Refused != 0 {
			t.Fatalf("sync: %+v %v", res, err)
		}
		history, _ := admin.OrderHistory(ctx, orderID)
		assertHistory(t, history, "pending", "processing", "shipped RM 123 456 789 GB")
	})

	t.Run("ARefusalIsKeptWithTheCloudsMessage", func(t *testing.T) {
		for _, change := range []map[string]string{
			{"orderId": orderID, "status": "shipped", "trackingNumber": ""},
			{"orderId": "LT-DELETED", "status": "delivered"},
		} {
			st.Offline.Queue(ctx, *st.Session.Current(), orders.KindStatus, change)
		}
		res, err := st.Offline.Sync(ctx)
		if err != nil || res.Refused != 2 || res.Sent != 0 {
			t.Fatalf("sync: %+v %v", res, err)
		}
		status, _ := st.Offline.Status(ctx)
		if len(status.Refused) != 2 || status.Refused[0].Message != "A tracking number is required to mark an order as shipped" ||
			status.Refused[1].Message != orders.MsgOrderGone {
			t.Fatalf("refusals: %+v", status.Refused)
		}
		// Not sent again.
		if res, _ := st.Offline.Sync(ctx); res.Sent+res.Refused != 0 {
			t.Fatalf("a refused change was sent again: %+v", res)
		}
		if err := st.Offline.Dismiss(ctx, status.Refused[0].ID); err != nil {
			t.Fatal(err)
		}
		if status, _ := st.Offline.Status(ctx); len(status.Refused) != 1 {
			t.Fatalf("after dismissing: %+v", status.Refused)
		}
	})

	t.Run("SignOutForgetsTheToken", func(t *testing.T) {
		token := admin.Token()
		if err := st.Session.SignOut(ctx); err != nil {
			t.Fatal(err)
		}
		if st.Session.Current() != nil {
			t.Fatal("still signed in")
		}
		if _, err := os.Stat(st.Paths.SecretsDir + "/session"); !os.IsNotExist(err) {
			t.Fatal("the session file is still there")
		}
		if _, err := st.Orders.List(ctx); !errors.Is(err, session.ErrSignedOut) {
			t.Fatalf("orders after sign-out: %v", err)
		}
		// The cloud forgot the session too.
		if _, err := admin.WithToken(token).AdminOrders(ctx, client.Page{}); client.StatusOf(err) != 401 {
			t.Fatalf("the old token still works: %v", err)
		}
	})
}

// The station's label sheet for an order is the cloud's Print Labels:
// same pages, same codes.
func TestOrderPDFMatchesTheCloudsPrintLabels(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	password := cloud.AdminPassword()
	// A name in another script: both PDFs print it as written.
	record := customerRecord()
	record.PersonalInfo.FullName = "王小明"
	orderID := cloud.PhysicalOrder("walker@example.com", "wallet", 1, record)
	st := stationtest.Open(t, t.TempDir(), printing.CUPS{})
	if _, err := st.Session.SignIn(ctx, cloud.URL, clienttest.AdminEmail, password, false); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Orders.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/order.pdf"
	if err := st.Orders.SavePDF(ctx, orderID, path); err != nil {
		t.Fatal(err)
	}
	local, _ := os.ReadFile(path)
	c, _, _ := st.Session.Client()
	status, cloudPDF := cloud.CallAsBearer(ctx, c.Token(), "POST", "/api/admin/physical-orders/"+orderID+"/labels.pdf", nil)
	if status != 200 {
		t.Fatalf("Print Labels: %d %s", status, cloudPDF)
	}
	tmpl, _ := labels.MustBuiltin().Preset(labels.Wallet, sheet.OrderPaper)
	loc, _ := time.LoadLocation(emergency.DefaultTimeZone)
	want := make([]string, tmpl.PerSheet())
	for i := range want {
		want[i] = emergency.QRText(record, time.Now(), loc)
	}
	cupstest.AssertDecodes(t, local, want)
	cupstest.AssertDecodes(t, cloudPDF, want)
	for name, pdf := range map[string][]byte{"station": local, "cloud": cloudPDF} {
		text := scantest.PDFText(t, pdf)
		if got := strings.Count(strings.Join(text, "\n"), "王小明"); got != tmpl.PerSheet() {
			t.Fatalf("the %s's PDF prints the name on %d of %d labels: %q", name, got, tmpl.PerSheet(), text)
		}
	}
	if countPages(local) != countPages(cloudPDF) {
		t.Fatalf("the station's PDF has %d pages, the cloud's %d", countPages(local), countPages(cloudPDF))
	}
}

func countPages(pdf []byte) int { return strings.Count(string(pdf), "/Type /Page\n") }

func assertHistory(t *testing.T, history []api.AdminOrderHistoryEntry, want ...string) {
	t.Helper()
	var got []string
	for _, h := range history {
		s := h.Status
		if h.TrackingNumber != nil && *h.TrackingNumber != "" {
			s += " " + *h.TrackingNumber
		}
		got = append(got, s)
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("order history %q, want %q (each change exactly once)", got, want)
	}
}

// A station older than the cloud supports: the cloud answers
// 426; the station works from its cache, keeps its queued changes and has
// the cloud's message for the banner; once the cloud serves it again (the
// upgrade, here the minimum lowered) the queue is sent.
func TestTooOldStationWorksOfflineAndKeepsItsQueue(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	adminPassword := cloud.AdminPassword()
	orderID := cloud.PhysicalOrder("rider@example.com", "helmet", 1, customerRecord())
	st := stationtest.Open(t, t.TempDir(), printing.CUPS{})
	if _, err := st.Session.SignIn(ctx, cloud.URL, clienttest.AdminEmail, adminPassword, false); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Orders.Refresh(ctx); err != nil {
		t.Fatal(err)
	}

	v, _ := version.Parse(version.String())
	newer := fmt.Sprintf("%d.0.0", v[0]+1)
	cloud.Env = []string{"STATION_MIN_VERSION=" + newer}
	cloud.Restart()
	view, err := st.Orders.Refresh(ctx)
	if err != nil || !view.Offline || len(view.Orders) != 1 {
		t.Fatalf("orders while too old: %+v %v", view, err)
	}
	if _, err := st.Orders.Ship(ctx, orderID, "RM 987 654 321 GB"); err != nil {
		t.Fatal(err)
	}
	if res, err := st.Offline.Sync(ctx); err != nil || res.Sent != 0 || res.Online {
		t.Fatalf("sync while too old: %+v %v", res, err)
	}
	want := "This print station is out of date. Ask IT for version " + newer + " or later."
	status, err := st.Offline.Status(ctx)
	if err != nil || status.Online || status.Pending != 1 || status.OutOfDate != want {
		t.Fatalf("status while too old: %+v %v", status, err)
	}

	cloud.Env = nil
	cloud.Restart()
	if res, err := st.Offline.Sync(ctx); err != nil || res.Sent != 1 {
		t.Fatalf("sync after the upgrade: %+v %v", res, err)
	}
	status, _ = st.Offline.Status(ctx)
	if !status.Online || status.Pending != 0 || status.OutOfDate != "" {
		t.Fatalf("status after the upgrade: %+v", status)
	}
	admin, _, _ := st.Session.Client()
	history, _ := admin.OrderHistory(ctx, orderID)
	assertHistory(t, history, "pending", "shipped RM 987 654 321 GB")
}
