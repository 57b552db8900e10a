package http

// Operations of readiness.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) GetReady(w http.ResponseWriter, r *http.Request) { a.s.handleReady(w, r) }
func (*Server) GetReady(context.Context, apiserver.GetReadyRequestObject) (apiserver.GetReadyResponseObject, error) {
	return nil, errNotStrictYet
}
