package http

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// A fresh proof (service/freshproof.go): the routes that could take an
// account over pass requireFreshProof (the contract marks them
// x-lifetag-fresh-proof, operations.go), and confirm-identity gives the
// proof.

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

// ConfirmIdentity checks the password, a code or a passkey of the
// signed-in person. A wrong password or code counts against the account
// and the client like a failed sign-in (signin_guard.go), so that this
// door is no faster way to guess than the sign-in.
func (s *Server) ConfirmIdentity(ctx context.Context, req apiserver.ConfirmIdentityRequestObject) (apiserver.ConfirmIdentityResponseObject, error) {
	r := requestFrom(ctx)
	user := userFromContext(ctx)
	session, _ := sessionFrom(r)
	if user == nil || session == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	attempt, err := s.guardSignIn(answerFrom(ctx), r, user.Email)
	if err != nil {
		return nil, err
	}
	err = s.service.ConfirmIdentity(ctx, user, session, service.Proof{Method: string(req.Body.Method),
		Password: req.Body.Password, Code: req.Body.Code, Token: req.Body.ConfirmToken, Assertion: credentialJSON(req.Body.Credential)})
	s.afterSignIn(r, attempt, err)
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmIdentity200JSONResponse{Body: api.Message{Message: cloud.MsgIdentityConfirmed}}, nil
}

func (s *Server) ConfirmIdentityPasskeyOptions(ctx context.Context, _ apiserver.ConfirmIdentityPasskeyOptionsRequestObject) (apiserver.ConfirmIdentityPasskeyOptionsResponseObject, error) {
	token, options, err := s.service.ConfirmIdentityPasskeyOptions(ctx, userFromContext(ctx))
	answer, err := passkeyOptions(options, api.PasskeyOptions{ConfirmToken: token}, err)
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmIdentityPasskeyOptions200JSONResponse{Body: answer}, nil
}
