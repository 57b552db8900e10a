// Package http serves the Lifetag API and website over net/http with chi.
package http

import (
	"context"
	"io/fs"
	"log/slog"
	"math"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/version"
)

// RateLimit bounds the sign-in and password routes (signin_guard.go): PerIP
// requests per Window from one client address; PerAddress failed sign-ins
// (or check-user, reset and claim requests) per Window from one client
// address for one e-mail address; past PerAddress failures on an e-mail
// address from anywhere, attempts on it wait AddressDelay, doubling, at most
// AddressDelayMax. AnalyticsPerIP bounds the analytics routes per Window from
// one address, on a counter of their own. CollectPerIP bounds the workers'
// collection routes per Window from one address, and CollectPerLink the
// submissions through one link from anywhere (a leaked link cannot be
// scripted into the organisation's quota quickly); zero takes the default,
// so configurations written before them keep working. MailPerRecipient,
// MailPerCaller and MailPerOrganization bound the mail callers can ask for
// in cloud.MailLimitWindow (mail_limit.go; zero takes the default too).
// TrustProxy takes the client IP from the last X-Forwarded-For entry,
// which the one reverse proxy in front of the cloud appends (clientIP).
type RateLimit struct {
	PerIP           int
	PerAddress      int
	AnalyticsPerIP  int
	CollectPerIP    int
	CollectPerLink  int
	Window          time.Duration
	AddressDelay    time.Duration
	AddressDelayMax time.Duration
	TrustProxy      bool

	// Mail per recipient address, per caller (an account, or an anonymous
	// client address) and per organisation, each per hour.
	MailPerRecipient    int
	MailPerCaller       int
	MailPerOrganization int
	// Refused collection submissions (a malformed body, invalid values, no
	// consent) per Window from one client address; they never count
	// against the link.
	CollectMalformedPerIP int

	// PerAPIKey bounds the requests of one API key per Window
	// (RATE_LIMIT_PER_API_KEY); zero takes the default. Requests with a
	// wrong API key count per client address, with the allowance of
	// failed sign-ins (PerAddress).
	PerAPIKey int

	// APIPerClient bounds every /api/ request per Window from one client
	// address (RATE_LIMIT_API_PER_CLIENT), counted in each instance's
	// memory; zero takes the default.
	APIPerClient int
}

// DefaultRateLimit is the production default. Analytics are generous: a
// visitor sends a page view on every navigation, and people behind one
// address (an office, a mobile carrier's NAT) share the allowance.
// A crew filling in a collection link together shares one site's address.
// Mail: a person is sent at most a few mails an hour whoever asks; an
// officer sends a crew's update links in one sitting.
var DefaultRateLimit = RateLimit{PerIP: 30, PerAddress: 10, AnalyticsPerIP: 120, CollectPerIP: 60, CollectPerLink: 20,
	MailPerRecipient: 5, MailPerCaller: 60, MailPerOrganization: 200, CollectMalformedPerIP: 10,
	PerAPIKey: 600, // ten a second: a nightly sync of thousands of workers in bulk requests
	// Twenty a second: an integration host can run two keys at their full
	// rate, and an office behind one address browses freely; a person in
	// the browser sends a few dozen requests a page at most.
	APIPerClient: 1200,
	Window:       time.Minute,
	AddressDelay: 250 * time.Millisecond, AddressDelayMax: 8 * time.Second}

// Config is everything the server is built from; main fills it in.
type Config struct {
	Service    *service.Service
	Site       fs.FS // the website build; index.html may be missing
	Logger     *slog.Logger
	Production bool // Secure cookies
	RateLimit  RateLimit
	Payments   Payments
	// RateLimitStore, when set (on PostgreSQL), keeps the rate-limit
	// counters in the database so that every instance counts together;
	// nil counts in this process's memory (the embedded SQLite default).
	RateLimitStore cloud.RateLimitStore
	// MinStationVersion (X.Y.Z, STATION_MIN_VERSION) is the oldest print
	// station served; an older one is answered 426 (stationversion.go).
	// "" serves every version.
	MinStationVersion string
	// Metrics records requests, sign-ins and rate-limit refusals; nil
	// records nothing.
	Metrics cloud.Metrics
}

// Server is the HTTP face of the cloud.
type Server struct {
	service    *service.Service
	site       fs.FS
	logger     *slog.Logger
	production bool
	rateLimit  RateLimit
	payments   Payments
	minStation string
	metrics    cloud.Metrics

	// The limits (ratelimit.go).
	apiLimit        *limit // every /api/ request per client address
	signInLimit     *limit // sign-in and password routes per client address
	addressLimit    *limit // requests per (client, address, route)
	signInFailures  *limit // failed sign-ins per (client, address)
	addressFailures *limit // failed sign-ins per address: counted, never refused
	analyticsLimit  *limit // analytics routes per client address
	collectLimit    *limit // workers' collection routes per client address
	linkLimit       *limit // accepted submissions per collection link
	refusedLimit    *limit // refused submissions per client address
	keyLimit        *limit // requests per API key (apikey.go)
	keyFailures     *limit // requests with a wrong API key per client address
	router          chi.Router
	ops             map[string]operation // the contract's, by "METHOD /route/pattern" (operations.go)
	paths           *chi.Mux             // the contract's paths, for telling 405 from 404

	life atomic.Int32 // lifeStarting, lifeServing or lifeDraining (readiness.go)
}

// NewServer builds the server and its routes.
func NewServer(c Config) *Server {
	if c.RateLimit == (RateLimit{}) {
		c.RateLimit = DefaultRateLimit
	}
	if c.RateLimit.Window == 0 {
		c.RateLimit.Window = DefaultRateLimit.Window
	}
	if c.RateLimit.CollectPerIP == 0 {
		c.RateLimit.CollectPerIP = DefaultRateLimit.CollectPerIP
	}
	if c.RateLimit.CollectPerLink == 0 {
		c.RateLimit.CollectPerLink = DefaultRateLimit.CollectPerLink
	}
	for _, limit := range []struct {
		value    *int
		fallback int
	}{
		{&c.RateLimit.MailPerRecipient, DefaultRateLimit.MailPerRecipient},
		{&c.RateLimit.MailPerCaller, DefaultRateLimit.MailPerCaller},
		{&c.RateLimit.MailPerOrganization, DefaultRateLimit.MailPerOrganization},
		{&c.RateLimit.CollectMalformedPerIP, DefaultRateLimit.CollectMalformedPerIP},
		{&c.RateLimit.PerAPIKey, DefaultRateLimit.PerAPIKey},
		{&c.RateLimit.APIPerClient, DefaultRateLimit.APIPerClient},
	} {
		if *limit.value == 0 {
			*limit.value = limit.fallback
		}
	}
	s := &Server{
		service:    c.Service,
		site:       c.Site,
		logger:     WithRequestIDs(c.Logger),
		production: c.Production,
		rateLimit:  c.RateLimit,
		payments:   c.Payments,
		minStation: c.MinStationVersion,
		metrics:    c.Metrics,
	}
	if s.metrics == nil {
		s.metrics = cloud.NoMetrics{}
	}
	if _, err := version.Parse(c.MinStationVersion); c.MinStationVersion != "" && err != nil {
		panic("http: MinStationVersion: " + err.Error()) // main checks it first
	}
	// Each limit has its own counter, shared in the database when
	// RateLimitStore is set. The general one is always counted in memory:
	// it is meant to be cheap, with no database write per request.
	rl, window, store := c.RateLimit, c.RateLimit.Window, c.RateLimitStore
	s.apiLimit = newLimit("api", rl.APIPerClient, window, cloud.MsgTooManyRequests, nil)
	s.signInLimit = newLimit("sign-in", rl.PerIP, window, cloud.MsgTooManyRequests, store)
	s.addressLimit = newLimit("sign-in-address", rl.PerAddress, window, cloud.MsgTooManyRequests, store)
	s.signInFailures = newLimit("sign-in-failures", rl.PerAddress, window, cloud.MsgTooManyRequests, store)
	s.addressFailures = newLimit("address-failures", math.MaxInt32, window, "", store)
	s.analyticsLimit = newLimit("analytics", rl.AnalyticsPerIP, window, cloud.MsgTooManyRequests, store)
	s.collectLimit = newLimit("collect", rl.CollectPerIP, window, cloud.MsgTooManyRequests, store)
	s.linkLimit = newLimit("collect-link", rl.CollectPerLink, window, cloud.MsgTooManyRequests, store)
	s.refusedLimit = newLimit("collect-refused", rl.CollectMalformedPerIP, window, cloud.MsgTooManyRequests, store)
	s.keyLimit = newLimit("api-key", rl.PerAPIKey, window, cloud.MsgAPIKeyRateLimited, store)
	s.keyFailures = newLimit("api-key-failures", rl.PerAddress, window, cloud.MsgAPIKeyTooManyFailures, store)
	if c.Service != nil {
		c.Service.SetMailLimiter(s.newMailLimiter(store))
	}
	ops, err := s.operations()
	if err != nil {
		// The contract is built in: a bad one fails every test, never a
		// deployment.
		panic(err)
	}
	s.ops = ops
	s.router = s.routes()
	return s
}

// Routes is the router, for walking every registered route (the
// authorization matrix test covers each one).
func (s *Server) Routes() chi.Routes { return s.router }

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.router.ServeHTTP(w, r)
}

// routePattern is the matched route (never the raw path, which can hold an
// e-mail address), for logs.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
		return rc.RoutePattern()
	}
	return "unmatched"
}

func (s *Server) GetHealth(ctx context.Context, _ apiserver.GetHealthRequestObject) (apiserver.GetHealthResponseObject, error) {
	if err := s.service.Ping(ctx); err != nil {
		s.logger.ErrorContext(ctx, "health check failed", slog.String("error", err.Error()))
		return apiserver.GetHealth503JSONResponse{UnavailableJSONResponse: apiserver.UnavailableJSONResponse{
			Body: api.Error{Message: cloud.MsgDatabaseUnavailable}}}, nil
	}
	return apiserver.GetHealth200JSONResponse{Body: api.Health{Status: api.HealthStatusOk, Version: version.String()}}, nil
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeMessage(w, http.StatusNotFound, cloud.MsgNotFound)
}

func (s *Server) handleAPIMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeMessage(w, http.StatusMethodNotAllowed, cloud.MsgMethodNotAllowed)
}
