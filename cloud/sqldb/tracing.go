package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud/tracing"
)

// Every statement run inside a traced request is a span of its own: on
// PostgreSQL through pgx's tracer hook (pgxTracer), on SQLite around the
// database/sql call (sqlQuerier). The span carries the statement's text,
// whose values are always parameters ($1, ?): never a value itself.
// Statements outside a traced request (start-up, the hourly purges) make
// no span, and with tracing off nothing is made at all.
var tracer = otel.Tracer(tracing.TracerName)

// startSQLSpan starts a statement's span when ctx is inside a recorded
// trace; ok is false (and ctx unchanged) otherwise.
func startSQLSpan(ctx context.Context, system, query string) (context.Context, trace.Span, bool) {
	if !trace.SpanFromContext(ctx).IsRecording() {
		return ctx, nil, false
	}
	ctx, span := tracer.Start(ctx, "SQL "+firstWord(query), trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("db.system.name", system), attribute.String("db.query.text", query)))
	return ctx, span, true
}

// endSQLSpan ends a statement's span, marking a failure (not a missing
// row, an answer like any other) by its SQLSTATE alone: an error's text
// can quote a value.
func endSQLSpan(span trace.Span, err error) {
	if err != nil && !errors.Is(err, pgx.ErrNoRows) && !errors.Is(err, sql.ErrNoRows) {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) {
			span.SetAttributes(attribute.String("db.response.status_code", pgErr.Code))
		}
		span.SetStatus(codes.Error, "")
	}
	span.End()
}

// firstWord is a statement's verb (SELECT, INSERT, WITH ...), the span's name.
func firstWord(query string) string {
	query = strings.TrimSpace(query)
	if i := strings.IndexAny(query, " \t\n("); i > 0 {
		return query[:i]
	}
	return query
}

// pgxTracer is pgx's tracer hook: a span from each statement's start to
// its end.
type pgxTracer struct{}

type pgxSpanKey struct{}

func (pgxTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	ctx, span, ok := startSQLSpan(ctx, "postgresql", data.SQL)
	if !ok {
		return ctx
	}
	return context.WithValue(ctx, pgxSpanKey{}, span)
}

func (pgxTracer) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryEndData) {
	if span, ok := ctx.Value(pgxSpanKey{}).(trace.Span); ok {
		endSQLSpan(span, data.Err)
	}
}
