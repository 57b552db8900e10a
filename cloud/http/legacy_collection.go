package http

// Operations of collection.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) ConfirmCollectForm(w http.ResponseWriter, r *http.Request, _ api.CollectToken) {
	a.s.handleCollectConfirm(w, r)
}
func (*Server) ConfirmCollectForm(context.Context, apiserver.ConfirmCollectFormRequestObject) (apiserver.ConfirmCollectFormResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateCodeUpdateLink(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.CodeID) {
	a.s.handleCreateUpdateLink(w, r)
}
func (*Server) CreateCodeUpdateLink(context.Context, apiserver.CreateCodeUpdateLinkRequestObject) (apiserver.CreateCodeUpdateLinkResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateCollectionLink(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCreateCollectionLink(w, r)
}
func (*Server) CreateCollectionLink(context.Context, apiserver.CreateCollectionLinkRequestObject) (apiserver.CreateCollectionLinkResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetCollectForm(w http.ResponseWriter, r *http.Request, _ api.CollectToken) {
	a.s.handleCollectForm(w, r)
}
func (*Server) GetCollectForm(context.Context, apiserver.GetCollectFormRequestObject) (apiserver.GetCollectFormResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListCollectionLinks(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCollectionLinks(w, r)
}
func (*Server) ListCollectionLinks(context.Context, apiserver.ListCollectionLinksRequestObject) (apiserver.ListCollectionLinksResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RevokeCollectionLink(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.LinkID) {
	a.s.handleRevokeCollectionLink(w, r)
}
func (*Server) RevokeCollectionLink(context.Context, apiserver.RevokeCollectionLinkRequestObject) (apiserver.RevokeCollectionLinkResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SubmitCollectForm(w http.ResponseWriter, r *http.Request, _ api.CollectToken) {
	a.s.handleCollectSubmit(w, r)
}
func (*Server) SubmitCollectForm(context.Context, apiserver.SubmitCollectFormRequestObject) (apiserver.SubmitCollectFormResponseObject, error) {
	return nil, errNotStrictYet
}
