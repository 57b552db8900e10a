package http

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// An account's second factors and sessions (account settings), a site
// admin's removal of an account's factors, and an organisation's rule.

func (s *Server) handleAccountSecurity(w http.ResponseWriter, r *http.Request) {
	sec, err := s.service.Security(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	answer := api.AccountSecurity{Email: userFrom(r).Email, Totp: sec.TOTP, RecoveryCodesLeft: sec.RecoveryCodesLeft, SecondFactorRequired: sec.Required,
		Passkeys: []api.PasskeyView{}}
	for _, p := range sec.Passkeys {
		view := api.PasskeyView{ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt}
		if !p.LastUsedAt.IsZero() {
			view.LastUsedAt = &p.LastUsedAt
		}
		answer.Passkeys = append(answer.Passkeys, view)
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) handleStartTOTP(w http.ResponseWriter, r *http.Request) {
	setUp, err := s.service.StartTOTP(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.TOTPSetUp{Secret: setUp.Secret, OtpauthURL: setUp.URL})
}

func (s *Server) handleConfirmTOTP(w http.ResponseWriter, r *http.Request) {
	var req api.CodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	codes, err := s.service.ConfirmTOTP(r.Context(), userFrom(r), req.Code)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.FactorAdded{Message: cloud.MsgSecondFactorAdded, RecoveryCodes: codes})
}

func (s *Server) handleRemoveTOTP(w http.ResponseWriter, r *http.Request) {
	if err := s.service.RemoveTOTP(r.Context(), userFrom(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSecondFactorRemoved)
}

func (s *Server) handlePasskeyRegistrationOptions(w http.ResponseWriter, r *http.Request) {
	token, options, err := s.service.PasskeyRegistrationOptions(r.Context(), userFrom(r))
	s.writePasskeyOptions(w, r, options, api.PasskeyOptions{RegistrationToken: token}, err)
}

func (s *Server) handleAddPasskey(w http.ResponseWriter, r *http.Request) {
	var req api.AddPasskeyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	codes, err := s.service.AddPasskey(r.Context(), userFrom(r), req.RegistrationToken, req.Name, credentialJSON(req.Credential))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.FactorAdded{Message: cloud.MsgSecondFactorAdded, RecoveryCodes: codes})
}

func (s *Server) handleRemovePasskey(w http.ResponseWriter, r *http.Request) {
	if err := s.service.RemovePasskey(r.Context(), userFrom(r), pathID(r, "passkeyId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSecondFactorRemoved)
}

func (s *Server) handleNewRecoveryCodes(w http.ResponseWriter, r *http.Request) {
	codes, err := s.service.NewRecoveryCodes(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.RecoveryCodes{RecoveryCodes: codes})
}

func (s *Server) handleSessions(w http.ResponseWriter, r *http.Request) {
	sessions, err := s.service.Sessions(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	current := service.CurrentSessionID(s.sessionToken(r))
	answer := api.SessionList{Sessions: []api.SessionView{}}
	for _, session := range sessions {
		id := service.SessionID(session.TokenHash)
		answer.Sessions = append(answer.Sessions, api.SessionView{ID: id, UserAgent: session.UserAgent,
			CreatedAt: session.CreatedAt, LastSeenAt: session.LastSeenAt, Current: id == current})
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) handleEndSession(w http.ResponseWriter, r *http.Request) {
	if err := s.service.EndSession(r.Context(), userFrom(r), chi.URLParam(r, "sessionId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSignedOutSession)
}

func (s *Server) handleEndOtherSessions(w http.ResponseWriter, r *http.Request) {
	if err := s.service.EndOtherSessions(r.Context(), userFrom(r), s.sessionToken(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSignedOutEverywhere)
}

func (s *Server) handleAdminRemoveSecondFactors(w http.ResponseWriter, r *http.Request) {
	if err := s.service.AdminRemoveSecondFactors(r.Context(), userFrom(r), pathID(r, "userId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSecondFactorsRemoved)
}

func (s *Server) handleSecondFactorRule(w http.ResponseWriter, r *http.Request) {
	required, err := s.service.SecondFactorRule(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.SecondFactorRule{Required: required})
}

func (s *Server) handleSetSecondFactorRule(w http.ResponseWriter, r *http.Request) {
	// A pointer, so that a body without the field is refused, not read as false.
	var req struct {
		Required *bool `json:"required"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Required == nil {
		s.writeError(w, r, cloud.NewError(cloud.EINVALID, cloud.MsgSecondFactorRuleMissing))
		return
	}
	if err := s.service.SetSecondFactorRule(r.Context(), userFrom(r), pathID(r, "orgId"), *req.Required); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.SecondFactorRule{Required: *req.Required})
}
