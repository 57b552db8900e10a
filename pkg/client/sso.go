package client

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
)

// A native app signs in with its company's provider through the system
// browser, never its own window (RFC 8252): the browser is where the
// company's password, its second factor and its single sign-on cookies
// belong. The app listens on a random port of 127.0.0.1, opens the
// cloud's single sign-on in the browser with that loopback address, a
// PKCE challenge and a state; the cloud sends the browser back to the app
// with a single-use code, which only the holder of the PKCE verifier can
// exchange for a session.

// MsgBrowserSignInDone is the page the browser shows once the app has
// its code.
const MsgBrowserSignInDone = "You are signed in to the Lifetag print station. You can close this window."

// BrowserSignIn is the cloud's answer for a station's code, in the shape
// of the door the account signs in at: Corporate for a corporate account,
// Admin for a site admin (one of the two is set).
type BrowserSignIn struct {
	Corporate *api.CorporateLoginResponse
	Admin     *api.LoginResponse
}

// SignInWithBrowser signs email's company account in through the system
// browser; open opens an address there. It waits for the browser to come
// back until ctx ends.
func (c *Client) SignInWithBrowser(ctx context.Context, email string, open func(address string) error) (*api.CorporateLoginResponse, error) {
	in, err := c.signInThroughLoopback(ctx, open, func(loopback url.Values) string {
		loopback.Set("email", email)
		return c.base.String() + "/api/auth/sso/start?" + loopback.Encode()
	})
	if err != nil {
		return nil, err
	}
	if in.Corporate == nil {
		return nil, errNoToken // single sign-on signs in corporate accounts only
	}
	return in.Corporate, nil
}

// SignInWithWebsite signs in, through the system browser, as the account
// signed in on the cloud's website: the person signs in there first when
// they are not, with every factor the account has (a passkey, an
// authenticator app), then confirms. It waits until ctx ends.
func (c *Client) SignInWithWebsite(ctx context.Context, open func(address string) error) (*BrowserSignIn, error) {
	return c.signInThroughLoopback(ctx, open, func(loopback url.Values) string {
		return c.base.String() + "/station-sign-in?" + loopback.Encode()
	})
}

// signInThroughLoopback listens on a random port of 127.0.0.1, opens the
// address start makes of the loopback's stationRedirect, stationChallenge
// and stationState, waits for the browser to bring this sign-in's code
// back and exchanges it with the PKCE verifier.
func (c *Client) signInThroughLoopback(ctx context.Context, open func(address string) error, start func(loopback url.Values) string) (*BrowserSignIn, error) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("client: listening for the browser: %w", err)
	}
	defer listener.Close()
	verifier, state := randomText(), randomText()
	sum := sha256.Sum256([]byte(verifier))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	redirect := fmt.Sprintf("http://%s/callback", listener.Addr().String())

	codes := make(chan string, 1)
	server := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		// Only this sign-in's state is taken: another page on this machine
		// cannot slip its own code in.
		if r.URL.Path != "/callback" || q.Get("state") != state || q.Get("code") == "" {
			http.NotFound(w, r)
			return
		}
		select {
		case codes <- q.Get("code"):
		default:
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, MsgBrowserSignInDone)
	})}
	go server.Serve(listener)
	defer server.Close()

	address := start(url.Values{"stationRedirect": {redirect}, "stationChallenge": {challenge}, "stationState": {state}})
	if err := open(address); err != nil {
		return nil, fmt.Errorf("client: opening the browser: %w", err)
	}
	var code string
	select {
	case code = <-codes:
	case <-ctx.Done():
		return nil, errors.New("client: the browser did not come back from signing in")
	}
	var answer json.RawMessage
	in := api.SSOStationTokenRequest{Code: code, CodeVerifier: verifier}
	if err := c.do(ctx, "POST", "/api/auth/sso/station-token", nil, in, &answer, bearer); err != nil {
		return nil, err
	}
	return decodeBrowserSignIn(answer)
}

// decodeBrowserSignIn reads either door's answer: only the corporate
// door's says success.
func decodeBrowserSignIn(answer json.RawMessage) (*BrowserSignIn, error) {
	var corporate api.CorporateLoginResponse
	if err := json.Unmarshal(answer, &corporate); err == nil && corporate.Success {
		if corporate.SessionToken == "" {
			return nil, errNoToken
		}
		return &BrowserSignIn{Corporate: &corporate}, nil
	}
	var admin api.LoginResponse
	if err := json.Unmarshal(answer, &admin); err != nil {
		return nil, fmt.Errorf("client: reading the sign-in: %w", err)
	}
	if admin.SessionToken == "" {
		return nil, errNoToken
	}
	return &BrowserSignIn{Admin: &admin}, nil
}

// randomText is 256 random bits, base64url (a PKCE verifier's alphabet).
func randomText() string {
	raw := make([]byte, 32)
	rand.Read(raw)
	return base64.RawURLEncoding.EncodeToString(raw)
}
