package http

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Sign-in in steps (service/signin.go holds the state machine). Between a
// password and its second step the caller holds a sign-in step token: the
// website in its own HttpOnly, SameSite=Strict cookie (signInCookie), a
// bearer client in the answer's signInToken, sent back in the step's body.
// Only the handlers in this file read it, and never as a session:
// s.authenticate reads the session cookie and Authorization alone.

// signInCookie holds a half-finished sign-in's token on the website.
const signInCookie = "lifetag_sign_in"

func (s *Server) setSignInCookie(w http.ResponseWriter, token string) {
	s.setCookie(w, signInCookie, token, int(cloud.SignInStepTTL.Seconds()), http.SameSiteStrictMode)
}

func (s *Server) clearSignInCookie(w http.ResponseWriter) {
	s.setCookie(w, signInCookie, "", -1, http.SameSiteStrictMode)
}

// signInToken is a step's token: a bearer client's from the body, else the
// website's cookie.
func (s *Server) signInToken(r *http.Request, fromBody string) string {
	if fromBody != "" {
		return fromBody
	}
	return s.cookieValue(r, signInCookie)
}

// writeSignIn answers a sign-in step: signed in (200, the session), or the
// next step (202, no session). corporate: the corporate door's answer.
func (s *Server) writeSignIn(w http.ResponseWriter, r *http.Request, in *service.SignIn, corporate bool) {
	if step := s.nextStep(w, r, in); step != nil {
		writeJSON(w, http.StatusAccepted, step)
		return
	}
	if corporate {
		s.writeCorporateSignedIn(w, r, in.Token, in.Session, in.User)
		return
	}
	writeJSON(w, http.StatusOK, s.signedIn(w, r, in))
}

// nextStep is the answer to a sign-in that needs another step (202), its
// token in the answer for a bearer client, else in the step's cookie; nil
// once signed in, the step's cookie then cleared (the step is done).
func (s *Server) nextStep(w http.ResponseWriter, r *http.Request, in *service.SignIn) *api.SignInStep {
	if in.Session == nil {
		answer := api.SignInStep{Step: api.SignInStepStep(in.Step), ExpiresAt: in.StepExpiresAt}
		for _, m := range in.Methods {
			answer.Methods = append(answer.Methods, api.SignInStepMethods(m))
		}
		if wantsBearerToken(r) {
			answer.SignInToken = in.StepToken
		} else {
			s.setSignInCookie(w, in.StepToken)
		}
		return &answer
	}
	if s.cookieValue(r, signInCookie) != "" {
		s.clearSignInCookie(w) // the step is done
	}
	return nil
}

// signedIn is the individual door's answer once signed in (200): the
// session's token in it for a bearer client, else in the session cookie.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request, in *service.SignIn) api.LoginResponse {
	answer := api.LoginResponse{ExpiresAt: in.Session.ExpiresAt, User: service.ViewUser(in.User), RecoveryCodes: in.RecoveryCodes}
	if wantsBearerToken(r) {
		answer.SessionToken = in.Token
	} else {
		s.setSessionCookie(w, in.Token)
	}
	return answer
}

// stepSignedIn is the session a last step opened (a second factor, a
// passkey, a factor set up), for a strict handler's 200: those steps have
// no further step, so an answer without a session is a fault.
func (s *Server) stepSignedIn(ctx context.Context, in *service.SignIn) (api.LoginResponse, error) {
	if in.Session == nil {
		return api.LoginResponse{}, fmt.Errorf("sign-in step %q after a last step", in.Step)
	}
	w, r := answerFrom(ctx), requestFrom(ctx)
	s.nextStep(w, r, in) // clears the step's cookie
	return s.signedIn(w, r, in), nil
}

// beforeStep applies the sign-in limits to a step's code, per account and
// client (signin_guard.go); a refusal is the error.
func (s *Server) beforeStep(ctx context.Context, token string, setUp bool) (*signInAttempt, error) {
	user, err := s.service.PendingSignIn(ctx, token, setUp)
	if err != nil {
		return nil, err
	}
	return s.guardSignIn(answerFrom(ctx), requestFrom(ctx), user.Email)
}

// afterStep counts a refused code or passkey against the account and
// client, then gives the session.
func (s *Server) afterStep(ctx context.Context, attempt *signInAttempt, in *service.SignIn, err error) (api.LoginResponse, error) {
	s.afterSignIn(requestFrom(ctx), attempt, err)
	if err != nil {
		return api.LoginResponse{}, err
	}
	return s.stepSignedIn(ctx, in)
}

func credentialJSON(c api.WebAuthnCredential) []byte {
	if c.ID == "" {
		return nil
	}
	data, _ := json.Marshal(c)
	return data
}

func (s *Server) SignInSecondFactor(ctx context.Context, req apiserver.SignInSecondFactorRequestObject) (apiserver.SignInSecondFactorResponseObject, error) {
	token := s.signInToken(requestFrom(ctx), req.Body.SignInToken)
	attempt, err := s.beforeStep(ctx, token, false)
	if err != nil {
		return nil, err
	}
	in, err := s.service.SecondFactor(ctx, token, string(req.Body.Method), req.Body.Code, credentialJSON(req.Body.Credential))
	answer, err := s.afterStep(ctx, attempt, in, err)
	if err != nil {
		return nil, err
	}
	return apiserver.SignInSecondFactor200JSONResponse{Body: answer}, nil
}

func (s *Server) SignInSecondFactorPasskeyOptions(ctx context.Context, req apiserver.SignInSecondFactorPasskeyOptionsRequestObject) (apiserver.SignInSecondFactorPasskeyOptionsResponseObject, error) {
	options, err := s.service.SecondFactorPasskeyOptions(ctx, s.signInToken(requestFrom(ctx), req.Body.SignInToken))
	answer, err := passkeyOptions(options, api.PasskeyOptions{}, err)
	if err != nil {
		return nil, err
	}
	return apiserver.SignInSecondFactorPasskeyOptions200JSONResponse{Body: answer}, nil
}

// passkeyOptions is answer with the ceremony's options, or err.
func passkeyOptions(options []byte, answer api.PasskeyOptions, err error) (api.PasskeyOptions, error) {
	if err == nil {
		err = json.Unmarshal(options, &answer.Options)
	}
	return answer, err
}

func (s *Server) PasskeySignInOptions(ctx context.Context, _ apiserver.PasskeySignInOptionsRequestObject) (apiserver.PasskeySignInOptionsResponseObject, error) {
	token, options, err := s.service.PasskeyOptions(ctx)
	var answer api.PasskeyOptions
	if err == nil {
		if wantsBearerToken(requestFrom(ctx)) {
			answer.SignInToken = token
		} else {
			s.setSignInCookie(answerFrom(ctx), token)
		}
	}
	answer, err = passkeyOptions(options, answer, err)
	if err != nil {
		return nil, err
	}
	return apiserver.PasskeySignInOptions200JSONResponse{Body: answer}, nil
}

func (s *Server) PasskeySignIn(ctx context.Context, req apiserver.PasskeySignInRequestObject) (apiserver.PasskeySignInResponseObject, error) {
	in, err := s.service.PasskeySignIn(ctx, s.signInToken(requestFrom(ctx), req.Body.SignInToken), credentialJSON(req.Body.Credential))
	if err != nil {
		return nil, err
	}
	answer, err := s.stepSignedIn(ctx, in)
	if err != nil {
		return nil, err
	}
	return apiserver.PasskeySignIn200JSONResponse{Body: answer}, nil
}

func (s *Server) SignInSetUpTOTP(ctx context.Context, req apiserver.SignInSetUpTOTPRequestObject) (apiserver.SignInSetUpTOTPResponseObject, error) {
	setUp, err := s.service.SetUpStepTOTP(ctx, s.signInToken(requestFrom(ctx), req.Body.SignInToken))
	if err != nil {
		return nil, err
	}
	return apiserver.SignInSetUpTOTP200JSONResponse{Body: api.TOTPSetUp{Secret: setUp.Secret, OtpauthURL: setUp.URL}}, nil
}

func (s *Server) SignInSetUpPasskeyOptions(ctx context.Context, req apiserver.SignInSetUpPasskeyOptionsRequestObject) (apiserver.SignInSetUpPasskeyOptionsResponseObject, error) {
	options, err := s.service.SetUpStepPasskeyOptions(ctx, s.signInToken(requestFrom(ctx), req.Body.SignInToken))
	answer, err := passkeyOptions(options, api.PasskeyOptions{}, err)
	if err != nil {
		return nil, err
	}
	return apiserver.SignInSetUpPasskeyOptions200JSONResponse{Body: answer}, nil
}

func (s *Server) SignInSetUp(ctx context.Context, req apiserver.SignInSetUpRequestObject) (apiserver.SignInSetUpResponseObject, error) {
	token := s.signInToken(requestFrom(ctx), req.Body.SignInToken)
	attempt, err := s.beforeStep(ctx, token, true)
	if err != nil {
		return nil, err
	}
	in, err := s.service.FinishSetUpStep(ctx, token, string(req.Body.Method), req.Body.Code, req.Body.Name, credentialJSON(req.Body.Credential))
	answer, err := s.afterStep(ctx, attempt, in, err)
	if err != nil {
		return nil, err
	}
	return apiserver.SignInSetUp200JSONResponse{Body: answer}, nil
}
