package http_test

import (
	"bufio"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// spans is every span this test binary records. OpenTelemetry's global
// provider can be set once a process, so it is set once, and records only
// traces a caller asked for (a sampled traceparent) and, while a test
// turns recordJobs on, queued jobs': the other tests' requests and jobs
// make no spans.
var (
	spansOnce sync.Once
	spans     *tracetest.InMemoryExporter
)

func recordSpans() *tracetest.InMemoryExporter {
	spansOnce.Do(func() {
		spans = tracetest.NewInMemoryExporter()
		otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans),
			sdktrace.WithSampler(sdktrace.ParentBased(jobRoots{}))))
	})
	return spans
}

// TestRequestTrace follows one request's trace from the route through the
// service to its SQL, and finds the trace's id on the request's log line.
// A traceparent is taken only from a trusted proxy.
func TestRequestTrace(t *testing.T) {
	exporter := recordSpans()
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	traceparent := "00-" + traceID + "-00f067aa0ba902b7-01"
	pull := "/api/sync/emergency-data/ann%40example.com"
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			var logs clienttest.LogBuffer
			trusted := noRateLimit
			trusted.TrustProxy = true
			e := newEnv(t, backend, envOptions{rateLimit: trusted, logger: jsonLogger(&logs)})
			u := e.createUser("ann@example.com", "secret-1")
			token := e.seedOwnerData(u, "secret-1")
			exporter.Reset()
			resp := e.send("GET", pull, nil, func(r *http.Request) {
				r.Header.Set("Authorization", "Bearer "+token)
				r.Header.Set("Traceparent", traceparent)
			})
			if resp.Status != 200 {
				t.Fatalf("pull: %d %s", resp.Status, resp.Body)
			}
			byID := map[trace.SpanID]tracetest.SpanStub{}
			for _, s := range exporter.GetSpans() {
				if s.SpanContext.TraceID().String() == traceID {
					byID[s.SpanContext.SpanID()] = s
				}
			}
			route := "GET /api/sync/emergency-data/{email}"
			// Each span's ancestors' names, nearest first.
			ancestors := func(s tracetest.SpanStub) []string {
				var names []string
				for parent, ok := byID[s.Parent.SpanID()]; ok; parent, ok = byID[parent.Parent.SpanID()] {
					names = append(names, parent.Name)
				}
				return names
			}
			var requestSpan, serviceUnderRoute, sqlUnderService bool
			for _, s := range byID {
				up := ancestors(s)
				switch {
				case s.Name == route && s.SpanKind == trace.SpanKindServer && s.Parent.SpanID().String() == "00f067aa0ba902b7":
					requestSpan = hasAttr(s, "http.route", "/api/sync/emergency-data/{email}") && hasAttr(s, "http.response.status_code", "200")
				case s.Name == "service.PullEmergencyData":
					serviceUnderRoute = len(up) > 0 && up[len(up)-1] == route
				case s.Name == "SQL SELECT" && len(up) > 0 && up[0] == "service.PullEmergencyData":
					sqlUnderService = up[len(up)-1] == route
				}
			}
			if !requestSpan || !serviceUnderRoute || !sqlUnderService {
				var names []string
				for _, s := range byID {
					names = append(names, s.Name)
				}
				t.Fatalf("request span %v, service under it %v, SQL under the service %v; spans: %q",
					requestSpan, serviceUnderRoute, sqlUnderService, names)
			}
			line := requestLine(t, &logs, "/api/sync/emergency-data/{email}")
			if line["trace_id"] != traceID || line["request_id"] != resp.Header.Get("X-Request-Id") {
				t.Errorf("the request's log line: %v, want trace_id %s and request_id %s", line, traceID, resp.Header.Get("X-Request-Id"))
			}
		})
	}

	t.Run("untrusted traceparent", func(t *testing.T) {
		var logs clienttest.LogBuffer
		e := newEnv(t, storetest.Backends[0], envOptions{logger: jsonLogger(&logs)})
		exporter.Reset()
		e.send("GET", "/api/health", nil, func(r *http.Request) { r.Header.Set("Traceparent", traceparent) })
		if n := len(exporter.GetSpans()); n != 0 {
			t.Errorf("a client's traceparent started a recorded trace: %d spans", n)
		}
		if line := requestLine(t, &logs, "/api/health"); line["trace_id"] == traceID {
			t.Errorf("a client's trace id reached the log: %v", line)
		}
	})
}

// requestLine is the log's line for a request to route.
func requestLine(t *testing.T, logs *clienttest.LogBuffer, route string) map[string]any {
	t.Helper()
	scanner := bufio.NewScanner(strings.NewReader(logs.String()))
	for scanner.Scan() {
		var line map[string]any
		if json.Unmarshal(scanner.Bytes(), &line) == nil && line["msg"] == "request" && line["route"] == route {
			return line
		}
	}
	t.Fatalf("no request line for %s", route)
	return nil
}

func hasAttr(s tracetest.SpanStub, key, value string) bool {
	for _, a := range s.Attributes {
		if string(a.Key) == key && a.Value.Emit() == value {
			return true
		}
	}
	return false
}

func jsonLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
