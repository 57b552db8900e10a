// Package stationtest sets up what the station's service tests share: the
// cloud binary (built once per test binary), a running cloud on a fresh
// database, the station's services on private paths with the 0600 secrets
// files, and a private CUPS printer.
package stationtest

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/services"
)

// Main builds the cloud when a database is configured, runs the tests and
// removes the build; call it from TestMain.
func Main(m *testing.M, binary *string) { clienttest.Main(m, binary) }

// Context is for a test's calls through the station's services to its
// cloud. Each call to the cloud is bounded by 30 s unless its context has a
// deadline of its own, and a call that runs out is taken for the cloud
// being away. That bound is for a cloud that never answers; a test's cloud,
// behind its contract front on a machine that is also doing other work, can
// answer later than that, and the test would see the station go offline
// while its cloud runs. So the calls share the test binary's deadline
// (go test -timeout): a hang detector, not a speed check.
func Context(t *testing.T) context.Context {
	deadline, ok := t.Deadline()
	if !ok { // go test -timeout 0
		deadline = time.Now().Add(time.Hour)
	}
	ctx, cancel := context.WithDeadline(t.Context(), deadline)
	t.Cleanup(cancel)
	return ctx
}

// Station is a station's services on private paths.
type Station struct {
	*services.Services
	Paths services.Paths
}

// Open opens the station's services in dir (the same dir reopens the same
// station), printing with spooler.
func Open(t testing.TB, dir string, spooler printing.Spooler) *Station {
	t.Helper()
	p := services.Paths{
		UserSettings: filepath.Join(dir, "config", "station.json"),
		SecretsDir:   filepath.Join(dir, "config", "secrets"),
		CacheFile:    filepath.Join(dir, "cache", "station-cache.db"),
	}
	s, err := services.Open(p, secrets.File{Dir: p.SecretsDir}, spooler)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &Station{Services: s, Paths: p}
}
