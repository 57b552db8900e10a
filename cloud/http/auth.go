package http

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	if in, ok := s.passwordSignIn(w, r, cloud.SignInDoorIndividual, s.service.Login); ok {
		s.writeSignIn(w, r, in, false)
	}
}

// loginFunc is a door's check of an address and password (individual or
// corporate): a session, or the second step (signin.go).
type loginFunc func(ctx context.Context, email, password string) (*service.SignIn, error)

// passwordSignIn reads an e-mail and password, applies the sign-in guard
// (signin_guard.go) and counts a failure; false means the request was
// answered already. door (cloud.SignInDoor...) names it in the metrics.
func (s *Server) passwordSignIn(w http.ResponseWriter, r *http.Request, door string, login loginFunc) (*service.SignIn, bool) {
	var req api.LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.metrics.SignIn(door, cloud.SignInRefused)
		s.writeError(w, r, err)
		return nil, false
	}
	attempt := s.beforeSignIn(w, r, req.Email)
	if attempt == nil {
		s.metrics.SignIn(door, cloud.SignInLimited)
		return nil, false
	}
	in, err := login(r.Context(), req.Email, req.Password)
	s.afterSignIn(r, attempt, err)
	if err != nil {
		s.metrics.SignIn(door, signInOutcome(err))
		s.writeError(w, r, err)
		return nil, false
	}
	// A password that asks for a second step is not yet a sign-in.
	if in.Session != nil {
		s.metrics.SignIn(door, cloud.SignInSucceeded)
	}
	return in, true
}

// signInOutcome names a refused sign-in for the metrics: a wrong address
// or password, the cloud failing, or any other refusal.
func signInOutcome(err error) string {
	switch cloud.ErrorCode(err) {
	case cloud.EUNAUTHORIZED:
		return cloud.SignInFailed
	case cloud.EINTERNAL, cloud.EUNAVAILABLE:
		return cloud.SignInError
	}
	return cloud.SignInRefused
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.service.Logout(r.Context(), s.sessionToken(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.clearSessionCookie(w)
	writeMessage(w, http.StatusOK, cloud.MsgLoggedOut)
}

func (s *Server) handleLogoutRedirect(w http.ResponseWriter, r *http.Request) {
	// A link on another site must not sign anyone out: it just goes home.
	if sentByAnotherSite(r) {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	if err := s.service.Logout(r.Context(), s.sessionToken(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.clearSessionCookie(w)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) handleLoginRedirect(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

func (s *Server) handleCheckUser(w http.ResponseWriter, r *http.Request) {
	var req api.EmailRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limitAddress(w, r, "check-user", req.Email) {
		return
	}
	exists, err := s.service.CheckUser(r.Context(), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.CheckUserResponse{Exists: exists})
}

func (s *Server) handleRequestReset(w http.ResponseWriter, r *http.Request) {
	var req api.EmailRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limitAddress(w, r, "request-reset", req.Email) {
		return
	}
	token, err := s.service.RequestReset(r.Context(), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.RequestResetResponse{Message: cloud.MsgResetSent, ResetToken: token})
}

func (s *Server) handleResetPassword(w http.ResponseWriter, r *http.Request) {
	var req api.ResetPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.ResetPassword(r.Context(), req.Token, req.NewPassword, req.Email); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgPasswordChanged)
}

func (s *Server) handleSetPassword(w http.ResponseWriter, r *http.Request) {
	var req api.SetPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.service.SetPassword(r.Context(), req.Email, req.Token, req.Password); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgPasswordSet)
}
