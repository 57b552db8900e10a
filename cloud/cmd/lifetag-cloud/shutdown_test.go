package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// TestGracefulShutdown sends SIGTERM to a cloud process under a mixed load,
// with a request half sent and a mail half delivered: readiness turns 503
// while requests are still served (DRAIN_SECONDS), the listener closes, the
// request in flight finishes with its 200, the process waits for the mail,
// then exits cleanly; a new process on the database finds every
// acknowledged write.
func TestGracefulShutdown(t *testing.T) {
	databaseURL := storetest.PostgresSchema(t)
	store, err := sqldb.OpenPostgres(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	sink := smtptest.Start(t)
	env := map[string]string{
		"LOG_LEVEL": "info", "DRAIN_SECONDS": "1", "RATE_LIMIT_PER_IP": "100000000", "RATE_LIMIT_ANALYTICS_PER_IP": "100000000", "RATE_LIMIT_API_PER_CLIENT": "100000000",
		"SMTP_HOST": sink.Host, "SMTP_PORT": strconv.Itoa(sink.Port), "SMTP_TLS": "none",
	}
	first := startCloud(t, cloudEnvironment(t, databaseURL, env))
	api := newAPIClient(t)

	load := newMixedLoad(t, store, first.URL, "shutdown", 4)
	load.start()
	defer load.stopOnce()
	clienttest.Eventually(t, 30*time.Second, "the load to get going", func() bool { all, _ := load.counts(); return all >= 100 })

	// A mail in flight: the sink holds its DATA unanswered.
	sink.Hold()
	createAccount(t, store, "mail@example.com", "mail-password")
	api.must("POST", first.URL+"/api/auth/request-reset", "", map[string]string{"email": "mail@example.com"}, http.StatusOK)
	select {
	case <-sink.Held:
	case <-time.After(30 * time.Second):
		t.Fatal("the reset mail did not reach the sink")
	}

	// A request in flight: its headers and half its body sent.
	createAccount(t, store, "inflight@example.com", "inflight-password")
	token := api.login(first.URL, "inflight@example.com", "inflight-password")
	inflight := startHalfSentPush(t, first.URL, token, "inflight@example.com")

	first.Cmd.Process.Signal(syscall.SIGTERM)
	clienttest.Eventually(t, 10*time.Second, "readiness to say draining", func() bool {
		status, out, err := api.call(context.Background(), "GET", first.URL+"/api/ready", "", nil, nil)
		return err == nil && status == http.StatusServiceUnavailable && out["message"] == cloud.MsgDraining
	})
	clienttest.Eventually(t, 30*time.Second, "the listener to close", func() bool {
		conn, err := net.Dial("tcp", strings.TrimPrefix(first.URL, "http://"))
		if err == nil {
			conn.Close()
		}
		return errors.Is(err, syscall.ECONNREFUSED)
	})
	load.stopOnce()

	if status := inflight.finish(); status != http.StatusOK {
		t.Fatalf("the request in flight at SIGTERM got %d, want 200", status)
	}
	// Requests done, the process waits for its mail (and says so).
	clienttest.Eventually(t, 30*time.Second, "the cloud to wait for its mail", func() bool {
		return strings.Contains(first.Logs.String(), "waiting for mail still being sent")
	})
	select {
	case <-first.Done:
		t.Fatal("the cloud exited with a mail still being sent")
	default:
	}
	sink.Release()
	select {
	case m := <-sink.Received:
		if len(m.To) != 1 || m.To[0] != "mail@example.com" {
			t.Fatalf("mail to %v", m.To)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the mail in flight at SIGTERM was not delivered")
	}
	select {
	case <-first.Done:
		if first.Err != nil {
			t.Fatalf("the cloud exited with %v", first.Err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the cloud did not exit after its mail was sent")
	}

	if failures := load.statusFailures(); len(failures) > 0 {
		t.Errorf("%d answers neither 2xx nor 503 during the shutdown, such as %v", len(failures), failures[:min(5, len(failures))])
	}
	second := startCloud(t, cloudEnvironment(t, databaseURL, env))
	if lost := load.verify(store, second.URL); lost > 0 {
		t.Fatalf("%d acknowledged writes lost in the shutdown", lost)
	}
	out := api.must("GET", second.URL+"/api/sync/emergency-data/"+url.PathEscape("inflight@example.com"), token, nil, http.StatusOK)
	if medical, _ := out["medicalInfo"].(map[string]any); medical["notes"] != "write 1" {
		t.Fatalf("the request in flight at SIGTERM was acknowledged but not stored: %v", out)
	}
	second.Stop(t)
}

// halfSentRequest is a push whose body is sent in two halves.
type halfSentRequest struct {
	t      *testing.T
	rest   []byte
	body   *io.PipeWriter
	status chan int
}

// startHalfSentPush starts pushing record 1 of email and returns once the
// headers and half the body have gone to the cloud.
func startHalfSentPush(t *testing.T, base, token, email string) *halfSentRequest {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"email": email, "emergencyData": loadRecord(email, 1)})
	if err != nil {
		t.Fatal(err)
	}
	reader, writer := io.Pipe()
	req, err := http.NewRequest("POST", base+"/api/sync/emergency-data", reader)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	h := &halfSentRequest{t: t, rest: raw[len(raw)/2:], body: writer, status: make(chan int, 1)}
	client := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	go func() {
		resp, err := client.Do(req)
		if err != nil {
			t.Errorf("the request in flight: %v", err)
			h.status <- 0
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		h.status <- resp.StatusCode
	}()
	// The pipe hands the bytes over only as the transport sends them.
	if _, err := io.Copy(writer, bytes.NewReader(raw[:len(raw)/2])); err != nil {
		t.Fatal(err)
	}
	return h
}

// finish sends the rest of the body and returns the status of the answer.
func (h *halfSentRequest) finish() int {
	h.t.Helper()
	if _, err := h.body.Write(h.rest); err != nil {
		h.t.Fatalf("the rest of the body: %v", err)
	}
	h.body.Close()
	select {
	case status := <-h.status:
		return status
	case <-time.After(30 * time.Second):
		h.t.Fatal("no answer to the request in flight")
		return 0
	}
}
