package http

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate accounts (docs/design/admin-corporate.md §7). The service scopes every
// organisation route to the caller's own organisation.

func (s *Server) handleCorporateCheckout(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateRegistrationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	checkout, err := s.service.CreateRegistrationCheckout(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout)
}

func (s *Server) handleCompleteRegistration(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateCompleteRegistrationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	done, err := s.service.CompleteRegistration(r.Context(), req.SessionID, req.RegistrationID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CorporateRegistrationCompleted{Success: api.CorporateRegistrationCompletedSuccessTrue,
		Message: cloud.MsgRegistrationSuccessful, OrganizationID: done.OrganizationID, ContactEmail: done.ContactEmail,
		SetupPending: done.SetupPending})
}

// handleCorporateTestCheckout is the local test checkout's Pay button for a
// subscription: for the succeeding test card it signs the
// checkout.session.completed event Stripe would send and passes it down
// the webhook's own path.
func (s *Server) handleCorporateTestCheckout(w http.ResponseWriter, r *http.Request) {
	if s.payments.SignTestCheckout == nil {
		s.writeError(w, r, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCheckoutNotTestMode))
		return
	}
	var req api.CorporateTestCheckoutRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	ref, ok := stripe.LocalRegistrationRef(req.SessionID)
	if !ok {
		s.writeError(w, r, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound))
		return
	}
	if !s.testCardAccepted(w, r, req.CardNumber) {
		return
	}
	reg, err := s.service.FindRegistrationForTestCheckout(r.Context(), ref, req.SessionID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.deliverTestEvent(w, r, func() ([]byte, string, error) { return s.payments.SignTestCheckout(reg) })
}

func (s *Server) handleCorporateRegisterTrial(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateTrialRegistration
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	trial := cloud.TrialRegistration{Name: req.Name, Industry: req.Industry, ContactEmail: req.ContactEmail,
		ContactPhone: req.ContactPhone, SubscriptionTier: req.SubscriptionTier, Country: req.Country}
	started, err := s.service.RegisterTrial(r.Context(), trial, s.clientKey(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CorporateTrialStarted{RegistrationID: started.RegistrationID,
		ContactEmail: started.ContactEmail, Message: started.Message})
}

// handleResendSetup is the landing page's Resend button: the trial's
// confirmation link, or a paid registration's setup link, again.
func (s *Server) handleResendSetup(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateResendSetupRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.ResendSetup(r.Context(), req.RegistrationID, req.SessionID, req.Token); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSetupMailResent)
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

// handleCheckSetupLink is the setup page opening: what its link is, so a
// used or expired link says so before a password is typed.
func (s *Server) handleCheckSetupLink(w http.ResponseWriter, r *http.Request) {
	state, err := s.service.CheckSetupLink(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, state)
}

func (s *Server) handleCorporateSetPassword(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateSetupPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	orgID, err := s.service.CorporateSetPassword(r.Context(), req.Token, req.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CorporatePasswordSet{Success: api.CorporatePasswordSetSuccessTrue,
		Message: cloud.MsgPasswordSet, OrganizationID: orgID})
}

func (s *Server) handleMyOrganization(w http.ResponseWriter, r *http.Request) {
	org, err := s.service.MyOrganization(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, org)
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

func (s *Server) handleOrganizationDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.service.OrganizationDashboard(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) handleTeam(w http.ResponseWriter, r *http.Request) {
	team, err := s.service.Team(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, team)
}

func (s *Server) handleInviteMember(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateInviteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	// The same answer whether or not the address has an account (service).
	if err := s.service.InviteMember(r.Context(), userFrom(r), pathID(r, "orgId"), req.Email); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusCreated, cloud.MsgInviteSent)
}

// memberID is a team member's id, or a pending invitation's (negative: the
// team list's); 0 when it is neither.
func memberID(r *http.Request) int64 {
	id, err := strconv.ParseInt(chi.URLParam(r, "userId"), 10, 64)
	if err != nil {
		return 0
	}
	return id
}

func (s *Server) handleResendInvite(w http.ResponseWriter, r *http.Request) {
	if err := s.service.ResendInvite(r.Context(), userFrom(r), pathID(r, "orgId"), memberID(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgInviteSent)
}

func (s *Server) handleRemoveMember(w http.ResponseWriter, r *http.Request) {
	if err := s.service.RemoveMember(r.Context(), userFrom(r), pathID(r, "orgId"), memberID(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgMemberRemoved)
}

func (s *Server) handleBillingPortal(w http.ResponseWriter, r *http.Request) {
	url, err := s.service.BillingPortal(r.Context(), userFrom(r), pathID(r, "orgId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CorporateBillingPortal{URL: url})
}

func (s *Server) handleSubscribe(w http.ResponseWriter, r *http.Request) {
	var req api.CorporateSubscribeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	checkout, err := s.service.Subscribe(r.Context(), userFrom(r), pathID(r, "orgId"), req.SubscriptionPlan)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout)
}

// handleSetPaperSize changes the paper batch printing starts on.
func (s *Server) handleSetPaperSize(w http.ResponseWriter, r *http.Request) {
	var req api.CorporatePaperSizeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.SetPaperSize(r.Context(), userFrom(r), pathID(r, "orgId"), req.PaperSize); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CorporatePaperSizeSaved{PaperSize: api.CorporatePaperSize(req.PaperSize),
		Message: cloud.MsgPaperSizeSaved})
}

// handleSetReviewPeriod changes how often the organisation's codes are to be confirmed.
func (s *Server) handleSetReviewPeriod(w http.ResponseWriter, r *http.Request) {
	var req api.ReviewPeriodRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.SetReviewPeriod(r.Context(), userFrom(r), pathID(r, "orgId"), req.ReviewPeriodMonths); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ReviewPeriodSaved{ReviewPeriodMonths: req.ReviewPeriodMonths,
		Message: cloud.MsgReviewPeriodSaved})
}
