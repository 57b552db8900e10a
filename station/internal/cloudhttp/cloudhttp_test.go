package cloudhttp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestClientGoesThroughTheEnvironmentsProxy: with HTTP_PROXY set (how
// Linux, and Windows without system settings, name a proxy), a request
// for the cloud reaches the proxy, which answers it; the cloud's name is
// not resolved at all. The proxy is a real one on loopback.
func TestClientGoesThroughTheEnvironmentsProxy(t *testing.T) {
	var asked string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = r.Method + " " + r.RequestURI
		io.WriteString(w, "through the proxy")
	}))
	defer proxy.Close()
	t.Setenv("HTTP_PROXY", proxy.URL)
	t.Setenv("http_proxy", proxy.URL)
	t.Setenv("NO_PROXY", "")
	t.Setenv("no_proxy", "")

	resp, err := Client().Get("http://lifetag.invalid/api/health")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if string(body) != "through the proxy" || asked != "GET http://lifetag.invalid/api/health" {
		t.Fatalf("the proxy was asked %q and answered %q", asked, body)
	}
}
