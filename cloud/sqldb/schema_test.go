package sqldb_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// The two databases' migrations are written apart (their types differ), so
// this test proves they build the same schema: the same tables, columns
// (compatible types, nullability, defaults), primary keys, unique
// constraints, indexes, foreign keys and checks.
func TestSchemasMatch(t *testing.T) {
	pg := describePostgres(t, migratedPostgres(t))
	lite := describeSQLite(t, migratedSQLite(t))
	if len(pg) == 0 {
		t.Fatal("no schema read from PostgreSQL")
	}
	for _, line := range pg {
		if !slices.Contains(lite, line) {
			t.Errorf("PostgreSQL only: %s", line)
		}
	}
	for _, line := range lite {
		if !slices.Contains(pg, line) {
			t.Errorf("SQLite only:     %s", line)
		}
	}
}

// The comparison sees a difference: a column that only one side has.
func TestSchemasMatchNoticesAColumn(t *testing.T) {
	db := migratedSQLite(t)
	before := describeSQLite(t, db)
	if _, err := db.Exec(`ALTER TABLE users ADD COLUMN nickname text NOT NULL DEFAULT ''`); err != nil {
		t.Fatal(err)
	}
	after := describeSQLite(t, db)
	if !slices.Contains(after, "users.nickname text NOT NULL DEFAULT ''") || slices.Equal(before, after) {
		t.Fatalf("the added column is not described: %q", after)
	}
}

func migratedPostgres(t *testing.T) *sql.DB {
	conn := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), conn)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	db, err := sql.Open("pgx", conn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func migratedSQLite(t *testing.T) *sql.DB {
	dir := t.TempDir()
	store, err := sqldb.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, sqldb.SQLiteFileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// sqliteTypeFor is the SQLite type that stores each PostgreSQL type the
// migrations use: booleans as 0 and 1, times as fixed-width UTC text (see
// dialect.go). A new PostgreSQL type needs a line here.
var sqliteTypeFor = map[string]string{
	"bigint":                   "integer",
	"integer":                  "integer",
	"boolean":                  "integer",
	"text":                     "text",
	"bytea":                    "blob",
	"timestamp with time zone": "text",
	"double precision":         "real",
}

// Tables the migrations do not make; River's own (river_*) differ between
// its two drivers by its design.
func ignoredTable(name string) bool {
	return name == "goose_db_version" || strings.HasPrefix(name, "sqlite_") || strings.HasPrefix(name, "river_")
}

// describePostgres lists the schema as sorted lines, in SQLite's terms.
func describePostgres(t *testing.T, db *sql.DB) []string {
	var lines []string
	for _, r := range queryStrings(t, db, 4, `
		SELECT table_name, column_name, data_type, is_nullable || ' ' || coalesce(column_default, '')
		FROM information_schema.columns WHERE table_schema = current_schema()`) {
		table, column, pgType, nullDefault := r[0], r[1], r[2], r[3]
		if ignoredTable(table) {
			continue
		}
		liteType, ok := sqliteTypeFor[pgType]
		if !ok {
			t.Errorf("%s.%s: no SQLite type known for PostgreSQL's %s: add it to sqliteTypeFor", table, column, pgType)
		}
		nullable, dflt, _ := strings.Cut(nullDefault, " ")
		lines = append(lines, columnLine(table, column, liteType, nullable == "NO", postgresDefault(dflt)))
	}
	// Primary keys, unique constraints and indexes, by their columns.
	for _, r := range queryStrings(t, db, 3, `
		SELECT tables.relname,
			CASE WHEN i.indisprimary THEN 'PRIMARY KEY' WHEN i.indisunique THEN 'UNIQUE' ELSE 'INDEX' END,
			(SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
				JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum)
		FROM pg_index i JOIN pg_class tables ON tables.oid = i.indrelid
		WHERE tables.relnamespace = current_schema()::regnamespace`) {
		if !ignoredTable(r[0]) {
			lines = append(lines, fmt.Sprintf("%s %s (%s)", r[0], r[1], r[2]))
		}
	}
	// Foreign keys and checks.
	for _, r := range queryStrings(t, db, 4, `
		SELECT c.conrelid::regclass::text, c.contype::text, pg_get_constraintdef(c.oid),
			(SELECT string_agg(a.attname, ', ' ORDER BY a.attname) FROM pg_attribute a
				WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey))
		FROM pg_constraint c WHERE c.connamespace = current_schema()::regnamespace AND c.contype IN ('f', 'c')`) {
		table, kind, def, columns := r[0], r[1], r[2], r[3]
		if ignoredTable(table) {
			continue
		}
		if kind == "f" {
			lines = append(lines, table+" "+def)
		} else {
			lines = append(lines, checkLine(table, columns, def))
		}
	}
	slices.Sort(lines)
	return lines
}

// describeSQLite lists the schema as sorted lines.
func describeSQLite(t *testing.T, db *sql.DB) []string {
	var lines []string
	for _, r := range queryStrings(t, db, 2, `SELECT name, sql FROM sqlite_schema WHERE type = 'table'`) {
		table, ddl := r[0], r[1]
		if ignoredTable(table) {
			continue
		}
		var columns, primaryKey []string
		for _, c := range queryStrings(t, db, 5, `SELECT name, lower(type), "notnull", coalesce(dflt_value, ''), pk
			FROM pragma_table_info(?) ORDER BY pk`, table) {
			columns = append(columns, c[0])
			// SQLite lets a primary key other than INTEGER hold NULL (an
			// old quirk it keeps); the store never writes one, so a
			// primary key counts as NOT NULL, as in PostgreSQL.
			notNull := c[2] == "1" || c[4] != "0"
			lines = append(lines, columnLine(table, c[0], c[1], notNull, c[3]))
			if c[4] != "0" {
				primaryKey = append(primaryKey, c[0])
			}
		}
		if len(primaryKey) > 0 {
			lines = append(lines, fmt.Sprintf("%s PRIMARY KEY (%s)", table, strings.Join(primaryKey, ", ")))
		}
		for _, index := range queryStrings(t, db, 3, `SELECT name, "unique", origin FROM pragma_index_list(?)`, table) {
			if index[2] == "pk" {
				continue
			}
			var keys []string
			for _, k := range queryStrings(t, db, 1, `SELECT name FROM pragma_index_info(?) ORDER BY seqno`, index[0]) {
				keys = append(keys, k[0])
			}
			kind := "INDEX"
			if index[1] == "1" {
				kind = "UNIQUE"
			}
			lines = append(lines, fmt.Sprintf("%s %s (%s)", table, kind, strings.Join(keys, ", ")))
		}
		for _, fk := range queryStrings(t, db, 5, `SELECT id, "from", "table", "to", on_delete
			FROM pragma_foreign_key_list(?) ORDER BY id, seq`, table) {
			line := fmt.Sprintf("%s FOREIGN KEY (%s) REFERENCES %s(%s)", table, fk[1], fk[2], fk[3])
			if fk[4] != "NO ACTION" {
				line += " ON DELETE " + fk[4]
			}
			lines = append(lines, line)
		}
		for _, check := range sqliteChecks(ddl) {
			var named []string
			for _, c := range columns {
				if regexp.MustCompile(`\b` + c + `\b`).MatchString(check) {
					named = append(named, c)
				}
			}
			slices.Sort(named)
			lines = append(lines, checkLine(table, strings.Join(named, ", "), check))
		}
	}
	slices.Sort(lines)
	return lines
}

func columnLine(table, column, typ string, notNull bool, dflt string) string {
	line := fmt.Sprintf("%s.%s %s", table, column, typ)
	if notNull {
		line += " NOT NULL"
	}
	if dflt != "" {
		line += " DEFAULT " + dflt
	}
	return line
}

// postgresDefault writes a PostgreSQL column default as SQLite's: without
// casts, booleans as 0 and 1.
func postgresDefault(d string) string {
	d = regexp.MustCompile(`::[a-z ]+$`).ReplaceAllString(d, "")
	switch d {
	case "false":
		return "0"
	case "true":
		return "1"
	}
	return d
}

// literal is a quoted string or a number in a CHECK expression.
var literal = regexp.MustCompile(`'(?:[^']|'')*'|\b[0-9]+(?:\.[0-9]+)?\b`)

// checkLine describes a CHECK by the columns it names and the literals it
// compares them with (PostgreSQL rewrites the expression itself, IN into
// = ANY (ARRAY[...]), so the text is not comparable).
func checkLine(table, columns, expression string) string {
	literals := literal.FindAllString(expression, -1)
	slices.Sort(literals)
	return fmt.Sprintf("%s CHECK on (%s) with %s", table, columns, strings.Join(slices.Compact(literals), " "))
}

// checkStart finds where a CHECK's parenthesised expression begins.
var checkStart = regexp.MustCompile(`(?i)\bcheck\s*\(`)

// sqliteChecks returns the expression of every CHECK in a CREATE TABLE.
func sqliteChecks(ddl string) []string {
	var checks []string
	for _, match := range checkStart.FindAllStringIndex(ddl, -1) {
		start := match[1] - 1 // the opening parenthesis
		depth, quoted := 0, false
		for end := start; end < len(ddl); end++ {
			switch c := ddl[end]; {
			case c == '\'':
				quoted = !quoted
			case quoted:
			case c == '(':
				depth++
			case c == ')':
				depth--
			}
			if depth == 0 && !quoted {
				checks = append(checks, ddl[start:end+1])
				break
			}
		}
	}
	return checks
}

// queryStrings runs a query whose n columns are all read as text.
func queryStrings(t *testing.T, db *sql.DB, n int, query string, args ...any) [][]string {
	t.Helper()
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		values := make([]string, n)
		pointers := make([]any, n)
		for i := range values {
			pointers[i] = &values[i]
		}
		if err := rows.Scan(pointers...); err != nil {
			t.Fatal(err)
		}
		out = append(out, values)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
