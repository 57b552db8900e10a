package http

// Operations of corporate.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CheckCorporateSetupLink(w http.ResponseWriter, r *http.Request, _ api.CheckCorporateSetupLinkParams) {
	a.s.handleCheckSetupLink(w, r)
}
func (*Server) CheckCorporateSetupLink(context.Context, apiserver.CheckCorporateSetupLinkRequestObject) (apiserver.CheckCorporateSetupLinkResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CompleteCorporateRegistration(w http.ResponseWriter, r *http.Request) {
	a.s.handleCompleteRegistration(w, r)
}
func (*Server) CompleteCorporateRegistration(context.Context, apiserver.CompleteCorporateRegistrationRequestObject) (apiserver.CompleteCorporateRegistrationResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmCorporateTestCheckout(w http.ResponseWriter, r *http.Request) {
	a.s.handleCorporateTestCheckout(w, r)
}
func (*Server) ConfirmCorporateTestCheckout(context.Context, apiserver.ConfirmCorporateTestCheckoutRequestObject) (apiserver.ConfirmCorporateTestCheckoutResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CorporateLogin(w http.ResponseWriter, r *http.Request, _ api.CorporateLoginParams) {
	a.s.handleCorporateLogin(w, r)
}
func (*Server) CorporateLogin(context.Context, apiserver.CorporateLoginRequestObject) (apiserver.CorporateLoginResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateCorporateCheckout(w http.ResponseWriter, r *http.Request) {
	a.s.handleCorporateCheckout(w, r)
}
func (*Server) CreateCorporateCheckout(context.Context, apiserver.CreateCorporateCheckoutRequestObject) (apiserver.CreateCorporateCheckoutResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetCorporateDashboard(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleOrganizationDashboard(w, r)
}
func (*Server) GetCorporateDashboard(context.Context, apiserver.GetCorporateDashboardRequestObject) (apiserver.GetCorporateDashboardResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetMyOrganization(w http.ResponseWriter, r *http.Request) {
	a.s.handleMyOrganization(w, r)
}
func (*Server) GetMyOrganization(context.Context, apiserver.GetMyOrganizationRequestObject) (apiserver.GetMyOrganizationResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) InviteCorporateMember(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleInviteMember(w, r)
}
func (*Server) InviteCorporateMember(context.Context, apiserver.InviteCorporateMemberRequestObject) (apiserver.InviteCorporateMemberResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListCorporateTeam(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleTeam(w, r)
}
func (*Server) ListCorporateTeam(context.Context, apiserver.ListCorporateTeamRequestObject) (apiserver.ListCorporateTeamResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) OpenCorporateBillingPortal(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleBillingPortal(w, r)
}
func (*Server) OpenCorporateBillingPortal(context.Context, apiserver.OpenCorporateBillingPortalRequestObject) (apiserver.OpenCorporateBillingPortalResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RegisterCorporateTrial(w http.ResponseWriter, r *http.Request) {
	a.s.handleCorporateRegisterTrial(w, r)
}
func (*Server) RegisterCorporateTrial(context.Context, apiserver.RegisterCorporateTrialRequestObject) (apiserver.RegisterCorporateTrialResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RemoveCorporateMember(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.MemberID) {
	a.s.handleRemoveMember(w, r)
}
func (*Server) RemoveCorporateMember(context.Context, apiserver.RemoveCorporateMemberRequestObject) (apiserver.RemoveCorporateMemberResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ResendCorporateInvite(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.MemberID) {
	a.s.handleResendInvite(w, r)
}
func (*Server) ResendCorporateInvite(context.Context, apiserver.ResendCorporateInviteRequestObject) (apiserver.ResendCorporateInviteResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ResendCorporateSetup(w http.ResponseWriter, r *http.Request) {
	a.s.handleResendSetup(w, r)
}
func (*Server) ResendCorporateSetup(context.Context, apiserver.ResendCorporateSetupRequestObject) (apiserver.ResendCorporateSetupResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetCorporatePaperSize(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSetPaperSize(w, r)
}
func (*Server) SetCorporatePaperSize(context.Context, apiserver.SetCorporatePaperSizeRequestObject) (apiserver.SetCorporatePaperSizeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetCorporateReviewPeriod(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSetReviewPeriod(w, r)
}
func (*Server) SetCorporateReviewPeriod(context.Context, apiserver.SetCorporateReviewPeriodRequestObject) (apiserver.SetCorporateReviewPeriodResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetupCorporatePassword(w http.ResponseWriter, r *http.Request) {
	a.s.handleCorporateSetPassword(w, r)
}
func (*Server) SetupCorporatePassword(context.Context, apiserver.SetupCorporatePasswordRequestObject) (apiserver.SetupCorporatePasswordResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SubscribeCorporate(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleSubscribe(w, r)
}
func (*Server) SubscribeCorporate(context.Context, apiserver.SubscribeCorporateRequestObject) (apiserver.SubscribeCorporateResponseObject, error) {
	return nil, errNotStrictYet
}
