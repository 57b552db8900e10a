// Package session signs the station in to a cloud and keeps the session:
// the bearer token and who is signed in, together in the secrets store
// (the OS keyring, or a 0600 file where none runs), so a station restarted
// without a network still knows its account and can print from its cache.
// Sign-out ends the session on the cloud when it answers and always forgets
// the token here.
package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/version"
	"github.com/lifetag/lifetag/station/internal/cloudhttp"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// Roles of a station account.
const (
	RoleAdmin     = "admin"     // fulfilment: the open orders
	RoleCorporate = "corporate" // batch printing: the organisation's library
)

// secretName is the session's name in the secrets store.
const secretName = secrets.NameSession

// Messages the window shows.
const (
	MsgSignedOut         = "You are signed out. Sign in to continue."
	MsgNotForIndividuals = "The print station is for fulfilment admins and corporate users. Individuals print from the website."
)

// ErrSignedOut is a call that needs a session when there is none.
var ErrSignedOut = errors.New(MsgSignedOut)

// Account is who is signed in, where.
type Account struct {
	CloudURL       string    `json:"cloudUrl"`
	Email          string    `json:"email"`
	Role           string    `json:"role"`
	OrganizationID int64     `json:"organizationId,omitempty"`
	ExpiresAt      time.Time `json:"expiresAt"`
}

// Key names the account's rows in the offline cache: one person's cache
// is never another's, nor one cloud's another's.
func (a Account) Key() string { return a.CloudURL + " " + strings.ToLower(a.Email) }

// stored is what the secrets store keeps.
type stored struct {
	Token   string  `json:"token"`
	Account Account `json:"account"`
}

// Service is the station's session.
type Service struct {
	settings *settings.Store
	secrets  secrets.Store
	// UserAgent names the station and its version to the cloud, which
	// refuses a station older than it supports (pkg/version).
	UserAgent string
	// HTTP reaches the cloud through the machine's proxy (cloudhttp).
	HTTP *http.Client

	mu      sync.Mutex
	current *stored
}

// New returns a signed-out session; Restore reads a kept one.
func New(st *settings.Store, sec secrets.Store) *Service {
	return &Service{settings: st, secrets: sec, UserAgent: version.StationUserAgent(), HTTP: cloudhttp.Client()}
}

// Restore reads the kept session, without the network: nil when there is
// none. A kept session that does not parse is forgotten.
func (s *Service) Restore() (*Account, error) {
	raw, err := s.secrets.Get(secretName)
	if errors.Is(err, secrets.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("session: reading %s: %w", s.secrets.Where(), err)
	}
	var st stored
	if err := json.Unmarshal([]byte(raw), &st); err != nil || st.Token == "" {
		s.secrets.Delete(secretName)
		return nil, nil
	}
	s.mu.Lock()
	s.current = &st
	s.mu.Unlock()
	a := st.Account
	return &a, nil
}

// SignIn signs in at the cloud at cloudURL (kept as the user's choice):
// the corporate door when corporate, else the admin door. Individuals are
// refused, as the station has nothing for them.
func (s *Service) SignIn(ctx context.Context, cloudURL, email, password string, corporate bool) (*Account, error) {
	base, err := client.New(cloudURL)
	if err != nil {
		return nil, err
	}
	base = base.WithUserAgent(s.UserAgent).WithHTTPClient(s.HTTP)
	var st stored
	if corporate {
		in, err := base.CorporateLogin(ctx, email, password)
		if err != nil {
			return nil, err
		}
		st = stored{Token: in.SessionToken, Account: Account{CloudURL: base.BaseURL(), Email: in.User.Email, Role: RoleCorporate,
			OrganizationID: in.OrganizationID, ExpiresAt: in.ExpiresAt}}
	} else {
		in, err := base.Login(ctx, email, password)
		if err != nil {
			return nil, err
		}
		if !in.User.IsAdmin {
			base.WithToken(in.SessionToken).Logout(ctx)
			return nil, errors.New(MsgNotForIndividuals)
		}
		st = stored{Token: in.SessionToken, Account: Account{CloudURL: base.BaseURL(), Email: in.User.Email, Role: RoleAdmin,
			ExpiresAt: in.ExpiresAt}}
	}
	return s.keep(base, st)
}

// SignInWithCompany signs a corporate user in with their company's
// provider through the system browser (open opens an address there), never
// this window: the browser is where the company's password belongs
// (RFC 8252). It waits for the browser until ctx ends.
func (s *Service) SignInWithCompany(ctx context.Context, cloudURL, email string, open func(address string) error) (*Account, error) {
	return s.signInWithBrowser(ctx, cloudURL, func(base *client.Client) (*client.BrowserSignIn, error) {
		in, err := base.SignInWithBrowser(ctx, email, open)
		return &client.BrowserSignIn{Corporate: in}, err
	})
}

// SignInWithWebsite signs in as the account signed in on the cloud's
// website, through the system browser (open opens an address there): the
// browser asks for the account's passkey or authenticator app, which this
// window never does. It waits for the browser until ctx ends.
func (s *Service) SignInWithWebsite(ctx context.Context, cloudURL string, open func(address string) error) (*Account, error) {
	return s.signInWithBrowser(ctx, cloudURL, func(base *client.Client) (*client.BrowserSignIn, error) {
		return base.SignInWithWebsite(ctx, open)
	})
}

// signInWithBrowser keeps the session a browser sign-in gives: a corporate
// account's or a site admin's. Individuals are refused, as at the doors.
func (s *Service) signInWithBrowser(ctx context.Context, cloudURL string,
	signIn func(base *client.Client) (*client.BrowserSignIn, error)) (*Account, error) {
	base, err := client.New(cloudURL)
	if err != nil {
		return nil, err
	}
	base = base.WithUserAgent(s.UserAgent).WithHTTPClient(s.HTTP)
	in, err := signIn(base)
	if err != nil {
		return nil, err
	}
	if c := in.Corporate; c != nil {
		return s.keep(base, stored{Token: c.SessionToken, Account: Account{CloudURL: base.BaseURL(), Email: c.User.Email,
			Role: RoleCorporate, OrganizationID: c.OrganizationID, ExpiresAt: c.ExpiresAt}})
	}
	if !in.Admin.User.IsAdmin {
		base.WithToken(in.Admin.SessionToken).Logout(ctx)
		return nil, errors.New(MsgNotForIndividuals)
	}
	return s.keep(base, stored{Token: in.Admin.SessionToken, Account: Account{CloudURL: base.BaseURL(),
		Email: in.Admin.User.Email, Role: RoleAdmin, ExpiresAt: in.Admin.ExpiresAt}})
}

// keep keeps a new session in the secrets store and base as the cloud in use.
func (s *Service) keep(base *client.Client, st stored) (*Account, error) {
	raw, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	if err := s.secrets.Set(secretName, string(raw)); err != nil {
		return nil, fmt.Errorf("session: keeping the session in %s: %w", s.secrets.Where(), err)
	}
	if s.settings != nil {
		if cur, err := s.settings.Load(); err != nil || cur.CloudURL != base.BaseURL() {
			if _, err := s.settings.SetCloudURL(base.BaseURL()); err != nil {
				return nil, err
			}
		}
	}
	s.mu.Lock()
	s.current = &st
	s.mu.Unlock()
	a := st.Account
	return &a, nil
}

// SignOut ends the session on the cloud if it answers, and forgets it here
// in any case: a station that is offline can still be signed out.
func (s *Service) SignOut(ctx context.Context) error {
	c, _, err := s.Client()
	if err == nil {
		c.Logout(ctx) // best effort: the token is forgotten below whatever the cloud says
	}
	s.mu.Lock()
	s.current = nil
	s.mu.Unlock()
	if err := s.secrets.Delete(secretName); err != nil {
		return fmt.Errorf("session: forgetting the session in %s: %w", s.secrets.Where(), err)
	}
	return nil
}

// Forget forgets the kept session here without calling its cloud (the
// cloud in use changed at start, with no network needed).
func (s *Service) Forget() error {
	s.mu.Lock()
	s.current = nil
	s.mu.Unlock()
	if err := s.secrets.Delete(secretName); err != nil {
		return fmt.Errorf("session: forgetting the session in %s: %w", s.secrets.Where(), err)
	}
	return nil
}

// Current is the signed-in account, or nil.
func (s *Service) Current() *Account {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil {
		return nil
	}
	a := s.current.Account
	return &a
}

// Client is a cloud client for the signed-in session, and its account.
func (s *Service) Client() (*client.Client, Account, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil {
		return nil, Account{}, ErrSignedOut
	}
	c, err := client.New(s.current.Account.CloudURL)
	if err != nil {
		return nil, Account{}, err
	}
	return c.WithToken(s.current.Token).WithUserAgent(s.UserAgent).WithHTTPClient(s.HTTP), s.current.Account, nil
}

// Require is the signed-in account when it has role, else an error for
// the window.
func (s *Service) Require(role string) (*client.Client, Account, error) {
	c, a, err := s.Client()
	if err != nil {
		return nil, a, err
	}
	if a.Role != role {
		if role == RoleAdmin {
			return nil, a, errors.New("Fulfilment is for admins; sign in at the admin door")
		}
		return nil, a, errors.New("Batch printing is for corporate users; sign in at the corporate door")
	}
	return c, a, nil
}
