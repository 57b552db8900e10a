// Package sqldb implements cloud.Store once, on PostgreSQL (pgx v5 and its
// pool) or on an embedded SQLite file (modernc.org/sqlite through
// database/sql, pure Go: the default when DATABASE_URL is unset).
//
// One file per table holds that table's queries, each written once.
// dialect.go holds the few things the two databases' SQL does differently,
// drivers.go how each is opened and run, and migrations/postgres and
// migrations/sqlite their DDL.
package sqldb

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"

	"github.com/lifetag/lifetag/cloud"
)

//go:embed migrations/postgres/*.sql migrations/sqlite/*.sql
var migrations embed.FS

// DB is a cloud.Store on PostgreSQL or SQLite.
type DB struct {
	dialect *dialect
	driver  driver
	// queue is the job queue on this database (NewQueue), if any: writes
	// that cause jobs (webhook deliveries) insert them in their transaction.
	queue *Queue
}

var _ cloud.Store = (*DB)(nil)

// driver runs SQL on one database: pgx's own pool for PostgreSQL (its speed
// and its pool settings), database/sql for SQLite (drivers.go).
type driver interface {
	querier
	begin(ctx context.Context) (txDriver, error)
	// sqlDB gives goose a database/sql handle, and what to call when done.
	sqlDB() (*sql.DB, func())
	// migrationLock waits until no other process migrates this database,
	// and holds it until unlock is called.
	migrationLock(ctx context.Context) (unlock func(), err error)
	close()
	poolStats() cloud.PoolStats
}

// PoolStats is the connection pool's state now, for the metrics.
func (db *DB) PoolStats() cloud.PoolStats { return db.driver.poolStats() }

type txDriver interface {
	querier
	commit(ctx context.Context) error
	rollback(ctx context.Context)
}

// querier runs statements on a database or in a transaction.
type querier interface {
	exec(ctx context.Context, query string, args ...any) (int64, error)
	queryRow(ctx context.Context, query string, args ...any) scanner
	query(ctx context.Context, query string, args ...any) (rows, error)
}

// rows is what query returns: pgx.Rows, or *sql.Rows adapted.
type rows interface {
	scanner
	Next() bool
	Err() error
	Close()
}

func open(ctx context.Context, d *dialect, drv driver) (*DB, error) {
	db := &DB{dialect: d, driver: drv}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.foldSearchNames(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: search names: %w", d.name, err)
	}
	return db, nil
}

// migrate applies the pending migrations, one process at a time: instances
// started together on one database (a rolling deploy, hosts upgraded in
// parallel) would otherwise create the same tables at once and fail.
func (db *DB) migrate(ctx context.Context) error {
	dir, err := fs.Sub(migrations, db.dialect.migrations)
	if err != nil {
		return err
	}
	unlock, err := db.driver.migrationLock(ctx)
	if err != nil {
		return fmt.Errorf("%s: migration lock: %w", db.dialect.name, err)
	}
	defer unlock()
	sqlDB, done := db.driver.sqlDB()
	defer done()
	provider, err := goose.NewProvider(db.dialect.goose, sqlDB, dir)
	if err != nil {
		return fmt.Errorf("%s: migrations: %w", db.dialect.name, err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("%s: migrate: %w", db.dialect.name, err)
	}
	return db.migrateRiver(ctx)
}

// Ping checks that the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.conn(ctx).queryRow("SELECT 1").Scan(&one); err != nil {
		return dbError(err, db.dialect.name+": ping")
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error {
	db.driver.close()
	return nil
}

// conn runs queries on the database, or in a transaction, with the
// arguments converted for the dialect.
type conn struct {
	ctx context.Context
	q   querier
	d   *dialect
}

// Inside InTx, they join its transaction.
func (db *DB) conn(ctx context.Context) conn {
	if tx := db.txOf(ctx); tx != nil {
		return conn{ctx, tx, db.dialect}
	}
	return conn{ctx, db.driver, db.dialect}
}

// inTx runs fn in a transaction, committing when it returns nil; inside
// InTx, fn joins InTx's transaction, which commits when InTx's fn returns.
// There fn runs under a savepoint: when it fails, its own writes are undone
// and InTx's transaction can go on (on PostgreSQL an error ends a
// transaction, a savepoint's rollback revives it), so a store call stays
// all or nothing inside InTx too, and its caller may try again.
func (db *DB) inTx(ctx context.Context, fn func(c conn) error) error {
	if tx := db.txOf(ctx); tx != nil {
		c := conn{ctx, tx, db.dialect}
		if _, err := c.exec(`SAVEPOINT store_call`); err != nil {
			return dbError(err, db.dialect.name+": savepoint")
		}
		if err := fn(c); err != nil {
			// Its own error (a dead connection) adds nothing to fn's.
			c.exec(`ROLLBACK TO SAVEPOINT store_call`)
			return err
		}
		if _, err := c.exec(`RELEASE SAVEPOINT store_call`); err != nil {
			return dbError(err, db.dialect.name+": release savepoint")
		}
		return nil
	}
	tx, err := db.driver.begin(ctx)
	if err != nil {
		return dbError(err, db.dialect.name+": begin")
	}
	defer tx.rollback(ctx)
	// The transaction rides on the ctx too, so a job inserted in it
	// (Queue.InsertJob) joins it.
	if err := fn(conn{context.WithValue(ctx, txKey{}, ctxTx{db, tx}), tx, db.dialect}); err != nil {
		return err
	}
	if err := tx.commit(ctx); err != nil {
		return dbError(err, db.dialect.name+": commit")
	}
	return nil
}

// InTx runs fn in one transaction, committing when it returns nil: every
// store call and every job inserted (Queue.InsertJob) with the ctx fn is
// given joins it, so a job exists if and only if its cause committed. fn
// must not go on after an error of the store (PostgreSQL has ended the
// transaction); it returns it.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if db.txOf(ctx) != nil {
		return fn(ctx)
	}
	tx, err := db.driver.begin(ctx)
	if err != nil {
		return dbError(err, db.dialect.name+": begin")
	}
	defer tx.rollback(ctx)
	if err := fn(context.WithValue(ctx, txKey{}, ctxTx{db, tx})); err != nil {
		return err
	}
	if err := tx.commit(ctx); err != nil {
		return dbError(err, db.dialect.name+": commit")
	}
	return nil
}

// txKey is the context key of the transaction InTx runs.
type txKey struct{}

// ctxTx is InTx's transaction and the database it is on: a ctx of one DB's
// transaction given to another DB (two instances in one test) runs there
// on its own.
type ctxTx struct {
	db *DB
	tx txDriver
}

// txOf returns the transaction of InTx that ctx carries on db, or nil.
func (db *DB) txOf(ctx context.Context) txDriver {
	if t, ok := ctx.Value(txKey{}).(ctxTx); ok && t.db == db {
		return t.tx
	}
	return nil
}

// exec runs a statement and says how many rows it changed.
func (c conn) exec(query string, args ...any) (int64, error) {
	return c.q.exec(c.ctx, query, c.d.args(args)...)
}

func (c conn) queryRow(query string, args ...any) scanner {
	return c.q.queryRow(c.ctx, query, c.d.args(args)...)
}

// scanner is one row, or rows at one row.
type scanner interface{ Scan(dest ...any) error }

// list runs a query and scans every row with scan; what names the rows in
// errors.
func list[T any](c conn, what string, scan func(scanner) (*T, error), query string, args ...any) ([]*T, error) {
	rows, err := c.q.query(c.ctx, query, c.d.args(args)...)
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

// storeError turns driver errors into domain codes where one applies
// (pgx.ErrNoRows is also sql.ErrNoRows).
func storeError(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return cloud.Errorf(cloud.ENOTFOUND, "%s not found", what)
	case isUniqueViolation(err):
		return cloud.Errorf(cloud.ECONFLICT, "%s already exists", what)
	}
	return dbError(err, "store: "+what)
}

// errUnavailable is the domain error of a database that cannot be reached.
var errUnavailable = cloud.NewError(cloud.EUNAVAILABLE, cloud.MsgDatabaseUnavailable)

// dbError wraps an error of the database with what was being done; an error
// that says the database is away (isUnavailable) carries EUNAVAILABLE, so
// the request gets 503 and a message to try again rather than a 500.
func dbError(err error, what string) error {
	var e *cloud.Error
	switch {
	case errors.As(err, &e):
		return err // already a domain error
	case isUnavailable(err):
		return fmt.Errorf("%s: %w (%w)", what, errUnavailable, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}
