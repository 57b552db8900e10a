package http

// Operations of auth.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CheckUser(w http.ResponseWriter, r *http.Request) { a.s.handleCheckUser(w, r) }
func (*Server) CheckUser(context.Context, apiserver.CheckUserRequestObject) (apiserver.CheckUserResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GoToSignIn(w http.ResponseWriter, r *http.Request) {
	a.s.handleLoginRedirect(w, r)
}
func (*Server) GoToSignIn(context.Context, apiserver.GoToSignInRequestObject) (apiserver.GoToSignInResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) Login(w http.ResponseWriter, r *http.Request, _ api.LoginParams) {
	a.s.handleLogin(w, r)
}
func (*Server) Login(context.Context, apiserver.LoginRequestObject) (apiserver.LoginResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) Logout(w http.ResponseWriter, r *http.Request) { a.s.handleLogout(w, r) }
func (*Server) Logout(context.Context, apiserver.LogoutRequestObject) (apiserver.LogoutResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) LogoutAndGoHome(w http.ResponseWriter, r *http.Request) {
	a.s.handleLogoutRedirect(w, r)
}
func (*Server) LogoutAndGoHome(context.Context, apiserver.LogoutAndGoHomeRequestObject) (apiserver.LogoutAndGoHomeResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RequestPasswordReset(w http.ResponseWriter, r *http.Request) {
	a.s.handleRequestReset(w, r)
}
func (*Server) RequestPasswordReset(context.Context, apiserver.RequestPasswordResetRequestObject) (apiserver.RequestPasswordResetResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ResetPassword(w http.ResponseWriter, r *http.Request) {
	a.s.handleResetPassword(w, r)
}
func (*Server) ResetPassword(context.Context, apiserver.ResetPasswordRequestObject) (apiserver.ResetPasswordResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetPassword(w http.ResponseWriter, r *http.Request) { a.s.handleSetPassword(w, r) }
func (*Server) SetPassword(context.Context, apiserver.SetPasswordRequestObject) (apiserver.SetPasswordResponseObject, error) {
	return nil, errNotStrictYet
}
