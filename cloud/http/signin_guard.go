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
//     pair, so the owner signing in from anywhere else is not. Each attempt
//     takes its place in the pair's quota before its password or code is
//     checked, and gives it back unless it failed: so attempts sent at once
//     cannot all be checked against a count none of them has added to yet
//     (PerAddress at once are checked, the rest refused), on every instance;
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

// signInAttempt is a password or second-step code being checked: its
// place in the (client, address) pair's quota of failures, taken before the
// check.
type signInAttempt struct {
	email string
	pair  reservation
}

// beforeSignIn runs before a password or code is checked: it takes the
// attempt's place in its (client, address) pair's quota, refusing the pair
// past it, then waits out the address's delay. nil means the request was
// refused (and answered).
func (s *Server) beforeSignIn(w http.ResponseWriter, r *http.Request, email string) *signInAttempt {
	pair, ok := s.reserve(w, r, s.signInFailures, s.pairKey(r, "login", email))
	if !ok {
		return nil
	}
	attempt := &signInAttempt{email: email, pair: pair}
	failures, _ := s.addressFailures.used(cloud.NormalizeEmail(email))
	delay := addressDelay(failures, s.rateLimit.PerAddress, s.rateLimit.AddressDelay, s.rateLimit.AddressDelayMax)
	if delay == 0 {
		return attempt
	}
	if !waitDeliberately(r.Context(), delay) {
		s.release(r, pair) // the client left before anything was checked
		return nil
	}
	return attempt
}

// afterSignIn settles an attempt: a wrong password or code (EUNAUTHORIZED)
// keeps its place in the pair's quota and counts against the address from
// anywhere; any other outcome gives the place back.
func (s *Server) afterSignIn(r *http.Request, attempt *signInAttempt, err error) {
	if cloud.ErrorCode(err) != cloud.EUNAUTHORIZED {
		s.release(r, attempt.pair)
		return
	}
	s.count(r, s.addressFailures, cloud.NormalizeEmail(attempt.email))
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
