package http

// Operations of freshproof.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) ConfirmIdentity(w http.ResponseWriter, r *http.Request) {
	a.s.handleConfirmIdentity(w, r)
}
func (*Server) ConfirmIdentity(context.Context, apiserver.ConfirmIdentityRequestObject) (apiserver.ConfirmIdentityResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmIdentityPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	a.s.handleConfirmIdentityPasskeyOptions(w, r)
}
func (*Server) ConfirmIdentityPasskeyOptions(context.Context, apiserver.ConfirmIdentityPasskeyOptionsRequestObject) (apiserver.ConfirmIdentityPasskeyOptionsResponseObject, error) {
	return nil, errNotStrictYet
}
