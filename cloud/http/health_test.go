package http_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
)

func TestHealth(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		resp := e.do("GET", "/api/health", "", nil)
		if resp.Status != http.StatusOK || string(resp.Body) != `{"status":"ok"}`+"\n" {
			t.Fatalf("got %d %s, want 200 {status: ok}", resp.Status, resp.Body)
		}
		e.Store.Close()
		if resp := e.do("GET", "/api/health", "", nil); resp.Status != http.StatusServiceUnavailable {
			t.Fatalf("closed database: got %d, want 503", resp.Status)
		}
	})
}

func TestSite(t *testing.T) {
	site := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>Lifetag</title>")},
		"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
	}
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: site, Logger: slog.New(slog.DiscardHandler)}))
	defer server.Close()

	tests := []struct {
		path, wantType string
		wantStatus     int
		wantBody       string
	}{
		{"/", "text/html; charset=utf-8", 200, "<!doctype html><title>Lifetag</title>"},
		{"/dashboard", "text/html; charset=utf-8", 200, "<!doctype html><title>Lifetag</title>"},
		{"/some/unknown/page", "text/html; charset=utf-8", 200, "<!doctype html><title>Lifetag</title>"},
		{"/assets/app-1a2b.js", "text/javascript; charset=utf-8", 200, "console.log(1)"},
		{"/assets/gone-9z9z.js", "text/plain; charset=utf-8", 404, "404 page not found\n"},
		{"/api/nothing-here", "application/json; charset=utf-8", 404, `{"message":"Not found"}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := http.Get(server.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantStatus || resp.Header.Get("Content-Type") != tt.wantType || string(body) != tt.wantBody {
				t.Fatalf("got %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
			for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options"} {
				if resp.Header.Get(h) == "" {
					t.Errorf("missing header %s", h)
				}
			}
		})
	}
}

func TestSiteWithoutBuild(t *testing.T) {
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: fstest.MapFS{}, Logger: slog.New(slog.DiscardHandler)}))
	defer server.Close()
	resp, err := http.Get(server.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "make run") {
		t.Fatalf("got %d %q", resp.StatusCode, body)
	}
}
