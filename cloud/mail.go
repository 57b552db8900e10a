package cloud

import (
	"context"
	"errors"
	"time"
)

// Mail is one plain-text e-mail.
type Mail struct {
	To      string
	Subject string
	Text    string
	// ListUnsubscribe is an https address that stops mail of this kind
	// when POSTed to (RFC 8058 one-click), for a mail the person can turn
	// off (a review reminder); the mailer sends it as List-Unsubscribe
	// with List-Unsubscribe-Post. Empty for every mail a person asked for.
	ListUnsubscribe string `json:",omitempty"`
	// MessageID is the Message-ID's value (without <>), the same on every
	// attempt to send one mail, so that its receiver can tell a repeat;
	// empty, the mailer makes one up.
	MessageID string `json:",omitempty"`
}

// ErrMailRefused is what a Mailer's error wraps when the mail server
// refused the mail for good (a 5xx answer): sending it again cannot help.
var ErrMailRefused = errors.New("mail refused")

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
