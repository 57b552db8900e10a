package http

import (
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud/service"
)

// handleLabelSheet serves the printable PDF to its entitled owner.
func (s *Server) handleLabelSheet(w http.ResponseWriter, r *http.Request) {
	var req service.LabelSheetRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	pdf, err := s.service.LabelSheet(r.Context(), userFrom(r), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="lifetag-labels-`+time.Now().Format(time.DateOnly)+`.pdf"`)
	w.WriteHeader(http.StatusOK)
	w.Write(pdf)
}
