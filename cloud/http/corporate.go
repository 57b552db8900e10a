package http

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate accounts (docs/design/admin-corporate.md §7). The service scopes every
// organisation route to the caller's own organisation.

func (s *Server) CreateCorporateCheckout(ctx context.Context, req apiserver.CreateCorporateCheckoutRequestObject) (apiserver.CreateCorporateCheckoutResponseObject, error) {
	checkout, err := s.service.CreateRegistrationCheckout(ctx, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateCorporateCheckout200JSONResponse{Body: *checkout}, nil
}

func (s *Server) CompleteCorporateRegistration(ctx context.Context, req apiserver.CompleteCorporateRegistrationRequestObject) (apiserver.CompleteCorporateRegistrationResponseObject, error) {
	done, err := s.service.CompleteRegistration(ctx, req.Body.SessionID, req.Body.RegistrationID)
	if err != nil {
		return nil, err
	}
	return apiserver.CompleteCorporateRegistration200JSONResponse{Body: api.CorporateRegistrationCompleted{
		Success: api.CorporateRegistrationCompletedSuccessTrue, Message: cloud.MsgRegistrationSuccessful,
		OrganizationID: done.OrganizationID, ContactEmail: done.ContactEmail, SetupPending: done.SetupPending}}, nil
}

// ConfirmCorporateTestCheckout is the local test checkout's Pay button for a
// subscription: for the succeeding test card it signs the
// checkout.session.completed event Stripe would send and passes it down
// the webhook's own path.
func (s *Server) ConfirmCorporateTestCheckout(ctx context.Context, req apiserver.ConfirmCorporateTestCheckoutRequestObject) (apiserver.ConfirmCorporateTestCheckoutResponseObject, error) {
	if s.payments.SignTestCheckout == nil {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCheckoutNotTestMode)
	}
	ref, ok := stripe.LocalRegistrationRef(req.Body.SessionID)
	if !ok {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound)
	}
	if err := testCardRefusal(req.Body.CardNumber); err != nil {
		return nil, err
	}
	reg, err := s.service.FindRegistrationForTestCheckout(ctx, ref, req.Body.SessionID)
	if err != nil {
		return nil, err
	}
	if err := s.sendTestEvent(ctx, func() ([]byte, string, error) { return s.payments.SignTestCheckout(reg) }); err != nil {
		return nil, err
	}
	return apiserver.ConfirmCorporateTestCheckout200JSONResponse{Body: api.CorporateTestCheckoutResult{
		Status: api.CorporateTestCheckoutResultStatusSucceeded}}, nil
}

func (s *Server) RegisterCorporateTrial(ctx context.Context, req apiserver.RegisterCorporateTrialRequestObject) (apiserver.RegisterCorporateTrialResponseObject, error) {
	b := req.Body
	trial := cloud.TrialRegistration{Name: b.Name, Industry: b.Industry, ContactEmail: b.ContactEmail,
		ContactPhone: b.ContactPhone, SubscriptionTier: b.SubscriptionTier, Country: b.Country}
	started, err := s.service.RegisterTrial(ctx, trial, s.clientKey(requestFrom(ctx)))
	if err != nil {
		return nil, err
	}
	return apiserver.RegisterCorporateTrial200JSONResponse{Body: api.CorporateTrialStarted{RegistrationID: started.RegistrationID,
		ContactEmail: started.ContactEmail, Message: started.Message}}, nil
}

// ResendCorporateSetup is the landing page's Resend button: the trial's
// confirmation link, or a paid registration's setup link, again.
func (s *Server) ResendCorporateSetup(ctx context.Context, req apiserver.ResendCorporateSetupRequestObject) (apiserver.ResendCorporateSetupResponseObject, error) {
	if err := s.service.ResendSetup(ctx, req.Body.RegistrationID, req.Body.SessionID, req.Body.Token); err != nil {
		return nil, err
	}
	return apiserver.ResendCorporateSetup200JSONResponse{Body: api.Message{Message: cloud.MsgSetupMailResent}}, nil
}

// CorporateLogin stays hand-written: passwordSignIn (auth.go) decodes the
// body and its sign-in guard (beforeSignIn) answers on the raw writer
// (429 with Retry-After, or nothing once the client has left).
func (a apiHandlers) CorporateLogin(w http.ResponseWriter, r *http.Request, _ api.CorporateLoginParams) {
	a.s.handleCorporateLogin(w, r)
}
func (*Server) CorporateLogin(context.Context, apiserver.CorporateLoginRequestObject) (apiserver.CorporateLoginResponseObject, error) {
	return nil, errServedByHand
}

// handleCorporateLogin answers docs/design/admin-corporate.md §3's login response: SessionToken only for a
// client that asked for it (the website has the cookie).
func (s *Server) handleCorporateLogin(w http.ResponseWriter, r *http.Request) {
	if in, ok := s.passwordSignIn(w, r, cloud.SignInDoorCorporate, s.service.CorporateLogin); ok {
		s.writeSignIn(w, r, in, true)
	}
}

// writeCorporateSignedIn is the corporate door's answer once signed in.
func (s *Server) writeCorporateSignedIn(w http.ResponseWriter, r *http.Request, token string, session *cloud.Session, user *cloud.User) {
	answer := api.CorporateLoginResponse{
		Success: api.CorporateLoginResponseSuccessTrue, OrganizationID: user.OrganizationID, Message: cloud.MsgWelcomeBack,
		ExpiresAt: session.ExpiresAt,
		User:      api.CorporateUser{ID: user.ID, Email: user.Email, UserType: user.UserType, OrganizationID: user.OrganizationID},
	}
	if wantsBearerToken(r) {
		answer.SessionToken = token
	} else {
		s.setSessionCookie(w, token)
	}
	writeJSON(w, http.StatusOK, answer)
}

// CheckCorporateSetupLink is the setup page opening: what its link is, so a
// used or expired link says so before a password is typed.
func (s *Server) CheckCorporateSetupLink(ctx context.Context, req apiserver.CheckCorporateSetupLinkRequestObject) (apiserver.CheckCorporateSetupLinkResponseObject, error) {
	state, err := s.service.CheckSetupLink(ctx, req.Params.Token)
	if err != nil {
		return nil, err
	}
	return apiserver.CheckCorporateSetupLink200JSONResponse{Body: *state}, nil
}

func (s *Server) SetupCorporatePassword(ctx context.Context, req apiserver.SetupCorporatePasswordRequestObject) (apiserver.SetupCorporatePasswordResponseObject, error) {
	orgID, err := s.service.CorporateSetPassword(ctx, req.Body.Token, req.Body.Password)
	if err != nil {
		return nil, err
	}
	return apiserver.SetupCorporatePassword200JSONResponse{Body: api.CorporatePasswordSet{Success: api.CorporatePasswordSetSuccessTrue,
		Message: cloud.MsgPasswordSet, OrganizationID: orgID}}, nil
}

func (s *Server) GetMyOrganization(ctx context.Context, _ apiserver.GetMyOrganizationRequestObject) (apiserver.GetMyOrganizationResponseObject, error) {
	org, err := s.service.MyOrganization(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.GetMyOrganization200JSONResponse{Body: *org}, nil
}

// pathID reads a numeric route parameter; anything else is an id no
// organisation or member has.
func pathID(r *http.Request, name string) int64 {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id < 1 {
		return 0
	}
	return id
}

func (s *Server) GetCorporateDashboard(ctx context.Context, req apiserver.GetCorporateDashboardRequestObject) (apiserver.GetCorporateDashboardResponseObject, error) {
	d, err := s.service.OrganizationDashboard(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetCorporateDashboard200JSONResponse{Body: *d}, nil
}

func (s *Server) ListCorporateTeam(ctx context.Context, req apiserver.ListCorporateTeamRequestObject) (apiserver.ListCorporateTeamResponseObject, error) {
	team, err := s.service.Team(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.ListCorporateTeam200JSONResponse{Body: *team}, nil
}

func (s *Server) InviteCorporateMember(ctx context.Context, req apiserver.InviteCorporateMemberRequestObject) (apiserver.InviteCorporateMemberResponseObject, error) {
	// The same answer whether or not the address has an account (service).
	if err := s.service.InviteMember(ctx, userFromContext(ctx), req.OrgID, req.Body.Email); err != nil {
		return nil, err
	}
	return apiserver.InviteCorporateMember201JSONResponse{Body: api.Message{Message: cloud.MsgInviteSent}}, nil
}

// ResendCorporateInvite's req.UserID is a team member's id, or a pending
// invitation's (negative: the team list's); 0 when it is neither.
func (s *Server) ResendCorporateInvite(ctx context.Context, req apiserver.ResendCorporateInviteRequestObject) (apiserver.ResendCorporateInviteResponseObject, error) {
	if err := s.service.ResendInvite(ctx, userFromContext(ctx), req.OrgID, req.UserID); err != nil {
		return nil, err
	}
	return apiserver.ResendCorporateInvite200JSONResponse{Body: api.Message{Message: cloud.MsgInviteSent}}, nil
}

// RemoveCorporateMember removes a team member, or withdraws a pending
// invitation (req.UserID as ResendCorporateInvite's).
func (s *Server) RemoveCorporateMember(ctx context.Context, req apiserver.RemoveCorporateMemberRequestObject) (apiserver.RemoveCorporateMemberResponseObject, error) {
	if err := s.service.RemoveMember(ctx, userFromContext(ctx), req.OrgID, req.UserID); err != nil {
		return nil, err
	}
	return apiserver.RemoveCorporateMember200JSONResponse{Body: api.Message{Message: cloud.MsgMemberRemoved}}, nil
}

func (s *Server) OpenCorporateBillingPortal(ctx context.Context, req apiserver.OpenCorporateBillingPortalRequestObject) (apiserver.OpenCorporateBillingPortalResponseObject, error) {
	url, err := s.service.BillingPortal(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.OpenCorporateBillingPortal200JSONResponse{Body: api.CorporateBillingPortal{URL: url}}, nil
}

func (s *Server) SubscribeCorporate(ctx context.Context, req apiserver.SubscribeCorporateRequestObject) (apiserver.SubscribeCorporateResponseObject, error) {
	checkout, err := s.service.Subscribe(ctx, userFromContext(ctx), req.OrgID, req.Body.SubscriptionPlan)
	if err != nil {
		return nil, err
	}
	return apiserver.SubscribeCorporate200JSONResponse{Body: *checkout}, nil
}

// SetCorporatePaperSize changes the paper batch printing starts on.
func (s *Server) SetCorporatePaperSize(ctx context.Context, req apiserver.SetCorporatePaperSizeRequestObject) (apiserver.SetCorporatePaperSizeResponseObject, error) {
	if err := s.service.SetPaperSize(ctx, userFromContext(ctx), req.OrgID, req.Body.PaperSize); err != nil {
		return nil, err
	}
	return apiserver.SetCorporatePaperSize200JSONResponse{Body: api.CorporatePaperSizeSaved{
		PaperSize: api.CorporatePaperSize(req.Body.PaperSize), Message: cloud.MsgPaperSizeSaved}}, nil
}

// SetCorporateReviewPeriod changes how often the organisation's codes are
// to be confirmed.
func (s *Server) SetCorporateReviewPeriod(ctx context.Context, req apiserver.SetCorporateReviewPeriodRequestObject) (apiserver.SetCorporateReviewPeriodResponseObject, error) {
	if err := s.service.SetReviewPeriod(ctx, userFromContext(ctx), req.OrgID, req.Body.ReviewPeriodMonths); err != nil {
		return nil, err
	}
	return apiserver.SetCorporateReviewPeriod200JSONResponse{Body: api.ReviewPeriodSaved{
		ReviewPeriodMonths: req.Body.ReviewPeriodMonths, Message: cloud.MsgReviewPeriodSaved}}, nil
}
