package http

// Operations of template.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CreateFormTemplate(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCreateTemplate(w, r)
}
func (*Server) CreateFormTemplate(context.Context, apiserver.CreateFormTemplateRequestObject) (apiserver.CreateFormTemplateResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteFormTemplate(w http.ResponseWriter, r *http.Request, _ api.FormTemplatePathID) {
	a.s.handleDeleteTemplate(w, r)
}
func (*Server) DeleteFormTemplate(context.Context, apiserver.DeleteFormTemplateRequestObject) (apiserver.DeleteFormTemplateResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListFormTemplates(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleListTemplates(w, r)
}
func (*Server) ListFormTemplates(context.Context, apiserver.ListFormTemplatesRequestObject) (apiserver.ListFormTemplatesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpdateFormTemplate(w http.ResponseWriter, r *http.Request, _ api.FormTemplatePathID) {
	a.s.handleUpdateTemplate(w, r)
}
func (*Server) UpdateFormTemplate(context.Context, apiserver.UpdateFormTemplateRequestObject) (apiserver.UpdateFormTemplateResponseObject, error) {
	return nil, errNotStrictYet
}
