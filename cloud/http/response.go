package http

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// errorResponse is the one error shape: {"message": ...}, plus the field
// list for a record that failed validation, or the reason a program can
// act on (cloud.Reason...).
type errorResponse struct {
	Message string           `json:"message"`
	Errors  emergency.Errors `json:"errors,omitempty"`
	Reason  string           `json:"reason,omitempty"`
}

// statusOf maps error codes to HTTP status codes, in one place.
var statusOf = map[string]int{
	cloud.EINVALID:      http.StatusBadRequest,
	cloud.EUNAUTHORIZED: http.StatusUnauthorized,
	cloud.EFORBIDDEN:    http.StatusForbidden,
	cloud.ENOTFOUND:     http.StatusNotFound,
	cloud.ECONFLICT:     http.StatusConflict,
	cloud.ETOOMANY:      http.StatusTooManyRequests,
	cloud.EGONE:         http.StatusGone,
	cloud.EUNAVAILABLE:  http.StatusServiceUnavailable,
	cloud.EINTERNAL:     http.StatusInternalServerError,
}

// retryAfterUnavailable is how long a client is asked to wait when the
// database is unavailable (seconds): a restart or failover takes a few.
const retryAfterUnavailable = "2"

// statusClientClosedRequest is nginx's status for a request whose client
// hung up before the answer: no one reads it, but the access log then tells
// a client that left apart from a fault of the server.
const statusClientClosedRequest = 499

// writeJSON writes v with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers with err's status and user-facing message. Only
// internal errors are logged, and never with request data.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var se *statusError
	if errors.As(err, &se) {
		writeMessage(w, se.status, se.message)
		return
	}
	if clientLeft(r, err) {
		s.logger.DebugContext(r.Context(), "request abandoned: the client went away", slog.String("method", r.Method),
			slog.String("route", routePattern(r)))
		w.WriteHeader(statusClientClosedRequest)
		return
	}
	code := cloud.ErrorCode(err)
	switch code {
	case cloud.EINTERNAL:
		s.logger.ErrorContext(r.Context(), "request failed", slog.String("method", r.Method),
			slog.String("route", routePattern(r)), slog.String("error", err.Error()))
	case cloud.EUNAVAILABLE:
		s.logger.WarnContext(r.Context(), "request failed: the database is unavailable", slog.String("method", r.Method),
			slog.String("route", routePattern(r)), slog.String("error", err.Error()))
		w.Header().Set("Retry-After", retryAfterUnavailable)
	}
	resp := errorResponse{Message: cloud.ErrorMessage(err)}
	var e *cloud.Error
	if errors.As(err, &e) {
		resp.Errors = e.Fields
		resp.Reason = e.Reason
		if code == cloud.ETOOMANY {
			// Every 429 says when to try again (cloud.TooMany).
			setRetryAfter(w.Header(), e.RetryAfter)
		}
	}
	writeJSON(w, statusOf[code], resp)
}

// clientLeft reports an error that is only the client hanging up: the
// request's context was cancelled (the connection closed) and the work
// stopped because of it.
func clientLeft(r *http.Request, err error) bool {
	return errors.Is(err, context.Canceled) && r.Context().Err() != nil
}

func writeMessage(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, errorResponse{Message: message})
}

// timeOrNil is a moment on the wire: absent (null) when it never happened.
func timeOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
