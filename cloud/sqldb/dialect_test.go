package sqldb_test

import (
	"database/sql"
	"testing"
)

// Queries are written once with PostgreSQL's $N placeholders. SQLite takes
// $N as a named parameter; modernc.org/sqlite binds it to the Nth argument,
// whatever the order in which the query names them, and a repeated $N is one
// parameter, as in PostgreSQL.
func TestPlaceholdersBindByPosition(t *testing.T) {
	for name, open := range map[string]func(*testing.T) *sql.DB{"postgres": migratedPostgres, "sqlite": migratedSQLite} {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			var first, second, third string
			err := db.QueryRow(`SELECT $2 || '', $1 || '', $2 || ''`, "one", "two").Scan(&first, &second, &third)
			if err != nil {
				t.Fatal(err)
			}
			if first != "two" || second != "one" || third != "two" {
				t.Fatalf("got %q %q %q, want two one two", first, second, third)
			}
		})
	}
}
