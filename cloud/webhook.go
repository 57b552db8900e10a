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

// WebhookEvents lists every event, in the order the page shows them: the
// one list of them, which the contract's WebhookEventType and webhooks are
// held to by a test, and MsgWebhookEventUnknown names.
var WebhookEvents = []string{EventCodeCreated, EventCodeUpdated, EventCodeDeactivated, EventCodeActivated,
	EventCodeDeleted, EventPrintRunCreated}

// MsgWebhookEventUnknown: the event (a format with %q), then every event.
var MsgWebhookEventUnknown = "%q is not an event: choose from " + strings.Join(WebhookEvents, ", ")

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
	// WebhookConcurrencyDefault: deliveries at once to one endpoint from
	// one instance, unless its organisation chose fewer. Eight keep pace
	// with a sync of thousands of workers (a receiver answering in 20 ms
	// takes 400 events a second) over as many kept-alive connections,
	// while a receiver of a few worker processes is not flooded; one that
	// can take less lowers it (1: one at a time). It is also the most:
	// more would not be faster for most receivers, only harder on them.
	// (Migration 00210 gives endpoints of before it this default too.)
	WebhookConcurrencyDefault = 8
	// WebhookBatch bounds the messages one claim takes (and one
	// transaction records): the batch a delivery works on.
	WebhookBatch = 100
)

// Webhook messages.
const (
	MsgWebhookURLInvalid      = "Enter the endpoint's full address, starting with https://"
	MsgWebhookURLNotHTTPS     = "The endpoint's address must start with https://"
	MsgWebhookURLNotPublic    = "The endpoint's address must be a public internet address, not a local, private or cloud metadata one"
	MsgWebhookURLUnresolvable = "The endpoint's host name could not be found"
	MsgWebhookEventsEmpty     = "Choose at least one event"
	MsgWebhookEndpointsMax    = "An organisation has at most 10 webhook endpoints: delete one first"
	MsgWebhookNotFound        = "Webhook endpoint not found"
	MsgWebhookMessageNotFound = "Webhook delivery not found"
	MsgWebhookDescriptionLong = "The description is at most 200 characters"
	MsgWebhookLogLimitInvalid = "limit must be a number from 1 to 200"
	// MsgWebhookConcurrency: the most deliveries at once.
	MsgWebhookConcurrency = "Deliveries at once must be a whole number from 1 to 8"
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
	// Concurrency is how many deliveries at once it takes, from 1 to
	// WebhookConcurrencyDefault.
	Concurrency int
	// MissedSince: when it was last turned off (by its owner, or after
	// WebhookRetryFor of failures, from the first failure on), the time
	// from which it may have missed changes, none being written for it
	// while off; zero if it never was. The changes feed from then on
	// (updatedSince) holds them.
	MissedSince time.Time
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
	Record []byte
	// ReviewedAt is when the code's details were last confirmed, as of
	// the event (zero for a deleted code and a print run).
	ReviewedAt    time.Time
	OccurredAt    time.Time
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	DeliveredAt   time.Time
}

// WebhookJob delivers an endpoint's due messages (JobKindWebhook): one is
// inserted per endpoint with the messages of a transaction, so a change
// of one worker or a sync of thousands is one job. It claims the due
// messages a batch at a time until none is left. The messages' rows hold
// their state (and take the lease that lets one instance at a time
// attempt one); the job only names the endpoint: nothing personal is in
// the queue. A job of before (MessageID only) names its message.
type WebhookJob struct {
	MessageID      int64 `json:"messageId,omitempty"`
	OrganizationID int64 `json:"organizationId,omitempty"`
	EndpointID     int64 `json:"endpointId,omitempty"`
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
	// CodeFieldReviewedAt: the details were confirmed, or saved.
	CodeFieldReviewedAt = "reviewedAt"
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
	// of an enabled endpoint for this instance, moving their next attempt to now+lease so no other
	// instance takes them meanwhile.
	ClaimWebhookMessages(ctx context.Context, endpointID int64, now time.Time, lease time.Duration, limit int) ([]*WebhookMessage, error)
	// ClaimWebhookMessage takes message id for this instance, as
	// ClaimWebhookMessages does, when it is pending and due at now: it
	// answers the message and true, or the message as it is and false
	// (delivered, given up, or another instance's for now).
	ClaimWebhookMessage(ctx context.Context, id int64, now time.Time, lease time.Duration) (*WebhookMessage, bool, error)
	// RecordWebhookAttempts logs a batch of attempts at one endpoint's
	// messages and writes each message's new status, attempts and next
	// attempt, and the endpoint's failing_since (set on a first failure,
	// cleared when any succeeded), in one transaction.
	RecordWebhookAttempts(ctx context.Context, endpointID int64, messages []*WebhookMessage, attempts []*WebhookAttempt) error
	// DueWebhookEndpoints are up to limit enabled endpoints with a message
	// due at now.
	DueWebhookEndpoints(ctx context.Context, now time.Time, limit int) ([]*WebhookEndpoint, error)
	// NextWebhookAttempt is when the endpoint's next pending message is
	// due (or leased until); zero when none is pending.
	NextWebhookAttempt(ctx context.Context, endpointID int64) (time.Time, error)
	// FindWebhookMessage is one message of an endpoint.
	FindWebhookMessage(ctx context.Context, endpointID, id int64) (*WebhookMessage, error)
	// ResendWebhookMessage makes a message pending again, due at now.
	ResendWebhookMessage(ctx context.Context, endpointID, id int64, now time.Time) error
	// ListWebhookAttempts is an endpoint's log since since, newest first,
	// starting after before (the last attempt of the page before, by
	// attempt time and id) unless it is zero.
	ListWebhookAttempts(ctx context.Context, endpointID int64, since time.Time, before ChangesCursor, limit int) ([]*WebhookAttempt, error)
	// DisableFailingWebhookEndpoints disables the enabled endpoints that
	// have failed since before before, setting their MissedSince, and
	// returns them.
	DisableFailingWebhookEndpoints(ctx context.Context, before time.Time, reason string, now time.Time) ([]*WebhookEndpoint, error)
	// DeleteWebhookLogBefore prunes attempts and finished messages older
	// than before, and the tombstones too (the changes feed's window).
	DeleteWebhookLogBefore(ctx context.Context, before time.Time) (int64, error)

	// CodeTombstones returns the organisation's codes deleted at or after
	// since, in (deleted_at, code id) order after the cursor.
	CodeTombstones(ctx context.Context, organizationID int64, since time.Time, after ChangesCursor, limit int) ([]*CodeTombstone, error)
}
