// Package cupstest runs a private CUPS scheduler for tests, with one
// CUPS-PDF printer whose output goes to a directory of the test's: its own
// configuration, spool and a Unix socket in a temporary directory, so it
// never touches the machine's CUPS (which need not run) nor its printers.
//
// CUPS-PDF reads its settings only from /etc/cups/cups-pdf-<printer>.conf
// (a path compiled in), so the printer gets a unique name and that one
// file is written there, and removed after. The backend must run as root,
// as CUPS runs it for root-owned 0700 backends: tests skip when not root or
// when cupsd or CUPS-PDF is missing (Debian: cups, printer-driver-cups-pdf),
// and fail instead under LIFETAG_STRICT=1.
package cupstest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/scantest"
)

const (
	backend = "/usr/lib/cups/backend/cups-pdf"
	ppd     = "/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd"
	confDir = "/etc/cups"
)

// Server is a running private cupsd with one CUPS-PDF printer.
type Server struct {
	Socket  string // for lp -h, or CUPS_SERVER
	Printer string
	OutDir  string // where CUPS-PDF writes the printed PDFs
	dir     string
	t       testing.TB
}

func unavailable(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("LIFETAG_STRICT") == "1" {
		t.Fatalf("CUPS cannot run: %s (LIFETAG_STRICT=1)", why)
	}
	t.Skipf("CUPS cannot run: %s; install cups and printer-driver-cups-pdf and run as root (scripts/station/test-core.sh)", why)
}

// Start starts the scheduler and adds the printer; both go when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	if os.Geteuid() != 0 {
		unavailable(t, "the CUPS-PDF backend runs only as root")
	}
	for _, tool := range []string{"cupsd", "lpadmin", "lpstat", "lp", "cancel"} {
		if _, err := exec.LookPath(tool); err != nil {
			unavailable(t, tool+" is not installed")
		}
	}
	for _, f := range []string{backend, ppd} {
		if _, err := os.Stat(f); err != nil {
			unavailable(t, f+" is missing")
		}
	}
	// Not t.TempDir: its parent is 0700, and CUPS's filters run as lp.
	dir, err := os.MkdirTemp("", "lifetag-cups-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, sub := range []string{"spool", "cache", "state", "log", "out", "ppd"} {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
	}
	// Filters (running as lp) write their temporary files here.
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	os.Chmod(tmp, 0o1777)
	os.Chmod(dir, 0o755)

	id := make([]byte, 4)
	rand.Read(id)
	s := &Server{Socket: filepath.Join(dir, "cups.sock"), Printer: "LifetagTest" + hex.EncodeToString(id),
		OutDir: filepath.Join(dir, "out"), dir: dir, t: t}

	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cupsd.conf", fmt.Sprintf(`Listen %s
LogLevel warn
WebInterface No
Browsing No
DefaultAuthType None
<Location />
  Order allow,deny
  Allow all
</Location>
<Location /admin>
  Order allow,deny
  Allow all
</Location>
<Policy default>
  JobPrivateAccess all
  JobPrivateValues none
  SubscriptionPrivateAccess all
  SubscriptionPrivateValues none
  <Limit All>
    Order deny,allow
  </Limit>
</Policy>
`, s.Socket))
	write("cups-files.conf", fmt.Sprintf(`ServerRoot %[1]s
RequestRoot %[1]s/spool
TempDir %[1]s/tmp
CacheDir %[1]s/cache
StateDir %[1]s/state
ErrorLog %[1]s/log/error_log
AccessLog %[1]s/log/access_log
PageLog %[1]s/log/page_log
SystemGroup root
Printcap
`, dir))
	conf := filepath.Join(confDir, "cups-pdf-"+s.Printer+".conf")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf("Out %s\nAnonDirName %s\nLog %s/log\n", s.OutDir, s.OutDir, dir)), 0o644); err != nil {
		unavailable(t, "cannot write "+conf+": "+err.Error())
	}
	t.Cleanup(func() { os.Remove(conf) })

	cmd := exec.Command("cupsd", "-f", "-c", filepath.Join(dir, "cupsd.conf"), "-s", filepath.Join(dir, "cups-files.conf"))
	out, _ := os.Create(filepath.Join(dir, "log", "cupsd.out"))
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		out.Close()
		if t.Failed() {
			logs, _ := os.ReadFile(filepath.Join(dir, "log", "error_log"))
			t.Logf("cupsd error_log:\n%s", logs)
		}
	})
	// cupsd has no readiness signal: poll its socket until it answers.
	s.eventually(2*time.Minute, "cupsd to answer", func() bool {
		outp, err := exec.Command("lpstat", "-h", s.Socket, "-r").Output()
		return err == nil && strings.Contains(string(outp), "scheduler is running")
	})
	if outp, err := exec.Command("lpadmin", "-h", s.Socket, "-p", s.Printer, "-E",
		"-v", "cups-pdf:/"+s.Printer, "-P", ppd).CombinedOutput(); err != nil {
		t.Fatalf("lpadmin: %v %s", err, outp)
	}
	return s
}

func (s *Server) eventually(limit time.Duration, what string, cond func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Pause stops the printer printing (it still accepts and queues jobs),
// for measuring spooling alone or cancelling queued jobs.
func (s *Server) Pause() {
	s.t.Helper()
	if out, err := exec.Command("cupsdisable", "-h", s.Socket, s.Printer).CombinedOutput(); err != nil {
		s.t.Fatalf("cupsdisable: %v %s", err, out)
	}
}

// QueuedJobs lists the ids of the printer's jobs not yet completed.
func (s *Server) QueuedJobs() []string {
	s.t.Helper()
	out, err := exec.Command("lpstat", "-h", s.Socket, "-o", s.Printer).Output()
	if err != nil {
		s.t.Fatalf("lpstat -o: %v", err)
	}
	var ids []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			ids = append(ids, f[0])
		}
	}
	return ids
}

// WaitForPDFs waits until the printer's queue is empty and n PDFs are in
// OutDir, and returns their paths, oldest first. There is no event to wait
// on, so it polls. CUPS-PDF runs Ghostscript, seconds on a quiet machine and
// minutes on a loaded one: the limit detects a hang, it is not a speed check.
func (s *Server) WaitForPDFs(n int) []string {
	s.t.Helper()
	var files []string
	s.eventually(5*time.Minute, fmt.Sprintf("%d printed PDF(s) from CUPS-PDF", n), func() bool {
		if len(s.QueuedJobs()) > 0 {
			return false
		}
		files, _ = filepath.Glob(filepath.Join(s.OutDir, "*.pdf"))
		return len(files) >= n
	})
	// CUPS-PDF names files "<title>-job_<n>.pdf"; job numbers give the order.
	sortByJob(files)
	return files
}

func sortByJob(files []string) {
	num := func(p string) int {
		var n int
		if i := strings.LastIndex(p, "job_"); i >= 0 {
			fmt.Sscanf(p[i+4:], "%d", &n)
		}
		return n
	}
	for i := 1; i < len(files); i++ {
		for j := i; j > 0 && num(files[j]) < num(files[j-1]); j-- {
			files[j], files[j-1] = files[j-1], files[j]
		}
	}
}

// AssertDecodes reads every code on a printed PDF (rasterised at 300 dpi,
// as a driver would, then zbarimg) and checks they are exactly want: each
// text as many times as it is in want, byte for byte, and nothing else.
// The texts must not contain one another (whole records never do).
func AssertDecodes(t *testing.T, pdf []byte, want []string) {
	t.Helper()
	got := scantest.DecodePDF(t, pdf)
	counts := map[string]int{}
	total := 0
	for _, w := range want {
		counts[w]++
		total += len(w)
	}
	for text, n := range counts {
		// zbarimg -Sbinary --raw writes the codes' bytes one after another.
		if c := strings.Count(got, text); c != n {
			t.Errorf("a record's exact text decoded %d times, want %d: %.60q", c, n, text)
		}
	}
	if len(got) != total {
		t.Errorf("decoded %d bytes, want %d: a code too many, missing or altered", len(got), total)
	}
}

// PageSize reads a PDF's page size (points) and page count with pdfinfo.
func PageSize(t *testing.T, path string) (w, h float64, pages int) {
	t.Helper()
	scantest.RequireTool(t, "pdfinfo")
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v", path, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "Page size:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%g x %g", &w, &h)
		}
		if v, ok := strings.CutPrefix(line, "Pages:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%d", &pages)
		}
	}
	return w, h, pages
}

// AssertPageSize checks a printed PDF's pages are the sheet's size, within
// a point (CUPS-PDF prints through PostScript, whose page sizes are whole
// points), and counts them.
func AssertPageSize(t *testing.T, path string, widthMM, heightMM float64, pages int) {
	t.Helper()
	w, h, n := PageSize(t, path)
	wantW, wantH := widthMM*72/25.4, heightMM*72/25.4
	if math.Abs(w-wantW) > 1 || math.Abs(h-wantH) > 1 || n != pages {
		t.Fatalf("printed %g x %g pt, %d pages; the sheet is %.2f x %.2f pt, %d pages", w, h, n, wantW, wantH, pages)
	}
}
