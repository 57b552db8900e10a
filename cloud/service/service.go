// Package service holds the cloud's use cases (sign-in, emergency-data sync,
// referrals, privacy rights) over a cloud.Store, and decides who may do what.
// The HTTP layer decodes and encodes; this package decides.
package service

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/webhook"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Config is what a Service is built from.
type Config struct {
	Store     cloud.Store
	Sealer    cloud.Sealer
	Passwords cloud.PasswordHasher
	Mailer    cloud.Mailer
	// Queue takes the mail jobs (and others' jobs); MailWorker sends them.
	Queue cloud.JobQueue
	// Jobs is the site admin's view of the queue; nil means Queue, when
	// it offers one (sqldb's Queue does).
	Jobs cloud.JobAdmin
	// MailRetryBase is the first wait before a mail is tried again (it
	// doubles to an hour's worth at 15 s); 0 means 15 s. Tests shorten it.
	MailRetryBase time.Duration
	// Payments creates payment intents: Stripe, or the local test checkout.
	Payments cloud.PaymentProvider
	// Subscriptions runs corporate subscriptions; nil means Payments, when
	// it runs them too (Stripe and the local test checkout both do).
	Subscriptions cloud.SubscriptionProvider
	Logger        *slog.Logger
	// Now is the clock; tests move it to test expiry.
	Now func() time.Time
	// Development returns reset tokens in responses (docs/design/individual.md §7).
	Development bool
	// BaseURL is the site's address, for links in mail.
	BaseURL string
	// PasskeyOrigin is the origin passkeys are bound to (its host is the
	// relying party's id); empty means BaseURL's.
	PasskeyOrigin string
	// AdminsNeedSecondFactor makes site admins set up and use a second
	// factor (always in production).
	AdminsNeedSecondFactor bool
	// TrialRegistrationsADay bounds trial registrations a day per client
	// address and per mailbox; 0 takes cloud.TrialRegistrationsADay.
	TrialRegistrationsADay int
	// Metrics records the label files made; nil records nothing.
	Metrics cloud.Metrics
	// Webhooks sends webhook deliveries; nil is a client that reaches
	// only public https addresses, within cloud.WebhookTimeout.
	Webhooks *webhook.Client
	// WebhookRetry paces deliveries' retries; zero is DefaultWebhookRetry.
	WebhookRetry WebhookRetry
}

// Service implements the use cases.
type Service struct {
	store     cloud.Store
	sealer    cloud.Sealer
	passwords cloud.PasswordHasher
	mailer    cloud.Mailer
	queue     cloud.JobQueue
	jobAdmin  cloud.JobAdmin
	jobStats  cloud.JobStats
	// paymentProvider creates payment intents.
	paymentProvider cloud.PaymentProvider
	subscriptions   cloud.SubscriptionProvider
	logger          *slog.Logger
	now             func() time.Time
	development     bool
	baseURL         string

	// dummyHash is verified when no account matches, so a failed sign-in
	// takes as long whether or not the address has an account.
	dummyHash     string
	mailLimiter   cloud.MailLimiter
	mailRetryBase time.Duration // Config.MailRetryBase
	trialsADay    int           // Config.TrialRegistrationsADay

	webhooks     *webhook.Client
	webhookRetry WebhookRetry
	// webhookSlots bound this instance's deliveries at once to each
	// endpoint (endpointSlot).
	webhookSlotsMu sync.Mutex
	webhookSlots   map[int64]chan struct{}
	metrics        cloud.Metrics

	adminsNeedSecondFactor bool
	// webauthn is the passkey relying party, the site's host (BaseURL).
	webauthn *webauthn.WebAuthn
}

// New returns a Service.
func New(c Config) (*Service, error) {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Metrics == nil {
		c.Metrics = cloud.NoMetrics{}
	}
	if c.Jobs == nil {
		c.Jobs, _ = c.Queue.(cloud.JobAdmin)
	}
	if c.Subscriptions == nil {
		c.Subscriptions, _ = c.Payments.(cloud.SubscriptionProvider)
	}
	if c.Webhooks == nil {
		c.Webhooks = webhook.NewClient(webhook.Guard{}, cloud.WebhookTimeout)
	}
	if c.WebhookRetry == (WebhookRetry{}) {
		c.WebhookRetry = DefaultWebhookRetry
	}
	dummy, err := c.Passwords.Hash("lifetag-dummy-password")
	if err != nil {
		return nil, err
	}
	// Without an address (some tests), passkeys belong to localhost.
	relyingParty, err := newWebAuthn(cmp.Or(c.PasskeyOrigin, c.BaseURL, "http://localhost"))
	if err != nil {
		return nil, err
	}
	return &Service{
		store:           c.Store,
		sealer:          c.Sealer,
		passwords:       c.Passwords,
		mailer:          c.Mailer,
		queue:           c.Queue,
		jobAdmin:        c.Jobs,
		jobStats:        jobStatsOf(c.Queue),
		mailRetryBase:   cmp.Or(c.MailRetryBase, defaultMailRetryBase),
		paymentProvider: c.Payments,
		subscriptions:   c.Subscriptions,
		logger:          c.Logger,
		now:             c.Now,
		development:     c.Development,
		baseURL:         strings.TrimRight(c.BaseURL, "/"),
		dummyHash:       dummy,
		trialsADay:      cmp.Or(c.TrialRegistrationsADay, cloud.TrialRegistrationsADay),
		metrics:         c.Metrics,

		adminsNeedSecondFactor: c.AdminsNeedSecondFactor,
		webauthn:               relyingParty,
		webhooks:               c.Webhooks,
		webhookRetry:           c.WebhookRetry,
		webhookSlots:           map[int64]chan struct{}{},
	}, nil
}

// Close is kept for callers; mail is sent by the queue (MailWorker),
// which the process stops.
func (s *Service) Close() {}

// Ping checks the store.
func (s *Service) Ping(ctx context.Context) error { return s.store.Ping(ctx) }

// sendMail queues m as a job (MailWorker sends it, so an answer's timing
// does not tell whether a message was sent). Called inside Store.InTx with
// the change that causes the mail, the job commits with it or not at all;
// cause names that change without personal data (mailCause), and one cause
// is mailed once. An address no door should have let in is logged (without
// it) and skipped; any other error is the caller's, to end its transaction.
func (s *Service) sendMail(ctx context.Context, cause string, m cloud.Mail) error {
	// Every door checks addresses; this holds for one stored before it did.
	if !emergency.ValidMailbox(cloud.NormalizeEmail(m.To)) {
		s.logger.ErrorContext(ctx, "mail not sent", slog.String("subject", m.Subject),
			slog.String("error", "the recipient is not exactly one mailbox"))
		return nil
	}
	job, err := s.sealMail(cause, m)
	if err != nil {
		return err
	}
	return s.queue.InsertJob(ctx, job)
}

// newCauseID names a cause that has no row of its own (an invitation to an
// address that has an account, sent again): each call is a new one.
func newCauseID() []byte {
	id := make([]byte, 16)
	rand.Read(id)
	return id
}

// mailCause names a mail's cause: its kind and what identifies the change
// (ids, a token's hash), never an address or a link.
func mailCause(kind string, parts ...any) string {
	cause := kind
	for _, p := range parts {
		switch v := p.(type) {
		case []byte:
			cause += ":" + hex.EncodeToString(v)
		default:
			cause += fmt.Sprint(":", v)
		}
	}
	return cause
}

// addressLike is anything with an "@" between characters that are not
// separators: an address as an error message quotes it.
var addressLike = regexp.MustCompile(`[^\s<>"'(),;:\[\]]*@[^\s<>"'(),;:\[\]]*`)

// withoutAddresses removes the recipient, and anything else that looks like
// an address, from text meant for the log.
func withoutAddresses(text, recipient string) string {
	if recipient != "" {
		text = strings.ReplaceAll(text, recipient, "<address>")
	}
	return addressLike.ReplaceAllString(text, "<address>")
}

// SetMailLimiter installs the limits on the mail callers can ask for (the
// HTTP server installs its own, counted like its other rate limits). Without
// one, mail is not limited (the service's own tests, start-up's admin mail).
func (s *Service) SetMailLimiter(l cloud.MailLimiter) { s.mailLimiter = l }

// allowMail counts a mail a caller asks for, before anything is changed for
// it, and refuses it past the limits (ETOOMANY, with the limit's message).
// actor is nil for an anonymous caller, whom the limiter knows by client
// address; orgID is 0 when the mail is not an organisation's.
func (s *Service) allowMail(ctx context.Context, orgID int64, actor *cloud.User, recipient string) error {
	if s.mailLimiter == nil {
		return nil
	}
	caller := ""
	if actor != nil {
		caller = "user:" + strconv.FormatInt(actor.ID, 10)
		if actor.ID == 0 && actor.OrganizationID != 0 {
			// An API key's stand-in member (apikey.go) has no account: an
			// organisation's keys count together, never with another's.
			caller = "api-keys:" + strconv.FormatInt(actor.OrganizationID, 10)
		}
	}
	return s.mailLimiter.AllowMail(ctx, orgID, caller, recipient)
}

// quoted is how text a user wrote (an organisation's name, a tracking
// number) goes into a mail: one line, without invisible characters, between
// quotation marks, and only inside a sentence of ours after our own first
// line, never in a header, so it cannot pose as something we say.
func quoted(text string) string {
	return "\u201c" + emergency.SingleLine(text) + "\u201d"
}

// newToken returns a random opaque token (256 bits, base64url) and the
// SHA-256 the store keeps instead of it.
func newToken() (token string, hash []byte, err error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, err
	}
	token = base64.RawURLEncoding.EncodeToString(raw)
	return token, hashToken(token), nil
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// validEmail is the individual doors' check of a normalised address:
// present, and exactly one mailbox with nothing invisible in it
// (emergency.ValidMailbox, the one rule).
func validEmail(email string) error {
	if email == "" {
		return cloud.NewError(cloud.EINVALID, cloud.MsgEmailRequired)
	}
	if !emergency.ValidMailbox(email) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgEmailInvalid)
	}
	return nil
}

// authorize returns the account a request about email may act on: the
// actor's own, or any for an admin. Anonymous callers get EUNAUTHORIZED,
// other users EFORBIDDEN, before anything about email is looked up.
func (s *Service) authorize(ctx context.Context, actor *cloud.User, email string) (*cloud.User, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	email = cloud.NormalizeEmail(email)
	if err := validEmail(email); err != nil {
		return nil, err
	}
	if email == actor.Email {
		return actor, nil
	}
	if !actor.IsAdmin {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgForbidden)
	}
	target, err := s.store.FindUserByEmail(ctx, email)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgUserNotFound)
	}
	return target, err
}

// aad binds a sealed value to its owner and field.
func aad(userID int64, field string) []byte {
	return []byte("lifetag/" + field + "/" + strconv.FormatInt(userID, 10))
}

// SeedAdmins makes exactly the given addresses admins (ADMIN_EMAILS),
// creating password-less accounts for new ones. An admin without a password
// and without a live link is mailed a set-password link (24 h): no payment,
// claim or answer ever hands anyone an admin account. Every instance seeds
// at its start, so this is idempotent: a live link is left alone (a second
// instance, or a restart, neither mails again nor breaks the link mailed).
func (s *Service) SeedAdmins(ctx context.Context, emails []string) error {
	var clean []string
	for _, e := range emails {
		e = cloud.NormalizeEmail(e)
		if e == "" {
			continue
		}
		if err := validEmail(e); err != nil {
			return err
		}
		clean = append(clean, e)
	}
	if err := s.store.SeedAdmins(ctx, clean, s.now()); err != nil {
		return err
	}
	for _, email := range clean {
		admin, err := s.store.FindUserByEmail(ctx, email)
		if err != nil {
			return err
		}
		if admin.PasswordHash != "" {
			continue
		}
		if err := s.mailAdminSetupOnce(ctx, admin); err != nil {
			return err
		}
	}
	return nil
}

// mailAdminSetupOnce mails a seeded admin a set-password link unless a
// live one exists: the token and its mail job commit together, so the one
// instance that set the token is the one that mails it, once.
func (s *Service) mailAdminSetupOnce(ctx context.Context, u *cloud.User) error {
	token, hash, err := newToken()
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		issued, err := s.store.SetResetTokenUnlessLive(ctx, u.ID, hash, s.now().Add(cloud.ResetTokenTTL), s.now())
		if err != nil || !issued {
			return err
		}
		return s.sendMail(ctx, mailCause("set-password", hash), setupMail(u, s.baseURL+setupLink(u, token)))
	})
}

// setupLink is the path and query of a set-password link.
func setupLink(u *cloud.User, token string) string {
	return "/set-password?email=" + url.QueryEscape(u.Email) + "&token=" + token
}

// setupMail is the mail that carries a set-password link.
func setupMail(u *cloud.User, link string) cloud.Mail {
	return cloud.Mail{To: u.Email, Subject: cloud.MsgSetupMailSubject, Text: fmt.Sprintf(setupMailText, link)}
}

// mailPasswordSetup mails u a single-use link (24 h) to set a first
// password, and returns the link's path and query (without the site's
// address).
func (s *Service) mailPasswordSetup(ctx context.Context, u *cloud.User) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	link := setupLink(u, token)
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetResetToken(ctx, u.ID, hash, s.now().Add(cloud.ResetTokenTTL)); err != nil {
			return err
		}
		return s.sendMail(ctx, mailCause("set-password", hash), setupMail(u, s.baseURL+link))
	})
	if err != nil {
		return "", err
	}
	return link, nil
}

// setupMailText holds the link and nothing personal.
const setupMailText = `An account has been made for you on Lifetag.

To choose your password, open this link within 24 hours:

%s

If you did not expect this message, ignore it.
`
