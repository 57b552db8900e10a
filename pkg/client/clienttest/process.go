package clienttest

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// How long a test cloud may take to start (migrations included) and to
// stop. A cloud starts in a second on a quiet machine and in minutes on one
// that is also doing other work: these detect a hang, not a slow start.
const (
	startLimit = 3 * time.Minute
	stopLimit  = 2 * time.Minute
)

// LogBuffer collects a process's standard error; safe for the goroutine
// that copies into it while a test reads it.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Process is one running cloud process, however it was built: the test
// binary re-running the cloud's main, or the cloud binary itself.
type Process struct {
	URL  string        // http://127.0.0.1:port, as the cloud printed it
	Cmd  *exec.Cmd     //
	Logs *LogBuffer    // its standard error: the log
	Done chan struct{} // closed when the process has exited
	Err  error         // its exit, once Done is closed
}

// StartProcess runs cmd (its environment set by the caller), its standard
// error into logs, and waits (at most a minute each) until the cloud prints
// the address it listens on and answers /api/ready with 200. The process is
// killed when the test ends if it still runs.
func StartProcess(t testing.TB, cmd *exec.Cmd, logs *LogBuffer) *Process {
	t.Helper()
	p := &Process{Cmd: cmd, Logs: logs, Done: make(chan struct{})}
	cmd.Stderr = logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Kill)
	// main prints "Lifetag is running on http://ADDR" once it listens.
	listening := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			if addr, ok := strings.CutPrefix(scanner.Text(), "Lifetag is running on "); ok {
				listening <- strings.TrimRight(addr, "/")
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	go func() {
		p.Err = cmd.Wait()
		close(p.Done)
	}()
	select {
	case p.URL = <-listening:
	case <-p.Done:
		t.Fatalf("the cloud exited before listening: %v\n%s", p.Err, logs.String())
	case <-time.After(startLimit):
		t.Fatalf("the cloud is not listening after %v:\n%s", startLimit, logs.String())
	}
	// Becoming ready has no event to wait on: poll the readiness route.
	Eventually(t, startLimit, "the cloud to be ready", func() bool {
		resp, err := http.Get(p.URL + "/api/ready")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	return p
}

// Stop sends SIGTERM and waits (at most stopLimit) for a clean exit;
// anything else fails the test.
func (p *Process) Stop(t testing.TB) {
	t.Helper()
	p.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.Done:
	case <-time.After(stopLimit):
		t.Fatalf("the cloud did not stop within %v of SIGTERM", stopLimit)
	}
	if p.Err != nil {
		t.Fatalf("the cloud exited with %v:\n%s", p.Err, p.Logs.String())
	}
}

// Kill ends the process at once, if it still runs, and waits for it.
func (p *Process) Kill() {
	select {
	case <-p.Done:
	default:
		p.Cmd.Process.Kill()
		<-p.Done
	}
}
