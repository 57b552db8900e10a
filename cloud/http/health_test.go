package http_test

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/version"
)

func TestHealth(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		resp := e.do("GET", "/api/health", "", nil)
		want := `{"status":"ok","version":"` + version.String() + `"}` + "\n"
		if resp.Status != http.StatusOK || string(resp.Body) != want {
			t.Fatalf("got %d %s, want 200 %s", resp.Status, resp.Body, want)
		}
		e.closeDatabase()
		if resp := e.do("GET", "/api/health", "", nil); resp.Status != http.StatusServiceUnavailable {
			t.Fatalf("closed database: got %d, want 503", resp.Status)
		}
	})
}

func TestSite(t *testing.T) {
	site := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>Lifetag</title><main>home</main>")},
		"app.html":           {Data: []byte("<!doctype html><title>Lifetag</title>")},
		"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
	}
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: site, Logger: slog.New(slog.DiscardHandler)}))
	defer server.Close()

	tests := []struct {
		path, wantType string
		wantStatus     int
		wantBody       string
	}{
		// Only the home address gets the pre-rendered home page.
		{"/", "text/html; charset=utf-8", 200, "<!doctype html><title>Lifetag</title><main>home</main>"},
		{"/index.html", "text/html; charset=utf-8", 200, "<!doctype html><title>Lifetag</title><main>home</main>"},
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
			// No page, asset, API answer or 404 may be framed by another site.
			if resp.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("framing allowed: %q %q", resp.Header.Get("X-Frame-Options"), resp.Header.Get("Content-Security-Policy"))
			}
		})
	}
}

// TestSitePreloadsEachRoutesCode: a page of the app carries modulepreload
// links for its own screen's chunks (route-preloads.json, written by the
// website's build), matched by the route's path with its parameters.
func TestSitePreloadsEachRoutesCode(t *testing.T) {
	site := fstest.MapFS{
		"index.html": {Data: []byte("<html><head><title>Lifetag</title></head><body>home</body></html>")},
		"app.html":   {Data: []byte("<html><head><title>Lifetag</title></head><body></body></html>")},
		"bare.html":  {Data: []byte("<html><head><title>Lifetag</title></head><body>bare</body></html>")},
		"route-preloads.json": {Data: []byte(`{"routes": [
			{"path": "/collect/:token", "frame": false, "files": ["/assets/CollectPage-0.js"]},
			{"path": "/", "files": ["/assets/HomePage-1.js"]},
			{"path": "/corporate/qr-codes", "files": ["/assets/LibraryPage-2.js", "/assets/dialog-3.js"]},
			{"path": "/corporate/dashboard/:orgId", "files": ["/assets/DashboardPage-4.js"]},
			{"path": "/sneaky", "files": ["https://elsewhere.example/x.js", "/assets/\"><script>.js"]}
		]}`)},
	}
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{Site: site, Logger: slog.New(slog.DiscardHandler)}))
	defer server.Close()
	link := func(f string) string { return `<link rel="modulepreload" crossorigin href="` + f + `">` + "\n" }
	tests := []struct{ path, want string }{
		{"/", "<html><head><title>Lifetag</title>" + link("/assets/HomePage-1.js") + "</head><body>home</body></html>"},
		{"/corporate/qr-codes", "<html><head><title>Lifetag</title>" + link("/assets/LibraryPage-2.js") + link("/assets/dialog-3.js") + "</head><body></body></html>"},
		// Outside the site's frame: the bare page.
		{"/collect/abc", "<html><head><title>Lifetag</title>" + link("/assets/CollectPage-0.js") + "</head><body>bare</body></html>"},
		{"/corporate/dashboard/42", "<html><head><title>Lifetag</title>" + link("/assets/DashboardPage-4.js") + "</head><body></body></html>"},
		// No route: the plain app (its router shows Page Not Found).
		{"/corporate/dashboard", "<html><head><title>Lifetag</title></head><body></body></html>"},
		{"/corporate/dashboard/42/more", "<html><head><title>Lifetag</title></head><body></body></html>"},
		// Only the build's own scripts, whatever the table says.
		{"/sneaky", "<html><head><title>Lifetag</title>" + link("/assets/&#34;&gt;&lt;script&gt;.js") + "</head><body></body></html>"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := http.Get(server.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 || string(body) != tt.want {
				t.Fatalf("got %d\n%s\nwant\n%s", resp.StatusCode, body, tt.want)
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

// TestSiteIsCompressed: the website's files go out gzipped to a browser that
// accepts it; API answers never do (they can hold secrets: BREACH).
func TestSiteIsCompressed(t *testing.T) {
	script := strings.Repeat("console.log('lifetag');\n", 200)
	server := httptest.NewServer(lhttp.NewServer(lhttp.Config{
		Site:   fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Lifetag</title>")}, "assets/app.js": {Data: []byte(script)}},
		Logger: slog.New(slog.DiscardHandler),
	}))
	defer server.Close()
	get := func(path string) *http.Response {
		req, _ := http.NewRequest("GET", server.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		// A transport that does not undo the compression, as a browser sees it.
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}

	resp := get("/assets/app.js")
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("asset Content-Encoding = %q, want gzip", resp.Header.Get("Content-Encoding"))
	}
	unzipped, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if body, _ := io.ReadAll(unzipped); string(body) != script {
		t.Fatalf("the asset does not survive compression")
	}
	if got := get("/api/nope").Header.Get("Content-Encoding"); got != "" {
		t.Fatalf("API answer Content-Encoding = %q, want none", got)
	}
}
