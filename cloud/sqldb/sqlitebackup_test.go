package sqldb_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud/sqldb"
)

// TestBackupSQLiteRefuses: a backup never writes over a file, and never
// makes a database where there was none; a refused one leaves nothing.
func TestBackupSQLiteRefuses(t *testing.T) {
	ctx := context.Background()
	dir, out := t.TempDir(), t.TempDir()
	dest := filepath.Join(out, "lifetag.db")
	if err := sqldb.BackupSQLite(ctx, dir, dest); err == nil || !strings.Contains(err.Error(), "no database to back up") {
		t.Fatalf("a backup of an empty DATA_DIR: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("a backup made %s in DATA_DIR", entries[0].Name())
	}

	db, err := sqldb.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.WriteFile(dest, []byte("an older backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := sqldb.BackupSQLite(ctx, dir, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("a backup over a file: %v", err)
	}
	if kept, _ := os.ReadFile(dest); string(kept) != "an older backup" {
		t.Fatalf("the file was replaced: %q", kept)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Fatalf("a refused backup left %d files", len(entries))
	}

	// A backup to a new file opens as a store (a whole, migrated database).
	fresh := filepath.Join(out, "fresh")
	if err := os.Mkdir(fresh, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := sqldb.BackupSQLite(ctx, dir, filepath.Join(fresh, sqldb.SQLiteFileName)); err != nil {
		t.Fatal(err)
	}
	restored, err := sqldb.OpenSQLite(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	restored.Close()
}
