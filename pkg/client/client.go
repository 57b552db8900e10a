// Package client is a typed Go client of the Lifetag cloud API, for the
// desktop print station and other programs. It speaks only HTTP: a base
// URL, JSON bodies, and a bearer session token (a program asks for the token
// in the sign-in answer with the header X-Lifetag-Session: bearer).
//
// Every answer is treated as possibly hostile: bodies are size-capped,
// decoded into fixed types, and a refusal becomes an *Error carrying the
// cloud's HTTP status and its user-facing message. A call that never got an
// answer (no network, the cloud stopped, a 5xx from a cloud that cannot
// serve) matches ErrUnreachable, so callers can tell "try again later" from
// "the cloud said no".
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/version"
)

// BearerClientHeader and BearerClientValue ask a sign-in door for the
// session token in its answer (the cloud's http.BearerClientHeader; the
// station may not import the cloud, so the name is repeated here once).
const (
	BearerClientHeader = "X-Lifetag-Session"
	BearerClientValue  = "bearer"
)

// maxAnswerBytes caps any JSON answer: the largest is a library of 2,000
// codes with their records (a few MB); anything bigger is not the cloud.
const maxAnswerBytes = 64 << 20

// defaultTimeout bounds one call when the caller's context has no deadline,
// so a cloud that accepts a connection and never answers cannot hang the
// station.
const defaultTimeout = 30 * time.Second

// ErrUnreachable is matched (errors.Is) by every error of a call the cloud
// did not answer: the network, a timeout, or a 5xx status (a cloud that is
// restarting or lost its database). Such calls may be sent again later.
var ErrUnreachable = errors.New("the cloud cannot be reached")

// Error is the cloud's refusal of a request: its HTTP status (4xx) and the
// message it gave for people, plus per-field messages for a record that
// failed validation.
type Error struct {
	Status  int
	Message string
	Fields  []FieldError
}

// FieldError is one field's validation message.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s (HTTP %d)", e.Message, e.Status)
}

// StatusOf is err's HTTP status when the cloud refused the call, else 0.
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// unreachableError keeps the cause of an unanswered call while matching
// ErrUnreachable.
type unreachableError struct {
	cause error
}

func (e *unreachableError) Error() string        { return ErrUnreachable.Error() + ": " + e.cause.Error() }
func (e *unreachableError) Is(target error) bool { return target == ErrUnreachable }
func (e *unreachableError) Unwrap() error        { return e.cause }

// outOfDateError is the cloud's 426 Upgrade Required: this station is older
// than the oldest the cloud serves. It matches ErrUnreachable, as the call
// may be sent again (after the upgrade): the station works from its cache
// and keeps its queued changes, and shows the cloud's message.
type outOfDateError struct {
	message string
}

func (e *outOfDateError) Error() string        { return e.message + " (HTTP 426)" }
func (e *outOfDateError) Is(target error) bool { return target == ErrUnreachable }

// OutOfDateError is the error of a call the cloud answered 426 with message.
func OutOfDateError(message string) error { return &outOfDateError{message: message} }

// OutOfDate is the cloud's message when err is its answer that this station
// is too old (426 Upgrade Required); ok is false for any other error.
func OutOfDate(err error) (message string, ok bool) {
	var e *outOfDateError
	if errors.As(err, &e) {
		return e.message, true
	}
	return "", false
}

// Client calls one cloud. It is safe for concurrent use; WithToken returns
// a copy for a signed-in session.
type Client struct {
	base      *url.URL
	token     string
	http      *http.Client
	userAgent string
}

// New returns a client of the cloud at baseURL (http or https, a host, no
// query), unsigned in.
func New(baseURL string) (*Client, error) {
	u, err := ParseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	return &Client{base: u, http: &http.Client{}, userAgent: version.StationUserAgent()}, nil
}

// ParseBaseURL checks a cloud address as people type it: http or https, a
// host, nothing after the path. The trailing slash is dropped.
func ParseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("client: the cloud address must look like https://lifetag.app, not %q", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	return u, nil
}

// BaseURL is the cloud's address.
func (c *Client) BaseURL() string { return c.base.String() }

// Token is the bearer session token ("" when signed out).
func (c *Client) Token() string { return c.token }

// WithToken returns a copy of c that sends token as its bearer session.
func (c *Client) WithToken(token string) *Client {
	out := *c
	out.token = token
	return &out
}

// WithUserAgent returns a copy of c that names itself ua.
func (c *Client) WithUserAgent(ua string) *Client {
	out := *c
	out.userAgent = ua
	return &out
}

// WithHTTPClient returns a copy of c that sends through hc (tests, proxies).
func (c *Client) WithHTTPClient(hc *http.Client) *Client {
	out := *c
	out.http = hc
	return &out
}

// errorAnswer is the cloud's one error shape (cloud/http/response.go).
type errorAnswer struct {
	Message string       `json:"message"`
	Errors  []FieldError `json:"errors"`
}

// do sends one JSON request and decodes a 2xx answer into out (nil: the
// body is dropped). header adds request headers.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body, out any, header map[string]string) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	// path's parts are escaped already (pathf).
	target := c.base.String() + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("client: %w", err)
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			return err // the caller gave up: not the cloud's fault
		}
		return &unreachableError{cause: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return &unreachableError{cause: err}
	}
	if len(raw) > maxAnswerBytes {
		return fmt.Errorf("client: %s %s: the answer is over %d bytes", method, path, maxAnswerBytes)
	}
	if resp.StatusCode >= 500 {
		return &unreachableError{cause: fmt.Errorf("%s %s: HTTP %d %s", method, path, resp.StatusCode, messageOf(raw))}
	}
	if resp.StatusCode == http.StatusUpgradeRequired {
		return OutOfDateError(messageOrStatus(raw, resp.StatusCode))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		var e errorAnswer
		json.Unmarshal(raw, &e) // a body that is not the error shape leaves the fallback
		msg := strings.TrimSpace(e.Message)
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		return &Error{Status: resp.StatusCode, Message: msg, Fields: e.Errors}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("client: %s %s: the answer is not the expected JSON: %w", method, path, err)
	}
	return nil
}

// messageOrStatus is the cloud's message in an error body, or the status's
// text when it gave none.
func messageOrStatus(raw []byte, status int) string {
	if msg := strings.TrimSpace(messageOf(raw)); msg != "" {
		return msg
	}
	return http.StatusText(status)
}

// messageOf is the cloud's message in an error body, for a 5xx's cause.
func messageOf(raw []byte) string {
	var e errorAnswer
	if json.Unmarshal(raw, &e) == nil {
		return e.Message
	}
	return ""
}

// pathf builds a path from a format and parts escaped as one path segment
// each, so an id can never add a segment or a query.
func pathf(format string, parts ...any) string {
	escaped := make([]any, len(parts))
	for i, p := range parts {
		escaped[i] = url.PathEscape(fmt.Sprint(p))
	}
	return fmt.Sprintf(format, escaped...)
}

// errNoToken is a sign-in answer without the session token the client
// asked for: a proxy or an old cloud in the way.
var errNoToken = errors.New("client: the cloud signed in but sent no session token; is the address the Lifetag cloud?")
