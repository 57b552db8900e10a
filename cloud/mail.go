package cloud

import "context"

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
