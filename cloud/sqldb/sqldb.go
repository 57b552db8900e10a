// Package sqldb implements cloud.Store once, through database/sql, on
// PostgreSQL (pgx v5 and its pool) or on an embedded SQLite file
// (modernc.org/sqlite, pure Go: the default when DATABASE_URL is unset).
//
// One file per table holds that table's queries, each written once;
// dialect.go holds the few things the two databases do differently, and
// migrations/postgres and migrations/sqlite their DDL.
package sqldb

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/lifetag/lifetag/cloud"
)

//go:embed migrations/postgres/*.sql migrations/sqlite/*.sql
var migrations embed.FS

// SQLiteFileName is the database file inside the data directory.
const SQLiteFileName = "lifetag.db"

// DB is a cloud.Store on PostgreSQL or SQLite.
type DB struct {
	db      *sql.DB
	dialect *dialect
	// closePool closes what db runs on, where db does not own it (the
	// PostgreSQL pool).
	closePool func()
}

var _ cloud.Store = (*DB)(nil)

// OpenPostgres connects to url and applies every pending migration. The
// connections come from a pgx pool, so the pool settings in the URL
// (pool_max_conns ...) apply.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	config, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse DATABASE_URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	return open(ctx, stdlib.OpenDBFromPool(pool), postgresDialect, pool.Close)
}

// OpenSQLite opens (creating if needed) the database in dir and applies
// every pending migration.
func OpenSQLite(ctx context.Context, dir string) (*DB, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("sqlite: data directory: %w", err)
	}
	path := filepath.Join(dir, SQLiteFileName)
	// Health data: only the cloud's user may read the file (SQLite gives
	// its -wal and -shm files the same mode).
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sqlite: create database file: %w", err)
	}
	f.Close()
	q := url.Values{}
	for _, p := range []string{"foreign_keys(1)", "journal_mode(WAL)", "busy_timeout(10000)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	// Every transaction takes the write lock when it begins, in place of
	// PostgreSQL's row locks (dialect.lockRows).
	q.Set("_txlock", "immediate")
	sqlDB, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	return open(ctx, sqlDB, sqliteDialect, func() {})
}

func open(ctx context.Context, sqlDB *sql.DB, d *dialect, closePool func()) (*DB, error) {
	db := &DB{db: sqlDB, dialect: d, closePool: closePool}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func (db *DB) migrate(ctx context.Context) error {
	dir, err := fs.Sub(migrations, db.dialect.migrations)
	if err != nil {
		return err
	}
	provider, err := goose.NewProvider(db.dialect.goose, db.db, dir)
	if err != nil {
		return fmt.Errorf("%s: migrations: %w", db.dialect.name, err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("%s: migrate: %w", db.dialect.name, err)
	}
	return nil
}

// Ping checks that the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("%s: ping: %w", db.dialect.name, err)
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error {
	err := db.db.Close()
	db.closePool()
	return err
}

// conn runs queries on the database, or in a transaction, with the
// arguments converted for the dialect.
type conn struct {
	ctx context.Context
	q   interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
	d *dialect
}

func (db *DB) conn(ctx context.Context) conn { return conn{ctx, db.db, db.dialect} }

// inTx runs fn in a transaction, committing when it returns nil.
func (db *DB) inTx(ctx context.Context, fn func(c conn) error) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: begin: %w", db.dialect.name, err)
	}
	defer tx.Rollback()
	if err := fn(conn{ctx, tx, db.dialect}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: commit: %w", db.dialect.name, err)
	}
	return nil
}

// exec runs a statement and says how many rows it changed.
func (c conn) exec(query string, args ...any) (int64, error) {
	res, err := c.q.ExecContext(c.ctx, query, c.d.args(args)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c conn) queryRow(query string, args ...any) *sql.Row {
	return c.q.QueryRowContext(c.ctx, query, c.d.args(args)...)
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// list runs a query and scans every row with scan; what names the rows in
// errors.
func list[T any](c conn, what string, scan func(scanner) (*T, error), query string, args ...any) ([]*T, error) {
	rows, err := c.q.QueryContext(c.ctx, query, c.d.args(args)...)
	if err != nil {
		return nil, storeError(err, what)
	}
	defer rows.Close()
	var out []*T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, storeError(err, what)
		}
		out = append(out, v)
	}
	return out, storeError(rows.Err(), what)
}

// storeError turns driver errors into domain codes where one applies.
func storeError(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return cloud.Errorf(cloud.ENOTFOUND, "%s not found", what)
	case isUniqueViolation(err):
		return cloud.Errorf(cloud.ECONFLICT, "%s already exists", what)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}
