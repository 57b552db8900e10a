package http

// Operations of privacy.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) DeleteAccount(w http.ResponseWriter, r *http.Request) {
	a.s.handleDeleteAccount(w, r)
}
func (*Server) DeleteAccount(context.Context, apiserver.DeleteAccountRequestObject) (apiserver.DeleteAccountResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteData(w http.ResponseWriter, r *http.Request) { a.s.handleDeleteData(w, r) }
func (*Server) DeleteData(context.Context, apiserver.DeleteDataRequestObject) (apiserver.DeleteDataResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ExportData(w http.ResponseWriter, r *http.Request) { a.s.handleExportData(w, r) }
func (*Server) ExportData(context.Context, apiserver.ExportDataRequestObject) (apiserver.ExportDataResponseObject, error) {
	return nil, errNotStrictYet
}
