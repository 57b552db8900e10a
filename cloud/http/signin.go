package http

import (
	"encoding/json"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
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
		writeJSON(w, http.StatusAccepted, answer)
		return
	}
	if s.cookieValue(r, signInCookie) != "" {
		s.clearSignInCookie(w) // the step is done
	}
	if corporate {
		s.writeCorporateSignedIn(w, r, in.Token, in.Session, in.User)
		return
	}
	answer := api.LoginResponse{ExpiresAt: in.Session.ExpiresAt, User: service.ViewUser(in.User), RecoveryCodes: in.RecoveryCodes}
	if wantsBearerToken(r) {
		answer.SessionToken = in.Token
	} else {
		s.setSessionCookie(w, in.Token)
	}
	writeJSON(w, http.StatusOK, answer)
}

// beforeStep applies the sign-in limits to a step's code, per account and
// client (signin_guard.go); nil means the request was answered.
func (s *Server) beforeStep(w http.ResponseWriter, r *http.Request, token string, setUp bool) *signInAttempt {
	user, err := s.service.PendingSignIn(r.Context(), token, setUp)
	if err != nil {
		s.writeError(w, r, err)
		return nil
	}
	return s.beforeSignIn(w, r, user.Email)
}

// afterStep counts a refused code or passkey against the account and
// client, then answers.
func (s *Server) afterStep(w http.ResponseWriter, r *http.Request, attempt *signInAttempt, in *service.SignIn, err error) {
	s.afterSignIn(r, attempt, err)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSignIn(w, r, in, false)
}

func credentialJSON(c api.WebAuthnCredential) []byte {
	if c.ID == "" {
		return nil
	}
	data, _ := json.Marshal(c)
	return data
}

func (s *Server) handleSecondFactor(w http.ResponseWriter, r *http.Request) {
	var req api.SecondFactorRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	token := s.signInToken(r, req.SignInToken)
	attempt := s.beforeStep(w, r, token, false)
	if attempt == nil {
		return
	}
	in, err := s.service.SecondFactor(r.Context(), token, string(req.Method), req.Code, credentialJSON(req.Credential))
	s.afterStep(w, r, attempt, in, err)
}

func (s *Server) handleSecondFactorPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	var req api.SignInStepRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	options, err := s.service.SecondFactorPasskeyOptions(r.Context(), s.signInToken(r, req.SignInToken))
	s.writePasskeyOptions(w, r, options, api.PasskeyOptions{}, err)
}

func (s *Server) writePasskeyOptions(w http.ResponseWriter, r *http.Request, options []byte, answer api.PasskeyOptions, err error) {
	if err == nil {
		err = json.Unmarshal(options, &answer.Options)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) handlePasskeySignInOptions(w http.ResponseWriter, r *http.Request) {
	token, options, err := s.service.PasskeyOptions(r.Context())
	var answer api.PasskeyOptions
	if err == nil {
		if wantsBearerToken(r) {
			answer.SignInToken = token
		} else {
			s.setSignInCookie(w, token)
		}
	}
	s.writePasskeyOptions(w, r, options, answer, err)
}

func (s *Server) handlePasskeySignIn(w http.ResponseWriter, r *http.Request) {
	var req api.PasskeySignInRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	in, err := s.service.PasskeySignIn(r.Context(), s.signInToken(r, req.SignInToken), credentialJSON(req.Credential))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSignIn(w, r, in, false)
}

func (s *Server) handleSetUpStepTOTP(w http.ResponseWriter, r *http.Request) {
	var req api.SignInStepRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	setUp, err := s.service.SetUpStepTOTP(r.Context(), s.signInToken(r, req.SignInToken))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.TOTPSetUp{Secret: setUp.Secret, OtpauthURL: setUp.URL})
}

func (s *Server) handleSetUpStepPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	var req api.SignInStepRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	options, err := s.service.SetUpStepPasskeyOptions(r.Context(), s.signInToken(r, req.SignInToken))
	s.writePasskeyOptions(w, r, options, api.PasskeyOptions{}, err)
}

func (s *Server) handleSetUpStep(w http.ResponseWriter, r *http.Request) {
	var req api.SetUpRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	token := s.signInToken(r, req.SignInToken)
	attempt := s.beforeStep(w, r, token, true)
	if attempt == nil {
		return
	}
	in, err := s.service.FinishSetUpStep(r.Context(), token, string(req.Method), req.Code, req.Name, credentialJSON(req.Credential))
	s.afterStep(w, r, attempt, in, err)
}
