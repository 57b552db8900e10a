package http_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// hangingUpStore is a store whose session lookup runs while the client
// hangs up: it calls hangUp (which cancels the request's context) and then
// does the lookup, which the database abandons.
type hangingUpStore struct {
	cloud.Store
	hangUp func()
}

func (s *hangingUpStore) FindSession(ctx context.Context, tokenHash []byte, now time.Time) (*cloud.Session, *cloud.User, error) {
	if s.hangUp != nil {
		s.hangUp()
	}
	return s.Store.FindSession(ctx, tokenHash, now)
}

// TestClientThatLeavesIsNoServerError: a client that hangs up while the
// server waits on the database (a load generator stopping, a phone losing
// its signal) is not a fault of the server, so nothing is logged as an
// error and the access log shows nginx's 499 rather than a 500.
func TestClientThatLeavesIsNoServerError(t *testing.T) {
	var store *hangingUpStore
	backend := storetest.Backend{Name: "sqlite", Open: func(t testing.TB) (cloud.Store, storetest.Dumper) {
		s, dump := storetest.OpenSQLite(t)
		store = &hangingUpStore{Store: s}
		return store, dump
	}}
	var logs clienttest.LogBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newEnv(t, backend, envOptions{logger: logger})
	u := e.createUser("ann@example.com", "secret-1")
	token := e.seedOwnerData(u, "secret-1")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store.hangUp = cancel
	req := httptest.NewRequestWithContext(ctx, "GET", "/api/sync/emergency-data/ann%40example.com", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	e.Server.ServeHTTP(httptest.NewRecorder(), req)
	store.hangUp = nil

	out := logs.String()
	if !strings.Contains(out, "route=/api/sync/emergency-data/{email}") {
		t.Fatalf("the request was not logged: %s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
			t.Errorf("a client that left is logged as a fault: %s", line)
		}
		if strings.Contains(line, "status=500") {
			t.Errorf("a client that left is logged as a server error: %s", line)
		}
	}
	if !strings.Contains(out, "status=499") {
		t.Errorf("the access log does not show 499 (the client closed the request): %s", out)
	}
}
