package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/lifetag/lifetag/cloud/egress"
)

// A webhook is a request the cloud makes to an address someone typed in:
// left unguarded it is a way into the cloud's own network (its database,
// a cloud provider's metadata service handing out credentials). So the
// client refuses every address that is not on the public internet, looked
// up when the endpoint is registered and before each delivery, and again
// at the moment of connecting (a host name may resolve to a public address
// at the check and to a private one a second later: DNS rebinding); it
// follows no redirect (a public endpoint could otherwise send the cloud
// on to a private one) and gives up after a timeout.

// Refusals, each its own error so a test can tell which guard held.
var (
	ErrScheme      = errors.New("webhook: the address must be https")
	ErrURL         = errors.New("webhook: not a usable address")
	ErrNotPublic   = errors.New("webhook: the address is not a public internet address")
	ErrUnresolved  = errors.New("webhook: the host name could not be found")
	errNoRedirects = errors.New("webhook: redirects are not followed")
)

// Guard says what a client may reach.
type Guard struct {
	// AllowHTTP accepts plain http (development only: a receiver on the
	// developer's machine has no certificate).
	AllowHTTP bool
	// AllowPrivate accepts loopback and private addresses (development
	// and tests only: their receivers run on this machine).
	AllowPrivate bool
	// Lookup resolves a host; nil is the system's resolver. Tests replace
	// it to play a DNS that answers one thing at the check and another at
	// the connection.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// allowed says whether the guard lets a connection reach addr: only a
// public address (cloud/egress decides), unless private ones are allowed.
func (g Guard) allowed(addr netip.Addr) bool { return g.AllowPrivate || egress.Public(addr) }

// Check parses raw as an endpoint's address and resolves its host, and
// refuses it unless it is https (or http where allowed), has a host and
// no user or password, and every address the host resolves to is public.
func (g Guard) Check(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" || u.User != nil || u.Fragment != "" {
		return nil, ErrURL
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && g.AllowHTTP:
	default:
		return nil, ErrScheme
	}
	host := u.Hostname()
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else if addrs, err = g.lookup(ctx, host); err != nil || len(addrs) == 0 {
		return nil, ErrUnresolved
	}
	for _, a := range addrs {
		if !g.allowed(a) {
			return nil, ErrNotPublic
		}
	}
	return u, nil
}

func (g Guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if g.Lookup != nil {
		return g.Lookup(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// control is the dialer's last word on every connection, with the address
// actually being connected to: whatever a host name resolved to before, a
// socket to a non-public address is never opened.
func (g Guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !g.allowed(ap.Addr()) {
		return fmt.Errorf("%w (%s)", ErrNotPublic, network)
	}
	return nil
}

// Client sends deliveries under a Guard.
type Client struct {
	guard Guard
	http  *http.Client
}

// NewClient is a client under g that gives each delivery timeout.
func NewClient(g Guard, timeout time.Duration) *Client {
	dialer := &net.Dialer{Timeout: timeout, Control: g.control}
	transport := &http.Transport{
		// No proxy from the environment: a proxy would connect for us,
		// past the dialer's check.
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		// Every delivery at once to one host keeps its connection alive
		// for the next (an endpoint takes up to eight at once, and a few
		// endpoints may share a host): no new TCP and TLS handshake per
		// event.
		MaxIdleConns:        256,
		MaxIdleConnsPerHost: 32,
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	return &Client{guard: g, http: &http.Client{
		Transport:     transport,
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return errNoRedirects },
	}}
}

// Guard is the client's guard, for checking an address when it is typed.
func (c *Client) Guard() Guard { return c.guard }

// Answer is what an endpoint answered: its status (0 when it did not),
// its body's first bytes, how long it took, and why it failed, if it did.
type Answer struct {
	Status   int
	Body     string
	Duration time.Duration
	Err      error
}

// OK: the standard's success is any 2xx answer.
func (a Answer) OK() bool { return a.Err == nil && a.Status >= 200 && a.Status < 300 }

// Post sends body as JSON with headers to raw, after Check, and reads up
// to keep bytes of the answer. A redirect is the answer as it came (a
// failure: not 2xx), never followed.
func (c *Client) Post(ctx context.Context, raw string, headers map[string]string, body []byte, keep int) Answer {
	start := time.Now()
	u, err := c.guard.Check(ctx, raw)
	if err != nil {
		return Answer{Err: err, Duration: time.Since(start)}
	}
	a := c.Send(ctx, u, headers, body, keep)
	a.Duration = time.Since(start)
	return a
}

// Send is Post to an address that passed Check: a batch of deliveries to
// one endpoint checks its address once. Each connection the client opens
// is still checked as it is opened (the dialer's control).
func (c *Client) Send(ctx context.Context, u *url.URL, headers map[string]string, body []byte, keep int) Answer {
	start := time.Now()
	answer := func(a Answer) Answer { a.Duration = time.Since(start); return a }
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return answer(Answer{Err: ErrURL})
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Lifetag-Webhooks/1")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if resp != nil && resp.StatusCode >= 300 && resp.StatusCode < 400 {
		err = nil // the redirect is the answer: a failed delivery
	}
	if err != nil {
		return answer(Answer{Err: err})
	}
	defer resp.Body.Close()
	kept, _ := io.ReadAll(io.LimitReader(resp.Body, int64(keep)))
	// Drain a little more, so a kept-alive connection can be reused.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return answer(Answer{Status: resp.StatusCode, Body: strings.ToValidUTF8(string(kept), "\uFFFD")})
}
