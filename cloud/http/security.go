package http

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// An account's second factors and sessions (account settings), a site
// admin's removal of an account's factors, and an organisation's rule.

func (s *Server) GetAccountSecurity(ctx context.Context, _ apiserver.GetAccountSecurityRequestObject) (apiserver.GetAccountSecurityResponseObject, error) {
	user := userFromContext(ctx)
	sec, err := s.service.Security(ctx, user)
	if err != nil {
		return nil, err
	}
	answer := api.AccountSecurity{Email: user.Email, Totp: sec.TOTP, RecoveryCodesLeft: sec.RecoveryCodesLeft, SecondFactorRequired: sec.Required,
		Passkeys: []api.PasskeyView{}}
	for _, p := range sec.Passkeys {
		view := api.PasskeyView{ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt}
		if !p.LastUsedAt.IsZero() {
			view.LastUsedAt = &p.LastUsedAt
		}
		answer.Passkeys = append(answer.Passkeys, view)
	}
	return apiserver.GetAccountSecurity200JSONResponse{Body: answer}, nil
}

func (s *Server) StartTOTP(ctx context.Context, _ apiserver.StartTOTPRequestObject) (apiserver.StartTOTPResponseObject, error) {
	setUp, err := s.service.StartTOTP(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.StartTOTP200JSONResponse{Body: api.TOTPSetUp{Secret: setUp.Secret, OtpauthURL: setUp.URL}}, nil
}

func (s *Server) ConfirmTOTP(ctx context.Context, req apiserver.ConfirmTOTPRequestObject) (apiserver.ConfirmTOTPResponseObject, error) {
	codes, err := s.service.ConfirmTOTP(ctx, userFromContext(ctx), req.Body.Code)
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmTOTP200JSONResponse{Body: api.FactorAdded{Message: cloud.MsgSecondFactorAdded, RecoveryCodes: codes}}, nil
}

func (s *Server) RemoveTOTP(ctx context.Context, _ apiserver.RemoveTOTPRequestObject) (apiserver.RemoveTOTPResponseObject, error) {
	if err := s.service.RemoveTOTP(ctx, userFromContext(ctx)); err != nil {
		return nil, err
	}
	return apiserver.RemoveTOTP200JSONResponse{Body: api.Message{Message: cloud.MsgSecondFactorRemoved}}, nil
}

func (s *Server) PasskeyRegistrationOptions(ctx context.Context, _ apiserver.PasskeyRegistrationOptionsRequestObject) (apiserver.PasskeyRegistrationOptionsResponseObject, error) {
	token, options, err := s.service.PasskeyRegistrationOptions(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	answer := api.PasskeyOptions{RegistrationToken: token}
	if err := json.Unmarshal(options, &answer.Options); err != nil {
		return nil, err
	}
	return apiserver.PasskeyRegistrationOptions200JSONResponse{Body: answer}, nil
}

func (s *Server) AddPasskey(ctx context.Context, req apiserver.AddPasskeyRequestObject) (apiserver.AddPasskeyResponseObject, error) {
	codes, err := s.service.AddPasskey(ctx, userFromContext(ctx), req.Body.RegistrationToken, req.Body.Name, credentialJSON(req.Body.Credential))
	if err != nil {
		return nil, err
	}
	return apiserver.AddPasskey201JSONResponse{Body: api.FactorAdded{Message: cloud.MsgSecondFactorAdded, RecoveryCodes: codes}}, nil
}

func (s *Server) RemovePasskey(ctx context.Context, req apiserver.RemovePasskeyRequestObject) (apiserver.RemovePasskeyResponseObject, error) {
	if err := s.service.RemovePasskey(ctx, userFromContext(ctx), req.PasskeyID); err != nil {
		return nil, err
	}
	return apiserver.RemovePasskey200JSONResponse{Body: api.Message{Message: cloud.MsgSecondFactorRemoved}}, nil
}

func (s *Server) NewRecoveryCodes(ctx context.Context, _ apiserver.NewRecoveryCodesRequestObject) (apiserver.NewRecoveryCodesResponseObject, error) {
	codes, err := s.service.NewRecoveryCodes(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.NewRecoveryCodes200JSONResponse{Body: api.RecoveryCodes{RecoveryCodes: codes}}, nil
}

func (s *Server) ListSessions(ctx context.Context, _ apiserver.ListSessionsRequestObject) (apiserver.ListSessionsResponseObject, error) {
	sessions, err := s.service.Sessions(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	current := service.CurrentSessionID(s.sessionToken(requestFrom(ctx)))
	answer := api.SessionList{Sessions: []api.SessionView{}}
	for _, session := range sessions {
		id := service.SessionID(session.TokenHash)
		answer.Sessions = append(answer.Sessions, api.SessionView{ID: id, UserAgent: session.UserAgent,
			CreatedAt: session.CreatedAt, LastSeenAt: session.LastSeenAt, Current: id == current})
	}
	return apiserver.ListSessions200JSONResponse{Body: answer}, nil
}

func (s *Server) EndSession(ctx context.Context, req apiserver.EndSessionRequestObject) (apiserver.EndSessionResponseObject, error) {
	if err := s.service.EndSession(ctx, userFromContext(ctx), req.SessionID); err != nil {
		return nil, err
	}
	return apiserver.EndSession200JSONResponse{Body: api.Message{Message: cloud.MsgSignedOutSession}}, nil
}

func (s *Server) EndOtherSessions(ctx context.Context, _ apiserver.EndOtherSessionsRequestObject) (apiserver.EndOtherSessionsResponseObject, error) {
	if err := s.service.EndOtherSessions(ctx, userFromContext(ctx), s.sessionToken(requestFrom(ctx))); err != nil {
		return nil, err
	}
	return apiserver.EndOtherSessions200JSONResponse{Body: api.Message{Message: cloud.MsgSignedOutEverywhere}}, nil
}

func (s *Server) AdminRemoveSecondFactors(ctx context.Context, req apiserver.AdminRemoveSecondFactorsRequestObject) (apiserver.AdminRemoveSecondFactorsResponseObject, error) {
	if err := s.service.AdminRemoveSecondFactors(ctx, userFromContext(ctx), req.UserID); err != nil {
		return nil, err
	}
	return apiserver.AdminRemoveSecondFactors200JSONResponse{Body: api.Message{Message: cloud.MsgSecondFactorsRemoved}}, nil
}

func (s *Server) GetSecondFactorRule(ctx context.Context, req apiserver.GetSecondFactorRuleRequestObject) (apiserver.GetSecondFactorRuleResponseObject, error) {
	required, err := s.service.SecondFactorRule(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetSecondFactorRule200JSONResponse{Body: api.SecondFactorRule{Required: required}}, nil
}

// SetSecondFactorRule stays hand-written: the typed body's required is a
// bool, so a body without it would read as false instead of being refused.
func (a apiHandlers) SetSecondFactorRule(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSetSecondFactorRule(w, r)
}
func (*Server) SetSecondFactorRule(context.Context, apiserver.SetSecondFactorRuleRequestObject) (apiserver.SetSecondFactorRuleResponseObject, error) {
	return nil, errServedByHand
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
