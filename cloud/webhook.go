package cloud

import (
	"context"
	"strings"
	"time"
)

// Webhooks: an organisation's own systems are told of changes to its codes
// and of its print runs, by signed HTTP requests (Standard Webhooks 1.0) to
// endpoints its owner registers. Each event is a message per subscribed
// endpoint, written in the same transaction as the change that caused it,
// and delivered at least once with the same webhook-id on every attempt.

// The events an endpoint may choose.
const (
	EventCodeCreated     = "qr_code.created"
	EventCodeUpdated     = "qr_code.updated"
	EventCodeDeactivated = "qr_code.deactivated"
	EventCodeActivated   = "qr_code.activated"
	EventCodeDeleted     = "qr_code.deleted"
	EventPrintRunCreated = "print_run.recorded"
)

// WebhookEvents lists every event, in the order the page shows them.
var WebhookEvents = []string{EventCodeCreated, EventCodeUpdated, EventCodeDeactivated, EventCodeActivated,
	EventCodeDeleted, EventPrintRunCreated}

// Webhook limits and times.
const (
	// WebhookEndpointsMax bounds one organisation's endpoints.
	WebhookEndpointsMax = 10
	// WebhookURLMaxBytes bounds an endpoint's address.
	WebhookURLMaxBytes = 2000
	// WebhookTimeout bounds one delivery: an endpoint answers within it or
	// the attempt failed.
	WebhookTimeout = 10 * time.Second
	// WebhookRetryFor: a message is retried this long after its event
	// (three days, as Stripe does), and an endpoint failing every
	// delivery this long is disabled.
	WebhookRetryFor = 72 * time.Hour
	// WebhookSecretOverlap: after a rotation the old secret signs too,
	// this long, so a receiver can switch without losing a delivery.
	WebhookSecretOverlap = 24 * time.Hour
	// WebhookLogKeptFor: the delivery log's window.
	WebhookLogKeptFor = 30 * 24 * time.Hour
	// WebhookAnswerKeptBytes: how much of an endpoint's answer the log keeps.
	WebhookAnswerKeptBytes = 1024
	// WebhookConcurrencyPerEndpoint: deliveries at once to one endpoint
	// from one instance, so a burst of changes does not flood a receiver.
	WebhookConcurrencyPerEndpoint = 3
)

// Webhook messages.
const (
	MsgWebhookURLInvalid      = "Enter the endpoint's full address, starting with https://"
	MsgWebhookURLNotHTTPS     = "The endpoint's address must start with https://"
	MsgWebhookURLNotPublic    = "The endpoint's address must be a public internet address, not a local, private or cloud metadata one"
	MsgWebhookURLUnresolvable = "The endpoint's host name could not be found"
	MsgWebhookEventsEmpty     = "Choose at least one event"
	// MsgWebhookEventUnknown: the event.
	MsgWebhookEventUnknown    = "%q is not an event: choose from qr_code.created, qr_code.updated, qr_code.deactivated, qr_code.activated, qr_code.deleted, print_run.recorded"
	MsgWebhookEndpointsMax    = "An organisation has at most 10 webhook endpoints: delete one first"
	MsgWebhookNotFound        = "Webhook endpoint not found"
	MsgWebhookMessageNotFound = "Webhook delivery not found"
	MsgWebhookDescriptionLong = "The description is at most 200 characters"
	// MsgWebhookKeyNotWrite: managing webhooks needs the owner or a write key.
	MsgWebhookKeyNotWrite = "Webhooks are managed with a write API key"
	// WebhookDisabledFailing is an endpoint's disabled_reason after
	// WebhookRetryFor of failures.
	WebhookDisabledFailing = "Every delivery failed for three days"
)

// WebhookEndpointDescriptionMax bounds an endpoint's description.
const WebhookEndpointDescriptionMax = 200

// Message statuses.
const (
	WebhookPending   = "pending"
	WebhookDelivered = "delivered"
	WebhookFailed    = "failed"
)

// WebhookEndpoint is where an organisation's events go.
type WebhookEndpoint struct {
	ID             int64
	OrganizationID int64
	URL            string
	Description    string
	Events         []string
	IncludeRecord  bool
	// Secret is the whsec_ secret, sealed; PreviousSecret the one before
	// the last rotation, signing too until PreviousSecretUntil.
	Secret              []byte
	PreviousSecret      []byte
	PreviousSecretUntil time.Time
	Enabled             bool
	DisabledReason      string
	FailingSince        time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// Wants says whether the endpoint receives event.
func (e *WebhookEndpoint) Wants(event string) bool {
	for _, ev := range e.Events {
		if ev == event {
			return true
		}
	}
	return false
}

// JoinWebhookEvents is events as stored: each between commas, so a LIKE
// on ",event," matches exactly one.
func JoinWebhookEvents(events []string) string { return "," + strings.Join(events, ",") + "," }

// SplitWebhookEvents reads JoinWebhookEvents' text.
func SplitWebhookEvents(text string) []string {
	var out []string
	for _, ev := range strings.Split(strings.Trim(text, ","), ",") {
		if ev != "" {
			out = append(out, ev)
		}
	}
	return out
}

// WebhookMessage is one event owed to one endpoint.
type WebhookMessage struct {
	ID             int64
	WebhookID      string // the webhook-id header
	EndpointID     int64
	OrganizationID int64
	EventType      string
	CodeID         int64
	ExternalID     string
	PrintRunID     int64
	// Changed names the fields an update changed (CodeField*).
	Changed []string
	// Record is the code's sealed record, for an endpoint that opted in.
	Record        []byte
	OccurredAt    time.Time
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	DeliveredAt   time.Time
}

// WebhookJob is one message's delivery as a job (JobKindWebhook), inserted
// with the message in the transaction of its change. The message's row
// holds its state (and takes the lease that lets one instance at a time
// attempt it); the job only names it: nothing personal is in the queue.
type WebhookJob struct {
	MessageID int64 `json:"messageId"`
}

// Kind is the webhook worker's.
func (WebhookJob) Kind() string { return JobKindWebhook }

// The fields of a code an update may change, as "changed" names them.
const (
	CodeFieldName       = "name"
	CodeFieldProject    = "projectId"
	CodeFieldLabelType  = "labelType"
	CodeFieldIsActive   = "isActive"
	CodeFieldExternalID = "externalId"
	CodeFieldTemplate   = "templateId"
	CodeFieldRecord     = "record"
)

// WebhookAttempt is one line of an endpoint's delivery log.
type WebhookAttempt struct {
	ID           int64
	MessageID    int64
	EndpointID   int64
	WebhookID    string
	EventType    string
	AttemptedAt  time.Time
	Succeeded    bool
	ResponseCode int // 0: no answer
	Duration     time.Duration
	ResponseBody string
}

// CodeTombstone is a deleted code as the changes feed shows it.
type CodeTombstone struct {
	CodeID     int64
	ExternalID string
	DeletedAt  time.Time
}

// WebhookStore keeps endpoints, their messages and the delivery log. The
// messages themselves are written by the code and print-run writes, in
// their transactions, for the endpoints enabled and subscribed then.
type WebhookStore interface {
	// CreateWebhookEndpoint inserts e, setting its id; more than
	// WebhookEndpointsMax in the organisation is EINVALID.
	CreateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	ListWebhookEndpoints(ctx context.Context, organizationID int64) ([]*WebhookEndpoint, error)
	FindWebhookEndpoint(ctx context.Context, organizationID, id int64) (*WebhookEndpoint, error)
	// UpdateWebhookEndpoint writes e's address, description, events,
	// record choice, secrets and state.
	UpdateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	DeleteWebhookEndpoint(ctx context.Context, organizationID, id int64) error

	// ClaimWebhookMessages takes up to limit pending messages due at now
	// for this instance, moving their next attempt to now+lease so no
	// other instance takes them meanwhile.
	ClaimWebhookMessages(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]*WebhookMessage, error)
	// ClaimWebhookMessage takes message id for this instance, as
	// ClaimWebhookMessages does, when it is pending and due at now: it
	// answers the message and true, or the message as it is and false
	// (delivered, given up, or another instance's for now).
	ClaimWebhookMessage(ctx context.Context, id int64, now time.Time, lease time.Duration) (*WebhookMessage, bool, error)
	// RecordWebhookAttempt logs an attempt and writes m's new status,
	// attempts and next attempt, and the endpoint's failing_since (set on
	// a first failure, cleared on a success), in one transaction.
	RecordWebhookAttempt(ctx context.Context, m *WebhookMessage, a *WebhookAttempt) error
	// FindWebhookMessage is one message of an endpoint.
	FindWebhookMessage(ctx context.Context, endpointID, id int64) (*WebhookMessage, error)
	// ResendWebhookMessage makes a message pending again, due at now.
	ResendWebhookMessage(ctx context.Context, endpointID, id int64, now time.Time) error
	// ListWebhookAttempts is an endpoint's log since since, newest first.
	ListWebhookAttempts(ctx context.Context, endpointID int64, since time.Time, limit int) ([]*WebhookAttempt, error)
	// DisableFailingWebhookEndpoints disables the enabled endpoints that
	// have failed since before before, and returns them.
	DisableFailingWebhookEndpoints(ctx context.Context, before time.Time, reason string, now time.Time) ([]*WebhookEndpoint, error)
	// DeleteWebhookLogBefore prunes attempts and finished messages older
	// than before, and the tombstones too (the changes feed's window).
	DeleteWebhookLogBefore(ctx context.Context, before time.Time) (int64, error)

	// CodeTombstones returns the organisation's codes deleted at or after
	// since, in (deleted_at, code id) order after the cursor.
	CodeTombstones(ctx context.Context, organizationID int64, since time.Time, after ChangesCursor, limit int) ([]*CodeTombstone, error)
}
