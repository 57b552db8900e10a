package http

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
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

func (s *Server) DiscoverSingleSignOn(ctx context.Context, req apiserver.DiscoverSingleSignOnRequestObject) (apiserver.DiscoverSingleSignOnResponseObject, error) {
	if err := s.guardAddress(ctx, "sso-discover", req.Body.Email); err != nil {
		return nil, err
	}
	answer, err := s.service.DiscoverSSO(ctx, req.Body.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.DiscoverSingleSignOn200JSONResponse{Body: *answer}, nil
}

func (s *Server) StartSingleSignOn(ctx context.Context, req apiserver.StartSingleSignOnRequestObject) (apiserver.StartSingleSignOnResponseObject, error) {
	q := req.Params
	authURL, browserSecret, err := s.service.StartSSO(ctx, service.SSOStart{Email: q.Email,
		StationRedirect: q.StationRedirect, StationChallenge: q.StationChallenge, StationState: q.StationState})
	if err != nil {
		back, err := ssoFailed(err)
		if err != nil {
			return nil, err
		}
		return apiserver.StartSingleSignOn303Response{Headers: apiserver.StartSingleSignOn303ResponseHeaders{Location: back}}, nil
	}
	s.setCookie(answerFrom(ctx), ssoCookie, browserSecret, int(cloud.SSOLoginTTL.Seconds()), http.SameSiteLaxMode)
	return apiserver.StartSingleSignOn303Response{Headers: apiserver.StartSingleSignOn303ResponseHeaders{Location: authURL}}, nil
}

func (s *Server) FinishSingleSignOn(ctx context.Context, req apiserver.FinishSingleSignOnRequestObject) (apiserver.FinishSingleSignOnResponseObject, error) {
	goTo := func(location string) apiserver.FinishSingleSignOn303Response {
		return apiserver.FinishSingleSignOn303Response{Headers: apiserver.FinishSingleSignOn303ResponseHeaders{Location: location}}
	}
	w := answerFrom(ctx)
	// The cookie has done its work whatever happens next.
	browserSecret := s.cookieValue(requestFrom(ctx), ssoCookie)
	s.setCookie(w, ssoCookie, "", -1, http.SameSiteLaxMode)
	in, err := s.service.FinishSSO(ctx, req.Params.State, req.Params.Code, req.Params.Error, browserSecret)
	if err != nil {
		back, err := ssoFailed(err)
		if err != nil {
			return nil, err
		}
		return goTo(back), nil
	}
	if in.StationRedirect != "" {
		return goTo(in.StationRedirect), nil
	}
	s.setSessionCookie(w, in.Token)
	return goTo(ssoSignedInPage), nil
}

// ssoFailed is where a named failure sends the browser: back to the
// sign-in page to read why. Any other failure is the error.
func ssoFailed(err error) (string, error) {
	var failure service.SSOFailure
	if errors.As(err, &failure) {
		return ssoSignInPage + "?" + url.Values{"sso_error": {string(failure)}}.Encode(), nil
	}
	return "", err
}

func (s *Server) RedeemStationSignOnCode(ctx context.Context, req apiserver.RedeemStationSignOnCodeRequestObject) (apiserver.RedeemStationSignOnCodeResponseObject, error) {
	token, session, user, err := s.service.RedeemStationCode(ctx, req.Body.Code, req.Body.CodeVerifier)
	if err != nil {
		return nil, err
	}
	// Only the station holding the verifier gets here: the token goes in
	// the answer, as to any bearer client, in the shape of the door the
	// account signs in at.
	var answer any = api.LoginResponse{ExpiresAt: session.ExpiresAt, User: service.ViewUser(user), SessionToken: token}
	if cloud.IsCorporate(user.UserType) {
		answer = api.CorporateLoginResponse{
			Success: api.CorporateLoginResponseSuccessTrue, OrganizationID: user.OrganizationID, Message: cloud.MsgWelcomeBack,
			ExpiresAt: session.ExpiresAt, SessionToken: token,
			User: api.CorporateUser{ID: user.ID, Email: user.Email, UserType: user.UserType, OrganizationID: user.OrganizationID},
		}
	}
	body, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	return apiserver.RedeemStationSignOnCode200JSONResponse{Body: body}, nil
}

func (s *Server) GetCorporateSingleSignOn(ctx context.Context, req apiserver.GetCorporateSingleSignOnRequestObject) (apiserver.GetCorporateSingleSignOnResponseObject, error) {
	settings, err := s.service.SSOSettings(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetCorporateSingleSignOn200JSONResponse{Body: *settings}, nil
}

func (s *Server) SetCorporateSingleSignOn(ctx context.Context, req apiserver.SetCorporateSingleSignOnRequestObject) (apiserver.SetCorporateSingleSignOnResponseObject, error) {
	settings, err := s.service.SaveSSOSettings(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.SetCorporateSingleSignOn200JSONResponse{Body: *settings}, nil
}

func (s *Server) ListAdminSingleSignOnDomains(ctx context.Context, _ apiserver.ListAdminSingleSignOnDomainsRequestObject) (apiserver.ListAdminSingleSignOnDomainsResponseObject, error) {
	domains, err := s.service.SSODomains(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.ListAdminSingleSignOnDomains200JSONResponse{Body: *domains}, nil
}

func (s *Server) ApproveAdminSingleSignOnDomain(ctx context.Context, req apiserver.ApproveAdminSingleSignOnDomainRequestObject) (apiserver.ApproveAdminSingleSignOnDomainResponseObject, error) {
	if err := s.service.ApproveSSODomain(ctx, userFromContext(ctx), req.Body.OrganizationID, req.Body.Domain); err != nil {
		return nil, err
	}
	return apiserver.ApproveAdminSingleSignOnDomain200JSONResponse{Body: api.Message{Message: cloud.MsgSSODomainApproved}}, nil
}

// MintStationCode signs a print station in as the browser's account: the
// website's page asks once the person has confirmed (service.StationCode).
func (s *Server) MintStationCode(ctx context.Context, req apiserver.MintStationCodeRequestObject) (apiserver.MintStationCodeResponseObject, error) {
	session, byCookie := sessionFrom(requestFrom(ctx))
	redirect, err := s.service.StationCode(ctx, userFromContext(ctx), session, byCookie, service.StationLoopback{
		Redirect: req.Body.StationRedirect, Challenge: req.Body.StationChallenge, State: req.Body.StationState})
	if err != nil {
		return nil, err
	}
	return apiserver.MintStationCode200JSONResponse{Body: api.StationCodeResponse{Redirect: redirect}}, nil
}
