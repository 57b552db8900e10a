package http

import (
	"fmt"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// handleExportData answers with the account's data as a download named
// with the date (docs/design/individual.md §7).
func (s *Server) handleExportData(w http.ResponseWriter, r *http.Request) {
	var req api.ExportDataRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	export, err := s.service.ExportData(r.Context(), userFrom(r), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	name := fmt.Sprintf(cloud.ExportFileName, export.ExportedAt.Format("2006-01-02"))
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	writeJSON(w, http.StatusOK, export)
}

func (s *Server) handleDeleteData(w http.ResponseWriter, r *http.Request) {
	var req api.PrivacyDeleteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.DeleteData(r.Context(), userFrom(r), req.Email, req.Confirmation); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgDataDeleted)
}

func (s *Server) handleDeleteAccount(w http.ResponseWriter, r *http.Request) {
	var req api.PrivacyDeleteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	actor := userFrom(r)
	if err := s.service.DeleteAccount(r.Context(), actor, req.Email, req.Confirmation); err != nil {
		s.writeError(w, r, err)
		return
	}
	if actor != nil && actor.Email == cloud.NormalizeEmail(req.Email) {
		s.clearSessionCookie(w)
	}
	writeMessage(w, http.StatusOK, cloud.MsgAccountDeleted)
}
