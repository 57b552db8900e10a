package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/multitracer"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/lifetag/lifetag/cloud"
)

// SQLiteFileName is the database file inside the data directory.
const SQLiteFileName = "lifetag.db"

// OpenPostgres connects to url and applies every pending migration. The
// pool settings in the URL (pool_max_conns ...) apply.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	return openPostgres(ctx, url, pgxTracer{})
}

// OpenPostgresObserved is OpenPostgres with observe told of every
// statement after the store's own tracer: the capacity benchmark records
// the statements a request runs, with their arguments, to explain their
// plans.
func OpenPostgresObserved(ctx context.Context, url string, observe pgx.QueryTracer) (*DB, error) {
	return openPostgres(ctx, url, multitracer.New(pgxTracer{}, observe))
}

func openPostgres(ctx context.Context, url string, tracer pgx.QueryTracer) (*DB, error) {
	config, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse DATABASE_URL: %w", err)
	}
	config.ConnConfig.Tracer = tracer
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	return open(ctx, postgresDialect, pgxDriver{pgxQuerier{pool}, pool})
}

// OpenSQLite opens (creating if needed) the database in dir, refuses it if
// it fails PRAGMA quick_check, and applies every pending migration.
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
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	// A damaged file is refused before anything (migrations) writes to it.
	if err := quickCheck(ctx, db); err != nil {
		db.Close()
		return nil, damagedError(path, err)
	}
	return open(ctx, sqliteDialect, sqlDriver{sqlQuerier{db}, db})
}

// pgxDriver runs SQL on pgx's pool, natively: database/sql over pgx costs
// the API benchmark about a seventh more CPU per request.
type pgxDriver struct {
	pgxQuerier
	pool *pgxpool.Pool
}

func (d pgxDriver) begin(ctx context.Context) (txDriver, error) {
	tx, err := d.pool.Begin(ctx)
	return pgxTx{pgxQuerier{tx}, tx}, err
}

func (d pgxDriver) sqlDB() (*sql.DB, func()) {
	db := stdlib.OpenDBFromPool(d.pool)
	return db, func() { db.Close() }
}

func (d pgxDriver) close() { d.pool.Close() }

// migrationLock holds a session advisory lock on a connection of its own,
// outside the pool, so that a pool of one connection still has one for the
// migrations. The key is the schema's, so that stores in other schemas of
// one database (the tests') do not wait for each other.
func (d pgxDriver) migrationLock(ctx context.Context) (func(), error) {
	conn, err := pgx.ConnectConfig(ctx, d.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext('lifetag-migrations:' || coalesce(current_schema(), '')))"); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	// Closing the connection ends its session, and so releases the lock.
	return func() { conn.Close(context.WithoutCancel(ctx)) }, nil
}

func (d pgxDriver) poolStats() cloud.PoolStats {
	s := d.pool.Stat()
	return cloud.PoolStats{InUse: int(s.AcquiredConns()), Idle: int(s.IdleConns()), Max: int(s.MaxConns()),
		Waits: s.EmptyAcquireCount(), WaitTime: s.EmptyAcquireWaitTime()}
}

type pgxTx struct {
	pgxQuerier
	tx pgx.Tx
}

func (t pgxTx) commit(ctx context.Context) error { return t.tx.Commit(ctx) }
func (t pgxTx) rollback(ctx context.Context)     { t.tx.Rollback(ctx) }

// pgxQuerier runs statements on the pool or in a transaction.
type pgxQuerier struct {
	q interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	}
}

func (p pgxQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := p.q.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (p pgxQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	return p.q.QueryRow(ctx, query, args...)
}

func (p pgxQuerier) query(ctx context.Context, query string, args ...any) (rows, error) {
	return p.q.Query(ctx, query, args...)
}

// sqlDriver runs SQL through database/sql.
type sqlDriver struct {
	sqlQuerier
	db *sql.DB
}

func (d sqlDriver) begin(ctx context.Context) (txDriver, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	return sqlTx{sqlQuerier{tx}, tx}, err
}

func (d sqlDriver) sqlDB() (*sql.DB, func()) { return d.db, func() {} }
func (d sqlDriver) close()                   { d.db.Close() }

// migrationLock: SQLite's file is one process's (the data directory is not
// shared), and its migrations take the file's write lock anyway.
func (d sqlDriver) migrationLock(context.Context) (func(), error) { return func() {}, nil }

func (d sqlDriver) poolStats() cloud.PoolStats {
	s := d.db.Stats()
	return cloud.PoolStats{InUse: s.InUse, Idle: s.Idle, Max: s.MaxOpenConnections,
		Waits: s.WaitCount, WaitTime: s.WaitDuration}
}

type sqlTx struct {
	sqlQuerier
	tx *sql.Tx
}

func (t sqlTx) commit(context.Context) error { return t.tx.Commit() }
func (t sqlTx) rollback(context.Context)     { t.tx.Rollback() }

// sqlQuerier runs statements on the database or in a transaction.
type sqlQuerier struct {
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
}

func (s sqlQuerier) exec(ctx context.Context, query string, args ...any) (int64, error) {
	if ctx, span, traced := startSQLSpan(ctx, "sqlite", query); traced {
		n, err := s.execUntraced(ctx, query, args...)
		endSQLSpan(span, err)
		return n, err
	}
	return s.execUntraced(ctx, query, args...)
}

func (s sqlQuerier) execUntraced(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s sqlQuerier) queryRow(ctx context.Context, query string, args ...any) scanner {
	if ctx, span, traced := startSQLSpan(ctx, "sqlite", query); traced {
		row := s.q.QueryRowContext(ctx, query, args...)
		endSQLSpan(span, row.Err())
		return row
	}
	return s.q.QueryRowContext(ctx, query, args...)
}

func (s sqlQuerier) query(ctx context.Context, query string, args ...any) (rows, error) {
	if ctx, span, traced := startSQLSpan(ctx, "sqlite", query); traced {
		r, err := s.queryUntraced(ctx, query, args...)
		endSQLSpan(span, err)
		return r, err
	}
	return s.queryUntraced(ctx, query, args...)
}

func (s sqlQuerier) queryUntraced(ctx context.Context, query string, args ...any) (rows, error) {
	r, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}

// sqlRows is *sql.Rows with pgx.Rows' Close.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }
