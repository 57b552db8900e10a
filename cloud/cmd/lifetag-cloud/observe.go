package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/prometheus"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/tracing"
	"github.com/lifetag/lifetag/pkg/version"
)

// commit is the git commit the binary was built from, set by
// scripts/build/cloud.sh (-ldflags -X main.commit=...); "" for a plain
// go build.
var commit string

// newMetrics makes the figures /metrics serves when METRICS_ADDR is set:
// the HTTP server, the service and the pool report into it, and jobs (the
// background queue's, when there is one) is asked at each scrape.
func newMetrics(logger *slog.Logger, store *sqldb.DB, jobs cloud.JobStats) *prometheus.Metrics {
	metrics := prometheus.New(prometheus.Build{Version: version.String(), Commit: firstNonEmpty(commit, "unknown")}, logger)
	metrics.WatchPool(store.PoolStats)
	if jobs != nil {
		metrics.WatchJobs(jobs)
	}
	return metrics
}

// watchReadiness reports what /api/ready would answer at each scrape.
func watchReadiness(metrics *prometheus.Metrics, server *lhttp.Server, svc *service.Service) {
	metrics.WatchReadiness(func(ctx context.Context) bool { return server.Serving() && svc.Ping(ctx) == nil })
}

// serveMetrics serves /metrics on its own listener (METRICS_ADDR, never the
// public one: a scraper reads it, not the site's visitors) until stop is
// called, after the drain, so that the drain itself is seen.
func serveMetrics(addr string, metrics *prometheus.Metrics, logger *slog.Logger) (stop func(), err error) {
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler())
	server := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	logger.Info("metrics served", slog.String("address", "http://"+listener.Addr().String()+"/metrics"))
	go func() {
		if err := server.Serve(listener); !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics server stopped", slog.String("error", err.Error()))
		}
	}()
	return func() { server.Close() }, nil
}

// startTracing exports traces over OTLP when the OTEL_* variables ask for
// it; the returned stop sends what is still buffered (at most 5 s).
func startTracing(ctx context.Context, enabled bool, logger *slog.Logger) (stop func(), err error) {
	if !enabled {
		return func() {}, nil
	}
	shutdown, err := tracing.Start(ctx, version.String())
	if err != nil {
		return nil, err
	}
	logger.Info("traces exported over OTLP")
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := shutdown(ctx); err != nil {
			logger.Warn("traces not all sent", slog.String("error", err.Error()))
		}
	}, nil
}
