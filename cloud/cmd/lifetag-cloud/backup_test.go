package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// backupMarker is medical text that must come back from a restored dump,
// and must never be in a dump in clear.
const backupMarker = "Backup marker: allergic to penicillin"

// TestBackupRestore follows docs/operating.md's "Backups": pg_dump of a live
// database, pg_restore into a fresh one, a cloud on it with the data key
// kept apart reads the sealed record back. The dump itself holds the
// account's address (plain) but not the medical text, which only the key
// opens, and a cloud with another key cannot read the record.
func TestBackupRestore(t *testing.T) {
	cluster := startCluster(t)
	liveURL := cluster.createDatabase("lifetag")
	env := cloudEnvironment(t, liveURL, nil)
	live := startCloud(t, env)
	store, err := sqldb.OpenPostgres(context.Background(), liveURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	createAccount(t, store, "backup@example.com", "backup-password")
	api := newAPIClient(t)
	token := api.login(live.URL, "backup@example.com", "backup-password")
	record := loadRecord("backup@example.com", 1)
	record["medicalInfo"] = map[string]string{"allergies": backupMarker}
	api.must("POST", live.URL+"/api/sync/emergency-data", token, map[string]any{"email": "backup@example.com", "emergencyData": record}, http.StatusOK)

	// The backup, taken while the cloud runs (pg_dump reads one snapshot).
	dump := filepath.Join(t.TempDir(), "lifetag.dump")
	dumpFlags, restoreFlags := readmeBackupFlags(t)
	pgTool(t, cluster, "pg_dump", append(dumpFlags, "--file="+dump, liveURL)...)
	plain := pgToolOutput(t, cluster, "pg_restore", "--file=-", dump) // the dump as SQL
	if !bytes.Contains(plain, []byte("backup@example.com")) {
		t.Fatal("the dump does not hold the account: it proves nothing")
	}
	if bytes.Contains(plain, []byte(backupMarker)) {
		t.Fatal("the dump holds medical text in clear")
	}
	live.Stop(t)

	// The restore, into a fresh database, and a cloud on it with the key.
	restoredURL := cluster.createDatabase("lifetag_restored")
	pgTool(t, cluster, "pg_restore", append(restoreFlags, "--dbname="+restoredURL, dump)...)
	restored := startCloud(t, cloudEnvironment(t, restoredURL, map[string]string{"DATA_KEY": env["DATA_KEY"]}))
	out := api.must("GET", restored.URL+"/api/sync/emergency-data/"+url.PathEscape("backup@example.com"), token, nil, http.StatusOK)
	if medical, _ := out["medicalInfo"].(map[string]any); medical["allergies"] != backupMarker {
		t.Fatalf("the restored record reads %v", out)
	}
	restored.Stop(t)

	// Without the key the dump's medical data is sealed for good.
	otherKey, err := aesgcm.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	wrongKey := startCloud(t, cloudEnvironment(t, restoredURL, map[string]string{"DATA_KEY": otherKey}))
	if status, _, err := api.call(context.Background(), "GET", wrongKey.URL+"/api/sync/emergency-data/"+url.PathEscape("backup@example.com"), token, nil, nil); err != nil || status == http.StatusOK {
		t.Fatalf("a cloud with another key read the record: %d %v", status, err)
	}
	wrongKey.Stop(t)
}

// operatingPage is the page, from the repository's root, whose Backups
// section these tests run.
const operatingPage = "docs/operating.md"

// readmeBackupFlags reads the options of docs/operating.md's pg_dump and
// pg_restore commands ("Backups"), but the file and database each names,
// which the test gives its own: the test runs what the page says.
func readmeBackupFlags(t *testing.T) (dump, restore []string) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", operatingPage))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Backups\n")
	section, _, _ = strings.Cut(section, "\n## ")
	// A command and its continuation lines as one line.
	text := strings.ReplaceAll(section, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		var flags []string
		for _, f := range fields[1:] {
			if strings.HasPrefix(f, "--") && !strings.HasPrefix(f, "--file=") && !strings.HasPrefix(f, "--dbname=") {
				flags = append(flags, f)
			}
		}
		switch fields[0] {
		case "pg_dump":
			dump = flags
		case "pg_restore":
			restore = flags
		}
	}
	if len(dump) == 0 || len(restore) == 0 {
		t.Fatalf("%s's Backups holds no pg_dump or pg_restore command with options (%q, %q)", operatingPage, dump, restore)
	}
	return dump, restore
}

// pgTool runs one of PostgreSQL's client programs, failing with its output.
func pgTool(t *testing.T, c *pgCluster, program string, args ...string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(c.bindir, program), args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", program, err, out)
	}
}

func pgToolOutput(t *testing.T, c *pgCluster, program string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(filepath.Join(c.bindir, program), args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", program, err)
	}
	return out
}

// TestSQLiteBackup runs docs/operating.md's SQLite backup while eight clients
// write to a cloud, then its restore with the cloud stopped: the cloud on
// the restored file holds every write acknowledged before the backup
// began, none twice, and the copy is readable by its owner only.
func TestSQLiteBackup(t *testing.T) {
	backupBlock, restoreBlock := readmeSQLiteBlocks(t)
	dataDir, backups := t.TempDir(), t.TempDir()
	env := cloudEnvironment(t, "", map[string]string{"DATA_DIR": dataDir,
		"RATE_LIMIT_PER_IP": "100000000", "RATE_LIMIT_ANALYTICS_PER_IP": "100000000", "RATE_LIMIT_API_PER_CLIENT": "100000000"})
	live := startCloud(t, env)
	store, err := sqldb.OpenSQLite(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	load := newMixedLoad(t, store, live.URL, "backup", 8)
	store.Close()
	load.start()
	defer load.stopOnce()
	clienttest.Eventually(t, 2*time.Minute, "300 writes acknowledged", func() bool { return load.acknowledged() >= 300 })

	// The backup, while the load goes on: what it must hold is what was
	// acknowledged before it began.
	before := load.acks()
	runReadmeBlock(t, backupBlock, env, map[string]string{"backups": backups})
	during := load.acks().writes - before.writes
	after := load.acknowledged()
	clienttest.Eventually(t, 2*time.Minute, "100 writes acknowledged after the backup", func() bool { return load.acknowledged() >= after+100 })
	load.stopOnce()
	live.Stop(t)
	if failed := load.statusFailures(); len(failed) > 0 {
		t.Fatalf("%d requests failed under the backup, the first: %s", len(failed), failed[0])
	}
	made, _ := filepath.Glob(filepath.Join(backups, "*"))
	if len(made) != 1 {
		t.Fatalf("the page's backup left %q in its folder, want one file", made)
	}
	info, err := os.Stat(made[0])
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("the backup's mode is %v: health data for the cloud's user only", info.Mode().Perm())
	}

	runReadmeBlock(t, restoreBlock, env, map[string]string{"backup": made[0]})
	restored := startCloud(t, env)
	store, err = sqldb.OpenSQLite(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if lost := load.verifyAcks(before, store, restored.URL); lost > 0 {
		t.Fatalf("%d of the %d writes acknowledged before the backup are not in the restored database", lost, before.writes)
	}
	restored.Stop(t)
	report(t, fmt.Sprintf("sqlite backup: %d bytes under write load; all %d writes acknowledged before it restored (%d more acknowledged while it ran)",
		info.Size(), before.writes, during))
}

// readmeSQLiteBlocks are docs/operating.md's SQLite backup and restore blocks
// ("Backups"): the shell blocks after a comment naming TestSQLiteBackup.
func readmeSQLiteBlocks(t *testing.T) (backup, restore string) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", operatingPage))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	rest := string(readme)
	for {
		_, after, found := strings.Cut(rest, "TestSQLiteBackup runs this block")
		if !found {
			break
		}
		_, after, _ = strings.Cut(after, "```sh\n")
		block, after, _ := strings.Cut(after, "```")
		blocks = append(blocks, block)
		rest = after
	}
	if len(blocks) != 2 {
		t.Fatalf("%s holds %d blocks for TestSQLiteBackup, want two (backup, restore)", operatingPage, len(blocks))
	}
	return blocks[0], blocks[1]
}

// runReadmeBlock runs a documented shell block in bash, stopping at the first
// failing command, with the cloud's environment env: lifetag-cloud is this
// test binary as the cloud, and each line that sets one of the names of
// values (name=...) sets the test's value instead.
func runReadmeBlock(t *testing.T, block string, env, values map[string]string) {
	t.Helper()
	var script strings.Builder
	script.WriteString("set -euo pipefail\nlifetag-cloud() { \"$LIFETAG_TEST_BINARY\" \"$@\"; }\n")
	set := map[string]bool{}
	for _, line := range strings.Split(block, "\n") {
		if name, _, ok := strings.Cut(line, "="); ok && values[name] != "" {
			line = name + "=" + shellQuote(values[name])
			set[name] = true
		}
		script.WriteString(line + "\n")
	}
	for name := range values {
		if !set[name] {
			t.Fatalf("the page's block sets no %s:\n%s", name, block)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script.String())
	cmd.Env = append(os.Environ(), runCloudEnv+"=1", "LIFETAG_TEST_BINARY="+os.Args[0])
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	// The block's commands are stopped with it: its own process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the page's block did not finish within %v:\n%s\n-- the block:\n%s", commandTimeout, out, block)
	}
	if err != nil {
		t.Fatalf("the page's block failed: %v\n%s\n-- the block:\n%s", err, out, block)
	}
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestDamagedSQLiteRefused: a cloud refuses to start on a SQLite file that
// fails PRAGMA quick_check (a damaged page of a table it never reads at
// start, so nothing else stops it), and says what to do.
func TestDamagedSQLiteRefused(t *testing.T) {
	dataDir := t.TempDir()
	store, err := sqldb.OpenSQLite(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	path := filepath.Join(dataDir, sqldb.SQLiteFileName)
	damagePage(t, path)

	stdout, stderr, status := runCloudCommand(t, t.TempDir(), cloudEnvironment(t, "", map[string]string{"DATA_DIR": dataDir}))
	if status == 0 || strings.Contains(stdout, "Lifetag is running") {
		t.Fatalf("the cloud started on a damaged database (exit status %d, stdout %q)", status, stdout)
	}
	for _, want := range []string{path + " is damaged", "PRAGMA quick_check", "restore the newest backup", "lifetag-cloud backup", "docs/operating.md, Backups"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, stderr)
		}
	}
	// The backup command refuses it too, and writes nothing.
	backupPath := filepath.Join(t.TempDir(), "copy.db")
	if _, stderr, status := runCloudCommand(t, t.TempDir(), map[string]string{"DATA_DIR": dataDir, "DATABASE_URL": ""}, "backup", backupPath); status == 0 || !strings.Contains(stderr, "is damaged") {
		t.Errorf("backup of a damaged database: exit status %d, %s", status, stderr)
	}
	if entries, _ := os.ReadDir(filepath.Dir(backupPath)); len(entries) > 0 {
		t.Errorf("a failed backup left %s", entries[0].Name())
	}
}

// damagePage adds a table of its own to the SQLite file at path, closed,
// and overwrites the header of one of its pages, as a torn copy would.
func damagePage(t *testing.T, path string) {
	t.Helper()
	const marker = "damage-probe-row"
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE damage_probe (line TEXT NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := db.Exec("INSERT INTO damage_probe (line) VALUES (?)", fmt.Sprintf("%s %04d %s", marker, i, strings.Repeat("x", 100))); err != nil {
			t.Fatal(err)
		}
	}
	// Closing the last connection folds the write-ahead log into the file.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pageSize := int(binary.BigEndian.Uint16(file[16:18]))
	at := bytes.Index(file, []byte(marker+" 0100"))
	if at < 0 {
		t.Fatal("the probe's rows are not in the file")
	}
	page := at / pageSize * pageSize
	copy(file[page:page+8], bytes.Repeat([]byte{0xff}, 8)) // the b-tree page header
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
}
