package cloud

import (
	"context"
	"time"
)

// Mail is one plain-text e-mail.
type Mail struct {
	To      string
	Subject string
	Text    string
}

// Mailer sends mail: over SMTP in production, to a local outbox in
// development (package mail).
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// MailLimiter bounds the mail callers can ask for (reset links, invitations,
// update links, ...): per organisation, per caller and per recipient, each in
// MailLimitWindow. AllowMail counts one mail and returns an ETOOMANY *Error
// naming the limit passed (or EUNAVAILABLE when it cannot count). caller is
// "" for an anonymous caller, whom the limiter knows by client address;
// organizationID is 0 for a mail that is no organisation's.
type MailLimiter interface {
	AllowMail(ctx context.Context, organizationID int64, caller, recipient string) error
}

// MailLimitWindow is the window of the mail limits (the messages say "an hour").
const MailLimitWindow = time.Hour
