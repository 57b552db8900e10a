package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
)

// pgCluster is a PostgreSQL cluster of a test's own (initdb, pg_ctl, as
// scripts/postgres.sh does in its cluster mode): restarting it touches
// nobody else's database. It listens on loopback only.
type pgCluster struct {
	t      testing.TB
	bindir string
	dir    string
	port   int
	owner  string // the unprivileged user it runs as when the tests run as root
}

// postgresBindir finds the newest installed server's programs.
func postgresBindir(t testing.TB) string {
	t.Helper()
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Strings(matches) // lexical is enough for the one or two installed majors
	if len(matches) > 0 {
		return filepath.Dir(matches[len(matches)-1])
	}
	if path, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(path)
	}
	if os.Getenv("LIFETAG_STRICT") == "1" {
		t.Fatal("initdb is not installed (LIFETAG_STRICT=1); run scripts/setup.sh")
	}
	t.Skip("initdb is not installed; run make test")
	return ""
}

// startCluster creates and starts a cluster in a temporary directory,
// removed (after an immediate stop) when the test ends.
func startCluster(t testing.TB) *pgCluster {
	t.Helper()
	// Not t.TempDir: its parent is private to the test's user, and the
	// server's user must reach the directory.
	dir, err := os.MkdirTemp("", "lifetag-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &pgCluster{t: t, bindir: postgresBindir(t), dir: dir, port: freePort(t)}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if os.Geteuid() == 0 {
		// initdb refuses to run as root.
		c.owner = "postgres"
		owner, err := user.Lookup(c.owner)
		if err != nil {
			t.Fatalf("running as root needs the postgres user to own the cluster: %v", err)
		}
		uid, _ := strconv.Atoi(owner.Uid)
		gid, _ := strconv.Atoi(owner.Gid)
		if err := os.Chown(c.dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	c.run("initdb", "-D", c.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
	c.start()
	t.Cleanup(func() { c.pgCtl("stop", "-m", "immediate") })
	return c
}

func (c *pgCluster) data() string { return filepath.Join(c.dir, "data") }

// run runs one of the server's programs as the cluster's owner.
func (c *pgCluster) run(program string, args ...string) {
	c.t.Helper()
	if err := c.command(program, args...).Run(); err != nil {
		c.t.Fatalf("%s %v: %v\n%s", program, args, err, c.serverLog())
	}
}

func (c *pgCluster) command(program string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bindir, program)
	if c.owner != "" {
		return exec.Command("runuser", append([]string{"-u", c.owner, "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

func (c *pgCluster) pgCtl(action string, args ...string) error {
	return c.command("pg_ctl", append([]string{"-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-w"}, append(args, action)...)...).Run()
}

// start starts the server and waits until it accepts connections.
func (c *pgCluster) start() {
	c.t.Helper()
	options := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=100", c.port, c.dir)
	if err := c.pgCtl("start", "-o", options); err != nil {
		c.t.Fatalf("pg_ctl start: %v\n%s", err, c.serverLog())
	}
}

// stop stops the server the way a crash does (immediate: no checkpoint; what
// was committed is recovered from the WAL at the next start).
func (c *pgCluster) stop() {
	c.t.Helper()
	if err := c.pgCtl("stop", "-m", "immediate"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v\n%s", err, c.serverLog())
	}
}

func (c *pgCluster) serverLog() string {
	log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
	return string(log)
}

// createDatabase creates a database and returns its URL.
func (c *pgCluster) createDatabase(name string) string {
	c.t.Helper()
	admin := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	conn, err := pgx.Connect(context.Background(), admin)
	if err != nil {
		c.t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		c.t.Fatal(err)
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// freePort returns a loopback port nothing listens on right now.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
