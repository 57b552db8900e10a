package http_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

// TestEveryRouteIsDocumented walks the router and the document: a route
// the router serves without an operation in pkg/api/openapi.yaml fails, and
// so does an operation the router does not serve.
func TestEveryRouteIsDocumented(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	checkDocumentCoversRouter(t, e.Server.Routes())
}

func checkDocumentCoversRouter(t *testing.T, routes chi.Routes) {
	t.Helper()
	served := map[string]bool{}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, "/api/") {
			served[method+" "+route] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ops, err := api.Operations()
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, op := range ops {
		route := op.Method + " " + op.Path
		documented[route] = true
		if !served[route] {
			t.Errorf("the document describes %s, which the router does not serve", route)
		}
	}
	for route := range served {
		if !documented[route] {
			t.Errorf("the router serves %s, which pkg/api/openapi.yaml does not describe", route)
		}
	}
}

func TestTheDocumentIsServedAndCached(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	resp := e.do("GET", "/api/openapi.json", "", nil)
	if resp.Status != 200 {
		t.Fatalf("GET /api/openapi.json: %d %s", resp.Status, resp.Body)
	}
	var doc struct {
		OpenAPI string `json:"openapi"`
	}
	if err := json.Unmarshal(resp.Body, &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("not the document: %v %.80s", err, resp.Body)
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Errorf("Cache-Control %q: the document is public and may be cached", cc)
	}
	etag := resp.Header.Get("ETag")
	again := e.send("GET", "/api/openapi.json", nil, func(r *http.Request) { r.Header.Set("If-None-Match", etag) })
	if etag == "" || again.Status != http.StatusNotModified {
		t.Errorf("revalidating with ETag %q: %d, want 304", etag, again.Status)
	}
}
