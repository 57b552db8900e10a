// Package mail sends the cloud's e-mail: over SMTP with github.com/wneessen/go-mail,
// or, in development, into an outbox the developer and tests can read.
package mail

import (
	"context"
	"errors"
	"fmt"

	gomail "github.com/wneessen/go-mail"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/tracing"
)

var tracer = otel.Tracer(tracing.TracerName)

// TLS modes for SMTPConfig.TLS.
const (
	TLSStartTLS = "starttls" // STARTTLS required (port 587); the default
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
	TLSNone     = "none"     // plain text: only for a local relay or test sink
)

// SMTPConfig says how to reach the mail server.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	TLS      string
}

// SMTP is a cloud.Mailer on an SMTP server.
type SMTP struct {
	config  SMTPConfig
	options []gomail.Option
}

var _ cloud.Mailer = (*SMTP)(nil)

// NewSMTP checks config and returns a sender. It connects on each Send.
func NewSMTP(c SMTPConfig) (*SMTP, error) {
	if c.Host == "" || c.From == "" {
		return nil, fmt.Errorf("mail: SMTP_HOST and SMTP_FROM are required")
	}
	if c.TLS == "" {
		c.TLS = TLSStartTLS
	}
	options := []gomail.Option{gomail.WithTimeout(gomail.DefaultTimeout)}
	switch c.TLS {
	case TLSStartTLS:
		options = append(options, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		options = append(options, gomail.WithSSL())
	case TLSNone:
		options = append(options, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("mail: SMTP_TLS must be %s, %s or %s", TLSStartTLS, TLSImplicit, TLSNone)
	}
	if c.Port != 0 {
		options = append(options, gomail.WithPort(c.Port))
	}
	if c.Username != "" {
		auth := gomail.SMTPAuthPlain
		if c.TLS == TLSNone {
			auth = gomail.SMTPAuthPlainNoEnc
		}
		options = append(options, gomail.WithSMTPAuth(auth),
			gomail.WithUsername(c.Username), gomail.WithPassword(c.Password))
	}
	return &SMTP{config: c, options: options}, nil
}

// Send delivers m, under a span of its own (the address stays out of it).
func (s *SMTP) Send(ctx context.Context, m cloud.Mail) error {
	ctx, span := tracer.Start(ctx, "smtp send", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("server.address", s.config.Host)))
	defer span.End()
	if err := s.send(ctx, m); err != nil {
		span.SetStatus(codes.Error, "")
		return err
	}
	return nil
}

func (s *SMTP) send(ctx context.Context, m cloud.Mail) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.config.From); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail: to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	if m.ListUnsubscribe != "" {
		msg.SetGenHeader(gomail.HeaderListUnsubscribe, "<"+m.ListUnsubscribe+">")
		msg.SetGenHeader(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)

	client, err := gomail.NewClient(s.config.Host, s.options...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		// The server accepted the message (its answer to the end of DATA)
		// and the connection failed only after, at RSET or QUIT: the mail
		// is on its way, and sending it again would deliver it twice.
		if msg.IsDelivered() {
			return nil
		}
		var refusal *gomail.SendError
		if errors.As(err, &refusal) && refusal.ErrorCode() >= 500 && refusal.ErrorCode() < 600 {
			return fmt.Errorf("mail: send: %w: %w", cloud.ErrMailRefused, err)
		}
		return fmt.Errorf("mail: send: %w", err)
	}
	return nil
}
