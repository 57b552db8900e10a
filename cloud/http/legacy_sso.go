package http

// Operations of sso.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) ApproveAdminSingleSignOnDomain(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminApproveSSODomain(w, r)
}
func (*Server) ApproveAdminSingleSignOnDomain(context.Context, apiserver.ApproveAdminSingleSignOnDomainRequestObject) (apiserver.ApproveAdminSingleSignOnDomainResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DiscoverSingleSignOn(w http.ResponseWriter, r *http.Request) {
	a.s.handleSSODiscover(w, r)
}
func (*Server) DiscoverSingleSignOn(context.Context, apiserver.DiscoverSingleSignOnRequestObject) (apiserver.DiscoverSingleSignOnResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) FinishSingleSignOn(w http.ResponseWriter, r *http.Request, _ api.FinishSingleSignOnParams) {
	a.s.handleSSOCallback(w, r)
}
func (*Server) FinishSingleSignOn(context.Context, apiserver.FinishSingleSignOnRequestObject) (apiserver.FinishSingleSignOnResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetCorporateSingleSignOn(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSSOSettings(w, r)
}
func (*Server) GetCorporateSingleSignOn(context.Context, apiserver.GetCorporateSingleSignOnRequestObject) (apiserver.GetCorporateSingleSignOnResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListAdminSingleSignOnDomains(w http.ResponseWriter, r *http.Request) {
	a.s.handleAdminSSODomains(w, r)
}
func (*Server) ListAdminSingleSignOnDomains(context.Context, apiserver.ListAdminSingleSignOnDomainsRequestObject) (apiserver.ListAdminSingleSignOnDomainsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) MintStationCode(w http.ResponseWriter, r *http.Request) {
	a.s.handleStationCode(w, r)
}
func (*Server) MintStationCode(context.Context, apiserver.MintStationCodeRequestObject) (apiserver.MintStationCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RedeemStationSignOnCode(w http.ResponseWriter, r *http.Request) {
	a.s.handleSSOStationToken(w, r)
}
func (*Server) RedeemStationSignOnCode(context.Context, apiserver.RedeemStationSignOnCodeRequestObject) (apiserver.RedeemStationSignOnCodeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetCorporateSingleSignOn(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSaveSSOSettings(w, r)
}
func (*Server) SetCorporateSingleSignOn(context.Context, apiserver.SetCorporateSingleSignOnRequestObject) (apiserver.SetCorporateSingleSignOnResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) StartSingleSignOn(w http.ResponseWriter, r *http.Request, _ api.StartSingleSignOnParams) {
	a.s.handleSSOStart(w, r)
}
func (*Server) StartSingleSignOn(context.Context, apiserver.StartSingleSignOnRequestObject) (apiserver.StartSingleSignOnResponseObject, error) {
	return nil, errNotStrictYet
}
