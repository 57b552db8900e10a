// Package oidctest runs a real OpenID Connect provider that the project
// does not write: zitadel/oidc's example OpenID provider (its op package
// and example storage, login page included), with the tests' clients and
// people. Go tests start it in-process (Start); the browser journeys run
// it as a small binary (cmd/lifetag-test-oidc).
//
// The only thing added is a test's hand on the token endpoint's answer
// (SwapIDToken), to prove that the cloud refuses an ID token that is not
// the one its sign-in asked for.
package oidctest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"golang.org/x/oauth2"
	"golang.org/x/text/language"
)

// Person is someone with an account at the provider; Username signs in
// on its login page.
type Person struct {
	Username      string
	Password      string
	Email         string
	EmailVerified bool
}

// Client is an application registered at the provider.
type Client struct {
	ID, Secret   string
	RedirectURIs []string
}

// Provider is a running provider.
type Provider struct {
	Issuer string

	people *people
	mu     sync.Mutex
	swap   string // the next token answer's id_token, when set
}

// New builds the provider's handler for issuer (its own address, ending
// in "/"). The example provider makes logger the process's default
// logger, for its request log.
func New(issuer string, clients []Client, persons []Person, logger *slog.Logger) (*Provider, http.Handler) {
	p := &Provider{Issuer: issuer, people: &people{byName: map[string]*storage.User{}}}
	for i, person := range persons {
		p.people.add(fmt.Sprintf("id%d", i+1), person)
	}
	registered := map[string]*storage.Client{}
	for _, c := range clients {
		registered[c.ID] = storage.WebClient(c.ID, c.Secret, c.RedirectURIs...)
	}
	store := storage.NewStorageWithClients(p.people, registered)
	router := exampleop.SetupServer(issuer, store, logger, false)
	return p, p.swapping(router)
}

// Start runs a provider on a free port of this machine until the test ends.
func Start(t interface {
	Cleanup(func())
}, clients []Client, persons []Person) *Provider {
	var handler http.Handler
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(server.Close)
	p, h := New(server.URL+"/", clients, persons, slog.New(slog.DiscardHandler))
	handler = h
	return p
}

// Disable makes a person unable to sign in at the provider, as an IT
// admin disables someone who left.
func (p *Provider) Disable(username string) { p.people.disable(username) }

// SwapIDToken makes the token endpoint's next answer carry idToken instead
// of the one it issued.
func (p *Provider) SwapIDToken(idToken string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.swap = idToken
}

func (p *Provider) swapping(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		swap := p.swap
		if r.URL.Path == "/oauth/token" {
			p.swap = ""
		}
		p.mu.Unlock()
		if swap == "" || r.URL.Path != "/oauth/token" {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		var answer map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err == nil && answer["id_token"] != nil {
			answer["id_token"] = swap
		}
		body, _ := json.Marshal(answer)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
}

// Browser is a cookie-keeping HTTP client that walks redirects by itself,
// signing in on the provider's login page when it meets it.
type Browser struct {
	HTTP *http.Client
}

// NewBrowser returns a browser with an empty cookie jar.
func NewBrowser() *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{HTTP: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// SignIn follows redirects from start, signing in as username with
// password on the provider's login page, until a redirect leads to an
// address beginning with stop; it returns that address.
func (b *Browser) SignIn(start, stop, username, password string) (string, error) {
	next := start
	for range 20 {
		if strings.HasPrefix(next, stop) {
			return next, nil
		}
		var resp *http.Response
		var err error
		if u, _ := url.Parse(next); u != nil && u.Path == "/login/username" && u.Query().Get("authRequestID") != "" {
			form := url.Values{"id": {u.Query().Get("authRequestID")}, "username": {username}, "password": {password}}
			u.RawQuery = ""
			resp, err = b.HTTP.PostForm(u.String(), form)
		} else {
			resp, err = b.HTTP.Get(next)
		}
		if err != nil {
			return "", err
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		location, err := resp.Location()
		if err != nil {
			return "", fmt.Errorf("%s answered %d without a redirect: %s", next, resp.StatusCode, bytes.TrimSpace(body))
		}
		next = location.String()
	}
	return "", fmt.Errorf("too many redirects from %s", start)
}

// IDToken signs username in to client directly (no cloud in between) and
// returns the ID token the provider issues with nonce: what an attacker
// holding an account at the provider can get.
func (p *Provider) IDToken(ctx context.Context, client Client, nonce, username, password string) (string, error) {
	conf := &oauth2.Config{ClientID: client.ID, ClientSecret: client.Secret, RedirectURL: client.RedirectURIs[0],
		Endpoint: oauth2.Endpoint{AuthURL: p.Issuer + "auth", TokenURL: p.Issuer + "oauth/token"},
		Scopes:   []string{"openid", "email", "profile"}}
	verifier := oauth2.GenerateVerifier()
	start := conf.AuthCodeURL("state-of-"+nonce, oauth2.SetAuthURLParam("nonce", nonce), oauth2.S256ChallengeOption(verifier))
	back, err := NewBrowser().SignIn(start, client.RedirectURIs[0], username, password)
	if err != nil {
		return "", err
	}
	u, err := url.Parse(back)
	if err != nil {
		return "", err
	}
	tok, err := conf.Exchange(ctx, u.Query().Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		return "", err
	}
	raw, _ := tok.Extra("id_token").(string)
	return raw, nil
}

// people is the provider's user store (storage.UserStore).
type people struct {
	mu       sync.Mutex
	byName   map[string]*storage.User
	disabled map[string]bool
}

func (ps *people) add(id string, p Person) {
	ps.byName[p.Username] = &storage.User{ID: id, Username: p.Username, Password: p.Password, FirstName: "Test",
		LastName: p.Username, Email: p.Email, EmailVerified: p.EmailVerified, PreferredLanguage: language.English}
}

func (ps *people) disable(username string) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.disabled == nil {
		ps.disabled = map[string]bool{}
	}
	ps.disabled[username] = true
}

func (ps *people) GetUserByID(id string) *storage.User {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for name, u := range ps.byName {
		if u.ID == id && !ps.disabled[name] {
			return u
		}
	}
	return nil
}

func (ps *people) GetUserByUsername(username string) *storage.User {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.disabled[username] {
		return nil
	}
	return ps.byName[username]
}

func (ps *people) ExampleClientID() string { return storage.ServiceUserID }
