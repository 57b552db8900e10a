package http

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/oapi-codegen/runtime"

	"github.com/lifetag/lifetag/cloud"
)

// statusError is a request problem answered with its own status code.
type statusError struct {
	status  int
	message string
}

func (e *statusError) Error() string { return e.message }

// pagingValue is a paged feed's optional text parameter: "" when left
// out, refused when given empty ("cursor="): a program whose cursor went
// blank would otherwise quietly start the feed again from its first page
// and process every change twice.
func pagingValue(name string, value *string) (string, error) {
	switch {
	case value == nil:
		return "", nil
	case *value == "":
		return "", cloud.Errorf(cloud.EINVALID, cloud.MsgPagingValueEmpty, name)
	}
	return *value, nil
}

// decodeJSON reads one JSON object into dst: the body must say it is JSON,
// be at most cloud.MaxBodyBytes, and hold only dst's fields with their types.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	return decodeJSONUpTo(w, r, dst, cloud.MaxBodyBytes)
}

// decodeJSONUpTo is decodeJSON for a route whose body may be larger (an
// import, a bulk upsert): at most limit bytes.
func decodeJSONUpTo(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if mediaType(r) != "application/json" {
		return &statusError{http.StatusUnsupportedMediaType, cloud.MsgBodyNotJSON}
	}
	return decodeBody(w, r, dst, limit)
}

// mediaType is the request's Content-Type without parameters, or "".
func mediaType(r *http.Request) string {
	t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	return t
}

// decodeBody reads one JSON object of at most limit bytes into dst, refusing
// unknown fields, wrong types and anything after the object.
func decodeBody(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if err := decodeStrictly(http.MaxBytesReader(w, r.Body, limit), dst); err != nil {
		return decodeError(err)
	}
	return nil
}

// errTrailingData is a body with more after its JSON value.
var errTrailingData = errors.New("data after the JSON value")

// decodeStrictly reads one JSON value into dst, refusing unknown fields,
// wrong types and anything after the value.
func decodeStrictly(body io.Reader, dst any) error {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return err
		}
		return errTrailingData
	}
	return nil
}

// strictJSON is the JSON codec of the generated server (apiserver): it
// decodes every request body by decodeStrictly, as decodeBody does.
type strictJSON struct{ runtime.StdJSONCodec }

func (strictJSON) UnmarshalRead(body io.Reader, v any) error { return decodeStrictly(body, v) }

func (strictJSON) MarshalWrite(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// The codec is process-wide; the cloud is the only program that links this
// package, and its only generated decoding is of request bodies.
func init() { runtime.SetJSONCodec(strictJSON{}) }

func decodeError(err error) error {
	var tooLarge *http.MaxBytesError
	var wrongType *json.UnmarshalTypeError
	switch {
	case errors.Is(err, errTrailingData):
		return cloud.NewError(cloud.EINVALID, cloud.MsgBodyTrailingData)
	case errors.As(err, &tooLarge):
		return &statusError{http.StatusRequestEntityTooLarge, cloud.MsgBodyTooLarge}
	case errors.As(err, &wrongType) && wrongType.Field != "":
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgBodyWrongType, wrongType.Field))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgBodyUnknownField, strings.TrimPrefix(err.Error(), "json: unknown field ")))
	}
	return cloud.NewError(cloud.EINVALID, cloud.MsgBodyInvalid)
}

// The website's cookies. In production each carries the __Host- prefix, so
// the browser keeps it only if it was set Secure, for the whole site, by this
// host itself (no sibling subdomain can plant or shadow it). Development
// serves plain http on loopback, where such a cookie could not be set.
const (
	sessionCookie = "lifetag_session" // the session token of the website
	claimCookie   = "lifetag_claim"   // see setClaimCookie
	ssoCookie     = "lifetag_sso"     // binds a single sign-on to its browser (sso.go)
)

// cookieName is the name a cookie goes by in this mode.
func (s *Server) cookieName(base string) string {
	if s.production {
		return "__Host-" + base
	}
	return base
}

// cookieValue is the value of one of our cookies, or "".
func (s *Server) cookieValue(r *http.Request, base string) string {
	if c, err := r.Cookie(s.cookieName(base)); err == nil {
		return c.Value
	}
	return ""
}

func (s *Server) setCookie(w http.ResponseWriter, base, value string, maxAge int, sameSite http.SameSite) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(base), Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.production, SameSite: sameSite,
	})
}

// BearerClientHeader is how a program that keeps its own session token (the
// desktop station, API clients) asks for it in the body of a sign-in answer:
// "X-Lifetag-Session: bearer". The website never asks: it is signed in by
// the HttpOnly cookie alone, so no script on the page can read a token.
const BearerClientHeader = "X-Lifetag-Session"

// BearerClientValue is the one value of BearerClientHeader that asks for
// the token (in any case); anything else is ignored.
const BearerClientValue = "bearer"

// wantsBearerToken reports a sign-in request from a bearer-token client.
func wantsBearerToken(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get(BearerClientHeader), BearerClientValue)
}

// sessionToken is the bearer token (desktop station, API clients) or, failing
// that, the cookie (website).
func (s *Server) sessionToken(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, token, ok := strings.Cut(h, " ")
		if ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(token)
		}
		return ""
	}
	return s.cookieValue(r, sessionCookie)
}

func (s *Server) setSessionCookie(w http.ResponseWriter, token string) {
	s.setCookie(w, sessionCookie, token, int(cloud.SessionTTL.Seconds()), http.SameSiteLaxMode)
}

func (s *Server) clearSessionCookie(w http.ResponseWriter) {
	s.setCookie(w, sessionCookie, "", -1, http.SameSiteLaxMode)
}

type userKey struct{}

// userFrom returns the signed-in user, or nil.
func userFrom(r *http.Request) *cloud.User { return userFromContext(r.Context()) }

// userFromContext is the signed-in user of a strict handler's context, or
// nil.
func userFromContext(ctx context.Context) *cloud.User {
	u, _ := ctx.Value(userKey{}).(*cloud.User)
	return u
}

type sessionKey struct{}

// presentedSession is the session a request was signed in with, and
// whether the browser presented it in the website's cookie rather than as
// a bearer token.
type presentedSession struct {
	session  *cloud.Session
	byCookie bool
}

// sessionFrom returns the request's session (nil when anonymous) and
// whether it came in the website's cookie.
func sessionFrom(r *http.Request) (*cloud.Session, bool) {
	p, _ := r.Context().Value(sessionKey{}).(presentedSession)
	return p.session, p.byCookie
}

// authenticate puts the session's user, if any, in the request context.
// A missing, unknown or expired token leaves the request anonymous; each
// handler's service call then decides.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An API key is accepted only by s.acceptAPIKeys (apikey.go: THE
		// RULE); on every other route it is refused, never read as anonymous.
		if bearerAPIKey(r) != "" {
			writeMessage(w, http.StatusForbidden, cloud.MsgAPIKeyNotHere)
			return
		}
		token := s.sessionToken(r)
		if token == "" {
			next.ServeHTTP(w, r)
			return
		}
		user, session, err := s.service.Authenticate(r.Context(), token)
		switch cloud.ErrorCode(err) {
		case "":
			ctx := context.WithValue(r.Context(), userKey{}, user)
			byCookie := r.Header.Get("Authorization") == ""
			r = r.WithContext(context.WithValue(ctx, sessionKey{}, presentedSession{session: session, byCookie: byCookie}))
		case cloud.EUNAUTHORIZED:
		default:
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}
