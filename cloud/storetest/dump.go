package storetest

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Row is one table row, every value as text (blobs as \x hex).
type Row map[string]string

// Tables maps each table name to its rows.
type Tables map[string][]Row

// Dumper reads every row of every table of a store, through its own
// connection, so tests can prove what is (and is not) stored.
type Dumper func(t testing.TB) Tables

func postgresDumper(conn string) Dumper {
	return func(t testing.TB) Tables {
		t.Helper()
		ctx := context.Background()
		c, err := pgx.Connect(ctx, conn)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close(ctx)
		rows, err := c.Query(ctx, `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
		if err != nil {
			t.Fatal(err)
		}
		names, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatal("dump: no tables found")
		}
		tables := Tables{}
		for _, name := range names {
			rows, err := c.Query(ctx, fmt.Sprintf(`SELECT row_to_json(t)::text FROM %s t`, pgx.Identifier{name}.Sanitize()))
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				t.Fatal(err)
			}
			tables[name] = []Row{}
			for _, text := range texts {
				var values map[string]any
				if err := json.Unmarshal([]byte(text), &values); err != nil {
					t.Fatal(err)
				}
				row := Row{}
				for k, v := range values {
					if v != nil {
						row[k] = fmt.Sprint(v)
					}
				}
				tables[name] = append(tables[name], row)
			}
		}
		return tables
	}
}

func sqliteDumper(path string) Dumper {
	return func(t testing.TB) Tables {
		t.Helper()
		db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
		rows.Close()
		if len(names) == 0 {
			t.Fatal("dump: no tables found")
		}
		tables := Tables{}
		for _, name := range names {
			tables[name] = dumpSQLiteTable(t, db, name)
		}
		return tables
	}
}

func dumpSQLiteTable(t testing.TB, db *sql.DB, name string) []Row {
	rows, err := db.Query(`SELECT * FROM "` + strings.ReplaceAll(name, `"`, `""`) + `"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	result := []Row{}
	for rows.Next() {
		values := make([]any, len(columns))
		pointers := make([]any, len(columns))
		for i := range values {
			pointers[i] = &values[i]
		}
		if err := rows.Scan(pointers...); err != nil {
			t.Fatal(err)
		}
		row := Row{}
		for i, v := range values {
			switch v := v.(type) {
			case nil:
			case []byte:
				row[columns[i]] = `\x` + hex.EncodeToString(v)
			default:
				row[columns[i]] = fmt.Sprint(v)
			}
		}
		result = append(result, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return result
}
