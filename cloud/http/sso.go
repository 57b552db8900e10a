package http

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Single sign-on (service/sso.go). The start and the callback are
// navigations: the browser goes to the provider and comes back, so their
// failures go back to the sign-in page with a reason it explains.

// ssoSignInPage is where a failed single sign-on lands, with ?sso_error=.
const ssoSignInPage = "/corporate-login"

// ssoSignedInPage is where a website's single sign-on lands.
const ssoSignedInPage = "/corporate/dashboard"

func (s *Server) handleSSODiscover(w http.ResponseWriter, r *http.Request) {
	var req api.EmailRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limitAddress(w, r, "sso-discover", req.Email) {
		return
	}
	answer, err := s.service.DiscoverSSO(r.Context(), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) handleSSOStart(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	authURL, browserSecret, err := s.service.StartSSO(r.Context(), service.SSOStart{Email: q.Get("email"),
		StationRedirect: q.Get("stationRedirect"), StationChallenge: q.Get("stationChallenge"),
		StationState: q.Get("stationState")})
	if s.ssoFailed(w, r, err) {
		return
	}
	s.setCookie(w, ssoCookie, browserSecret, int(cloud.SSOLoginTTL.Seconds()), http.SameSiteLaxMode)
	http.Redirect(w, r, authURL, http.StatusSeeOther)
}

func (s *Server) handleSSOCallback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	// The cookie has done its work whatever happens next.
	browserSecret := s.cookieValue(r, ssoCookie)
	s.setCookie(w, ssoCookie, "", -1, http.SameSiteLaxMode)
	in, err := s.service.FinishSSO(r.Context(), q.Get("state"), q.Get("code"), q.Get("error"), browserSecret)
	if s.ssoFailed(w, r, err) {
		return
	}
	if in.StationRedirect != "" {
		http.Redirect(w, r, in.StationRedirect, http.StatusSeeOther)
		return
	}
	s.setSessionCookie(w, in.Token)
	http.Redirect(w, r, ssoSignedInPage, http.StatusSeeOther)
}

// ssoFailed answers err, if any: a named failure sends the browser back to
// the sign-in page to read why; true means the request was answered.
func (s *Server) ssoFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	if err == nil {
		return false
	}
	var failure service.SSOFailure
	if errors.As(err, &failure) {
		http.Redirect(w, r, ssoSignInPage+"?"+url.Values{"sso_error": {string(failure)}}.Encode(), http.StatusSeeOther)
		return true
	}
	s.writeError(w, r, err)
	return true
}

func (s *Server) handleSSOStationToken(w http.ResponseWriter, r *http.Request) {
	var req api.SSOStationTokenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	token, session, user, err := s.service.RedeemStationCode(r.Context(), req.Code, req.CodeVerifier)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// Only the station holding the verifier gets here: the token goes in
	// the answer, as to any bearer client, in the shape of the door the
	// account signs in at.
	if !cloud.IsCorporate(user.UserType) {
		writeJSON(w, http.StatusOK, api.LoginResponse{ExpiresAt: session.ExpiresAt, User: service.ViewUser(user), SessionToken: token})
		return
	}
	writeJSON(w, http.StatusOK, api.CorporateLoginResponse{
		Success: api.CorporateLoginResponseSuccessTrue, OrganizationID: user.OrganizationID, Message: cloud.MsgWelcomeBack,
		ExpiresAt: session.ExpiresAt, SessionToken: token,
		User: api.CorporateUser{ID: user.ID, Email: user.Email, UserType: user.UserType, OrganizationID: user.OrganizationID},
	})
}

func (s *Server) handleSSOSettings(w http.ResponseWriter, r *http.Request) {
	settings, err := s.service.SSOSettings(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, settings)
}

func (s *Server) handleSaveSSOSettings(w http.ResponseWriter, r *http.Request) {
	var req api.SSOSettingsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	settings, err := s.service.SaveSSOSettings(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, settings)
}

func (s *Server) handleAdminSSODomains(w http.ResponseWriter, r *http.Request) {
	domains, err := s.service.SSODomains(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, domains)
}

func (s *Server) handleAdminApproveSSODomain(w http.ResponseWriter, r *http.Request) {
	var req api.AdminApproveSSODomainRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.ApproveSSODomain(r.Context(), userFrom(r), req.OrganizationID, req.Domain); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSSODomainApproved)
}

// handleStationCode signs a print station in as the browser's account: the
// website's page asks once the person has confirmed (service.StationCode).
func (s *Server) handleStationCode(w http.ResponseWriter, r *http.Request) {
	var req api.StationCodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	session, byCookie := sessionFrom(r)
	redirect, err := s.service.StationCode(r.Context(), userFrom(r), session, byCookie, service.StationLoopback{
		Redirect: req.StationRedirect, Challenge: req.StationChallenge, State: req.StationState})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.StationCodeResponse{Redirect: redirect})
}
