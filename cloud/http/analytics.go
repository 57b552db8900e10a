package http

import (
	"net/http"

	"github.com/lifetag/lifetag/pkg/api"
)

func (s *Server) handlePageView(w http.ResponseWriter, r *http.Request) {
	var req api.PageView
	if err := decodeBeacon(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.RecordPageView(r.Context(), req.Path); err != nil {
		s.writeError(w, r, err)
		return
	}
	// A beacon's answer is never read.
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleAnalyticsEvent(w http.ResponseWriter, r *http.Request) {
	var req api.AnalyticsEvent
	if err := decodeBeacon(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.RecordEvent(r.Context(), req.Action, req.Category, req.Label, req.Value); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
