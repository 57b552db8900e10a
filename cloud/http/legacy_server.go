package http

// Operations of server.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) GetHealth(w http.ResponseWriter, r *http.Request) { a.s.handleHealth(w, r) }
func (*Server) GetHealth(context.Context, apiserver.GetHealthRequestObject) (apiserver.GetHealthResponseObject, error) {
	return nil, errNotStrictYet
}
