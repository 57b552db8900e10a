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

// Login is the individual door's password sign-in: signed in (200), or the
// second step (202).
func (s *Server) Login(ctx context.Context, req apiserver.LoginRequestObject) (apiserver.LoginResponseObject, error) {
	w, r := answerFrom(ctx), requestFrom(ctx)
	in, err := s.signInByPassword(w, r, cloud.SignInDoorIndividual, s.service.Login, *req.Body)
	if err != nil {
		return nil, err
	}
	if step := s.nextStep(w, r, in); step != nil {
		return apiserver.Login202JSONResponse{Body: *step}, nil
	}
	return apiserver.Login200JSONResponse{Body: s.signedIn(w, r, in)}, nil
}

// loginFunc is a door's check of an address and password (individual or
// corporate): a session, or the second step (signin.go).
type loginFunc func(ctx context.Context, email, password string) (*service.SignIn, error)

// passwordSignIn reads an e-mail and password, applies the sign-in guard
// (signin_guard.go) and counts a failure; false means the request was
// answered already. door (cloud.SignInDoor...) names it in the metrics.
// It serves the hand-written handlers; a strict one calls signInByPassword.
func (s *Server) passwordSignIn(w http.ResponseWriter, r *http.Request, door string, login loginFunc) (*service.SignIn, bool) {
	var req api.LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.metrics.SignIn(door, cloud.SignInRefused)
		s.writeError(w, r, err)
		return nil, false
	}
	in, err := s.signInByPassword(w, r, door, login, req)
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return in, true
}

// signInByPassword checks req's e-mail and password behind the sign-in
// guard (signin_guard.go) and counts a failure; door (cloud.SignInDoor...)
// names it in the metrics. The guard's fields go on w's header; its
// refusal, like any other, is the error, for the caller to answer.
func (s *Server) signInByPassword(w http.ResponseWriter, r *http.Request, door string, login loginFunc, req api.LoginRequest) (*service.SignIn, error) {
	attempt, err := s.guardSignIn(w, r, req.Email)
	if err != nil {
		s.metrics.SignIn(door, cloud.SignInLimited)
		return nil, err
	}
	in, err := login(r.Context(), req.Email, req.Password)
	s.afterSignIn(r, attempt, err)
	if err != nil {
		s.metrics.SignIn(door, signInOutcome(err))
		return nil, err
	}
	// A password that asks for a second step is not yet a sign-in.
	if in.Session != nil {
		s.metrics.SignIn(door, cloud.SignInSucceeded)
	}
	return in, nil
}

// guardRefusal is the refusal a guard written for hand-written handlers
// (beforeSignIn, limitAddress) wrote to held, as the error a strict
// handler returns, which writeError answers with the same status and
// message; the fields the guard set (RateLimit, Retry-After) are on the
// answer's header already. A guard that refused without an answer did so
// because the client left (its wait was cut short): that is the request's
// context error, which writeError answers as a client gone.
func guardRefusal(held *bufferedAnswer, r *http.Request) error {
	if held.status == 0 {
		if err := r.Context().Err(); err != nil {
			return err
		}
		return context.Canceled
	}
	var refusal errorResponse
	json.Unmarshal(held.body.Bytes(), &refusal)
	return &statusError{held.status, refusal.Message}
}

// guardSignIn is beforeSignIn with its refusal as the error.
func (s *Server) guardSignIn(w http.ResponseWriter, r *http.Request, email string) (*signInAttempt, error) {
	held := &bufferedAnswer{header: w.Header()}
	if attempt := s.beforeSignIn(held, r, email); attempt != nil {
		return attempt, nil
	}
	return nil, guardRefusal(held, r)
}

// guardAddress is limitAddress for a strict handler: its refusal is the
// error.
func (s *Server) guardAddress(ctx context.Context, route, email string) error {
	r := requestFrom(ctx)
	held := &bufferedAnswer{header: answerFrom(ctx).Header()}
	if s.limitAddress(held, r, route, email) {
		return guardRefusal(held, r)
	}
	return nil
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

func (s *Server) Logout(ctx context.Context, _ apiserver.LogoutRequestObject) (apiserver.LogoutResponseObject, error) {
	if err := s.service.Logout(ctx, s.sessionToken(requestFrom(ctx))); err != nil {
		return nil, err
	}
	s.clearSessionCookie(answerFrom(ctx))
	return apiserver.Logout200JSONResponse{Body: api.Message{Message: cloud.MsgLoggedOut}}, nil
}

func (s *Server) LogoutAndGoHome(ctx context.Context, _ apiserver.LogoutAndGoHomeRequestObject) (apiserver.LogoutAndGoHomeResponseObject, error) {
	home := apiserver.LogoutAndGoHome303Response{Headers: apiserver.LogoutAndGoHome303ResponseHeaders{Location: "/"}}
	r := requestFrom(ctx)
	// A link on another site must not sign anyone out: it just goes home.
	if sentByAnotherSite(r) {
		return home, nil
	}
	if err := s.service.Logout(ctx, s.sessionToken(r)); err != nil {
		return nil, err
	}
	s.clearSessionCookie(answerFrom(ctx))
	return home, nil
}

func (s *Server) GoToSignIn(context.Context, apiserver.GoToSignInRequestObject) (apiserver.GoToSignInResponseObject, error) {
	return apiserver.GoToSignIn303Response{Headers: apiserver.GoToSignIn303ResponseHeaders{Location: "/login"}}, nil
}

func (s *Server) CheckUser(ctx context.Context, req apiserver.CheckUserRequestObject) (apiserver.CheckUserResponseObject, error) {
	if err := s.guardAddress(ctx, "check-user", req.Body.Email); err != nil {
		return nil, err
	}
	exists, err := s.service.CheckUser(ctx, req.Body.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.CheckUser200JSONResponse{Body: api.CheckUserResponse{Exists: exists}}, nil
}

func (s *Server) RequestPasswordReset(ctx context.Context, req apiserver.RequestPasswordResetRequestObject) (apiserver.RequestPasswordResetResponseObject, error) {
	if err := s.guardAddress(ctx, "request-reset", req.Body.Email); err != nil {
		return nil, err
	}
	token, err := s.service.RequestReset(ctx, req.Body.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.RequestPasswordReset200JSONResponse{Body: api.RequestResetResponse{Message: cloud.MsgResetSent, ResetToken: token}}, nil
}

func (s *Server) ResetPassword(ctx context.Context, req apiserver.ResetPasswordRequestObject) (apiserver.ResetPasswordResponseObject, error) {
	if err := s.service.ResetPassword(ctx, req.Body.Token, req.Body.NewPassword, req.Body.Email); err != nil {
		return nil, err
	}
	return apiserver.ResetPassword200JSONResponse{Body: api.Message{Message: cloud.MsgPasswordChanged}}, nil
}

func (s *Server) SetPassword(ctx context.Context, req apiserver.SetPasswordRequestObject) (apiserver.SetPasswordResponseObject, error) {
	if err := s.service.SetPassword(ctx, req.Body.Email, req.Body.Token, req.Body.Password); err != nil {
		return nil, err
	}
	return apiserver.SetPassword200JSONResponse{Body: api.Message{Message: cloud.MsgPasswordSet}}, nil
}
