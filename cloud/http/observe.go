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
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		r = r.WithContext(ctx)
		next.ServeHTTP(ww, r)

		took, route, status := time.Since(start), routePattern(r), ww.Status()
		if status == 0 {
			status = http.StatusOK // nothing written: net/http sent 200
		}
		s.logger.LogAttrs(ctx, slog.LevelInfo, "request",
			slog.String("method", r.Method), slog.String("route", route),
			slog.Int("status", status), slog.Duration("duration", took))
		s.metrics.Request(route, r.Method, status, took)
		if span.IsRecording() {
			span.SetName(r.Method + " " + route)
			span.SetAttributes(attribute.String("http.route", route), attribute.String("http.request.method", r.Method),
				attribute.Int("http.response.status_code", status), attribute.String("lifetag.request_id", RequestID(ctx)))
			if status >= 500 {
				span.SetStatus(codes.Error, "")
			}
		}
	})
}

// traceID is the id of the trace ctx belongs to, or "" outside one.
func traceID(ctx context.Context) string {
	if sc := trace.SpanContextFromContext(ctx); sc.HasTraceID() {
		return sc.TraceID().String()
	}
	return ""
}
