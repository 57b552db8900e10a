// Package stationtest sets up what the station's service tests share: the
// cloud binary (built once per test binary), a running cloud on a fresh
// database, the station's services on private paths with the 0600 secrets
// files, and a private CUPS printer.
package stationtest

import (
	"path/filepath"
	"testing"

	"github.com/lifetag/lifetag/pkg/client/clienttest"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/services"
)

// Main builds the cloud when a database is configured, runs the tests and
// removes the build; call it from TestMain.
func Main(m *testing.M, binary *string) { clienttest.Main(m, binary) }

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
