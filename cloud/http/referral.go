package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

func (s *Server) handleGenerateReferralCode(w http.ResponseWriter, r *http.Request) {
	var req api.ReferralCodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	code, created, err := s.service.GenerateReferralCode(r.Context(), userFrom(r), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if created {
		writeJSON(w, http.StatusCreated, api.ReferralCode{ReferralCode: code, Message: cloud.MsgReferralCreated})
		return
	}
	writeJSON(w, http.StatusOK, api.ReferralCode{ReferralCode: code, Message: cloud.MsgReferralExists})
}

func (s *Server) handleReferrals(w http.ResponseWriter, r *http.Request) {
	dashboard, err := s.service.Referrals(r.Context(), userFrom(r), pathEmail(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dashboard)
}
