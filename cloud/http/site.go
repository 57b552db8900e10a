package http

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// noBuildPage is served when the binary was built without the website.
const noBuildPage = `Lifetag: the website is not built into this binary.
Run "make run" from the repository root to build it and start the cloud.
The API is available under /api (try /api/health).
`

// siteHandler serves the website's files, and a page of the app for any
// other path so the client-side router can handle it (its own 404 page
// included). index.html carries the home page rendered at build time, for a
// fast first paint; every other address gets app.html, the same app without
// that markup, so no other page ever flashes the home page.
func siteHandler(site fs.FS) http.Handler {
	// The site is embedded in the binary: its pages are read once.
	index, err := fs.ReadFile(site, "index.html")
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusOK)
			w.Write([]byte(noBuildPage))
		})
	}
	app, err := fs.ReadFile(site, "app.html")
	if err != nil {
		app = index // a build from before app.html: index.html everywhere
	}
	files := http.FileServerFS(site)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if info, err := fs.Stat(site, name); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					// Vite puts a content hash in every asset name.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		if strings.HasPrefix(name, "assets/") {
			// A missing build file is a real 404, not a page of the app.
			http.NotFound(w, r)
			return
		}
		page := app
		if name == "" || name == "index.html" {
			page = index
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(page)
	})
}
