package http_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/pkg/version"
)

// TestStationTooOld: with a minimum station version, a station that names
// an older version in its User-Agent is answered 426 with the message its
// banner shows; the minimum itself, newer stations and browsers pass.
func TestStationTooOld(t *testing.T) {
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler), MinStationVersion: "0.1.0"}))
	defer server.Close()
	get := func(ua string) (int, string) {
		req, _ := http.NewRequest("GET", server.URL+"/api/labels/batch-layouts", nil)
		req.Header.Set("User-Agent", ua)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Message string }
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body.Message
	}
	want := fmt.Sprintf(cloud.MsgStationTooOld, "0.1.0")
	for _, ua := range []string{"lifetag-station/0.0.9", "lifetag-station/0.0.99+abc"} {
		if status, msg := get(ua); status != http.StatusUpgradeRequired || msg != want {
			t.Errorf("%s: got %d %q, want 426 %q", ua, status, msg, want)
		}
	}
	for _, ua := range []string{"lifetag-station/0.1.0", "lifetag-station/0.10.0", "Mozilla/5.0", "lifetag-station/dev"} {
		if status, _ := get(ua); status != http.StatusOK {
			t.Errorf("%s: got %d, want 200", ua, status)
		}
	}

	// Without a minimum every station is served.
	open := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler)}))
	defer open.Close()
	req, _ := http.NewRequest("GET", open.URL+"/api/labels/batch-layouts", nil)
	req.Header.Set("User-Agent", "lifetag-station/0.0.1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("no minimum: got %d, want 200", resp.StatusCode)
	}
}

// TestNewerStationIsOut: a station older than the cloud (the newest
// release) is served and told the cloud's version; a station at that
// version, a newer one and a browser are told nothing.
func TestNewerStationIsOut(t *testing.T) {
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler)}))
	defer server.Close()
	newer := func(ua string) string {
		req, _ := http.NewRequest("GET", server.URL+"/api/labels/batch-layouts", nil)
		req.Header.Set("User-Agent", ua)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: got %d, want 200", ua, resp.StatusCode)
		}
		return resp.Header.Get(version.NewerStationHeader)
	}
	if got := newer("lifetag-station/0.0.1"); got != version.String() {
		t.Errorf("an older station was told %q, want %q", got, version.String())
	}
	for _, ua := range []string{version.StationUserAgent(), "lifetag-station/65535.0.0", "Mozilla/5.0"} {
		if got := newer(ua); got != "" {
			t.Errorf("%s was told a newer station is out: %q", ua, got)
		}
	}
}
