// Package prometheus serves the cloud's figures to a Prometheus server with
// client_golang: requests by route, the database pool, label files made,
// sign-ins, rate-limit refusals, payment events, background jobs and the
// build. It implements cloud.Metrics; deploy/prometheus holds the alerts and
// the dashboard written against these names.
//
// Every label value is one of a few fixed names (a route pattern, a method,
// a status class, a limit's name, an outcome), never a path, an address or
// a token: what the handler is given is all it can record.
package prometheus

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	prom "github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/lifetag/lifetag/cloud"
)

// namespace starts every name of ours.
const namespace = "lifetag"

// collectTimeout bounds what one scrape waits for the database (the job
// counts, the readiness ping); a scrape that takes longer is answered
// without them.
const collectTimeout = 3 * time.Second

// Build is what lifetag_build_info says about this binary.
type Build struct{ Version, Commit string }

// Metrics is the registry and every figure of the cloud.
type Metrics struct {
	registry *prom.Registry
	logger   *slog.Logger

	requestDuration *prom.HistogramVec
	labelDuration   *prom.HistogramVec
	labelBytes      *prom.HistogramVec
	signIns         *prom.CounterVec
	rateLimited     *prom.CounterVec
	paymentEvents   *prom.CounterVec

	// requests caches each (route, method, status class) series, so a
	// request costs a map read and a histogram observation: no label slice
	// is built and hashed per request.
	requestsMu sync.RWMutex
	requests   map[requestKey]prom.Observer
}

var _ cloud.Metrics = (*Metrics)(nil)

type requestKey struct {
	route, method string
	class         uint8 // status / 100
}

// New registers the cloud's figures, Go's runtime and the process's.
func New(build Build, logger *slog.Logger) *Metrics {
	m := &Metrics{
		registry: prom.NewRegistry(),
		logger:   logger,
		requests: make(map[requestKey]prom.Observer),
		requestDuration: prom.NewHistogramVec(prom.HistogramOpts{
			Namespace: namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help: "Time to answer an HTTP request, less any wait the server made on purpose (the sign-in guard's), by route pattern, method and status class; its _count is the number of requests.",
			// The API answers in about a millisecond; label files take longer.
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method", "status_class"}),
		labelDuration: prom.NewHistogramVec(prom.HistogramOpts{
			Namespace: namespace, Subsystem: "label", Name: "render_duration_seconds",
			Help:    "Time to make one label file (PDF or PNG), by what it is for and its format; its _count is the number made.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"kind", "format"}),
		labelBytes: prom.NewHistogramVec(prom.HistogramOpts{
			Namespace: namespace, Subsystem: "label", Name: "size_bytes",
			Help:    "Size of one label file made, by what it is for and its format.",
			Buckets: prom.ExponentialBuckets(4096, 4, 8), // 4 KiB to 64 MiB
		}, []string{"kind", "format"}),
		signIns: prom.NewCounterVec(prom.CounterOpts{
			Namespace: namespace, Name: "sign_ins_total",
			Help: "Password sign-in attempts, by door (individual, corporate) and outcome.",
		}, []string{"door", "outcome"}),
		rateLimited: prom.NewCounterVec(prom.CounterOpts{
			Namespace: namespace, Name: "rate_limit_refusals_total",
			Help: "Requests and mails refused by a rate limit, by the limit's name.",
		}, []string{"limit"}),
		paymentEvents: prom.NewCounterVec(prom.CounterOpts{
			Namespace: namespace, Name: "stripe_events_total",
			Help: "Payment provider (Stripe) events received, by type and outcome.",
		}, []string{"type", "outcome"}),
	}
	buildInfo := prom.NewGauge(prom.GaugeOpts{
		Namespace: namespace, Name: "build_info",
		Help:        "Always 1; its labels name the running build.",
		ConstLabels: prom.Labels{"version": build.Version, "commit": build.Commit, "goversion": runtime.Version()},
	})
	buildInfo.Set(1)
	m.registry.MustRegister(m.requestDuration, m.labelDuration, m.labelBytes, m.signIns, m.rateLimited,
		m.paymentEvents, buildInfo,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// Every sign-in series exists from the start, at 0, so a rate over them
	// means something from the first scrape.
	for _, door := range []string{cloud.SignInDoorIndividual, cloud.SignInDoorCorporate} {
		for _, outcome := range []string{cloud.SignInSucceeded, cloud.SignInFailed, cloud.SignInLimited, cloud.SignInRefused, cloud.SignInError} {
			m.signIns.WithLabelValues(door, outcome)
		}
	}
	return m
}

// Handler serves the figures in Prometheus' text format. A figure that
// cannot be collected (the database away) is logged and left out; the rest
// are still served.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(m.logger.Handler(), slog.LevelWarn),
		ErrorHandling: promhttp.ContinueOnError,
	})
}

// Request records one HTTP request.
func (m *Metrics) Request(route, method string, status int, took time.Duration) {
	key := requestKey{route: route, method: knownMethod(method), class: uint8(statusClass(status))}
	m.requestsMu.RLock()
	observer, ok := m.requests[key]
	m.requestsMu.RUnlock()
	if !ok {
		observer = m.requestDuration.WithLabelValues(key.route, key.method, strconv.Itoa(int(key.class))+"xx")
		m.requestsMu.Lock()
		m.requests[key] = observer
		m.requestsMu.Unlock()
	}
	observer.Observe(took.Seconds())
}

// statusClass is a status's hundreds; an answer with none written went out
// as 200.
func statusClass(status int) int {
	if status < 100 || status > 599 {
		return 2
	}
	return status / 100
}

// knownMethod keeps the method label to the standard methods: anything
// else a client sends is "other", so no client can add series at will.
func knownMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "other"
}

// LabelRendered records one label file made.
func (m *Metrics) LabelRendered(kind, format string, took time.Duration, bytes int) {
	m.labelDuration.WithLabelValues(kind, format).Observe(took.Seconds())
	m.labelBytes.WithLabelValues(kind, format).Observe(float64(bytes))
}

// SignIn records one sign-in attempt.
func (m *Metrics) SignIn(door, outcome string) { m.signIns.WithLabelValues(door, outcome).Inc() }

// RateLimited records one refusal by the named limit.
func (m *Metrics) RateLimited(limit string) { m.rateLimited.WithLabelValues(limit).Inc() }

// PaymentEvent records one payment provider event.
func (m *Metrics) PaymentEvent(eventType, outcome string) {
	m.paymentEvents.WithLabelValues(eventType, outcome).Inc()
}

// WatchPool reports the database connection pool at every scrape.
func (m *Metrics) WatchPool(stats func() cloud.PoolStats) {
	m.registry.MustRegister(&poolCollector{stats: stats})
}

// WatchReadiness reports lifetag_ready at every scrape: 1 when ready()
// says the instance takes requests (started, not draining, its database
// answering), as its /api/ready would.
func (m *Metrics) WatchReadiness(ready func(context.Context) bool) {
	m.registry.MustRegister(prom.NewGaugeFunc(prom.GaugeOpts{
		Namespace: namespace, Name: "ready",
		Help: "1 when the instance takes requests (as /api/ready answers 200), else 0.",
	}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), collectTimeout)
		defer cancel()
		if ready(ctx) {
			return 1
		}
		return 0
	}))
}

// WatchJobs reports the background job queue at every scrape.
func (m *Metrics) WatchJobs(jobs cloud.JobStats) {
	m.registry.MustRegister(&jobCollector{jobs: jobs})
}

var (
	poolConnections = prom.NewDesc("lifetag_db_connections",
		"Database connections of this instance's pool, in use or idle.", []string{"state"}, nil)
	poolMax = prom.NewDesc("lifetag_db_connections_max",
		"The most connections this instance's pool opens.", nil, nil)
	poolWaits = prom.NewDesc("lifetag_db_connection_waits_total",
		"Connections asked for while none in the pool was free.", nil, nil)
	poolWaitSeconds = prom.NewDesc("lifetag_db_connection_wait_seconds_total",
		"Time spent waiting for a free connection of the pool.", nil, nil)
)

// poolCollector reads the pool's state when scraped, rather than copying
// it on a timer.
type poolCollector struct{ stats func() cloud.PoolStats }

func (c *poolCollector) Describe(ch chan<- *prom.Desc) {
	ch <- poolConnections
	ch <- poolMax
	ch <- poolWaits
	ch <- poolWaitSeconds
}

func (c *poolCollector) Collect(ch chan<- prom.Metric) {
	s := c.stats()
	ch <- prom.MustNewConstMetric(poolConnections, prom.GaugeValue, float64(s.InUse), "in_use")
	ch <- prom.MustNewConstMetric(poolConnections, prom.GaugeValue, float64(s.Idle), "idle")
	ch <- prom.MustNewConstMetric(poolMax, prom.GaugeValue, float64(s.Max))
	ch <- prom.MustNewConstMetric(poolWaits, prom.CounterValue, float64(s.Waits))
	ch <- prom.MustNewConstMetric(poolWaitSeconds, prom.CounterValue, s.WaitTime.Seconds())
}

var (
	jobsDesc = prom.NewDesc("lifetag_jobs",
		"Background jobs (mail, webhooks, ...) by kind and state.", []string{"kind", "state"}, nil)
	jobsOldestDesc = prom.NewDesc("lifetag_jobs_oldest_waiting_seconds",
		"How long the oldest job of a kind in a state has waited to run.", []string{"kind", "state"}, nil)
)

// jobCollector asks the queue for its counts when scraped.
type jobCollector struct{ jobs cloud.JobStats }

func (c *jobCollector) Describe(ch chan<- *prom.Desc) {
	ch <- jobsDesc
	ch <- jobsOldestDesc
}

func (c *jobCollector) Collect(ch chan<- prom.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), collectTimeout)
	defer cancel()
	counts, err := c.jobs.JobCounts(ctx)
	if err != nil {
		ch <- prom.NewInvalidMetric(jobsDesc, err)
		return
	}
	for _, j := range counts {
		ch <- prom.MustNewConstMetric(jobsDesc, prom.GaugeValue, float64(j.Count), j.Kind, j.State)
		ch <- prom.MustNewConstMetric(jobsOldestDesc, prom.GaugeValue, j.OldestWaiting.Seconds(), j.Kind, j.State)
	}
}
