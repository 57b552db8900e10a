package http

import (
	"net/http"

	"github.com/lifetag/lifetag/pkg/api"
)

// Review rounds (service/review.go): the officer's routes, scoped to
// their organisation.

func (s *Server) handleReviewRounds(w http.ResponseWriter, r *http.Request) {
	rounds, err := s.service.ReviewRounds(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ReviewRoundList{Rounds: rounds})
}

func (s *Server) handleStartReviewRound(w http.ResponseWriter, r *http.Request) {
	var req api.ReviewRoundRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	round, err := s.service.StartReviewRound(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, round)
}

func (s *Server) handleReviewRound(w http.ResponseWriter, r *http.Request) {
	d, err := s.service.ReviewRoundDetail(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "roundId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) handleHandOutReviewLinks(w http.ResponseWriter, r *http.Request) {
	links, err := s.service.HandOutReviewLinks(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "roundId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.ReviewHandOutLinks{Links: links})
}
