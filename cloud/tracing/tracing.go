// Package tracing sends the cloud's traces to an OpenTelemetry collector
// over OTLP (HTTP), configured by the standard OTEL_* variables, which the
// exporter and the SDK read themselves (OTEL_EXPORTER_OTLP_ENDPOINT,
// OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_SERVICE_NAME, ...).
// The spans themselves are made where the work is done (the HTTP server,
// the service, sqldb, the payment and mail clients), through the
// OpenTelemetry API and its global provider: with tracing off that provider
// is a no-op and a span costs next to nothing.
package tracing

import (
	"context"
	"fmt"
	"net/http"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// TracerName names the cloud's spans' instrumentation scope.
const TracerName = "github.com/lifetag/lifetag/cloud"

// Enabled reports whether the environment asks for traces: an OTLP
// endpoint is set, and the SDK is not disabled nor its exporter "none".
func Enabled(getenv func(string) string) bool {
	if getenv("OTEL_SDK_DISABLED") == "true" || getenv("OTEL_TRACES_EXPORTER") == "none" {
		return false
	}
	return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// Start installs the global tracer provider exporting over OTLP in
// batches, as service "lifetag-cloud" (OTEL_SERVICE_NAME overrides it) at
// version. shutdown sends the spans still buffered; call it last.
func Start(ctx context.Context, version string) (shutdown func(context.Context) error, err error) {
	exporter, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("tracing: OTLP exporter: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(
		attribute.String("service.name", "lifetag-cloud"), attribute.String("service.version", version)))
	if err != nil {
		return nil, fmt.Errorf("tracing: resource: %w", err)
	}
	// The environment's own (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) win.
	if fromEnv, err := resource.New(ctx, resource.WithFromEnv()); err == nil {
		if merged, err := resource.Merge(res, fromEnv); err == nil {
			res = merged
		}
	}
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(res))
	otel.SetTracerProvider(provider)
	return provider.Shutdown, nil
}

// Transport makes a client span for each request sent through base to
// peer (an outside service: "stripe"), named by peer and method only: the
// paths of such APIs carry object ids, which stay out of traces.
func Transport(peer string, base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &transport{peer: peer, base: base, tracer: otel.Tracer(TracerName)}
}

type transport struct {
	peer   string
	base   http.RoundTripper
	tracer trace.Tracer
}

func (t *transport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !trace.SpanFromContext(r.Context()).IsRecording() {
		return t.base.RoundTrip(r)
	}
	ctx, span := t.tracer.Start(r.Context(), t.peer+" "+r.Method, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("http.request.method", r.Method),
			attribute.String("server.address", r.URL.Hostname())))
	defer span.End()
	resp, err := t.base.RoundTrip(r.WithContext(ctx))
	if err != nil {
		span.SetStatus(codes.Error, "no answer")
		return resp, err
	}
	span.SetAttributes(attribute.Int("http.response.status_code", resp.StatusCode))
	if resp.StatusCode >= 500 {
		span.SetStatus(codes.Error, "")
	}
	return resp, nil
}
