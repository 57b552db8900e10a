package http_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// recordJobs makes the tests' provider sample the root span of a queued
// job, as production's default sampler does: a job's trace begins at the
// job. Off, jobs start no recorded trace, so the other tests' jobs leave
// nothing in the exporter.
var recordJobs atomic.Bool

// jobRoots samples root spans of queued jobs ("job <kind>") while
// recordJobs is on, and drops every other root span.
type jobRoots struct{}

func (jobRoots) ShouldSample(p sdktrace.SamplingParameters) sdktrace.SamplingResult {
	decision := sdktrace.Drop
	if recordJobs.Load() && strings.HasPrefix(p.Name, "job ") {
		decision = sdktrace.RecordAndSample
	}
	return sdktrace.SamplingResult{Decision: decision, Tracestate: trace.SpanContextFromContext(p.ParentContext).TraceState()}
}

func (jobRoots) Description() string { return "jobRoots" }

// TestJobTrace: one attempt at a queued job, worked by the River queue on
// the store's database, is the root of a trace of its own, named by the
// job's kind and carrying its id and attempt (those of its row in
// river_job), with the attempt's own work under it: the mail's SMTP call,
// and the webhook delivery's statements.
func TestJobTrace(t *testing.T) {
	exporter := recordSpans()
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			sink := smtptest.Start(t)
			sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "Lifetag <no-reply@lifetag.test>", TLS: mail.TLSNone})
			if err != nil {
				t.Fatal(err)
			}
			e := newEnv(t, backend, envOptions{mailer: sender, webhooks: localWebhooks()})
			rcv := newReceiver(t)
			orgID, owner := e.activeOrganization("Traced Ltd", "boss@traced.example")
			wantStatus(t, e.do("POST", orgURL(orgID, "/webhooks"), owner, map[string]any{"url": rcv.URL + "/hook",
				"events": []string{"qr_code.created"}}), http.StatusCreated, "")
			e.createUser("ann@example.com", "secret-1")
			e.waitForMail() // the jobs so far run unrecorded

			exporter.Reset()
			recordJobs.Store(true)
			t.Cleanup(func() { recordJobs.Store(false) })
			wantStatus(t, e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"}), http.StatusOK, "")
			wantStatus(t, e.do("PUT", orgURL(orgID, "/qr-codes/by-external-id/E-1"), owner,
				map[string]any{"values": libraryValues("Ann Rider")}), http.StatusCreated, "")
			select {
			case <-sink.Received:
			case <-time.After(10 * time.Second):
				t.Fatal("the reset mail never reached the SMTP server")
			}
			e.waitForMail()
			if got := len(rcv.events("/hook")); got != 1 {
				t.Fatalf("%d webhook deliveries, want 1", got)
			}
			recordJobs.Store(false)

			// The jobs' rows, the newest of each kind: what each span must name.
			rows := map[string]storetest.Row{}
			id := func(row storetest.Row) int64 { n, _ := strconv.ParseInt(row["id"], 10, 64); return n }
			for _, row := range e.Dump(t)["river_job"] {
				if newest, ok := rows[row["kind"]]; !ok || id(row) > id(newest) {
					rows[row["kind"]] = row
				}
			}
			spans := exporter.GetSpans()
			for _, kind := range []string{cloud.JobKindMail, cloud.JobKindWebhook} {
				row, ok := rows[kind]
				if !ok {
					t.Fatalf("no %s job in river_job: %v", kind, rows)
				}
				var roots []tracetest.SpanStub
				for _, s := range spans {
					if s.Name == "job "+kind {
						roots = append(roots, s)
					}
				}
				if len(roots) != 1 {
					t.Fatalf("%d spans named %q, want 1; spans: %q", len(roots), "job "+kind, names(spans))
				}
				root := roots[0]
				if root.Parent.IsValid() || root.SpanKind != trace.SpanKindConsumer ||
					!hasAttr(root, "job.id", row["id"]) || !hasAttr(root, "job.attempt", row["attempt"]) {
					t.Errorf("the %s job's span: parent %v, kind %v, attributes %v; want a consumer root with job.id %s and job.attempt %s",
						kind, root.Parent.SpanID(), root.SpanKind, root.Attributes, row["id"], row["attempt"])
				}
				// The attempt's own work: its children, in its trace.
				var children []string
				for _, s := range spans {
					if s.Parent.SpanID() == root.SpanContext.SpanID() {
						if s.SpanContext.TraceID() != root.SpanContext.TraceID() {
							t.Errorf("%s under the %s job's span is in another trace", s.Name, kind)
						}
						children = append(children, s.Name)
					}
				}
				want := map[string]string{cloud.JobKindMail: "smtp send", cloud.JobKindWebhook: "SQL "}[kind]
				found := false
				for _, name := range children {
					found = found || strings.HasPrefix(name, want)
				}
				if !found {
					t.Errorf("the %s job's span has children %q, want one named %q...", kind, children, want)
				}
			}
		})
	}
}

func names(spans tracetest.SpanStubs) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name)
	}
	return out
}
