package http

// Operations of signin.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
)

func (a apiHandlers) PasskeySignIn(w http.ResponseWriter, r *http.Request) {
	a.s.handlePasskeySignIn(w, r)
}
func (*Server) PasskeySignIn(context.Context, apiserver.PasskeySignInRequestObject) (apiserver.PasskeySignInResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) PasskeySignInOptions(w http.ResponseWriter, r *http.Request) {
	a.s.handlePasskeySignInOptions(w, r)
}
func (*Server) PasskeySignInOptions(context.Context, apiserver.PasskeySignInOptionsRequestObject) (apiserver.PasskeySignInOptionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SignInSecondFactor(w http.ResponseWriter, r *http.Request) {
	a.s.handleSecondFactor(w, r)
}
func (*Server) SignInSecondFactor(context.Context, apiserver.SignInSecondFactorRequestObject) (apiserver.SignInSecondFactorResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SignInSecondFactorPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	a.s.handleSecondFactorPasskeyOptions(w, r)
}
func (*Server) SignInSecondFactorPasskeyOptions(context.Context, apiserver.SignInSecondFactorPasskeyOptionsRequestObject) (apiserver.SignInSecondFactorPasskeyOptionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SignInSetUp(w http.ResponseWriter, r *http.Request) { a.s.handleSetUpStep(w, r) }
func (*Server) SignInSetUp(context.Context, apiserver.SignInSetUpRequestObject) (apiserver.SignInSetUpResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SignInSetUpPasskeyOptions(w http.ResponseWriter, r *http.Request) {
	a.s.handleSetUpStepPasskeyOptions(w, r)
}
func (*Server) SignInSetUpPasskeyOptions(context.Context, apiserver.SignInSetUpPasskeyOptionsRequestObject) (apiserver.SignInSetUpPasskeyOptionsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SignInSetUpTOTP(w http.ResponseWriter, r *http.Request) {
	a.s.handleSetUpStepTOTP(w, r)
}
func (*Server) SignInSetUpTOTP(context.Context, apiserver.SignInSetUpTOTPRequestObject) (apiserver.SignInSetUpTOTPResponseObject, error) {
	return nil, errNotStrictYet
}
