package http

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// API keys.
//
// THE RULE, in one place: a request carrying an API key
// (Authorization: Bearer lt_live_... or lt_test_...) is served only by the
// operations whose `security` in the contract lists organizationKey (the
// organisation's library, projects, templates, printing, collection links,
// reports and webhooks), which operations.go guards with acceptAPIKeys, and
// only when the route's {orgId} is the key's organisation (any other: 404,
// as for a member of another organisation); the one such operation that
// names no organisation answers about the key's own (GET
// /api/corporate/organization: a program holding only a key learns its
// organisation's id there). Every other operation authenticates with
// s.authenticate, which refuses a key with 403 (MsgAPIKeyNotHere):
// sign-in, individual, site-admin, team, billing, paper and the API keys'
// own routes can never be reached with one. A read key answers GET and
// HEAD only; a write key every method.

type keyPrincipalKey struct{}

// keyFrom is the API key a request was authenticated with, or nil.
func keyFrom(r *http.Request) *service.KeyPrincipal {
	p, _ := r.Context().Value(keyPrincipalKey{}).(*service.KeyPrincipal)
	return p
}

// bearerAPIKey is the API key in the Authorization header, or "". A key
// is only ever read from that header: a cookie holding one is a session
// cookie that matches nothing.
func bearerAPIKey(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	if token = strings.TrimSpace(token); cloud.IsAPIKeySecret(token) {
		return token
	}
	return ""
}

// readOnlyMethod: what a read key may do.
func readOnlyMethod(method string) bool { return method == http.MethodGet || method == http.MethodHead }

// acceptAPIKeys authenticates an operation that takes API keys: a session
// as s.authenticate does, or an API key under THE RULE above, acting in the
// organisation the route names, or with own (a route that names none) in
// its own. It runs where chi has matched the route, so {orgId} is known.
func (s *Server) acceptAPIKeys(next http.Handler, own bool) http.Handler {
	sessions := s.authenticate(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := bearerAPIKey(r)
		if secret == "" {
			sessions.ServeHTTP(w, r)
			return
		}
		// Wrong keys count per client address, as failed sign-ins do: past
		// the allowance this client's keys are not even looked up.
		client := s.clientKey(r)
		if !s.allowUncounted(w, r, s.keyFailures, client) {
			return
		}
		p, err := s.service.AuthenticateAPIKey(r.Context(), secret)
		if err != nil {
			if cloud.ErrorCode(err) == cloud.EUNAUTHORIZED {
				s.count(r, s.keyFailures, client)
			}
			s.writeError(w, r, err)
			return
		}
		orgID, err := strconv.ParseInt(chi.URLParam(r, "orgId"), 10, 64)
		switch {
		case own:
			// The route answers about the key's own organisation.
		case chi.URLParam(r, "orgId") == "":
			// A route of the group that names no organisation: keys
			// never act there.
			writeMessage(w, http.StatusForbidden, cloud.MsgAPIKeyNotHere)
			return
		case err != nil || orgID != p.Key.OrganizationID:
			writeMessage(w, http.StatusNotFound, cloud.MsgOrganizationNotFound)
			return
		}
		if !s.allow(w, r, s.keyLimit, "api-key:"+strconv.FormatInt(p.Key.ID, 10)) {
			return
		}
		if p.Key.Scope != cloud.APIKeyScopeWrite && !readOnlyMethod(r.Method) {
			writeMessage(w, http.StatusForbidden, cloud.MsgAPIKeyReadOnly)
			return
		}
		ctx := context.WithValue(r.Context(), userKey{}, p.Actor)
		ctx = context.WithValue(ctx, keyPrincipalKey{}, p)
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r.WithContext(ctx))
		// A change made with the key goes into the organisation's Recent
		// Activity under its name, whatever the route.
		if !readOnlyMethod(r.Method) && ww.Status() >= 200 && ww.Status() < 300 {
			// The change is made: note it even if the caller has gone.
			s.service.NoteAPIKeyWrite(context.WithoutCancel(r.Context()), p.Key, r.Method, routePattern(r))
		}
	})
}

// The keys' own routes: signed in only (s.authenticate refuses a key).

func (s *Server) ListAPIKeys(ctx context.Context, req apiserver.ListAPIKeysRequestObject) (apiserver.ListAPIKeysResponseObject, error) {
	list, err := s.service.APIKeys(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	keys := make([]api.CorporateAPIKey, 0, len(list.Keys))
	for _, k := range list.Keys {
		keys = append(keys, apiKeyView(k))
	}
	return apiserver.ListAPIKeys200JSONResponse{Body: api.CorporateAPIKeyList{Keys: keys, Manage: list.Manage}}, nil
}

func (s *Server) CreateAPIKey(ctx context.Context, req apiserver.CreateAPIKeyRequestObject) (apiserver.CreateAPIKeyResponseObject, error) {
	form := service.APIKeyRequest{Name: req.Body.Name, Scope: req.Body.Scope}
	if req.Body.ExpiresAt != nil {
		form.ExpiresAt = *req.Body.ExpiresAt
	}
	created, err := s.service.CreateAPIKey(ctx, userFromContext(ctx), req.OrgID, form)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateAPIKey201JSONResponse{Body: api.CorporateAPIKeyCreated{Key: apiKeyView(created.Key), Secret: created.Secret}}, nil
}

func (s *Server) RevokeAPIKey(ctx context.Context, req apiserver.RevokeAPIKeyRequestObject) (apiserver.RevokeAPIKeyResponseObject, error) {
	key, err := s.service.RevokeAPIKey(ctx, userFromContext(ctx), req.OrgID, req.KeyID)
	if err != nil {
		return nil, err
	}
	return apiserver.RevokeAPIKey200JSONResponse{Body: apiKeyView(*key)}, nil
}

// apiKeyView is a key on the wire: its times, where it has them.
func apiKeyView(k service.APIKeyEntry) api.CorporateAPIKey {
	v := api.CorporateAPIKey{ID: k.ID, Name: k.Name, Prefix: k.Prefix, Scope: api.CorporateAPIKeyScope(k.Scope),
		Status: api.CorporateAPIKeyStatus(k.State), CreatedAt: k.CreatedAt}
	v.ExpiresAt, v.LastUsedAt, v.RevokedAt = timeOrNil(k.ExpiresAt), timeOrNil(k.LastUsedAt), timeOrNil(k.RevokedAt)
	return v
}
