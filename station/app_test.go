package main

import (
	"encoding/json"
	"net/http"
	"testing"
)

// newTestApp is the App as main builds it, on folders of the test's own
// (no keyring is reached: the secrets fall back to 0600 files there).
func newTestApp(t *testing.T) *App {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:")
	a, err := newApp(true, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	return a
}

// Every bound struct's methods have shapes Wails binds, and the bridge
// answers them by the names the window calls (frontend/src/lib/platform/station.ts,
// frontend/src/station/api.ts).
func TestEveryBoundMethodIsCallable(t *testing.T) {
	a := newTestApp(t)
	b, err := newBridge(testHost, http.NotFoundHandler(), a.bound()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"Station.Info", "Station.SupportLog", "Session.State", "Session.SetCloudURL", "Session.SignIn", "Session.SignOut",
		"Cloud.Request", "Printing.Settings", "Printing.SetPrinter", "Printing.PrintPDF",
		"Printing.SetPaper", "Printing.SetCopies", "Printing.SetCalibration", "Printing.CalibrationSheet",
		"Printing.OpenInDialog", "Printing.SetDialog",
		"Files.Save", "Orders.Refresh", "Orders.List", "Orders.Print", "Orders.SavePDF", "Orders.Ship",
		"Library.Refresh", "Library.View", "Library.Layouts", "Library.Print", "Library.Progress",
		"Library.Cancel", "Library.SavePDF",
	} {
		if _, ok := b.methods[name]; !ok {
			t.Errorf("%s is not bound", name)
		}
	}
}

func TestFirstRunThenChosenCloud(t *testing.T) {
	a := newTestApp(t)
	st, err := a.Session.State()
	if err != nil {
		t.Fatal(err)
	}
	if !st.FirstRun || st.SignedIn || st.CloudURL == "" {
		t.Fatalf("a new station: %+v", st)
	}
	if _, err := a.Session.SetCloudURL("ftp://nowhere"); err == nil {
		t.Error("an ftp address was accepted")
	}
	st, err = a.Session.SetCloudURL("http://127.0.0.1:8080")
	if err != nil {
		t.Fatal(err)
	}
	if st.FirstRun || st.CloudURL != "http://127.0.0.1:8080" {
		t.Errorf("after choosing: %+v", st)
	}
	if _, err := a.Session.SignIn("individual", "a@b.co", "pw"); err == nil {
		t.Error("a door other than admin and corporate was accepted")
	}
}

// Signed out, the window's API calls get the answer a cloud gives a
// request without a session, so the shared features show their sign-in state.
func TestCloudRequestSignedOut(t *testing.T) {
	a := newTestApp(t)
	answer, err := a.Cloud.Request("GET", "/api/admin/stats", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Message string }
	if answer.Status != http.StatusUnauthorized || json.Unmarshal(answer.Body, &body) != nil || body.Message == "" {
		t.Errorf("answer %d %s", answer.Status, answer.Body)
	}
	if _, err := a.Cloud.Request("GET", "/admin", nil, ""); err == nil {
		t.Error("a path outside /api/ was sent")
	}
}

func TestSaveInBrowserModeWritesToSaveDir(t *testing.T) {
	a := newTestApp(t)
	path, err := a.Files.Save([]byte("%PDF-1.7\n"), "../../labels.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if want := a.saveDir + "/labels.pdf"; path != want {
		t.Errorf("saved at %s, want %s (a name cannot climb out of the folder)", path, want)
	}
}
