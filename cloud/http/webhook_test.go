package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/webhook"
)

// receiver is an organisation's system: it keeps every request it gets
// and answers 503 while down, 204 otherwise (and 500 always on /broken).
type receiver struct {
	t   testing.TB
	URL string

	mu        sync.Mutex
	down      bool
	secrets   map[string][]string // by path: the secrets a delivery may be signed with
	got       []receivedDelivery
	delivered map[string]int // webhook-id: answered 204 this many times
	onArrival func()
}

type receivedDelivery struct {
	Path string
	// Secrets are its endpoint's live secrets when it arrived: each must
	// verify it (two during a rotation's overlap).
	Secrets []string
	Headers map[string]string
	Body    string
	Status  int
	At      time.Time
}

func newReceiver(t testing.TB) *receiver {
	r := &receiver{t: t, secrets: map[string][]string{}, delivered: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	d := receivedDelivery{Path: req.URL.Path, Secrets: slices.Clone(r.secrets[req.URL.Path]), Body: string(body), At: time.Now(), Headers: map[string]string{
		"webhook-id": req.Header.Get("webhook-id"), "webhook-timestamp": req.Header.Get("webhook-timestamp"),
		"webhook-signature": req.Header.Get("webhook-signature")}}
	switch {
	case r.down:
		d.Status = http.StatusServiceUnavailable
	case req.URL.Path == "/broken":
		d.Status = http.StatusInternalServerError
	default:
		d.Status = http.StatusNoContent
		r.delivered[d.Headers["webhook-id"]]++
	}
	r.got = append(r.got, d)
	if r.onArrival != nil {
		r.onArrival()
	}
	w.WriteHeader(d.Status)
	if d.Status != http.StatusNoContent {
		_, _ = w.Write([]byte(strings.Repeat("busy ", 400))) // 2,000 bytes: the log keeps 1,024
	}
}

func (r *receiver) setDown(down bool) { r.mu.Lock(); r.down = down; r.mu.Unlock() }

// addSecret is a secret path's endpoint signs with from now on.
func (r *receiver) addSecret(path, secret string) {
	r.mu.Lock()
	r.secrets[path] = append(r.secrets[path], secret)
	r.mu.Unlock()
}

// events are the delivered (204) events at path, in arrival order.
func (r *receiver) events(path string) []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []map[string]any
	for _, d := range r.got {
		if d.Path == path && d.Status == http.StatusNoContent {
			var v map[string]any
			if err := json.Unmarshal([]byte(d.Body), &v); err != nil {
				r.t.Fatal(err)
			}
			v["webhook-id"] = d.Headers["webhook-id"]
			out = append(out, v)
		}
	}
	return out
}

// verifyWithReferenceLibrary checks every delivery the receiver got, with
// each secret its endpoint signs with, through the standardwebhooks npm
// package (frontend/scripts/verify-webhooks.mjs).
func (r *receiver) verifyWithReferenceLibrary(t *testing.T) {
	t.Helper()
	frontend, _ := filepath.Abs(filepath.Join("..", "..", "frontend"))
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(frontend, "node_modules", "standardwebhooks")); err != nil || statErr != nil {
		if os.Getenv("LIFETAG_STRICT") == "1" {
			t.Fatal("node and frontend/node_modules/standardwebhooks are needed (make setup)")
		}
		t.Skip("node or the standardwebhooks package is missing: run make setup")
	}
	type entry struct {
		Secret  string            `json:"secret"`
		Headers map[string]string `json:"headers"`
		Body    string            `json:"body"`
	}
	var list []entry
	r.mu.Lock()
	for _, d := range r.got {
		for _, s := range d.Secrets {
			list = append(list, entry{Secret: s, Headers: d.Headers, Body: d.Body})
		}
	}
	r.mu.Unlock()
	file := filepath.Join(t.TempDir(), "deliveries.json")
	data, _ := json.Marshal(list)
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(frontend, "scripts", "verify-webhooks.mjs"), file)
	cmd.Dir = frontend
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), fmt.Sprintf("verified %d deliveries", len(list))) {
		t.Fatalf("standardwebhooks: %v\n%s", err, out)
	}
	t.Logf("standardwebhooks: %s", strings.TrimSpace(string(out)))
}

// localWebhooks reaches the tests' receivers, on this machine over http;
// production's guard refuses both (cloud/webhook's tests).
func localWebhooks() *webhook.Client {
	return webhook.NewClient(webhook.Guard{AllowHTTP: true, AllowPrivate: true}, 2*time.Second)
}

// deliverUntil runs the deliverer, moving the test clock on by step after
// each round, until done says so (at most rounds rounds). The queue's
// delivery jobs run too: each round waits for those due to have run.
func deliverUntil(t *testing.T, e *env, step time.Duration, rounds int, done func() bool) {
	t.Helper()
	for range rounds {
		if _, err := e.Service.DeliverDueWebhooks(context.Background(), 100); err != nil {
			t.Fatal(err)
		}
		storetest.WaitForJobs(t, e.Queue)
		if done() {
			return
		}
		e.Clock.Advance(step)
	}
	t.Fatalf("not done after %d rounds of %s", rounds, step)
}

// TestWebhooks: the owner registers endpoints and sees each secret once;
// every kind of change (an officer's, the API's, a worker's own through an
// update link, a print run, a deletion) becomes a signed delivery that the
// Standard Webhooks reference library verifies; a receiver down for 30 s
// gets every event afterwards with the webhook-id of the failed attempts;
// the delivery log keeps status, code, duration and 1 kB of the answer;
// Resend sends the same webhook-id again; a rotated secret's old one signs
// too; the changes feed shows the deleted code; an endpoint failing three
// days is disabled and its owner mailed.
func TestWebhooks(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{webhooks: localWebhooks()})
		rcv := newReceiver(t)
		rcv.setDown(true)
		orgID, owner := e.activeOrganization("Hooks Ltd", "boss@hooks.example")
		path := func(rest string) string { return orgURL(orgID, rest) }

		register := func(url string, events []string, record bool) (int64, string) {
			t.Helper()
			resp := e.do("POST", path("/webhooks"), owner, map[string]any{"url": url, "events": events,
				"includeRecord": record, "description": "HR"})
			wantStatus(t, resp, http.StatusCreated, "")
			secret := resp.JSON()["secret"].(string)
			if !strings.HasPrefix(secret, webhook.SecretPrefix) {
				t.Fatalf("secret %q", secret)
			}
			return int64(resp.JSON()["endpoint"].(map[string]any)["id"].(float64)), secret
		}
		everyEvent := []string{"qr_code.created", "qr_code.updated", "qr_code.deactivated", "qr_code.activated",
			"qr_code.deleted", "print_run.recorded"}
		full, fullSecret := register(rcv.URL+"/full", everyEvent, true)
		_, plainSecret := register(rcv.URL+"/plain", []string{"qr_code.updated"}, false)
		rcv.addSecret("/full", fullSecret)
		rcv.addSecret("/plain", plainSecret)
		list := e.do("GET", path("/webhooks"), owner, nil)
		wantStatus(t, list, http.StatusOK, "")
		if strings.Contains(string(list.Body), "whsec_") || len(list.JSON()["endpoints"].([]any)) != 2 {
			t.Fatalf("list: %s", list.Body)
		}
		wantStatus(t, e.do("POST", path("/webhooks"), owner, map[string]any{"url": rcv.URL, "events": []string{"qr_code.moved"}}),
			http.StatusBadRequest, fmt.Sprintf(cloud.MsgWebhookEventUnknown, "qr_code.moved"))

		// Every kind of change.
		created := e.do("PUT", path("/qr-codes/by-external-id/E-1"), owner, map[string]any{"values": libraryValues("Ann Rider")})
		wantStatus(t, created, http.StatusCreated, "")
		codeID := int64(created.JSON()["qrCode"].(map[string]any)["id"].(float64))
		e.Clock.Advance(time.Second)
		wantStatus(t, e.do("PUT", path(fmt.Sprintf("/qr-codes/%d", codeID)), owner, map[string]any{"name": "Ann R."}), http.StatusOK, "")
		e.Clock.Advance(time.Second)
		link := e.do("POST", path(fmt.Sprintf("/qr-codes/%d/update-link", codeID)), owner, map[string]any{"email": "ann@worker.example"})
		wantStatus(t, link, http.StatusCreated, "")
		values := libraryValues("Ann Rider")
		values["allergies"] = "Penicillin, latex"
		wantStatus(t, e.do("POST", "/api/collect/"+tokenOf(link.JSON()["link"].(map[string]any)["url"].(string)), "",
			map[string]any{"values": values, "consent": true}), http.StatusCreated, "")
		e.Clock.Advance(time.Second)
		wantStatus(t, e.do("POST", path("/qr-codes/by-external-id/E-1/deactivate"), owner, nil), http.StatusOK, "")
		wantStatus(t, e.do("POST", path("/qr-codes/by-external-id/E-1/activate"), owner, nil), http.StatusOK, "")
		wantStatus(t, e.do("POST", path("/print-runs"), owner, map[string]any{"layout": "avery-5160", "labels": 1,
			"codeIds": []int64{codeID}}), http.StatusCreated, "")
		e.Clock.Advance(time.Second)
		wantStatus(t, e.do("DELETE", path(fmt.Sprintf("/qr-codes/%d", codeID)), owner, nil), http.StatusOK, "")
		wantTypes := []string{"qr_code.created", "qr_code.updated", "qr_code.updated", "qr_code.deactivated",
			"qr_code.activated", "print_run.recorded", "qr_code.deleted"}

		// Down for 30 s: every attempt fails, and is logged.
		outageEnds := e.Clock.Now().Add(30 * time.Second)
		deliverUntil(t, e, 5*time.Second, 10, func() bool { return !e.Clock.Now().Before(outageEnds) })
		log := e.do("GET", path(fmt.Sprintf("/webhooks/%d/deliveries", full)), owner, nil)
		wantStatus(t, log, http.StatusOK, "")
		attempts := log.JSON()["deliveries"].([]any)
		if len(attempts) < len(wantTypes) {
			t.Fatalf("log: %d attempts, want at least %d", len(attempts), len(wantTypes))
		}
		for _, a := range attempts {
			a := a.(map[string]any)
			if a["succeeded"] != false || a["responseCode"] != 503.0 || len(a["responseBody"].(string)) != cloud.WebhookAnswerKeptBytes {
				t.Fatalf("attempt while down: %v", a)
			}
		}

		// Back up: every event arrives, each once.
		rcv.setDown(false)
		deliverUntil(t, e, 10*time.Second, 30, func() bool { return len(rcv.events("/full")) == len(wantTypes) })
		events := rcv.events("/full")
		var types []string
		for _, ev := range events {
			types = append(types, ev["type"].(string))
		}
		slices.Sort(types)
		sortedWant := slices.Clone(wantTypes)
		slices.Sort(sortedWant)
		if !slices.Equal(types, sortedWant) {
			t.Fatalf("events %v, want %v", types, sortedWant)
		}
		failedIDs := map[string]bool{}
		rcv.mu.Lock()
		for _, d := range rcv.got {
			if d.Status == http.StatusServiceUnavailable {
				failedIDs[d.Headers["webhook-id"]] = true
			}
		}
		for id, n := range rcv.delivered {
			if n != 1 || !failedIDs[id] {
				t.Errorf("webhook-id %s delivered %d times, failed before: %v", id, n, failedIDs[id])
			}
		}
		rcv.mu.Unlock()
		for _, ev := range events {
			data := ev["data"].(map[string]any)
			_, hasRecord := data["record"]
			switch ev["type"] {
			case "qr_code.created":
				if data["externalId"] != "E-1" || !hasRecord || data["id"] != float64(codeID) {
					t.Errorf("created: %v", ev)
				}
			case "qr_code.deleted":
				if hasRecord || data["externalId"] != "E-1" {
					t.Errorf("deleted: %v", ev)
				}
			case "print_run.recorded":
				if data["labels"] != 1.0 || data["layout"] == "" {
					t.Errorf("print run: %v", ev)
				}
			}
		}
		// Who changed what: the officer the name, the worker the record.
		var changed []string
		for _, ev := range rcv.events("/plain") {
			if _, has := ev["data"].(map[string]any)["record"]; has {
				t.Errorf("a record for an endpoint that did not opt in: %v", ev)
			}
			changed = append(changed, fmt.Sprint(ev["data"].(map[string]any)["changed"]))
		}
		// (Deliveries run side by side: their order is not the changes'.)
		slices.Sort(changed)
		if fmt.Sprint(changed) != "[[name] [record reviewedAt]]" {
			t.Errorf("updates changed %v, want the name and (the worker's change) the record and its review date", changed)
		}

		// Resend: the same webhook-id again.
		log = e.do("GET", path(fmt.Sprintf("/webhooks/%d/deliveries", full)), owner, nil)
		last := log.JSON()["deliveries"].([]any)[0].(map[string]any)
		if last["succeeded"] != true || last["responseCode"] != 204.0 {
			t.Fatalf("newest attempt: %v", last)
		}
		wantStatus(t, e.do("POST", path(fmt.Sprintf("/webhooks/%d/deliveries/%d/resend", full, int64(last["messageId"].(float64)))),
			owner, nil), http.StatusAccepted, "")
		id := last["webhookId"].(string)
		deliverUntil(t, e, time.Second, 3, func() bool { rcv.mu.Lock(); defer rcv.mu.Unlock(); return rcv.delivered[id] == 2 })

		// A rotation: the next delivery is signed by the new secret and the old.
		rotated := e.do("POST", path(fmt.Sprintf("/webhooks/%d/rotate-secret", full)), owner, nil)
		wantStatus(t, rotated, http.StatusOK, "")
		rcv.addSecret("/full", rotated.JSON()["secret"].(string))
		wantStatus(t, e.do("POST", path("/print-runs"), owner, map[string]any{"layout": "avery-5160", "labels": 1,
			"codeIds": []int64{seedCode(t, e, orgID)}}), http.StatusCreated, "")
		deliverUntil(t, e, time.Second, 3, func() bool { return len(rcv.events("/full")) == len(wantTypes)+3 })

		// The changes feed shows the deletion as a webhook receiver saw it.
		feed := e.do("GET", path("/qr-codes/changes"), owner, nil).JSON()["qrCodes"].([]any)
		tomb := feed[0].(map[string]any)
		if tomb["id"] != float64(codeID) || tomb["deleted"] != true || tomb["externalId"] != "E-1" {
			t.Fatalf("changes feed: %v", feed)
		}

		// An endpoint failing every delivery for three days is disabled,
		// and its owner mailed.
		broken, brokenSecret := register(rcv.URL+"/broken", []string{"print_run.recorded"}, false)
		rcv.addSecret("/broken", brokenSecret)
		wantStatus(t, e.do("POST", path("/print-runs"), owner, map[string]any{"layout": "avery-5160", "labels": 1,
			"codeIds": []int64{seedCode(t, e, orgID)}}), http.StatusCreated, "")
		isDisabled := func() bool {
			ep, err := e.Store.FindWebhookEndpoint(context.Background(), orgID, broken)
			return err == nil && !ep.Enabled
		}
		deliverUntil(t, e, 2*time.Hour, 40, isDisabled)
		e.waitForMail()
		mailed := false
		for _, m := range e.Outbox.Messages() {
			mailed = mailed || m.To == "boss@hooks.example" && strings.Contains(m.Text, rcv.URL+"/broken")
		}
		if !mailed {
			t.Fatal("the owner was not mailed")
		}
		owner = e.corporateLogin("boss@hooks.example", "owner-password") // three days on: a new session
		enabled := e.do("PUT", path(fmt.Sprintf("/webhooks/%d", broken)), owner, map[string]any{"enabled": true})
		if enabled.Status != http.StatusOK || enabled.JSON()["enabled"] != true || enabled.JSON()["disabledReason"] != "" {
			t.Fatalf("enabled again: %d %s", enabled.Status, enabled.Body)
		}

		// Every request the receiver got, failed attempts too, verifies.
		rcv.verifyWithReferenceLibrary(t)
	})
}

// seedCode makes one more code through the API and answers its id.
func seedCode(t *testing.T, e *env, orgID int64) int64 {
	t.Helper()
	lib, err := e.Store.ListCodes(context.Background(), orgID, cloud.CodeFilter{})
	if err != nil {
		t.Fatal(err)
	}
	c := &cloud.CorporateCode{OrganizationID: orgID, Name: fmt.Sprintf("Seed %d", len(lib)), LabelType: cloud.LabelTypes[0],
		IsActive: true, Source: cloud.CodeSourceAPI, CreatedAt: e.Clock.Now()}
	if err := e.Store.CreateCodes(context.Background(), []*cloud.CorporateCode{c}, &cloud.Activity{OrganizationID: orgID,
		Kind: cloud.ActivityCodeCreated, CreatedAt: c.CreatedAt}); err != nil {
		t.Fatal(err)
	}
	return c.ID
}

// TestWebhooksTwoInstancesDeliverOnce: two cloud instances on one
// PostgreSQL database, each with its own connection pool and deliverer,
// deliver every message of a 300-worker sync exactly once between them.
func TestWebhooksTwoInstancesDeliverOnce(t *testing.T) {
	conn := storetest.PostgresSchema(t)
	open := func() cloud.Store {
		db, err := sqldb.OpenPostgres(context.Background(), conn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	first, second := open(), open()
	e := newEnv(t, storetest.Backend{Name: "postgres", Open: func(testing.TB) (cloud.Store, storetest.Dumper) {
		return first, nil
	}}, envOptions{webhooks: localWebhooks()})
	other, err := service.New(service.Config{Store: second, Sealer: e.Sealer, Passwords: argon2id.New(fastPasswords, 0),
		Mailer: e.Outbox, Logger: slog.New(slog.DiscardHandler), Now: e.Clock.Now, Webhooks: localWebhooks()})
	if err != nil {
		t.Fatal(err)
	}
	rcv := newReceiver(t)
	orgID, owner := e.activeOrganization("Twice Ltd", "boss@twice.example")
	e.setOrganization(orgID, 1000, cloud.SubscriptionActive)
	resp := e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": rcv.URL + "/hook",
		"events": []string{"qr_code.created"}})
	wantStatus(t, resp, http.StatusCreated, "")
	const n = 300
	wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes/bulk-upsert"), owner, map[string]any{"qrCodes": workers(1, n, nil)}),
		http.StatusOK, "")

	var wg sync.WaitGroup
	for _, svc := range []*service.Service{e.Service, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for { // small claims, so the two take turns
				got, err := svc.DeliverDueWebhooks(context.Background(), 10)
				if err != nil {
					t.Error(err)
					return
				}
				if got == 0 {
					return
				}
			}
		}()
	}
	wg.Wait()
	// The first instance's queue delivers too (the sync's job, a batch at
	// a time): what it claimed may still be on its way when the sweeps
	// find nothing left.
	storetest.WaitForJobs(t, e.Queue)
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	if len(rcv.delivered) != n {
		t.Fatalf("%d webhook-ids delivered, want %d", len(rcv.delivered), n)
	}
	for id, times := range rcv.delivered {
		if times != 1 {
			t.Errorf("webhook-id %s delivered %d times", id, times)
		}
	}
}
