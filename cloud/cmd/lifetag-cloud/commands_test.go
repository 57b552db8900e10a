package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/sqldb"
)

// commandTimeout bounds a command that should exit by itself: one that
// started a server instead would never.
const commandTimeout = time.Minute

// runCloudCommand runs this test binary as lifetag-cloud with args, in the
// working directory dir, with the environment env added to the test's, and
// waits for it to exit: its output and exit status.
func runCloudCommand(t *testing.T, dir string, env map[string]string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), runCloudEnv+"=1")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s did not exit within %v: it was still running (stdout %q, stderr %q)",
			strings.Join(append([]string{"lifetag-cloud"}, args...), " "), commandTimeout, out.String(), errOut.String())
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status
}

// TestCommandLine: the binary takes --version, --help and its commands like
// a server should. Those that only print, and every command line it
// refuses, exit at once and leave nothing behind (no data folder where
// they were run); a refused one exits 2 with a short usage.
func TestCommandLine(t *testing.T) {
	// The environment of a developer's shell: DATA_DIR unset, so a server
	// start would make ./data in the working directory.
	noDataDir := map[string]string{"DATA_DIR": "", "DATABASE_URL": "", "PORT": "0", "LOG_LEVEL": "warn"}
	for _, tc := range []struct {
		args       []string
		status     int
		stdout     string
		stderrHas  string
		stdoutHas  string
		stdoutNone bool
	}{
		{args: []string{"--version"}, stdout: versionLine() + "\n"},
		{args: []string{"-version"}, stdout: versionLine() + "\n"},
		{args: []string{"--help"}, stdout: usage},
		{args: []string{"-h"}, stdout: usage},
		{args: []string{"backup", "--help"}, stdout: usage},
		{args: []string{"--bogus"}, status: exitUsage, stderrHas: "flag provided but not defined: -bogus\n" + shortUsage},
		{args: []string{"--version=maybe"}, status: exitUsage, stderrHas: shortUsage},
		{args: []string{"bogus"}, status: exitUsage, stderrHas: `unknown command "bogus"` + "\n" + shortUsage},
		{args: []string{"serve", "now"}, status: exitUsage, stderrHas: `serve takes no arguments, not "now"`},
		{args: []string{"serve", "--port=9000"}, status: exitUsage, stderrHas: "flag provided but not defined: -port"},
		{args: []string{"migrate", "--force"}, status: exitUsage, stderrHas: "flag provided but not defined: -force"},
		{args: []string{"backup"}, status: exitUsage, stderrHas: "backup takes one argument"},
		{args: []string{"backup", "a.db", "b.db"}, status: exitUsage, stderrHas: "backup takes one argument"},
	} {
		dir := t.TempDir()
		stdout, stderr, status := runCloudCommand(t, dir, noDataDir, tc.args...)
		name := "lifetag-cloud " + strings.Join(tc.args, " ")
		if status != tc.status {
			t.Errorf("%s: exit status %d, want %d (stdout %q, stderr %q)", name, status, tc.status, stdout, stderr)
		}
		if tc.status == 0 && stdout != tc.stdout {
			t.Errorf("%s printed %q, want %q (stderr %q)", name, stdout, tc.stdout, stderr)
		}
		if tc.status != 0 && (stdout != "" || !strings.Contains(stderr, tc.stderrHas)) {
			t.Errorf("%s: stdout %q, stderr %q, want nothing on stdout and %q on stderr", name, stdout, stderr, tc.stderrHas)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%s left %s in the folder it ran in", name, entries[0].Name())
		}
	}
}

// TestMigrateCommand: migrate makes and migrates the database, then exits;
// run again it finds nothing to do.
func TestMigrateCommand(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"DATA_DIR": dataDir, "DATABASE_URL": "", "PORT": "0", "LOG_LEVEL": "warn"}
	for range 2 {
		if stdout, stderr, status := runCloudCommand(t, t.TempDir(), env, "migrate"); status != 0 {
			t.Fatalf("migrate: exit status %d (stdout %q, stderr %q)", status, stdout, stderr)
		}
	}
	// The database is at the newest migration of sqldb/migrations/sqlite.
	files, err := filepath.Glob(filepath.Join("..", "..", "sqldb", "migrations", "sqlite", "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	var newest int64
	fmt.Sscanf(filepath.Base(files[len(files)-1]), "%d_", &newest)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, sqldb.SQLiteFileName)+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var applied int64
	if err := db.QueryRow("SELECT MAX(version_id) FROM goose_db_version").Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied != newest {
		t.Fatalf("migrate left the database at migration %d, the newest is %d", applied, newest)
	}
}
