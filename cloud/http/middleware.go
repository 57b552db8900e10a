package http

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"

	"github.com/lifetag/lifetag/cloud"
)

// contentSecurityPolicy allows the site's own files and Stripe's payment
// element, nothing else. frame-src blob: lets Print load the label PDF into
// a hidden frame of our own making; the PDF viewer in it is not an <object>,
// so object-src 'none' still holds.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://js.stripe.com; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; " +
	"font-src 'self' data:; " +
	"connect-src 'self' https://api.stripe.com; " +
	"frame-src 'self' blob: https://js.stripe.com https://hooks.stripe.com; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		// Reset links carry a token in the URL; never leak it to other sites.
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.TLS != nil || (s.production && r.Header.Get("X-Forwarded-Proto") == "https") {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// sameOriginWrites refuses a browser's state-changing request sent by
// another site: Go's CrossOriginProtection reads Sec-Fetch-Site, or else
// compares Origin with Host. The session cookie is SameSite=Lax, so such a
// request carries no session, but it could still act without one: its
// answer's Set-Cookie signs the visitor out, and sign-up, checkout and
// analytics need no session. Programs other than browsers send neither
// header and pass, as Stripe's webhook must.
func sameOriginWrites(next http.Handler) http.Handler {
	protection := http.NewCrossOriginProtection()
	protection.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeMessage(w, http.StatusForbidden, cloud.MsgCrossOrigin)
	}))
	return protection.Handler(next)
}

// sentByAnotherSite reports a browser request that another site started,
// for the one GET that changes something (/api/logout, a navigation target
// of the spec). CrossOriginProtection leaves GET alone.
func sentByAnotherSite(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	return site == "cross-site" || site == "same-site"
}

// noStore keeps API answers (personal data) out of every cache.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// recoverer answers a panic with a plain 500 (never a stack trace) and
// logs it.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logger.ErrorContext(r.Context(), "panic", slog.String("route", routePattern(r)),
					slog.String("panic", fmt.Sprint(v)), slog.String("stack", string(debug.Stack())))
				writeMessage(w, http.StatusInternalServerError, cloud.MsgInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}
