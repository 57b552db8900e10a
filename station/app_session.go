package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Session is the window's sign-in to the cloud: the cloud's address (first
// run), the two doors (fulfilment admins at /api/auth/login, corporate users
// at /api/corporate/login) and whether the cloud answers.
//
// The bearer token stays here, never in the window. Until station-core's
// session service (OS keyring) is bound in its place, the token is kept in a
// 0600 file in the user's config directory, as DESIGN.md allows where no
// keyring runs.
type Session struct {
	app *App

	mu       sync.Mutex
	dir      string
	settings settings
	machine  machineConfig
	signedIn storedSession
	// lastContact and offlineSince track the cloud's answers: the window's
	// banner shows "offline since" from them.
	lastContact  time.Time
	offlineSince time.Time
}

// storedSession is the session file: what a restart needs to stay signed in.
type storedSession struct {
	Token     string    `json:"token"`
	Email     string    `json:"email"`
	Kind      string    `json:"kind"` // "admin" or "corporate"
	ExpiresAt time.Time `json:"expiresAt"`
}

// SessionState is what the window needs to choose its screen and banner.
type SessionState struct {
	CloudURL        string `json:"cloudUrl"`
	DefaultCloudURL string `json:"defaultCloudUrl"`
	// Configured: a cloud is chosen (by the person or by IT's config file).
	Configured bool   `json:"configured"`
	SignedIn   bool   `json:"signedIn"`
	Email      string `json:"email"`
	Kind       string `json:"kind"`
	Online     bool   `json:"online"`
	// OfflineSince is RFC 3339, empty while the cloud answers.
	OfflineSince string `json:"offlineSince"`
}

// The two doors, as the window names them.
const (
	doorAdmin     = "admin"
	doorCorporate = "corporate"
)

var (
	errNotAdmin  = errors.New("This account is not a fulfilment admin. Corporate users sign in as a corporate user.")
	errNoCloud   = errors.New("Choose the cloud's address first.")
	errSignedOut = errors.New("Your session has ended. Please sign in again.")
	errWrongDoor = errors.New("Choose fulfilment admin or corporate user.")
)

const (
	sessionFile  = "session.json"
	settingsFile = "settings.json"
	// cloudTimeout bounds one API call (a batch PDF takes a few seconds);
	// healthTimeout the banner's probe and sign-out, which must not hang the window.
	cloudTimeout  = 30 * time.Second
	healthTimeout = 3 * time.Second
)

func newSession(a *App) (*Session, error) {
	dir, err := settingsDir()
	if err != nil {
		return nil, err
	}
	s := &Session{app: a, dir: dir}
	if s.machine, err = readMachineConfig(); err != nil {
		// A broken IT file must not stop the station; the person can still choose.
		fmt.Fprintln(os.Stderr, "lifetag-station: ignoring the machine configuration:", err)
	}
	if err := readJSON(filepath.Join(dir, settingsFile), &s.settings); err != nil {
		return nil, err
	}
	if err := readJSON(filepath.Join(dir, sessionFile), &s.signedIn); err != nil {
		return nil, err
	}
	return s, nil
}

// cloudURL is the person's choice, else IT's, else none.
func (s *Session) cloudURL() string {
	if s.settings.CloudURL != "" {
		return s.settings.CloudURL
	}
	if u, err := cleanCloudURL(s.machine.CloudURL); err == nil {
		return u
	}
	return ""
}

func (s *Session) state() SessionState {
	st := SessionState{
		CloudURL: s.cloudURL(), DefaultCloudURL: defaultCloudURL,
		SignedIn: s.signedIn.Token != "" && time.Now().Before(s.signedIn.ExpiresAt),
		Online:   s.offlineSince.IsZero(),
	}
	st.Configured = st.CloudURL != ""
	if st.SignedIn {
		st.Email, st.Kind = s.signedIn.Email, s.signedIn.Kind
	}
	if !st.Online {
		st.OfflineSince = s.offlineSince.UTC().Format(time.RFC3339)
	}
	return st
}

// State answers the window's poll; it asks the cloud's health when nothing
// was heard from it for a while, so the banner turns online or offline
// without another request.
func (s *Session) State() SessionState {
	s.mu.Lock()
	base, quiet := s.cloudURL(), time.Since(s.lastContact) > 10*time.Second
	s.mu.Unlock()
	if base != "" && quiet {
		ctx, cancel := context.WithTimeout(s.app.context(), healthTimeout)
		defer cancel()
		if req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/health", nil); err == nil {
			resp, err := http.DefaultClient.Do(req)
			s.heard(err)
			if err == nil {
				resp.Body.Close()
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state()
}

// heard records whether the cloud answered (err == nil) or could not be reached.
func (s *Session) heard(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.lastContact, s.offlineSince = time.Now(), time.Time{}
	} else if s.offlineSince.IsZero() {
		s.offlineSince = time.Now()
	}
}

// SetCloudURL keeps the cloud's address; changing it signs out.
func (s *Session) SetCloudURL(raw string) (SessionState, error) {
	u, err := cleanCloudURL(raw)
	if err != nil {
		return SessionState{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if u != s.cloudURL() {
		if err := s.forget(); err != nil {
			return SessionState{}, err
		}
	}
	s.settings.CloudURL = u
	if err := s.saveSettings(); err != nil {
		return SessionState{}, err
	}
	s.offlineSince, s.lastContact = time.Time{}, time.Time{}
	return s.state(), nil
}

func (s *Session) saveSettings() error {
	data, _ := json.MarshalIndent(s.settings, "", "  ")
	return writePrivate(filepath.Join(s.dir, settingsFile), data)
}

// SignIn signs in at the door the person chose, asking the cloud for a
// bearer token (X-Lifetag-Session: bearer) instead of the website's cookie.
func (s *Session) SignIn(door, email, password string) (SessionState, error) {
	path := map[string]string{doorAdmin: "/api/auth/login", doorCorporate: "/api/corporate/login"}[door]
	if path == "" {
		return SessionState{}, errWrongDoor
	}
	s.mu.Lock()
	base := s.cloudURL()
	s.mu.Unlock()
	if base == "" {
		return SessionState{}, errNoCloud
	}
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	ctx, cancel := context.WithTimeout(s.app.context(), cloudTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return SessionState{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Lifetag-Session", "bearer")
	resp, err := http.DefaultClient.Do(req)
	s.heard(err)
	if err != nil {
		return SessionState{}, fmt.Errorf("The cloud at %s did not answer.", base)
	}
	defer resp.Body.Close()
	var answer struct {
		SessionToken string    `json:"sessionToken"`
		ExpiresAt    time.Time `json:"expiresAt"`
		Message      string    `json:"message"`
		User         struct {
			Email   string `json:"email"`
			IsAdmin bool   `json:"isAdmin"`
		} `json:"user"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil && resp.StatusCode == http.StatusOK {
		return SessionState{}, fmt.Errorf("The cloud's answer could not be read: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		if answer.Message != "" {
			return SessionState{}, errors.New(answer.Message)
		}
		return SessionState{}, fmt.Errorf("The cloud refused the sign-in (%s).", resp.Status)
	}
	signed := storedSession{Token: answer.SessionToken, Email: answer.User.Email, Kind: door, ExpiresAt: answer.ExpiresAt}
	if door == doorAdmin && !answer.User.IsAdmin {
		// An individual's account has no business on the print station.
		s.logout(base, signed.Token)
		return SessionState{}, errNotAdmin
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.signedIn = signed
	data, _ := json.Marshal(signed)
	if err := writePrivate(filepath.Join(s.dir, sessionFile), data); err != nil {
		return SessionState{}, err
	}
	return s.state(), nil
}

// SignOut ends the session on the cloud (when it answers) and here.
func (s *Session) SignOut() (SessionState, error) {
	s.mu.Lock()
	base, token := s.cloudURL(), s.signedIn.Token
	s.mu.Unlock()
	if token != "" && base != "" {
		s.logout(base, token)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.forget(); err != nil {
		return SessionState{}, err
	}
	return s.state(), nil
}

// logout asks the cloud to end a session; offline, the token simply expires.
func (s *Session) logout(base, token string) {
	ctx, cancel := context.WithTimeout(s.app.context(), healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/logout", nil)
	if err != nil {
		return
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}

// forget drops the session here; the caller holds s.mu.
func (s *Session) forget() error {
	s.signedIn = storedSession{}
	err := os.Remove(filepath.Join(s.dir, sessionFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// authorize returns the cloud's address and the bearer token for a call.
func (s *Session) authorize() (base, token string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state()
	if !st.SignedIn {
		return "", "", errSignedOut
	}
	return st.CloudURL, s.signedIn.Token, nil
}

// ended is called when the cloud answers 401: the token is no longer valid.
func (s *Session) ended() {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.forget()
}
