package prometheus_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil/promlint"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/prometheus"
)

type jobStats struct {
	counts []cloud.JobCount
	err    error
}

func (j jobStats) JobCounts(context.Context) ([]cloud.JobCount, error) { return j.counts, j.err }

// scrape is what /metrics answers.
func scrape(t *testing.T, m *prometheus.Metrics) string {
	t.Helper()
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	if w.Code != 200 {
		t.Fatalf("/metrics: %d %s", w.Code, w.Body)
	}
	return w.Body.String()
}

// TestEveryFigure records one of each figure, the job queue's included,
// and finds each in the scrape under names Prometheus' linter accepts.
func TestEveryFigure(t *testing.T) {
	m := prometheus.New(prometheus.Build{Version: "1.2.3", Commit: "abc"}, slog.New(slog.DiscardHandler))
	m.WatchPool(func() cloud.PoolStats {
		return cloud.PoolStats{InUse: 3, Idle: 1, Max: 10, Waits: 7, WaitTime: 1500 * time.Millisecond}
	})
	m.WatchReadiness(func(context.Context) bool { return true })
	m.WatchJobs(jobStats{counts: []cloud.JobCount{
		{Kind: "mail", State: "available", Count: 4, OldestWaiting: 90 * time.Second},
		{Kind: "webhook", State: "retryable", Count: 2},
	}})
	m.Request("/api/user/data", "GET", 200, 2*time.Millisecond)
	m.Request("/api/user/data", "GET", 200, 3*time.Millisecond)
	m.Request("/api/user/data", "BREW", 0, time.Millisecond)
	m.Request("/*", "GET", 503, time.Millisecond)
	m.LabelRendered(cloud.LabelKindSheet, "pdf", 40*time.Millisecond, 30_000)
	m.SignIn(cloud.SignInDoorIndividual, cloud.SignInFailed)
	m.RateLimited("sign-in")
	m.PaymentEvent(cloud.EventPaymentSucceeded, "applied")

	text := scrape(t, m)
	for _, want := range []string{
		`lifetag_http_request_duration_seconds_count{method="GET",route="/api/user/data",status_class="2xx"} 2`,
		`lifetag_http_request_duration_seconds_count{method="other",route="/api/user/data",status_class="2xx"} 1`,
		`lifetag_http_request_duration_seconds_count{method="GET",route="/*",status_class="5xx"} 1`,
		`lifetag_db_connections{state="in_use"} 3`,
		`lifetag_db_connections_max 10`,
		`lifetag_db_connection_waits_total 7`,
		`lifetag_db_connection_wait_seconds_total 1.5`,
		`lifetag_label_render_duration_seconds_count{format="pdf",kind="sheet"} 1`,
		`lifetag_label_size_bytes_sum{format="pdf",kind="sheet"} 30000`,
		`lifetag_sign_ins_total{door="individual",outcome="failed"} 1`,
		`lifetag_sign_ins_total{door="corporate",outcome="succeeded"} 0`,
		`lifetag_rate_limit_refusals_total{limit="sign-in"} 1`,
		`lifetag_stripe_events_total{outcome="applied",type="payment_intent.succeeded"} 1`,
		`lifetag_jobs{kind="mail",state="available"} 4`,
		`lifetag_jobs_oldest_waiting_seconds{kind="mail",state="available"} 90`,
		`lifetag_ready 1`,
		`lifetag_build_info{commit="abc",goversion="`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the scrape lacks %s", want)
		}
	}
	problems, err := promlint.New(strings.NewReader(text)).Lint()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if strings.HasPrefix(p.Metric, "lifetag_") {
			t.Errorf("lint: %s: %s", p.Metric, p.Text)
		}
	}
}

// TestJobsUnavailable: a queue that cannot answer leaves its figures out
// of the scrape, not the rest.
func TestJobsUnavailable(t *testing.T) {
	m := prometheus.New(prometheus.Build{Version: "1.2.3", Commit: "abc"}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	m.WatchJobs(jobStats{err: errors.New("database away")})
	text := scrape(t, m)
	if strings.Contains(text, "lifetag_jobs{") || !strings.Contains(text, "lifetag_build_info") {
		t.Errorf("scrape with the queue away:\n%s", text)
	}
}

// BenchmarkRequest is what recording one request costs the API: a map
// read and a histogram observation, with no allocation.
func BenchmarkRequest(b *testing.B) {
	m := prometheus.New(prometheus.Build{Version: "1.2.3", Commit: "abc"}, slog.New(slog.DiscardHandler))
	route := "/api/sync/emergency-data/{email}"
	m.Request(route, "GET", 200, time.Millisecond)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			m.Request(route, "GET", 200, time.Millisecond)
		}
	})
}
