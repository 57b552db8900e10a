package http

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud/tracing"
)

var tracer = otel.Tracer(tracing.TracerName)

// traceContext reads a W3C traceparent header, which only a trusted proxy's
// is (TrustProxy): otherwise a client could join our traces at will.
var traceContext = propagation.TraceContext{}

// observeRequests makes each request's span, its log line and its figures:
// method, route pattern (never the path, query or body: they can hold an
// address or a token), status and duration. The span is in the request's
// context, so every line the request logs carries its trace_id
// (WithRequestIDs) and every span it starts is the request's child. It
// wraps the recoverer, so a panic's 500 is counted like any other answer.
// A wait made on purpose (waitDeliberately) is logged apart and left out
// of the figures.
func (s *Server) observeRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx := r.Context()
		if s.rateLimit.TrustProxy {
			ctx = traceContext.Extract(ctx, propagation.HeaderCarrier(r.Header))
		}
		// The route is known only once chi has matched it: the span is
		// renamed then.
		ctx, span := tracer.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		delayed := new(deliberateDelay)
		ctx = context.WithValue(ctx, deliberateDelayKey{}, delayed)
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		r = r.WithContext(ctx)
		next.ServeHTTP(ww, r)

		took, route, status := time.Since(start), routePattern(r), ww.Status()
		if status == 0 {
			status = http.StatusOK // nothing written: net/http sent 200
		}
		attrs := []slog.Attr{slog.String("method", r.Method), slog.String("route", route),
			slog.Int("status", status), slog.Duration("duration", took)}
		if *delayed > 0 {
			attrs = append(attrs, slog.Duration("deliberate_delay", time.Duration(*delayed)))
		}
		s.logger.LogAttrs(ctx, slog.LevelInfo, "request", attrs...)
		// The figures are the server's work: the slow-route alert, which
		// watches them, would otherwise blame the database for a wait
		// made on purpose.
		s.metrics.Request(route, r.Method, status, took-time.Duration(*delayed))
		if span.IsRecording() {
			span.SetName(r.Method + " " + route)
			span.SetAttributes(attribute.String("http.route", route), attribute.String("http.request.method", r.Method),
				attribute.Int("http.response.status_code", status), attribute.String("lifetag.request_id", RequestID(ctx)))
			if *delayed > 0 {
				span.SetAttributes(attribute.Int64("lifetag.deliberate_delay_ms", time.Duration(*delayed).Milliseconds()))
			}
			if status >= 500 {
				span.SetStatus(codes.Error, "")
			}
		}
	})
}

// deliberateDelay is how long the server kept one request waiting on
// purpose, as a slowdown (the sign-in guard's, signin_guard.go). The
// request's log line shows it as deliberate_delay, its span as
// lifetag.deliberate_delay_ms; its figures (the request duration
// histogram) leave it out. Only the request's own goroutine adds to it.
type deliberateDelay time.Duration

type deliberateDelayKey struct{}

// waitDeliberately makes the request of ctx wait d on purpose, counted as
// such (deliberateDelay). false means the client left before the end.
func waitDeliberately(ctx context.Context, d time.Duration) bool {
	start := time.Now()
	if delayed, ok := ctx.Value(deliberateDelayKey{}).(*deliberateDelay); ok {
		defer func() { *delayed += deliberateDelay(time.Since(start)) }()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// traceID is the id of the trace ctx belongs to, or "" outside one.
func traceID(ctx context.Context) string {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		return sc.TraceID().String()
	}
	return ""
}
