package http

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
)

// mailLimiter is the cloud.MailLimiter the server installs on the service:
// every mail a caller can ask for (a reset link, an invitation, an update
// link, ...) counts per recipient address, per caller and per organisation,
// each in cloud.MailLimitWindow, on the server's own counters (shared in the
// database on PostgreSQL, hashed keys). The service asks only once the
// caller is allowed to send that mail at all, so a stranger cannot use up an
// organisation's allowance.
type mailLimiter struct {
	recipient    *limit
	caller       *limit
	organization *limit
	metrics      cloud.Metrics
}

var _ cloud.MailLimiter = (*mailLimiter)(nil)

func (s *Server) newMailLimiter(store cloud.RateLimitStore) *mailLimiter {
	window := cloud.MailLimitWindow
	return &mailLimiter{
		recipient:    newLimit("mail-recipient", s.rateLimit.MailPerRecipient, window, cloud.MsgMailRecipientLimit, store),
		caller:       newLimit("mail-caller", s.rateLimit.MailPerCaller, window, cloud.MsgMailCallerLimit, store),
		organization: newLimit("mail-organization", s.rateLimit.MailPerOrganization, window, cloud.MsgMailOrganizationLimit, store),
		metrics:      s.metrics,
	}
}

// AllowMail counts one mail on each limit in turn and refuses it at the
// first that is full, with that limit's message and when to try again.
// The mail limits add no RateLimit entries to an answer: the service asks
// only when it sends a mail, so an entry would tell a stranger what the
// answer hides (that an account exists for the address of a reset).
func (m *mailLimiter) AllowMail(ctx context.Context, orgID int64, caller, recipient string) error {
	if caller == "" {
		caller = "client:" + clientFrom(ctx)
	}
	type check struct {
		limit *limit
		key   string
	}
	checks := []check{{m.recipient, cloud.NormalizeEmail(recipient)}, {m.caller, caller}}
	if orgID != 0 {
		checks = append(checks, check{m.organization, strconv.FormatInt(orgID, 10)})
	}
	for _, c := range checks {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, "/", nil)
		if err != nil {
			return err
		}
		ok, _, _, err := c.limit.take(r, c.key)
		if err != nil {
			return cloud.NewError(cloud.EUNAVAILABLE, cloud.MsgDatabaseUnavailable)
		}
		if !ok {
			m.metrics.RateLimited(c.limit.name)
			return cloud.TooMany(c.limit.message, c.limit.retryAfter(time.Now()))
		}
	}
	return nil
}

// clientKey{} holds the request's client address (rememberClient), for the
// mail limiter to know an anonymous caller by.
type clientKey struct{}

func (s *Server) rememberClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), clientKey{}, s.clientKey(r))
		// A session opened by this request lists its browser (account
		// settings), and is a browser's unless a program asked for a token.
		ctx = service.WithClient(ctx, r.UserAgent(), wantsBearerToken(r))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func clientFrom(ctx context.Context) string {
	if key, ok := ctx.Value(clientKey{}).(string); ok {
		return key
	}
	return "unknown"
}
