package http

// Operations of labels.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) CreateLabelSheet(w http.ResponseWriter, r *http.Request) {
	a.s.handleLabelSheet(w, r)
}
func (*Server) CreateLabelSheet(context.Context, apiserver.CreateLabelSheetRequestObject) (apiserver.CreateLabelSheetResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateLockScreen(w http.ResponseWriter, r *http.Request) {
	a.s.handleLockScreen(w, r)
}
func (*Server) CreateLockScreen(context.Context, apiserver.CreateLockScreenRequestObject) (apiserver.CreateLockScreenResponseObject, error) {
	return nil, errNotStrictYet
}
