package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A copy of the SQLite file taken while the cloud writes (cp) can be torn:
// half of one transaction, half of the next, or the file without its
// write-ahead log. The cloud then serves it as if whole. So the cloud
// checks the file before it starts, and BackupSQLite takes copies through
// SQLite itself.

// quickCheckProblems bounds the problems PRAGMA quick_check lists: the
// first few say enough, and a badly damaged file has thousands.
const quickCheckProblems = 3

// quickCheck runs PRAGMA quick_check on db: nil when SQLite finds the file
// whole, else what it found. It reads every page (docs/operating.md, Backups, has a
// timing) but, unlike integrity_check, does not check indexes against
// their tables, which would take much longer.
func quickCheck(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, fmt.Sprintf("PRAGMA quick_check(%d)", quickCheckProblems))
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// damagedError says that the database file at path failed its check, and
// what the operator does about it (docs/operating.md, Backups).
func damagedError(path string, problem error) error {
	return fmt.Errorf("sqlite: %s is damaged (PRAGMA quick_check: %v). "+
		"The cloud does not start on a damaged database, which could serve records half written or lose them: "+
		"stop here, keep the file (and its -wal and -shm files) aside for inspection, and restore the newest backup "+
		"made with `lifetag-cloud backup` (docs/operating.md, Backups)", path, problem)
}

// BackupSQLite copies the database in dir to a new file dest, a consistent
// snapshot taken while the cloud may be writing (VACUUM INTO reads in one
// transaction and, the file being in WAL mode, writers go on meanwhile).
// It refuses a dest that exists, checks the database before and its copy
// after, and names the copy dest only once it is complete and on disk: a
// file at dest is always a whole backup. It does not migrate or create
// anything in dir.
func BackupSQLite(ctx context.Context, dir, dest string) error {
	path := filepath.Join(dir, SQLiteFileName)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: no database to back up: %w (is DATA_DIR the cloud's?)", err)
	}
	if _, err := os.Lstat(dest); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %s already exists: a backup goes to a new file, never over another", dest)
	}
	// mode=rw: never create a database where there was none.
	db, err := sql.Open("sqlite", "file:"+path+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("sqlite: open: %w", err)
	}
	defer db.Close()
	if err := quickCheck(ctx, db); err != nil {
		return damagedError(path, err)
	}

	// The copy is written beside dest under a temporary name, created here
	// empty (VACUUM INTO fills an empty file) with the database's own
	// mode: only the cloud's user reads health data.
	tmp, err := os.CreateTemp(filepath.Dir(dest), filepath.Base(dest)+".partial-*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	done := false
	defer func() {
		if !done {
			os.Remove(tmpPath)
		}
	}()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", tmpPath); err != nil {
		return fmt.Errorf("sqlite: VACUUM INTO %s: %w", tmpPath, err)
	}
	if err := checkFile(ctx, tmpPath); err != nil {
		return fmt.Errorf("backup: the copy fails its check, nothing written to %s: %w", dest, err)
	}
	if err := syncFile(tmpPath); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	// A link, not a rename: it fails rather than replace a file that
	// appeared at dest meanwhile.
	if err := os.Link(tmpPath, dest); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	os.Remove(tmpPath)
	done = true
	return syncFile(filepath.Dir(dest)) // the new name, on disk too
}

// checkFile runs quick_check on the database file at path.
func checkFile(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=rw")
	if err != nil {
		return err
	}
	defer db.Close()
	return quickCheck(ctx, db)
}

// syncFile flushes a file, or a directory's entries, to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
