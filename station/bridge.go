package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"reflect"
	"strings"
)

// The browser bridge serves the station's window to an ordinary browser for
// development and the browser journeys (`lifetag-station --browser ADDR`):
// the same embedded assets, and the same bound Go methods Wails binds, over
// loopback HTTP. A call is POST /bridge/{Struct}/{Method} with a JSON array of
// arguments; the answer is {"result": ...} or, as Wails rejects the promise
// with the error's text, {"error": "..."} with status 500. It never listens
// beyond loopback and refuses requests another site's page sends, so a web
// page the user visits cannot drive the station.

// bridgePrefix is where calls go; frontend/src/lib/platform/station.ts posts there.
const bridgePrefix = "/bridge/"

// errorType is error's reflect.Type, to recognise a method's error result.
var errorType = reflect.TypeFor[error]()

// bridge answers calls to the exported methods of the bound structs, keyed
// "Struct.Method" as Wails keys them under window.go.main.
type bridge struct {
	methods map[string]reflect.Value
	assets  http.Handler
	// host is the one Host header accepted (the listening address), so a
	// DNS-rebound name cannot reach the bridge through the user's browser.
	host string
}

// newBridge indexes the exported methods of each bound struct pointer, as
// Wails does for options.App.Bind.
func newBridge(host string, assets http.Handler, bound ...any) (*bridge, error) {
	b := &bridge{methods: map[string]reflect.Value{}, assets: assets, host: host}
	for _, s := range bound {
		v := reflect.ValueOf(s)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("bridge: bind a pointer to a struct, not %T", s)
		}
		name := v.Elem().Type().Name()
		for i := range v.NumMethod() {
			m := v.Type().Method(i)
			if err := checkResults(m.Type); err != nil {
				return nil, fmt.Errorf("bridge: %s.%s: %w", name, m.Name, err)
			}
			b.methods[name+"."+m.Name] = v.Method(i)
		}
	}
	return b, nil
}

// checkResults accepts the result shapes Wails accepts: none, a value, an
// error, or a value and an error.
func checkResults(t reflect.Type) error {
	switch t.NumOut() {
	case 0, 1:
		return nil
	case 2:
		if t.Out(1) == errorType {
			return nil
		}
	}
	return errors.New("results must be (), (T), (error) or (T, error)")
}

// isLoopback tells whether a listen address is on this machine only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (b *bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// No page of another site may frame the window (a click on its print or
	// sign-in buttons must be the user's own): the old header for old
	// browsers, frame-ancestors for the rest. Only framing is restricted; the
	// window's scripts are the cloud's own build.
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Content-Security-Policy", "frame-ancestors 'none'")
	if r.Host != b.host {
		http.Error(w, "wrong host", http.StatusForbidden)
		return
	}
	if !strings.HasPrefix(r.URL.Path, bridgePrefix) {
		b.assets.ServeHTTP(w, r)
		return
	}
	// Only the station's own page may call: a browser marks every fetch with
	// its Origin (and Sec-Fetch-Site); a page of another site cannot forge them.
	if r.Method != http.MethodPost || r.Header.Get("Origin") != "http://"+b.host ||
		(r.Header.Get("Sec-Fetch-Site") != "" && r.Header.Get("Sec-Fetch-Site") != "same-origin") ||
		r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "refused", http.StatusForbidden)
		return
	}
	// The path is "Struct/Method"; the index is "Struct.Method".
	method, ok := b.methods[strings.Replace(strings.TrimPrefix(r.URL.Path, bridgePrefix), "/", ".", 1)]
	if !ok {
		http.NotFound(w, r)
		return
	}
	result, err := call(method, http.MaxBytesReader(w, r.Body, 32<<20))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		_ = json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"result": result})
}

// call decodes the JSON array of arguments into the method's parameter types,
// calls it and returns its value (or nil) and its error.
func call(method reflect.Value, body io.Reader) (any, error) {
	var raw []json.RawMessage
	if err := json.NewDecoder(body).Decode(&raw); err != nil {
		return nil, fmt.Errorf("bridge: arguments must be a JSON array: %w", err)
	}
	t := method.Type()
	if len(raw) != t.NumIn() {
		return nil, fmt.Errorf("bridge: %d arguments given, %d expected", len(raw), t.NumIn())
	}
	args := make([]reflect.Value, len(raw))
	for i, r := range raw {
		arg := reflect.New(t.In(i))
		if err := json.Unmarshal(r, arg.Interface()); err != nil {
			return nil, fmt.Errorf("bridge: argument %d: %w", i+1, err)
		}
		args[i] = arg.Elem()
	}
	out := method.Call(args)
	var result any
	var err error
	for _, o := range out {
		if o.Type() == errorType {
			if !o.IsNil() {
				err = o.Interface().(error)
			}
			continue
		}
		result = o.Interface()
	}
	return result, err
}
