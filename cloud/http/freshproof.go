package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// A fresh proof (service/freshproof.go): the routes that could take an
// account over pass requireFreshProof (routes.go), and confirm-identity
// gives the proof.

// requireFreshProof lets a request through only when its session's person
// proved who they are within cloud.FreshProofTTL; otherwise it answers 403
// with reason "fresh-proof-required", which the website acts on.
func (s *Server) requireFreshProof(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		session, _ := sessionFrom(r)
		if err := s.service.RequireFreshProof(session); err != nil {
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// handleConfirmIdentity checks the password, a code or a passkey of the
// signed-in person. A wrong password or code counts against the account
// and the client like a failed sign-in (signin_guard.go), so that this
// door is no faster way to guess than the sign-in.
func (s *Server) handleConfirmIdentity(w http.ResponseWriter, r *http.Request) {
	var req api.ConfirmIdentityRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	user := userFrom(r)
	session, _ := sessionFrom(r)
	if user == nil || session == nil {
		s.writeError(w, r, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired))
		return
	}
	attempt := s.beforeSignIn(w, r, user.Email)
	if attempt == nil {
		return
	}
	err := s.service.ConfirmIdentity(r.Context(), user, session, service.Proof{Method: string(req.Method),
		Password: req.Password, Code: req.Code, Token: req.ConfirmToken, Assertion: credentialJSON(req.Credential)})
	s.afterSignIn(r, attempt, err)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgIdentityConfirmed)
}

func (s *Server) handleConfirmIdentityPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	token, options, err := s.service.ConfirmIdentityPasskeyOptions(r.Context(), userFrom(r))
	s.writePasskeyOptions(w, r, options, api.PasskeyOptions{ConfirmToken: token}, err)
}
