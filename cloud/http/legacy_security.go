package http

// Operations of security.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) AddPasskey(w http.ResponseWriter, r *http.Request) { a.s.handleAddPasskey(w, r) }
func (*Server) AddPasskey(context.Context, apiserver.AddPasskeyRequestObject) (apiserver.AddPasskeyResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) AdminRemoveSecondFactors(w http.ResponseWriter, r *http.Request, _ int64) {
	a.s.handleAdminRemoveSecondFactors(w, r)
}
func (*Server) AdminRemoveSecondFactors(context.Context, apiserver.AdminRemoveSecondFactorsRequestObject) (apiserver.AdminRemoveSecondFactorsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmTOTP(w http.ResponseWriter, r *http.Request) { a.s.handleConfirmTOTP(w, r) }
func (*Server) ConfirmTOTP(context.Context, apiserver.ConfirmTOTPRequestObject) (apiserver.ConfirmTOTPResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) EndOtherSessions(w http.ResponseWriter, r *http.Request) {
	a.s.handleEndOtherSessions(w, r)
}
func (*Server) EndOtherSessions(context.Context, apiserver.EndOtherSessionsRequestObject) (apiserver.EndOtherSessionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) EndSession(w http.ResponseWriter, r *http.Request, _ string) {
	a.s.handleEndSession(w, r)
}
func (*Server) EndSession(context.Context, apiserver.EndSessionRequestObject) (apiserver.EndSessionResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetAccountSecurity(w http.ResponseWriter, r *http.Request) {
	a.s.handleAccountSecurity(w, r)
}
func (*Server) GetAccountSecurity(context.Context, apiserver.GetAccountSecurityRequestObject) (apiserver.GetAccountSecurityResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetSecondFactorRule(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSecondFactorRule(w, r)
}
func (*Server) GetSecondFactorRule(context.Context, apiserver.GetSecondFactorRuleRequestObject) (apiserver.GetSecondFactorRuleResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListSessions(w http.ResponseWriter, r *http.Request) { a.s.handleSessions(w, r) }
func (*Server) ListSessions(context.Context, apiserver.ListSessionsRequestObject) (apiserver.ListSessionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) NewRecoveryCodes(w http.ResponseWriter, r *http.Request) {
	a.s.handleNewRecoveryCodes(w, r)
}
func (*Server) NewRecoveryCodes(context.Context, apiserver.NewRecoveryCodesRequestObject) (apiserver.NewRecoveryCodesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) PasskeyRegistrationOptions(w http.ResponseWriter, r *http.Request) {
	a.s.handlePasskeyRegistrationOptions(w, r)
}
func (*Server) PasskeyRegistrationOptions(context.Context, apiserver.PasskeyRegistrationOptionsRequestObject) (apiserver.PasskeyRegistrationOptionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RemovePasskey(w http.ResponseWriter, r *http.Request, _ int64) {
	a.s.handleRemovePasskey(w, r)
}
func (*Server) RemovePasskey(context.Context, apiserver.RemovePasskeyRequestObject) (apiserver.RemovePasskeyResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RemoveTOTP(w http.ResponseWriter, r *http.Request) { a.s.handleRemoveTOTP(w, r) }
func (*Server) RemoveTOTP(context.Context, apiserver.RemoveTOTPRequestObject) (apiserver.RemoveTOTPResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetSecondFactorRule(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSetSecondFactorRule(w, r)
}
func (*Server) SetSecondFactorRule(context.Context, apiserver.SetSecondFactorRuleRequestObject) (apiserver.SetSecondFactorRuleResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) StartTOTP(w http.ResponseWriter, r *http.Request) { a.s.handleStartTOTP(w, r) }
func (*Server) StartTOTP(context.Context, apiserver.StartTOTPRequestObject) (apiserver.StartTOTPResponseObject, error) {
	return nil, errNotStrictYet
}
