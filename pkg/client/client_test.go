package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/version"
)

// cloudBinary is the cloud built once for this test binary (TestMain).
var cloudBinary string

func TestMain(m *testing.M) {
	if os.Getenv("LIFETAG_TEST_DATABASE_URL") != "" {
		bin, cleanup, err := clienttest.BuildCloud()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cloudBinary = bin
		code := m.Run()
		cleanup()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

func record(name string) emergency.Data {
	return emergency.Data{
		PersonalInfo:      emergency.PersonalInfo{FullName: name, BloodType: "O+", DateOfBirth: "1980-02-03"},
		EmergencyContacts: []emergency.Contact{{ID: "1", Name: "Sam Doe", Relationship: "Partner", Phone: "+44 7700 900123"}},
		MedicalInfo:       emergency.MedicalInfo{Allergies: "Penicillin"},
	}
}

func newClient(t *testing.T, cloud *clienttest.Cloud) *client.Client {
	t.Helper()
	c, err := client.New(cloud.URL)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAdminFulfilmentThroughTheClient(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	password := cloud.AdminPassword()
	orderID := cloud.PhysicalOrder("rider@example.com", "helmet", 2, record("Jane Rider"))
	anon := newClient(t, cloud)

	t.Run("ErrWrongPassword", func(t *testing.T) {
		_, err := anon.Login(ctx, clienttest.AdminEmail, "wrong-password")
		var e *client.Error
		if !errors.As(err, &e) || e.Status != http.StatusUnauthorized || e.Message == "" {
			t.Fatalf("got %v, want a 401 with the cloud's message", err)
		}
		if errors.Is(err, client.ErrUnreachable) {
			t.Fatal("a refusal must not look unreachable")
		}
	})
	t.Run("ErrSignedOut", func(t *testing.T) {
		_, err := anon.AdminOrders(ctx, client.Page{})
		if client.StatusOf(err) != http.StatusUnauthorized {
			t.Fatalf("got %v, want 401", err)
		}
	})

	signIn, err := anon.Login(ctx, clienttest.AdminEmail, password)
	if err != nil {
		t.Fatal(err)
	}
	if !signIn.User.IsAdmin || signIn.User.Email != clienttest.AdminEmail || signIn.SessionToken == "" {
		t.Fatalf("sign-in: %+v", signIn)
	}
	admin := anon.WithToken(signIn.SessionToken)

	page, err := admin.AdminOrders(ctx, client.Page{Search: client.OrderPending, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 1 || len(page.Orders) != 1 || page.Orders[0].OrderID != orderID {
		t.Fatalf("pending orders: %+v", page)
	}
	order := page.Orders[0]
	if order.Quantity != 2 || order.LabelType != "helmet" || order.UserEmail != "rider@example.com" || order.Status != client.OrderPending {
		t.Fatalf("order: %+v", order)
	}

	data, err := admin.CustomerData(ctx, order.UserID)
	if err != nil {
		t.Fatal(err)
	}
	if data.EmergencyData == nil || client.RecordData(*data.EmergencyData).PersonalInfo.FullName != "Jane Rider" ||
		data.EmergencyData.EmergencyContacts[0].Phone != "+44 7700 900123" {
		t.Fatalf("customer data: %+v", data)
	}

	t.Run("ErrShippedWithoutTracking", func(t *testing.T) {
		_, err := admin.UpdateOrder(ctx, orderID, client.OrderShipped, "")
		var e *client.Error
		if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Message != "A tracking number is required to mark an order as shipped" {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrUnknownOrder", func(t *testing.T) {
		// An id with a slash and a query must stay one path segment.
		_, err := admin.UpdateOrder(ctx, "LT-NOPE/../x?y=1", client.OrderShipped, "TRACK1")
		if client.StatusOf(err) != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})

	shipped, err := admin.UpdateOrder(ctx, orderID, client.OrderShipped, "RM123456789GB")
	if err != nil {
		t.Fatal(err)
	}
	if shipped.Status != client.OrderShipped || client.Tracking(*shipped) != "RM123456789GB" {
		t.Fatalf("updated: %+v", shipped)
	}
	history, err := admin.OrderHistory(ctx, orderID)
	if err != nil {
		t.Fatal(err)
	}
	last := history[len(history)-1]
	if len(history) != 2 || last.Status != client.OrderShipped || last.ChangedBy == nil || *last.ChangedBy != clienttest.AdminEmail {
		t.Fatalf("history: %+v", history)
	}

	if err := admin.Logout(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.AdminOrders(ctx, client.Page{}); client.StatusOf(err) != http.StatusUnauthorized {
		t.Fatalf("after sign-out: got %v, want 401", err)
	}
}

func TestCorporateDoor(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	password := cloud.CorporateTrial("Acme Safety", "owner@acme.test", "starter")
	anon := newClient(t, cloud)

	t.Run("ErrIndividualDoorRefusesCorporate", func(t *testing.T) {
		_, err := anon.Login(ctx, "owner@acme.test", password)
		if s := client.StatusOf(err); s < 400 || s > 499 {
			t.Fatalf("got %v, want a refusal naming the corporate page", err)
		}
	})
	signIn, err := anon.CorporateLogin(ctx, "owner@acme.test", password)
	if err != nil {
		t.Fatal(err)
	}
	if signIn.OrganizationID == 0 || signIn.User.OrganizationID != signIn.OrganizationID || signIn.User.UserType != "corporate_owner" {
		t.Fatalf("corporate sign-in: %+v", signIn)
	}
	org, err := anon.WithToken(signIn.SessionToken).MyOrganization(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if org.ID != signIn.OrganizationID || org.Name != "Acme Safety" || org.MaxQrCodes != 50 {
		t.Fatalf("organisation: %+v", org)
	}
}

func TestUnreachableCloud(t *testing.T) {
	// A port nobody listens on: bind one, note it, close it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	c, err := client.New("http://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = c.Login(ctx, "a@example.com", "x")
	if !errors.Is(err, client.ErrUnreachable) || client.StatusOf(err) != 0 {
		t.Fatalf("got %v, want ErrUnreachable", err)
	}
}

func TestParseBaseURL(t *testing.T) {
	for _, good := range []string{"https://lifetag.app", "http://127.0.0.1:8080/", " https://example.com/lifetag "} {
		if _, err := client.ParseBaseURL(good); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
	for _, bad := range []string{"", "lifetag.app", "ftp://lifetag.app", "https://", "https://u:p@lifetag.app", "https://lifetag.app/?x=1", "javascript:alert(1)"} {
		if _, err := client.ParseBaseURL(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestVersionAndTooOld: the client names this build's version in its
// User-Agent, the cloud's /api/health reports the same version, and a cloud
// whose oldest supported station is newer answers 426 with its message,
// which the client returns as an out-of-date error that may be sent again.
func TestVersionAndTooOld(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	resp, err := http.Get(cloud.URL + "/api/health")
	if err != nil {
		t.Fatal(err)
	}
	var health struct{ Version string }
	json.NewDecoder(resp.Body).Decode(&health)
	resp.Body.Close()
	if health.Version != version.String() {
		t.Fatalf("/api/health version %q, want %q", health.Version, version.String())
	}

	// A cloud that serves only stations newer than this one.
	v, _ := version.Parse(version.String())
	newer := fmt.Sprintf("%d.0.0", v[0]+1)
	cloud.Env = []string{"STATION_MIN_VERSION=" + newer}
	cloud.Restart()
	ctx := context.Background()
	_, err = newClient(t, cloud).Login(ctx, clienttest.AdminEmail, "x")
	msg, ok := client.OutOfDate(err)
	want := "This print station is out of date. Ask IT for version " + newer + " or later."
	if !ok || msg != want || !errors.Is(err, client.ErrUnreachable) {
		t.Fatalf("got %v, want the out-of-date answer %q", err, want)
	}
	// The same cloud with the minimum at this version serves it.
	cloud.Env = []string{"STATION_MIN_VERSION=" + version.String()}
	cloud.Restart()
	if _, err = newClient(t, cloud).Login(ctx, clienttest.AdminEmail, "x"); client.StatusOf(err) != http.StatusUnauthorized {
		t.Fatalf("at the minimum version: got %v, want the cloud's 401 for a wrong password", err)
	}
}

// The User-Agent is exactly "lifetag-station/" and this build's version:
// the cloud reads the number from it to refuse a station that is too old.
func TestUserAgentIsTheVersion(t *testing.T) {
	got := make(chan string, 1)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.UserAgent()
		http.Error(w, `{"error":"no"}`, http.StatusUnauthorized)
	}))
	defer server.Close()
	c, err := client.New(server.URL)
	if err != nil {
		t.Fatal(err)
	}
	c.Login(context.Background(), "someone@example.com", "x")
	if ua, want := <-got, "lifetag-station/"+version.String(); ua != want {
		t.Fatalf("User-Agent %q, want %q", ua, want)
	}
}
