package service

import (
	"context"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud/tracing"
)

var tracer = otel.Tracer(tracing.TracerName)

// noSpan is the span of a step outside a recorded trace: it records nothing.
var noSpan = trace.SpanFromContext(context.Background())

// startSpan starts the span of a use case (name: the method's), a child of
// the request's, for the use cases that do more than one step or more than
// one statement: sign-in, the record, label files, payments, mail. Outside
// a recorded trace (tracing off, or a request not sampled) it makes none:
// its children would not be recorded either, and an unsampled request
// then costs one span, its own, not one a step.
func startSpan(ctx context.Context, name string) (context.Context, trace.Span) {
	if !trace.SpanFromContext(ctx).IsRecording() {
		return ctx, noSpan
	}
	return tracer.Start(ctx, "service."+name)
}

// startJobSpan starts the root span of one attempt at a queued job (kind:
// cloud.JobKind...): a job runs after its request's trace has ended, so
// its statements and calls hang from a trace of their own, sampled as a
// request's is.
func startJobSpan(ctx context.Context, kind string, id int64, attempt int) (context.Context, trace.Span) {
	return tracer.Start(ctx, "job "+kind, trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithAttributes(attribute.Int64("job.id", id), attribute.Int("job.attempt", attempt)))
}

// render makes one label file (kind: cloud.LabelKind..., format "pdf" or
// "png") under a span of its own, and records how long it took and its
// size.
func (s *Service) render(ctx context.Context, kind, format string, make func() ([]byte, error)) ([]byte, error) {
	_, span := startSpan(ctx, "render "+format)
	defer span.End()
	span.SetAttributes(attribute.String("lifetag.label.kind", kind))
	start := time.Now()
	file, err := make()
	if err != nil {
		return nil, err
	}
	took := time.Since(start)
	s.metrics.LabelRendered(kind, format, took, len(file))
	span.SetAttributes(attribute.Int("lifetag.label.bytes", len(file)))
	return file, nil
}
