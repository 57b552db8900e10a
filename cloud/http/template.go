package http

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// Form templates (docs/design/admin-corporate.md §7, §8). The service scopes them to
// the caller's organisation: another organisation's template is 404.

func (s *Server) handleListTemplates(w http.ResponseWriter, r *http.Request) {
	templates, err := s.service.ListTemplates(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.FormTemplateList{Success: true, Templates: templates})
}

func (s *Server) handleCreateTemplate(w http.ResponseWriter, r *http.Request) {
	var req api.FormTemplateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.service.CreateTemplate(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.FormTemplateSaved{Success: true, Template: *t, Message: cloud.MsgTemplateCreated})
}

func (s *Server) handleUpdateTemplate(w http.ResponseWriter, r *http.Request) {
	var req api.FormTemplateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.service.UpdateTemplate(r.Context(), userFrom(r), templateID(r), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.FormTemplateSaved{Success: true, Template: *t, Message: cloud.MsgTemplateUpdated})
}

func (s *Server) handleDeleteTemplate(w http.ResponseWriter, r *http.Request) {
	if err := s.service.DeleteTemplate(r.Context(), userFrom(r), templateID(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.FormTemplateDeleted{Success: true, Message: cloud.MsgTemplateDeleted})
}

// templateID reads the route's template id: "0" is the built-in form,
// anything not a positive number an id no template has (-1).
func templateID(r *http.Request) int64 {
	if chi.URLParam(r, "templateId") == "0" {
		return cloud.StandardTemplateID
	}
	if id := pathID(r, "templateId"); id > 0 {
		return id
	}
	return -1
}
