package http

import (
	"net/http"
	"time"

	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// handleLabelSheet serves the printable PDF to its entitled owner.
func (s *Server) handleLabelSheet(w http.ResponseWriter, r *http.Request) {
	var req api.LabelSheetRequest
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

// handleLockScreen serves the lock-screen wallpaper to its entitled owner.
func (s *Server) handleLockScreen(w http.ResponseWriter, r *http.Request) {
	var req api.LockScreenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	png, err := s.service.LockScreen(r.Context(), userFrom(r), service.LockScreenRequest{
		Email: req.Email, Phone: req.Phone, TimeZone: req.TimeZone, Shown: req.EmergencyData})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Disposition", `attachment; filename="lifetag-lock-screen-`+req.Phone+`.png"`)
	w.WriteHeader(http.StatusOK)
	w.Write(png)
}
