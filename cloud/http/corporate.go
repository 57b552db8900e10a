package http

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/stripe"
)

// Corporate accounts (admin-corporate-side §7). The service scopes every
// organisation route to the caller's own organisation.

func (s *Server) handleCorporateCheckout(w http.ResponseWriter, r *http.Request) {
	var req service.RegistrationRequest
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
	var req struct {
		SessionID      string `json:"sessionId"`
		RegistrationID string `json:"registrationId"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	done, err := s.service.CompleteRegistration(r.Context(), req.SessionID, req.RegistrationID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "message": cloud.MsgRegistrationSuccessful,
		"organizationId": done.OrganizationID, "contactEmail": done.ContactEmail, "setupPending": done.SetupPending})
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
	var req struct {
		SessionID  string `json:"sessionId"`
		CardNumber string `json:"cardNumber"`
	}
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
	var req cloud.TrialRegistration
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	started, err := s.service.RegisterTrial(r.Context(), req, s.clientKey(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, started)
}

// handleResendSetup is the landing page's Resend button: the trial's
// confirmation link, or a paid registration's setup link, again.
func (s *Server) handleResendSetup(w http.ResponseWriter, r *http.Request) {
	var req struct {
		RegistrationID string `json:"registrationId"`
		SessionID      string `json:"sessionId"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.ResendSetup(r.Context(), req.RegistrationID, req.SessionID); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgSetupMailResent)
}

// corporateLoginResponse is §3's login response. SessionToken only for a
// client that asked for it (the website has the cookie).
type corporateLoginResponse struct {
	Success        bool                `json:"success"`
	SessionToken   string              `json:"sessionToken,omitempty"`
	OrganizationID int64               `json:"organizationId"`
	Message        string              `json:"message"`
	ExpiresAt      time.Time           `json:"expiresAt"`
	User           corporateUserAnswer `json:"user"`
}

type corporateUserAnswer struct {
	ID             int64  `json:"id"`
	Email          string `json:"email"`
	UserType       string `json:"userType"`
	OrganizationID int64  `json:"organizationId"`
}

func (s *Server) handleCorporateLogin(w http.ResponseWriter, r *http.Request) {
	token, session, user, ok := s.passwordSignIn(w, r, s.service.CorporateLogin)
	if !ok {
		return
	}
	answer := corporateLoginResponse{
		Success: true, OrganizationID: user.OrganizationID, Message: cloud.MsgWelcomeBack, ExpiresAt: session.ExpiresAt,
		User: corporateUserAnswer{ID: user.ID, Email: user.Email, UserType: user.UserType, OrganizationID: user.OrganizationID},
	}
	if wantsBearerToken(r) {
		answer.SessionToken = token
	} else {
		s.setSessionCookie(w, token)
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) handleCorporateSetPassword(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	orgID, err := s.service.CorporateSetPassword(r.Context(), req.Token, req.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "message": cloud.MsgPasswordSet, "organizationId": orgID})
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
	var req struct {
		Email string `json:"email"`
	}
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

func (s *Server) handleResendInvite(w http.ResponseWriter, r *http.Request) {
	if err := s.service.ResendInvite(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "userId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgInviteSent)
}

func (s *Server) handleRemoveMember(w http.ResponseWriter, r *http.Request) {
	if err := s.service.RemoveMember(r.Context(), userFrom(r), pathID(r, "orgId"), pathID(r, "userId")); err != nil {
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
	writeJSON(w, http.StatusOK, map[string]string{"url": url})
}

func (s *Server) handleSubscribe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		SubscriptionPlan string `json:"subscriptionPlan"`
	}
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
	var req struct {
		PaperSize string `json:"paperSize"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.SetPaperSize(r.Context(), userFrom(r), pathID(r, "orgId"), req.PaperSize); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"paperSize": req.PaperSize, "message": cloud.MsgPaperSizeSaved})
}
