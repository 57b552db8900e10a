package client

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/pkg/api"
)

// ErrSecondStep: the password was right, but the account signs in with a
// second factor (or must set one up), which this client does not ask for;
// the cloud opened no session. The browser asks for it (SignInWithWebsite).
var ErrSecondStep = &Error{Status: http.StatusAccepted,
	Message: "This account signs in with a passkey or an authenticator app: choose Sign in with your browser."}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// bearer asks a sign-in door for the session token in its answer.
var bearer = map[string]string{BearerClientHeader: BearerClientValue}

// Login signs an individual or an admin in (POST /api/auth/login). The
// answer's SessionToken is the session; use it with WithToken.
func (c *Client) Login(ctx context.Context, email, password string) (*api.LoginResponse, error) {
	var out struct {
		api.LoginResponse
		Step string `json:"step"`
	}
	body := api.LoginRequest{Email: email, Password: password}
	if err := c.do(ctx, "POST", "/api/auth/login", nil, body, &out, bearer); err != nil {
		return nil, err
	}
	if out.Step != "" {
		return nil, ErrSecondStep
	}
	if out.SessionToken == "" {
		return nil, errNoToken
	}
	return &out.LoginResponse, nil
}

// CorporateLogin signs a corporate user in (POST /api/corporate/login).
func (c *Client) CorporateLogin(ctx context.Context, email, password string) (*api.CorporateLoginResponse, error) {
	var out struct {
		api.CorporateLoginResponse
		Step string `json:"step"`
	}
	in := api.CorporateLoginRequest{Email: email, Password: password}
	if err := c.do(ctx, "POST", "/api/corporate/login", nil, in, &out, bearer); err != nil {
		return nil, err
	}
	if out.Step != "" {
		return nil, ErrSecondStep
	}
	if out.SessionToken == "" {
		return nil, errNoToken
	}
	return &out.CorporateLoginResponse, nil
}

// Logout ends the client's session on the cloud (POST /api/auth/logout).
func (c *Client) Logout(ctx context.Context) error {
	return c.do(ctx, "POST", "/api/auth/logout", nil, nil, nil, nil)
}

// MyOrganization is the signed-in corporate user's organisation
// (GET /api/corporate/organization); it also proves the session is alive.
func (c *Client) MyOrganization(ctx context.Context) (*api.CorporateOrganization, error) {
	var out api.CorporateOrganization
	if err := c.do(ctx, "GET", "/api/corporate/organization", nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
