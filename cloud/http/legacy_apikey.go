package http

// Operations of apikey.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CreateAPIKey(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCreateAPIKey(w, r)
}
func (*Server) CreateAPIKey(context.Context, apiserver.CreateAPIKeyRequestObject) (apiserver.CreateAPIKeyResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAPIKeys(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleAPIKeys(w, r)
}
func (*Server) ListAPIKeys(context.Context, apiserver.ListAPIKeysRequestObject) (apiserver.ListAPIKeysResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RevokeAPIKey(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ int64) {
	a.s.handleRevokeAPIKey(w, r)
}
func (*Server) RevokeAPIKey(context.Context, apiserver.RevokeAPIKeyRequestObject) (apiserver.RevokeAPIKeyResponseObject, error) {
	return nil, errNotStrictYet
}
