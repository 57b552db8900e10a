// Package storetest opens throwaway stores for tests and holds the
// conformance suite every cloud.Store implementation must pass.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/sqldb"
)

// Backend opens a fresh, empty store for one test, and a Dumper that reads
// every row of it behind the store's back.
type Backend struct {
	Name string
	Open func(t testing.TB) (cloud.Store, Dumper)
}

// Backends lists every store implementation.
var Backends = []Backend{
	{Name: "sqlite", Open: OpenSQLite},
	{Name: "postgres", Open: OpenPostgres},
}

// OpenSQLite opens a store in a temporary directory. Its file starts as a
// copy of one migrated once a test binary (sqliteTemplate): opening it
// still runs the migrations, which find none pending.
func OpenSQLite(t testing.TB) (cloud.Store, Dumper) {
	t.Helper()
	dir := t.TempDir()
	template, err := sqliteTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, sqldb.SQLiteFileName), template, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sqldb.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, sqliteDumper(filepath.Join(dir, sqldb.SQLiteFileName))
}

// sqliteTemplate is the file of a freshly migrated SQLite store, made once
// a test binary: migrating each test's store anew took most of the time
// of a short test.
var sqliteTemplate = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "lifetag-sqlite-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db, err := sqldb.OpenSQLite(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	// Closing the last connection folds the write-ahead log into the file.
	db.Close()
	if _, err := os.Stat(filepath.Join(dir, sqldb.SQLiteFileName+"-wal")); err == nil {
		return nil, errors.New("storetest: the template's write-ahead log outlived its store")
	}
	return os.ReadFile(filepath.Join(dir, sqldb.SQLiteFileName))
})

// PostgresURL returns LIFETAG_TEST_DATABASE_URL (see ServiceURL).
func PostgresURL(t testing.TB) string { return ServiceURL(t, "LIFETAG_TEST_DATABASE_URL") }

// ServiceURL returns the address of a service that make test starts (from
// the environment variable name), skipping the test when it is unset, unless
// LIFETAG_STRICT=1 (make test), where that is a failure.
func ServiceURL(t testing.TB, name string) string {
	t.Helper()
	u := os.Getenv(name)
	if u == "" {
		if os.Getenv("LIFETAG_STRICT") == "1" {
			t.Fatal(name + " is not set (LIFETAG_STRICT=1)")
		}
		t.Skip(name + " is not set; run make test")
	}
	return u
}

// OpenPostgres opens a store in a fresh schema of the test database, dropped
// when the test ends, so tests and packages can run in parallel.
func OpenPostgres(t testing.TB) (cloud.Store, Dumper) {
	t.Helper()
	conn := PostgresSchema(t)
	db, err := sqldb.OpenPostgres(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, postgresDumper(conn)
}

// PostgresSchema creates a fresh, empty schema in the test database, dropped
// when the test ends, and returns a connection string whose search_path is
// that schema.
func PostgresSchema(t testing.TB) string {
	t.Helper()
	base := PostgresURL(t)
	ctx := context.Background()
	schema := "test_" + randomHex(t, 8)

	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), base)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Error(err)
		}
	})
	return WithSearchPath(t, base, schema)
}

// WithSearchPath adds a search_path run-time parameter to a connection
// string in URL or keyword/value form.
func WithSearchPath(t testing.TB, conn, schema string) string {
	if strings.HasPrefix(conn, "postgres://") || strings.HasPrefix(conn, "postgresql://") {
		u, err := url.Parse(conn)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return conn + " search_path=" + schema
}

func randomHex(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}
