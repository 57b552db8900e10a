package http

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// The API's routes come from the contract, pkg/api/openapi.yaml. apiserver,
// generated from it, registers every operation, binds its path and query
// parameters, decodes its body and calls the method of *Server named after
// the operation with a typed request. The method returns one of the typed
// answers the contract lists for it, or an error, which writeError answers
// as everywhere else. What runs before a handler (rate limits, sessions,
// API keys, fresh proofs, body limits, idempotency) is read from the
// contract as well, by guardOperation. This file is the one place that
// wires the two together.

// compressSite gzips the website's files, which a phone's first paint waits
// for. API answers are left alone: they can carry secrets beside reflected
// input, which compression would leak (BREACH).
var compressSite = middleware.Compress(5, "text/html", "text/css", "text/javascript",
	"application/javascript", "image/svg+xml", "text/plain", "application/manifest+json")

// routes is the cloud's router: the API's operations under /api/ and the
// website everywhere else.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.clientIP(), s.requestID, s.rememberClient, s.observeRequests, s.recoverer, s.securityHeaders)

	// Every answer under /api/ passes these, the general per-client limit
	// first, so that its RateLimit entry leads (ratelimit.go).
	apiMiddleware := []func(http.Handler) http.Handler{
		keepAnswerFields, s.limitPerClient(s.apiLimit), noStore, sameOriginWrites, s.stationVersion,
	}
	r.Group(func(r chi.Router) {
		r.Use(apiMiddleware...)
		r.Use(s.guardOperation)
		strict := apiserver.NewStrictHandlerWithOptions(s, []apiserver.StrictMiddlewareFunc{strictContext}, apiserver.StrictHTTPServerOptions{
			RequestErrorHandlerFunc:  s.answerBodyError,
			ResponseErrorHandlerFunc: s.writeError,
		})
		apiserver.HandlerWithOptions(apiHandlers{ServerInterface: strict, s: s}, apiserver.ChiServerOptions{
			BaseRouter:       r,
			ErrorHandlerFunc: s.answerParameterError,
		})
	})
	// Every other path: an API path the contract has under other methods is
	// the API's 405, one it does not have the API's 404; the rest is the
	// website's, which only reads.
	apiMethodNotAllowed := chi.Chain(apiMiddleware...).HandlerFunc(s.handleAPIMethodNotAllowed)
	apiNotFound := chi.Chain(apiMiddleware...).HandlerFunc(s.handleAPINotFound)
	apiFallback := func(w http.ResponseWriter, r *http.Request) {
		if s.contractHasPath(r.URL.Path) {
			apiMethodNotAllowed.ServeHTTP(w, r)
			return
		}
		apiNotFound.ServeHTTP(w, r)
	}
	site := compressSite(siteHandler(s.site))
	readSite := func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) {
			apiFallback(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}
	r.Get("/*", readSite)
	r.Head("/*", readSite)
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) {
			apiFallback(w, r)
			return
		}
		w.WriteHeader(http.StatusMethodNotAllowed)
	})
	return r
}

// contractHasPath reports a path some operation of the contract has,
// under any method.
func (s *Server) contractHasPath(path string) bool {
	for _, op := range s.ops {
		if s.paths.Match(chi.NewRouteContext(), op.Method, path) {
			return true
		}
	}
	return false
}

// isAPIPath reports a path the API answers rather than the website.
func isAPIPath(path string) bool {
	return path == "/api" || len(path) > len("/api/") && path[:len("/api/")] == "/api/"
}

// apiHandlers is what the generated router calls: the strict handler over
// *Server, but for the few operations that need the raw request or writer
// (a signature over the raw body, a streamed file, a limit that answers
// before the body is read, a body field whose absence is not its zero);
// each has its own (w, r) method on apiHandlers beside its handler, which
// says why.
type apiHandlers struct {
	apiserver.ServerInterface
	s *Server
}

// errServedByHand is what the strict method of such an operation answers;
// it is never called, since apiHandlers routes the operation to its
// hand-written handler.
var errServedByHand = errors.New("this operation is served by its hand-written handler")

// bodyLimits are the operations whose body limit is not cloud.MaxBodyBytes.
var bodyLimits = map[string]int64{
	"bulkUpsertQRCodes":             bulkUpsertBodyBytes,
	"printQRCodeLabelsByExternalId": labelsBodyBytes,
	"importQRCodes":                 importBodyBytes,
	"attachExternalIDs":             importBodyBytes,
	"receiveStripeEvent":            maxWebhookBytes,
	"recordPageView":                cloud.AnalyticsMaxBodyBytes,
	"recordAnalyticsEvent":          cloud.AnalyticsMaxBodyBytes,
}

// operation is one operation of the contract, with what runs between
// routing and its handler.
type operation struct {
	api.Operation
	guard func(http.Handler) http.Handler
}

// operations reads every operation of the contract, keyed by method and
// route pattern.
func (s *Server) operations() (map[string]operation, error) {
	ops, err := api.Operations()
	if err != nil {
		return nil, err
	}
	s.paths = chi.NewRouter()
	limits := map[string]*limit{"sign-in": s.signInLimit, "analytics": s.analyticsLimit, "collect": s.collectLimit}
	operations := make(map[string]operation, len(ops))
	for _, op := range ops {
		var chain chi.Middlewares
		if op.RateLimit != "" {
			l, ok := limits[op.RateLimit]
			if !ok {
				return nil, fmt.Errorf("%s %s: x-lifetag-rate-limit %q is no limit of the cloud", op.Method, op.Path, op.RateLimit)
			}
			chain = append(chain, s.limitPerClient(l))
		}
		switch {
		case slices.Contains(op.Security, "organizationKey"):
			// The one key route that names no organisation answers about
			// the key's own (apikey.go, THE RULE).
			own := !slices.Contains(op.IDParams, "orgId")
			chain = append(chain, func(next http.Handler) http.Handler { return s.acceptAPIKeys(next, own) })
		case slices.Contains(op.Security, "session"):
			chain = append(chain, s.authenticate)
		}
		if op.FreshProof {
			chain = append(chain, s.requireFreshProof)
		}
		chain = append(chain, idsNamingNothing(op.IDParams))
		bodyLimit := int64(cloud.MaxBodyBytes)
		if l, ok := bodyLimits[op.OperationID]; ok {
			bodyLimit = l
		}
		if len(op.BodyTypes) > 0 {
			chain = append(chain, limitBody(op.BodyTypes, op.BodyRequired, bodyLimit))
		}
		if op.Idempotent {
			chain = append(chain, func(next http.Handler) http.Handler { return s.idempotent(bodyLimit, next.ServeHTTP) })
		}
		operations[op.Method+" "+op.Path] = operation{Operation: op, guard: chain.Handler}
		s.paths.Method(op.Method, op.Path, http.NotFoundHandler())
	}
	return operations, nil
}

// operation is the contract's operation the request was routed to.
func (s *Server) operation(r *http.Request) (operation, bool) {
	op, ok := s.ops[r.Method+" "+routePattern(r)]
	return op, ok
}

// guardOperation runs the matched operation's guards (operationGuards)
// before the generated code binds its parameters, so that a caller who may
// not call it hears that first.
func (s *Server) guardOperation(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op, ok := s.operation(r)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		op.guard(next).ServeHTTP(w, r)
	})
}

// idsNamingNothing turns a path id that is not a number into 0,
// which names no row: such a path answers as a missing id does (the
// contract: "An id that is not a number ... answers 404 like a missing
// one"), after the same sign-in checks, rather than as a malformed request.
func idsNamingNothing(names []string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if len(names) == 0 {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			params := &chi.RouteContext(r.Context()).URLParams
			for i, key := range params.Keys {
				if !slices.Contains(names, key) {
					continue
				}
				if _, err := strconv.ParseInt(params.Values[i], 10, 64); err != nil {
					params.Values[i] = idNamingNothing(key)
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// idNamingNothing is an id no row of the parameter's kind has: 0, but for
// form templates, where 0 is the built-in form.
func idNamingNothing(param string) string {
	if param == "templateId" {
		return "-1"
	}
	return "0"
}

// limitBody refuses a body of a media type the operation does not take
// (415) and caps what may be read of it (413, when the decoder meets the
// cap). An optional body may be left out, with no Content-Type.
func limitBody(mediaTypes []string, required bool, limit int64) func(http.Handler) http.Handler {
	message := cloud.MsgBodyNotJSON
	if slices.Contains(mediaTypes, "text/plain") {
		message = cloud.MsgBeaconBodyNotJSON
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			leftOut := !required && r.ContentLength == 0 && r.Header.Get("Content-Type") == ""
			if !leftOut && !slices.Contains(mediaTypes, mediaType(r)) {
				writeMessage(w, http.StatusUnsupportedMediaType, message)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			next.ServeHTTP(w, r)
		})
	}
}

// answerBodyError answers a body the generated code could not decode with
// decodeBody's message for the same fault.
func (s *Server) answerBodyError(w http.ResponseWriter, r *http.Request, err error) {
	// The generated code wraps the decoder's error ("can't decode JSON
	// body: %w"); decodeError reads the decoder's own.
	if inner := errors.Unwrap(err); inner != nil {
		err = inner
	}
	s.writeError(w, r, decodeError(err))
}

// parameterErrors are the answers to a query value or header the
// generated binding refuses, by parameter name, where the handler had its
// own message; any other answers cloud.MsgQueryInvalid.
var parameterErrors = map[string]error{
	"page":             cloud.NewError(cloud.EINVALID, cloud.MsgPageInvalid),
	"pageSize":         cloud.NewError(cloud.EINVALID, cloud.MsgPageInvalid),
	"templateId":       cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound),
	"Stripe-Signature": cloud.NewError(cloud.EINVALID, cloud.MsgWebhookSignature),
}

// answerParameterError answers a parameter the generated binding refused.
// A path parameter that names nothing (an empty segment: an id that is not
// a number is already 0, see idsNamingNothing) answers as a missing row
// does: 401 to a caller the operation needs signed in, 404 otherwise.
func (s *Server) answerParameterError(w http.ResponseWriter, r *http.Request, err error) {
	name, inPath := parameterName(r, err)
	q := r.URL.Query()
	known, isKnown := parameterErrors[name]
	switch {
	case inPath && userFrom(r) == nil && !s.anonymousMayCall(r):
		writeMessage(w, http.StatusUnauthorized, cloud.MsgSignInRequired)
	case inPath:
		writeMessage(w, http.StatusNotFound, cloud.MsgNotFound)
	case q.Has(name) && q.Get(name) == "":
		s.writeError(w, r, cloud.Errorf(cloud.EINVALID, cloud.MsgPagingValueEmpty, name))
	case isKnown:
		s.writeError(w, r, known)
	default:
		s.writeError(w, r, cloud.Errorf(cloud.EINVALID, cloud.MsgQueryInvalid, name))
	}
}

// parameterName is the parameter a binding error names, and whether it is
// one of the route's path parameters.
func parameterName(r *http.Request, err error) (name string, inPath bool) {
	var invalid *apiserver.InvalidParamFormatError
	var missing *apiserver.RequiredParamError
	var missingHeader *apiserver.RequiredHeaderError
	var tooMany *apiserver.TooManyValuesForParamError
	switch {
	case errors.As(err, &invalid):
		name = invalid.ParamName
	case errors.As(err, &missing):
		name = missing.ParamName
	case errors.As(err, &missingHeader):
		name = missingHeader.ParamName
	case errors.As(err, &tooMany):
		name = tooMany.ParamName
	}
	return name, slices.Contains(chi.RouteContext(r.Context()).URLParams.Keys, name)
}

// anonymousMayCall reports an operation the contract opens to anonymous
// callers.
func (s *Server) anonymousMayCall(r *http.Request) bool {
	op, _ := s.operation(r)
	return slices.Contains(op.Roles, "anonymous")
}
