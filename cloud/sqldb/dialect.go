package sqldb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect holds what differs between PostgreSQL's and SQLite's SQL (how
// each is opened and run is in drivers.go). The queries themselves are
// written once, in PostgreSQL's style, which SQLite also accepts:
//   - placeholders: $1, $2 ... (modernc.org/sqlite binds $N to the Nth
//     argument, like ?N; a repeated $N is one parameter in both);
//   - booleans: true and false (SQLite reads them as 1 and 0);
//   - upserts and ids: ON CONFLICT ... DO and RETURNING.
//
// Binary values ([]byte) and NULLs need nothing either; times do (below).
type dialect struct {
	name string
	// goose and migrations: each database has its own DDL (types differ),
	// and schema_test.go proves both define the same tables.
	goose      goose.Dialect
	migrations string // folder inside the embedded migrations/
	// time turns a time.Time argument into what the database stores:
	// fixed-width UTC text in SQLite (so that text comparison is time
	// comparison); nil where times go as they are (PostgreSQL's
	// timestamptz). Scanning reads both (timeDest).
	time func(time.Time) any
	// lockRows ends a SELECT that reads rows the transaction will change.
	// PostgreSQL locks the rows; SQLite has no row locks, but every
	// transaction begins IMMEDIATE (the database's write lock, see
	// OpenSQLite), so transactions that write are already serialised.
	lockRows string
	// byteOrder makes ORDER BY compare text by bytes: PostgreSQL would
	// otherwise follow the database's locale; SQLite's default is bytes.
	byteOrder string
}

var postgresDialect = &dialect{
	name:       "postgres",
	goose:      goose.DialectPostgres,
	migrations: "migrations/postgres",
	time:       nil,
	lockRows:   " FOR UPDATE",
	byteOrder:  ` COLLATE "C"`,
}

var sqliteDialect = &dialect{
	name:       "sqlite",
	goose:      goose.DialectSQLite3,
	migrations: "migrations/sqlite",
	time:       func(t time.Time) any { return t.UTC().Format(sqliteTimeLayout) },
	lockRows:   "",
	byteOrder:  "",
}

// sqliteTimeLayout is fixed width so that stored times compare as text.
const sqliteTimeLayout = "2006-01-02T15:04:05.000000000Z"

// args converts query arguments for the dialect: only times change.
func (d *dialect) args(args []any) []any {
	if d.time == nil {
		return args
	}
	var out []any
	for i, a := range args {
		if t, ok := a.(time.Time); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = d.time(t)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// timeDest scans a time column of either database into t: PostgreSQL's
// driver returns a time.Time, SQLite's the text that dialect.time wrote.
// NULL gives the zero time.
func timeDest(t *time.Time) timeScanner { return timeScanner{t} }

type timeScanner struct{ t *time.Time }

func (s timeScanner) Scan(src any) error {
	var err error
	switch v := src.(type) {
	case nil:
		*s.t = time.Time{}
	case time.Time:
		*s.t = v
	case string:
		*s.t, err = time.Parse(sqliteTimeLayout, v)
	case []byte:
		*s.t, err = time.Parse(sqliteTimeLayout, string(v))
	default:
		err = fmt.Errorf("a time column holds a %T", src)
	}
	return err
}

// isUnavailable reports whether err means the database could not be reached
// or went away mid-statement (a restart, a failover), or did not answer in
// time, not
// that it refused the statement. pgx's pool drops a broken connection and
// dials a new one for the next query, so these pass by themselves.
func isUnavailable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01-57P03: the server is
		// shutting down, crashed, or not accepting connections yet.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) || errors.As(err, &netErr) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, context.DeadlineExceeded)
}

// isUniqueViolation reports whether err is either database refusing a
// duplicate in a unique column or primary key.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505" // unique_violation
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		code := liteErr.Code()
		return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}
