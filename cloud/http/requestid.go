package http

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
)

// RequestIDHeader carries a request's id: taken from a trusted proxy (so one
// id follows a request through the load balancer and every instance's log),
// else made here; every answer carries it back.
const RequestIDHeader = "X-Request-Id"

// maxRequestIDBytes bounds an id a proxy hands us.
const maxRequestIDBytes = 64

// requestIDPrefix makes this process's ids unique among instances; a counter
// numbers its requests (cheaper than random bytes for each).
var (
	requestIDPrefix  = newRequestIDPrefix()
	requestIDCounter atomic.Uint64
)

func newRequestIDPrefix() string {
	b := make([]byte, 6)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

type requestIDKey struct{}

// RequestID returns the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestID gives the request its id, in its context and in the answer's
// header. X-Request-Id is honoured only with TrustProxy: otherwise anyone
// could write what they like into our logs.
func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := ""
		if s.rateLimit.TrustProxy {
			id = r.Header.Get(RequestIDHeader)
		}
		if !validRequestID(id) {
			id = requestIDPrefix + "-" + strconv.FormatUint(requestIDCounter.Add(1), 10)
		}
		w.Header().Set(RequestIDHeader, id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

// validRequestID accepts 1 to maxRequestIDBytes of letters, digits and
// . _ - : = ; (what proxies generate: UUIDs, hex, Amazon's
// Root=1-...;Parent=...): no spaces, quotes or control characters to forge
// log fields with.
func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDBytes {
		return false
	}
	for _, c := range []byte(id) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-', c == ':', c == '=', c == ';':
		default:
			return false
		}
	}
	return true
}

// WithRequestIDs returns a logger whose every record logged with a request's
// context (the ...Context methods, LogAttrs) carries that request's id as
// request_id and, when the request is traced, its trace's id as trace_id.
func WithRequestIDs(logger *slog.Logger) *slog.Logger {
	if _, done := logger.Handler().(requestIDHandler); done {
		return logger
	}
	return slog.New(requestIDHandler{logger.Handler()})
}

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, record slog.Record) error {
	if id := RequestID(ctx); id != "" {
		record.AddAttrs(slog.String("request_id", id))
	}
	if id := traceID(ctx); id != "" {
		record.AddAttrs(slog.String("trace_id", id))
	}
	return h.Handler.Handle(ctx, record)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
