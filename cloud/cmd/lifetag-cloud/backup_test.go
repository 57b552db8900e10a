package main

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/sqldb"
)

// backupMarker is medical text that must come back from a restored dump,
// and must never be in a dump in clear.
const backupMarker = "Backup marker: allergic to penicillin"

// TestBackupRestore follows the README's "Backups": pg_dump of a live
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

// readmeBackupFlags reads the options of the README's pg_dump and
// pg_restore commands ("Backups"), but the file and database each names,
// which the test gives its own: the test runs what the README says.
func readmeBackupFlags(t *testing.T) (dump, restore []string) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
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
		t.Fatalf("the README's Backups holds no pg_dump or pg_restore command with options (%q, %q)", dump, restore)
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
