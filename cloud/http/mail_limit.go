package http

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/httprate"

	"github.com/lifetag/lifetag/cloud"
)

// mailLimiter is the cloud.MailLimiter the server installs on the service:
// every mail a caller can ask for (a reset link, an invitation, an update
// link, ...) counts per recipient address, per caller and per organisation,
// each in cloud.MailLimitWindow, on the server's own counters (shared in the
// database on PostgreSQL, hashed keys). The service asks only once the
// caller is allowed to send that mail at all, so a stranger cannot use up an
// organisation's allowance.
type mailLimiter struct {
	recipient    *httprate.RateLimiter
	caller       *httprate.RateLimiter
	organization *httprate.RateLimiter
}

var _ cloud.MailLimiter = (*mailLimiter)(nil)

func (s *Server) newMailLimiter(store cloud.RateLimitStore) *mailLimiter {
	limiter := func(limit int, name string) *httprate.RateLimiter {
		return httprate.NewRateLimiter(limit, cloud.MailLimitWindow, s.limiterOptions(store, name)...)
	}
	return &mailLimiter{
		recipient:    limiter(s.rateLimit.MailPerRecipient, "mail-recipient"),
		caller:       limiter(s.rateLimit.MailPerCaller, "mail-caller"),
		organization: limiter(s.rateLimit.MailPerOrganization, "mail-organization"),
	}
}

// AllowMail counts one mail on each limit in turn and refuses it at the
// first that is full, with that limit's message.
func (m *mailLimiter) AllowMail(ctx context.Context, orgID int64, caller, recipient string) error {
	if caller == "" {
		caller = "client:" + clientFrom(ctx)
	}
	checks := []struct {
		limiter *httprate.RateLimiter
		key     string
		message string
	}{
		{m.recipient, cloud.NormalizeEmail(recipient), cloud.MsgMailRecipientLimit},
		{m.caller, caller, cloud.MsgMailCallerLimit},
	}
	if orgID != 0 {
		checks = append(checks, struct {
			limiter *httprate.RateLimiter
			key     string
			message string
		}{m.organization, strconv.FormatInt(orgID, 10), cloud.MsgMailOrganizationLimit})
	}
	for _, c := range checks {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, "/", nil)
		if err != nil {
			return err
		}
		w := &countOnly{}
		limited := c.limiter.OnLimit(w, r, c.key)
		if w.err != nil {
			return cloud.NewError(cloud.EUNAVAILABLE, cloud.MsgDatabaseUnavailable)
		}
		if limited {
			return cloud.NewError(cloud.ETOOMANY, c.message)
		}
	}
	return nil
}

// countOnly is the response httprate writes to when a limit is only
// counted outside a handler: its headers go nowhere, and limitError leaves a
// counter's failure in err rather than answering.
type countOnly struct {
	discardHeaders
	err error
}

// clientKey{} holds the request's client address (rememberClient), for the
// mail limiter to know an anonymous caller by.
type clientKey struct{}

func (s *Server) rememberClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, s.clientKey(r))))
	})
}

func clientFrom(ctx context.Context) string {
	if key, ok := ctx.Value(clientKey{}).(string); ok {
		return key
	}
	return "unknown"
}
