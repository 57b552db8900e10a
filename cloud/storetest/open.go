// Package storetest opens throwaway stores for tests and holds the
// conformance suite every cloud.Store implementation must pass.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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

// OpenPostgres opens a store in a database of its own, dropped when the
// test ends, so tests and packages can run in parallel. The database is a
// copy of one migrated once (PostgresDatabase); opening it still runs the
// migrations, which find none pending.
func OpenPostgres(t testing.TB) (cloud.Store, Dumper) {
	t.Helper()
	conn := PostgresDatabase(t)
	db, err := sqldb.OpenPostgres(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, postgresDumper(conn)
}

// PostgresDatabase creates a database for one test on the test server, a
// copy of the test database's migrated template, dropped when the test
// ends, and returns its connection string. Where the test database's user
// may not create databases, it is a fresh schema of the test database
// (PostgresSchema), migrated by the store as it opens.
//
// Migrating each test's store anew (the cloud's migrations, then River's)
// took most of the time of a short test; a copy takes a tenth of it.
func PostgresDatabase(t testing.TB) string {
	t.Helper()
	base := PostgresURL(t)
	template, err := postgresTemplate(base)
	if err != nil {
		t.Fatal(err)
	}
	if template == "" {
		return PostgresSchema(t)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	name := template[:len(template)-len(templateSuffix)] + "_" + randomHex(t, 6)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{template}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), base)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close(context.Background())
		// FORCE: a connection the test left open does not keep it.
		if _, err := conn.Exec(context.Background(), "DROP DATABASE "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Error(err)
		}
	})
	return withDatabase(base, name)
}

// templateSuffix ends the name of the test database's template: the test
// database's name and this (scripts/postgres.sh drops it with the test
// database).
const templateSuffix = "_template"

// postgresTemplate is the name of the test database's template, migrated
// by the first test binary to need it (the others wait for it, on an
// advisory lock); "" when the test database's user may not create
// databases.
var postgresTemplate = onceByKey(func(base string) (string, error) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", err
	}
	defer admin.Close(ctx)
	var can bool
	if err := admin.QueryRow(ctx, `SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user`).Scan(&can); err != nil {
		return "", err
	}
	if !can {
		return "", nil
	}
	var template string
	if err := admin.QueryRow(ctx, `SELECT current_database() || $1`, templateSuffix).Scan(&template); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(hashtext($1))`, template); err != nil {
		return "", err
	}
	defer admin.Exec(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, template)
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, template).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return template, nil
	}
	// Made under another name and renamed when migrated: a binary killed
	// half-way leaves no half-migrated template behind it.
	making := template[:len(template)-len(templateSuffix)] + "_making"
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{making}.Sanitize()+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{making}.Sanitize()); err != nil {
		return "", err
	}
	db, err := sqldb.OpenPostgres(ctx, withDatabase(base, making))
	if err != nil {
		return "", fmt.Errorf("storetest: migrate the template: %w", err)
	}
	db.Close()
	// The pool's connections may still be on their way out, and a
	// database in use cannot be renamed.
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := admin.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{making}.Sanitize()+" RENAME TO "+pgx.Identifier{template}.Sanitize())
		var pgErr *pgconn.PgError
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != "55006" || time.Now().After(deadline) {
			return template, err
		}
		time.Sleep(20 * time.Millisecond)
	}
})

// onceByKey runs make once for each key, keeping its answer.
func onceByKey[V any](make func(key string) (V, error)) func(key string) (V, error) {
	var mu sync.Mutex
	done := map[string]func() (V, error){}
	return func(key string) (V, error) {
		mu.Lock()
		f, ok := done[key]
		if !ok {
			f = sync.OnceValues(func() (V, error) { return make(key) })
			done[key] = f
		}
		mu.Unlock()
		return f()
	}
}

// withDatabase is conn (a URL or keyword/value string) naming another
// database of the same server.
func withDatabase(conn, name string) string {
	if strings.HasPrefix(conn, "postgres://") || strings.HasPrefix(conn, "postgresql://") {
		if u, err := url.Parse(conn); err == nil {
			u.Path = "/" + name
			return u.String()
		}
	}
	return conn + " dbname=" + name
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
