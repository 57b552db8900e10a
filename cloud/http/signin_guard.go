package http

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"

	"github.com/lifetag/lifetag/cloud"
)

// Guessing passwords is slowed in three ways, none of which a stranger can
// turn against an account's owner:
//   - every request to the sign-in and password routes counts against its
//     client address (RateLimit.PerIP, the route group's limit);
//   - failed sign-ins count per client address and e-mail address: past
//     RateLimit.PerAddress in a window that pair is refused, and only that
//     pair, so the owner signing in from anywhere else is not;
//   - failed sign-ins also count per e-mail address alone, from anywhere:
//     past RateLimit.PerAddress each further attempt on the address waits a
//     little longer (addressDelay), up to a few seconds, but is never refused.
//     A lock here would let anyone lock anyone out.

// clientIP finds the client's address for every limit counted per client
// (clientKey). Without a proxy it is the connection's. Behind one
// (TrustProxy) it is the last X-Forwarded-For entry, the one our proxy
// appended: the entries before it, and headers such as X-Real-IP or
// True-Client-IP, may be whatever the client sent.
func (s *Server) clientIP() func(http.Handler) http.Handler {
	if s.rateLimit.TrustProxy {
		return middleware.ClientIPFromXFFTrustedProxies(1)
	}
	return middleware.ClientIPFromRemoteAddr
}

// clientKey is the client address the per-IP limits count by (an IPv6
// client by its /64, as one machine holds a whole such block).
func (s *Server) clientKey(r *http.Request) string {
	ip := middleware.GetClientIP(r.Context())
	if ip == "" {
		// Behind a proxy, a request that did not come through it.
		return "unknown"
	}
	return httprate.CanonicalizeIP(ip)
}

// pairKey names a client address and an e-mail address on one route.
func (s *Server) pairKey(r *http.Request, route, email string) string {
	return route + "|" + s.clientKey(r) + "|" + cloud.NormalizeEmail(email)
}

// limitAddress applies the per-(client, address) limit of a route that
// counts every request (check-user, request-reset, the account claim); true
// means the request was refused (and answered).
func (s *Server) limitAddress(w http.ResponseWriter, r *http.Request, route, email string) bool {
	return !s.allow(w, r, s.addressLimit, s.pairKey(r, route, email))
}

// beforeSignIn runs before a password is checked: it refuses a (client,
// address) pair past its failures, else waits out the address's delay. true
// means the request was refused (and answered).
func (s *Server) beforeSignIn(w http.ResponseWriter, r *http.Request, email string) bool {
	if !s.allowUncounted(w, r, s.signInFailures, s.pairKey(r, "login", email)) {
		return true
	}
	failures, _ := s.addressFailures.used(cloud.NormalizeEmail(email))
	delay := addressDelay(failures, s.rateLimit.PerAddress, s.rateLimit.AddressDelay, s.rateLimit.AddressDelayMax)
	if delay == 0 {
		return false
	}
	// A client that left during the wait is answered nothing.
	return !waitDeliberately(r.Context(), delay)
}

// signInFailed counts a failed sign-in for its pair and its address.
func (s *Server) signInFailed(r *http.Request, email string) {
	s.count(r, s.signInFailures, s.pairKey(r, "login", email))
	s.count(r, s.addressFailures, cloud.NormalizeEmail(email))
}

// addressDelay is how long an attempt on an address waits after failures
// failed attempts on it (from anywhere) in the window: nothing up to free,
// then base, doubling with each further failure, never more than max.
func addressDelay(failures, free int, base, max time.Duration) time.Duration {
	if failures < free || base <= 0 {
		return 0
	}
	delay := base
	for range failures - free {
		if delay >= max {
			return max
		}
		delay *= 2
	}
	return min(delay, max)
}
