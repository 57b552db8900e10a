package main

import (
	"context"
	"errors"
	"time"

	wailsruntime "github.com/wailsapp/wails/v2/pkg/runtime"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// Session is the window's sign-in (station/internal/session: the token in
// the OS keyring, never in the window), the cloud's address chosen on the
// first run, and whether the cloud answers (station/internal/offline).
type Session struct{ app *App }

// SessionState is what the window needs to choose its screen and banner.
type SessionState struct {
	// CloudURL is the address in use (station/internal/settings says
	// how IT's policy and the person's choice rank).
	CloudURL string `json:"cloudUrl"`
	// FirstRun: the person has not confirmed a cloud on this account yet.
	FirstRun bool   `json:"firstRun"`
	SignedIn bool   `json:"signedIn"`
	Email    string `json:"email"`
	Kind     string `json:"kind"` // session.RoleAdmin or session.RoleCorporate
	Online   bool   `json:"online"`
	// OfflineSince and LastSynced are RFC 3339, or empty.
	OfflineSince string `json:"offlineSince"`
	LastSynced   string `json:"lastSynced"`
	// Pending changes wait for the cloud (made offline).
	Pending int `json:"pending"`
	// OutOfDate is the cloud's message while it refuses this station as
	// too old, for the banner ("" otherwise).
	OutOfDate string `json:"outOfDate"`
	// NewerVersion is the newer station version the cloud named, for the
	// banner ("" when this one is the newest).
	NewerVersion string `json:"newerVersion"`
	// CloudURLProblem says why IT's address for the machine was not
	// offered on the first run ("" when there is none, or it is valid).
	CloudURLProblem string `json:"cloudUrlProblem"`
	// CloudURLLocked: IT's policy locks the address; the window shows it
	// read-only.
	CloudURLLocked bool `json:"cloudUrlLocked"`
}

// State answers the window's poll.
func (s *Session) State() (SessionState, error) {
	svc := s.app.svc
	st, err := svc.Settings.Load()
	if err != nil {
		return SessionState{}, err
	}
	state := SessionState{CloudURL: st.CloudURL, Online: true, FirstRun: !st.HasUserCloudURL,
		CloudURLLocked: st.IsLocked(settings.LockCloudURL), CloudURLProblem: st.CloudURLProblem}
	if a := svc.Session.Current(); a != nil {
		state.SignedIn, state.Email, state.Kind, state.CloudURL = true, a.Email, a.Role, a.CloudURL
		status, err := svc.Offline.Status(s.app.context())
		if err != nil {
			return SessionState{}, err
		}
		state.Online, state.Pending, state.OutOfDate = status.Online, status.Pending, status.OutOfDate
		state.NewerVersion = status.NewerVersion
		if status.OfflineSince != nil {
			state.OfflineSince = status.OfflineSince.UTC().Format(timeFormat)
		}
		if status.LastSynced != nil {
			state.LastSynced = status.LastSynced.UTC().Format(timeFormat)
		}
	}
	return state, nil
}

// timeFormat is how times reach the window (JavaScript's Date reads it).
const timeFormat = "2006-01-02T15:04:05Z07:00"

// SetCloudURL keeps the cloud's address as the person's choice.
func (s *Session) SetCloudURL(raw string) (SessionState, error) {
	if _, err := client.ParseBaseURL(raw); err != nil {
		return SessionState{}, err
	}
	if _, err := s.app.svc.Settings.SetCloudURL(raw); err != nil {
		return SessionState{}, err
	}
	return s.State()
}

// SignIn signs in at the door the person chose: "admin" (fulfilment) or
// "corporate" (batch printing), at the cloud in use.
func (s *Session) SignIn(door, email, password string) (SessionState, error) {
	if door != session.RoleAdmin && door != session.RoleCorporate {
		return SessionState{}, errors.New("Choose fulfilment admin or corporate user.")
	}
	st, err := s.app.svc.Settings.Load()
	if err != nil {
		return SessionState{}, err
	}
	if _, err := s.app.svc.Session.SignIn(s.app.context(), st.CloudURL, email, password, door == session.RoleCorporate); err != nil {
		return SessionState{}, err
	}
	return s.State()
}

// browserSignInWait is how long the station waits for the browser to come
// back from signing in.
const browserSignInWait = 5 * time.Minute

// SignInWithCompany signs a corporate user in with their company's single
// sign-on, in the system browser: this window never sees the company's
// password.
func (s *Session) SignInWithCompany(email string) (SessionState, error) {
	return s.signInWithBrowser(func(ctx context.Context, cloudURL string, open func(string) error) error {
		_, err := s.app.svc.Session.SignInWithCompany(ctx, cloudURL, email, open)
		return err
	})
}

// SignInWithBrowser signs in as the account signed in on the cloud's
// website, in the system browser, at either door: the browser asks for the
// account's passkey or authenticator app, which this window cannot.
func (s *Session) SignInWithBrowser() (SessionState, error) {
	return s.signInWithBrowser(func(ctx context.Context, cloudURL string, open func(string) error) error {
		_, err := s.app.svc.Session.SignInWithWebsite(ctx, cloudURL, open)
		return err
	})
}

// signInWithBrowser runs a sign-in that opens the system browser at the
// cloud in use and waits for it to come back.
func (s *Session) signInWithBrowser(signIn func(ctx context.Context, cloudURL string, open func(string) error) error) (SessionState, error) {
	if s.app.browser {
		return SessionState{}, errors.New("Signing in with your browser opens the system browser: run the station's window.")
	}
	st, err := s.app.svc.Settings.Load()
	if err != nil {
		return SessionState{}, err
	}
	ctx, cancel := context.WithTimeout(s.app.context(), browserSignInWait)
	defer cancel()
	open := func(address string) error {
		wailsruntime.BrowserOpenURL(s.app.context(), address)
		return nil
	}
	if err := signIn(ctx, st.CloudURL, open); err != nil {
		return SessionState{}, err
	}
	return s.State()
}

// SignOut ends the session (on the cloud when it answers).
func (s *Session) SignOut() (SessionState, error) {
	if err := s.app.svc.Session.SignOut(s.app.context()); err != nil {
		return SessionState{}, err
	}
	return s.State()
}
