package tracing_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/lifetag/lifetag/cloud/tracing"
)

// TestTransport: a call to an outside service inside a trace is a client
// span named by the service and method, without the path (object ids);
// outside a trace it makes none.
func TestTransport(t *testing.T) {
	spans := tracetest.NewInMemoryExporter()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	otel.SetTracerProvider(provider)
	stripe := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer stripe.Close()
	client := &http.Client{Transport: tracing.Transport("stripe", nil)}

	ctx, parent := provider.Tracer("test").Start(context.Background(), "request")
	for _, c := range []context.Context{ctx, context.Background()} {
		req, _ := http.NewRequestWithContext(c, "POST", stripe.URL+"/v1/payment_intents/pi_123", nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	parent.End()

	got := spans.GetSpans()
	if len(got) != 2 || got[0].Name != "stripe POST" || got[0].Parent.SpanID() != parent.SpanContext().SpanID() {
		t.Fatalf("spans: %+v", got)
	}
	for _, a := range got[0].Attributes {
		if a.Value.Emit() == "/v1/payment_intents/pi_123" {
			t.Errorf("the path is in the span: %s", a.Key)
		}
	}
}
