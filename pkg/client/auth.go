package client

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
)

// User is the signed-in account as the cloud describes it.
type User = api.UserView

// SignIn is the answer of the individual and admin door; its SessionToken
// is the session.
type SignIn = api.LoginResponse

// CorporateUser is a corporate account as the corporate door describes it.
type CorporateUser struct {
	ID             int64  `json:"id"`
	Email          string `json:"email"`
	UserType       string `json:"userType"` // corporate_owner or corporate_admin
	OrganizationID int64  `json:"organizationId"`
}

// CorporateSignIn is the answer of the corporate door.
type CorporateSignIn struct {
	Token          string        `json:"sessionToken"`
	OrganizationID int64         `json:"organizationId"`
	Message        string        `json:"message"`
	ExpiresAt      time.Time     `json:"expiresAt"`
	User           CorporateUser `json:"user"`
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// bearer asks a sign-in door for the session token in its answer.
var bearer = map[string]string{BearerClientHeader: BearerClientValue}

// Login signs an individual or an admin in (POST /api/auth/login). The
// answer's SessionToken is the session; use it with WithToken.
func (c *Client) Login(ctx context.Context, email, password string) (*SignIn, error) {
	var out SignIn
	body := api.LoginRequest{Email: email, Password: password}
	if err := c.do(ctx, "POST", "/api/auth/login", nil, body, &out, bearer); err != nil {
		return nil, err
	}
	if out.SessionToken == "" {
		return nil, errNoToken
	}
	return &out, nil
}

// CorporateLogin signs a corporate user in (POST /api/corporate/login).
func (c *Client) CorporateLogin(ctx context.Context, email, password string) (*CorporateSignIn, error) {
	var out CorporateSignIn
	if err := c.do(ctx, "POST", "/api/corporate/login", nil, credentials{email, password}, &out, bearer); err != nil {
		return nil, err
	}
	if out.Token == "" {
		return nil, errNoToken
	}
	return &out, nil
}

// Logout ends the client's session on the cloud (POST /api/auth/logout).
func (c *Client) Logout(ctx context.Context) error {
	return c.do(ctx, "POST", "/api/auth/logout", nil, nil, nil, nil)
}

// Organization is a corporate organisation as its members see it.
type Organization struct {
	ID                 int64      `json:"id"`
	Name               string     `json:"name"`
	SubscriptionPlan   string     `json:"subscriptionPlan"`
	SubscriptionStatus string     `json:"subscriptionStatus"`
	CurrentQRCodes     int        `json:"currentQrCodes"`
	MaxQRCodes         int        `json:"maxQrCodes"`
	TrialEndsAt        *time.Time `json:"trialEndsAt"`
	CreatedAt          time.Time  `json:"createdAt"`
}

// MyOrganization is the signed-in corporate user's organisation
// (GET /api/corporate/organization); it also proves the session is alive.
func (c *Client) MyOrganization(ctx context.Context) (*Organization, error) {
	var out Organization
	if err := c.do(ctx, "GET", "/api/corporate/organization", nil, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
