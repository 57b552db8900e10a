package main

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// greeter is a bound struct with each result shape Wails accepts.
type greeter struct{ calls int }

type greeting struct {
	Text  string `json:"text"`
	Count int    `json:"count"`
}

func (g *greeter) Hello(name string, times int) (greeting, error) {
	g.calls++
	return greeting{Text: "hello " + name, Count: times}, nil
}

func (g *greeter) Fail() error { return errors.New("The cloud did not answer.") }

func (g *greeter) Touch() { g.calls++ }

const testHost = "127.0.0.1:34115"

func newTestBridge(t *testing.T, bound ...any) *bridge {
	t.Helper()
	assets := fstest.MapFS{"station.html": {Data: []byte("<title>station</title>")}}
	b, err := newBridge(testHost, assetHandler(stationIndex{assets}), bound...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// post sends a call as the station's own page does, then lets edit change it.
func post(b *bridge, path, body string, edit func(*http.Request)) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "http://"+testHost+path, strings.NewReader(body))
	r.Header.Set("Origin", "http://"+testHost)
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Content-Type", "application/json")
	if edit != nil {
		edit(r)
	}
	w := httptest.NewRecorder()
	b.ServeHTTP(w, r)
	return w
}

func TestBridgeCallsBoundMethods(t *testing.T) {
	g := &greeter{}
	b := newTestBridge(t, g)

	t.Run("ValueAndError", func(t *testing.T) {
		w := post(b, "/bridge/greeter/Hello", `["Ada", 3]`, nil)
		if w.Code != http.StatusOK {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		var got struct{ Result greeting }
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got.Result != (greeting{Text: "hello Ada", Count: 3}) {
			t.Errorf("result %+v", got.Result)
		}
	})
	t.Run("ErrorTextAsWailsRejects", func(t *testing.T) {
		w := post(b, "/bridge/greeter/Fail", `[]`, nil)
		if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), `"error":"The cloud did not answer."`) {
			t.Errorf("status %d body %s", w.Code, w.Body)
		}
	})
	t.Run("NoResult", func(t *testing.T) {
		before := g.calls
		w := post(b, "/bridge/greeter/Touch", `[]`, nil)
		if w.Code != http.StatusOK || g.calls != before+1 {
			t.Errorf("status %d, calls %d -> %d", w.Code, before, g.calls)
		}
	})
	t.Run("WrongArgumentCount", func(t *testing.T) {
		before := g.calls
		w := post(b, "/bridge/greeter/Hello", `["Ada"]`, nil)
		if w.Code != http.StatusInternalServerError || g.calls != before {
			t.Errorf("status %d, called %d times", w.Code, g.calls-before)
		}
	})
	t.Run("WrongArgumentType", func(t *testing.T) {
		w := post(b, "/bridge/greeter/Hello", `["Ada", "three"]`, nil)
		if w.Code != http.StatusInternalServerError {
			t.Errorf("status %d", w.Code)
		}
	})
	t.Run("UnknownMethod", func(t *testing.T) {
		if w := post(b, "/bridge/greeter/close", `[]`, nil); w.Code != http.StatusNotFound {
			t.Errorf("status %d", w.Code)
		}
	})
}

// A page of another site, a DNS-rebound host name or a plain GET must not
// reach a bound method.
func TestBridgeRefusesOtherOrigins(t *testing.T) {
	g := &greeter{}
	b := newTestBridge(t, g)
	cases := map[string]func(*http.Request){
		"OtherOrigin":    func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") },
		"NoOrigin":       func(r *http.Request) { r.Header.Del("Origin") },
		"CrossSite":      func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") },
		"ReboundHost":    func(r *http.Request) { r.Host = "evil.example:34115" },
		"FormPost":       func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") },
		"GetInsteadPost": func(r *http.Request) { r.Method = http.MethodGet },
	}
	for name, edit := range cases {
		t.Run(name, func(t *testing.T) {
			w := post(b, "/bridge/greeter/Touch", `[]`, edit)
			if w.Code != http.StatusForbidden {
				t.Errorf("status %d, want 403", w.Code)
			}
		})
	}
	if g.calls != 0 {
		t.Errorf("a refused request called the method %d times", g.calls)
	}
}

func TestBridgeServesTheStationEntryAtRoot(t *testing.T) {
	b := newTestBridge(t, &greeter{})
	r := httptest.NewRequest(http.MethodGet, "http://"+testHost+"/", nil)
	w := httptest.NewRecorder()
	b.ServeHTTP(w, r)
	body, _ := io.ReadAll(w.Body)
	if w.Code != http.StatusOK || !strings.Contains(string(body), "<title>station</title>") {
		t.Errorf("status %d body %q", w.Code, body)
	}
}

func TestBrowserModeListensOnLoopbackOnly(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:34115": true,
		"[::1]:34115":     true,
		"localhost:34115": true,
		"0.0.0.0:34115":   false,
		":34115":          false,
		"192.168.1.5:80":  false,
		"127.0.0.1":       false,
	} {
		if got := isLoopback(addr); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestBindRefusesUnsupportedResults(t *testing.T) {
	if _, err := newBridge(testHost, http.NotFoundHandler(), &badResults{}); err == nil {
		t.Error("a method returning (int, int) was accepted")
	}
	if _, err := newBridge(testHost, http.NotFoundHandler(), greeter{}); err == nil {
		t.Error("a struct value (not a pointer) was accepted")
	}
}

type badResults struct{}

func (badResults) Pair() (int, int) { return 1, 2 }

// No other page may frame the station's window (clickjacking a print or a
// sign-in): every answer of the bridge, its page, its calls, its refusals and
// its 404s, forbids framing in both the old and the current header.
func TestBridgeForbidsFraming(t *testing.T) {
	b := newTestBridge(t, &greeter{})
	get := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		b.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://"+testHost+path, nil))
		return w
	}
	answers := map[string]*httptest.ResponseRecorder{
		"Page":      get("/"),
		"Missing":   get("/nothing.js"),
		"Call":      post(b, "/bridge/greeter/Touch", `[]`, nil),
		"Refused":   post(b, "/bridge/greeter/Touch", `[]`, func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") }),
		"WrongHost": post(b, "/bridge/greeter/Touch", `[]`, func(r *http.Request) { r.Host = "evil.example:34115" }),
	}
	for name, w := range answers {
		if got := w.Header().Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", name, got)
		}
		if got := w.Header().Get("Content-Security-Policy"); !strings.Contains(got, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", name, got)
		}
	}
}
