package service

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/egress"
)

// TestSSOHTTPConnectsOnlyToPublicAddresses: outside development, the
// client that reaches an organisation's provider opens no connection to
// an internal address in any spelling, whatever a name resolved to
// before; in development it reaches the tests' provider on this machine.
func TestSSOHTTPConnectsOnlyToPublicAddresses(t *testing.T) {
	var reached atomic.Int32
	provider := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached.Add(1) }))
	defer provider.Close()
	_, port, _ := net.SplitHostPort(provider.Listener.Addr().String())
	get := func(s *Service, url string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := s.ssoHTTP().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	production := &Service{}
	for _, url := range []string{
		provider.URL,                             // 127.0.0.1
		"http://localhost:" + port + "/",         // a name for it
		"http://[64:ff9b::a9fe:a9fe]/",           // 169.254.169.254 through NAT64
		"http://[64:ff9b::7f00:1]:" + port + "/", // 127.0.0.1 through NAT64
		"http://[::127.0.0.1]:" + port + "/",
		"http://[2002:7f00:1::1]:" + port + "/",
		"http://[::ffff:0:7f00:1]:" + port + "/",
		"http://100.64.0.1/",
	} {
		if err := get(production, url); !errors.Is(err, egress.ErrNotPublic) {
			t.Errorf("GET %s: %v, want %v", url, err, egress.ErrNotPublic)
		}
	}
	if reached.Load() != 0 {
		t.Fatal("the provider on this machine was reached")
	}
	if err := get(&Service{development: true}, provider.URL); err != nil || reached.Load() != 1 {
		t.Fatalf("development: %v, reached %d times", err, reached.Load())
	}
}
