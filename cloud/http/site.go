package http

import (
	"encoding/json"
	"fmt"
	"html"
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
// that markup, so no other page ever flashes the home page. Each page also
// preloads its screen's code (routePages), so a phone fetches it alongside
// the app's entry rather than after running it.
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
	bare, err := fs.ReadFile(site, "bare.html")
	if err != nil {
		bare = app
	}
	pages := routePages(site, index, app, bare)
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
		page := pages.For("/" + name)
		if name == "index.html" {
			page = pages.For("/")
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(page)
	})
}

// routePage is the page served for the addresses one route of the website's
// router matches: app.html (index.html for "/", bare.html for a route outside
// the site's frame) with the route's chunks as modulepreload links.
type routePage struct {
	segments []string // the route's path split at "/"; ":name" matches any one segment
	page     []byte
}

// routePageSet holds the page of every route, and the two pages for the
// rest: index.html for "/", app.html for any other address.
type routePageSet struct {
	routes     []routePage
	index, app []byte
}

// For is the page for an address (a cleaned path starting with "/").
func (s routePageSet) For(address string) []byte {
	segments := strings.Split(address, "/")
	for _, r := range s.routes {
		if matchRoute(r.segments, segments) {
			return r.page
		}
	}
	if address == "/" {
		return s.index
	}
	return s.app
}

func matchRoute(route, address []string) bool {
	if len(route) != len(address) {
		return false
	}
	for i, seg := range route {
		if strings.HasPrefix(seg, ":") {
			if address[i] == "" {
				return false
			}
		} else if seg != address[i] {
			return false
		}
	}
	return true
}

// routePages reads route-preloads.json, which the website's build writes
// (frontend/scripts/prerender.mjs): each route's path and the chunks its
// screen loads beyond the entry's. A build without it (or a broken one)
// still serves every page, only without the preloads.
func routePages(site fs.FS, index, app, bare []byte) routePageSet {
	set := routePageSet{index: index, app: app}
	raw, err := fs.ReadFile(site, "route-preloads.json")
	if err != nil {
		return set
	}
	var table struct {
		Routes []struct {
			Path  string   `json:"path"`
			Frame *bool    `json:"frame"` // false: outside the site's frame
			Files []string `json:"files"`
		} `json:"routes"`
	}
	if json.Unmarshal(raw, &table) != nil {
		return set
	}
	for _, r := range table.Routes {
		base := app
		switch {
		case r.Path == "/":
			base = index
		case r.Frame != nil && !*r.Frame:
			base = bare
		}
		var links strings.Builder
		for _, f := range r.Files {
			// Only the build's own assets: the table is ours, but a page is no place to trust it.
			if strings.HasPrefix(f, "/assets/") && strings.HasSuffix(f, ".js") {
				fmt.Fprintf(&links, "<link rel=\"modulepreload\" crossorigin href=\"%s\">\n", html.EscapeString(f))
			}
		}
		set.routes = append(set.routes, routePage{
			segments: strings.Split(r.Path, "/"),
			page:     withBeforeHeadEnd(base, links.String()),
		})
	}
	return set
}

// withBeforeHeadEnd is page with extra inserted just before its </head>.
func withBeforeHeadEnd(page []byte, extra string) []byte {
	at := strings.Index(string(page), "</head>")
	if at < 0 || extra == "" {
		return page
	}
	out := make([]byte, 0, len(page)+len(extra))
	out = append(out, page[:at]...)
	out = append(out, extra...)
	return append(out, page[at:]...)
}
