package http

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// Form templates (docs/design/admin-corporate.md §7, §8). The service scopes them to
// the caller's organisation: another organisation's template is 404.

func (s *Server) ListFormTemplates(ctx context.Context, req apiserver.ListFormTemplatesRequestObject) (apiserver.ListFormTemplatesResponseObject, error) {
	templates, err := s.service.ListTemplates(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.ListFormTemplates200JSONResponse{Body: api.FormTemplateList{Success: true, Templates: templates}}, nil
}

func (s *Server) CreateFormTemplate(ctx context.Context, req apiserver.CreateFormTemplateRequestObject) (apiserver.CreateFormTemplateResponseObject, error) {
	t, err := s.service.CreateTemplate(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateFormTemplate201JSONResponse{Body: api.FormTemplateSaved{Success: true, Template: *t, Message: cloud.MsgTemplateCreated}}, nil
}

func (s *Server) UpdateFormTemplate(ctx context.Context, req apiserver.UpdateFormTemplateRequestObject) (apiserver.UpdateFormTemplateResponseObject, error) {
	t, err := s.service.UpdateTemplate(ctx, userFromContext(ctx), templateID(req.TemplateID), *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.UpdateFormTemplate200JSONResponse{Body: api.FormTemplateSaved{Success: true, Template: *t, Message: cloud.MsgTemplateUpdated}}, nil
}

func (s *Server) DeleteFormTemplate(ctx context.Context, req apiserver.DeleteFormTemplateRequestObject) (apiserver.DeleteFormTemplateResponseObject, error) {
	if err := s.service.DeleteTemplate(ctx, userFromContext(ctx), templateID(req.TemplateID)); err != nil {
		return nil, err
	}
	return apiserver.DeleteFormTemplate200JSONResponse{Body: api.FormTemplateDeleted{Success: true, Message: cloud.MsgTemplateDeleted}}, nil
}

// templateID is the service's id for the route's template id: 0 is the
// built-in form, anything not a positive number an id no template has (-1).
func templateID(id api.FormTemplatePathID) int64 {
	if id == 0 {
		return cloud.StandardTemplateID
	}
	if id > 0 {
		return id
	}
	return -1
}
