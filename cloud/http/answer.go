package http

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

// A strict answer (apiserver) sets every header field the contract declares
// for it, an empty one where the answer's Headers left the field unset:
// every answer declares the RateLimit fields, which the rate limits set
// before any handler runs, and some declare Set-Cookie, which a handler
// sets with the cookie functions. fieldsWriter keeps those: when the status
// is written, a field the answer left empty gets back the value it had when
// the handler returned, or is dropped.
type fieldsWriter struct {
	http.ResponseWriter
	kept        http.Header // the fields when the handler returned
	wroteHeader bool
}

type fieldsKey struct{}

type requestKey struct{}

// keepAnswerFields puts a fieldsWriter under everything the API answers.
func keepAnswerFields(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fw := &fieldsWriter{ResponseWriter: w}
		next.ServeHTTP(fw, r.WithContext(context.WithValue(r.Context(), fieldsKey{}, fw)))
	})
}

// strictContext wraps every strict handler: it gives the handler its
// request (requestFrom) and notes the answer's fields once it returns.
func strictContext(f apiserver.StrictHandlerFunc, _ string) apiserver.StrictHandlerFunc {
	return func(ctx context.Context, w http.ResponseWriter, r *http.Request, request any) (any, error) {
		answer, err := f(context.WithValue(ctx, requestKey{}, r), w, r, request)
		if fw, ok := ctx.Value(fieldsKey{}).(*fieldsWriter); ok {
			fw.kept = fw.Header().Clone()
		}
		return answer, err
	}
}

// requestFrom is the request of a strict handler's context, for what the
// contract does not type: a cookie, the session's token, the client's
// address.
func requestFrom(ctx context.Context) *http.Request {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	return r
}

// answerFrom is the answer's writer in a strict handler's context, for
// setting cookies (setSessionCookie and the like). The handler writes
// nothing else to it: its typed answer does that.
func answerFrom(ctx context.Context) http.ResponseWriter {
	fw, _ := ctx.Value(fieldsKey{}).(*fieldsWriter)
	return fw
}

func (fw *fieldsWriter) WriteHeader(status int) {
	if !fw.wroteHeader {
		fw.wroteHeader = true
		h := fw.Header()
		for key, values := range h {
			if len(values) == 1 && values[0] == "" {
				if kept := fw.kept[key]; len(kept) > 0 && kept[0] != "" {
					h[key] = kept
				} else {
					delete(h, key)
				}
			}
		}
	}
	fw.ResponseWriter.WriteHeader(status)
}

func (fw *fieldsWriter) Write(b []byte) (int, error) {
	if !fw.wroteHeader {
		fw.WriteHeader(http.StatusOK)
	}
	return fw.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (fw *fieldsWriter) Unwrap() http.ResponseWriter { return fw.ResponseWriter }
