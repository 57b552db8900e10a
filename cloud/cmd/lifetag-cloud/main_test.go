package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/pkg/version"
)

// TestRun starts the real wiring on embedded SQLite, serves a request and
// shuts down cleanly when the context ends (as on SIGTERM).
func TestRun(t *testing.T) {
	c, err := configFromEnv(env(map[string]string{"PORT": "0", "DATA_DIR": t.TempDir(), "ADMIN_EMAILS": "admin@example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	c.Argon2 = argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, c, slog.New(slog.DiscardHandler), func(a net.Addr) { addrs <- a }) }()

	var addr net.Addr
	select {
	case addr = <-addrs:
	case err := <-done:
		t.Fatalf("run ended before listening: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("not listening after 30 s")
	}
	resp, err := http.Get("http://" + addr.String() + "/api/health")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != `{"status":"ok","version":"`+version.String()+`"}`+"\n" {
		t.Fatalf("health: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Get("http://" + addr.String() + "/api/ready")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-Request-Id") == "" {
		t.Fatalf("ready: %d %s, request id %q", resp.StatusCode, body, resp.Header.Get("X-Request-Id"))
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("shutdown: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no shutdown after 30 s")
	}
	if _, err := http.Get("http://" + addr.String() + "/api/health"); err == nil {
		t.Fatal("still serving after shutdown")
	}
}
