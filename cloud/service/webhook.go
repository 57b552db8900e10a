package service

// Webhooks to an organisation's own systems: the owner (or a program with
// a write key) registers endpoints and chooses events; the store writes a
// message per event and endpoint in the transaction of the change; this
// file manages the endpoints and delivers the messages, signed as
// Standard Webhooks 1.0 asks (package webhook), retrying with backoff for
// cloud.WebhookRetryFor.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/webhook"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// fieldWebhookSecret names an endpoint's sealed secret in its aad, with
// the organisation's id.
const fieldWebhookSecret = "webhook_endpoints.secret"

// WebhookRetry is how failed deliveries are retried: the first retry
// after First, each next one twice as late up to Max, each with up to a
// fifth of jitter either way (so retries of many messages do not arrive
// together), until cloud.WebhookRetryFor after the event.
type WebhookRetry struct {
	First, Max time.Duration
	// Poll is how often the deliverer looks for due messages.
	Poll time.Duration
	// Lease is how long a claimed message is this instance's before
	// another may take it (longer than a delivery's timeout).
	Lease time.Duration
}

// DefaultWebhookRetry: 5 s, 10 s, 20 s ... up to every 2 hours. The
// queue's jobs deliver; the sweep (RunWebhooks) every 30 s only takes up
// a message no job carries any more (one an admin discarded) and disables
// failing endpoints.
var DefaultWebhookRetry = WebhookRetry{First: 5 * time.Second, Max: 2 * time.Hour, Poll: 30 * time.Second,
	Lease: 6 * cloud.WebhookTimeout}

// delay is the wait before the attempt after attempts failed ones.
func (r WebhookRetry) delay(attempts int) time.Duration {
	d := r.First
	for i := 1; i < attempts && d < r.Max; i++ {
		d *= 2
	}
	d = min(d, r.Max)
	return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
}

// WebhookEndpointForm is what the owner sends to register or change an
// endpoint; nil leaves a field as it is on a change.
type WebhookEndpointForm struct {
	URL           *string
	Description   *string
	Events        []string
	IncludeRecord *bool
	// Enabled true turns a disabled endpoint back on.
	Enabled *bool
}

// CreatedWebhookEndpoint is a new endpoint, or one with a new secret: the
// secret is shown this once.
type CreatedWebhookEndpoint struct {
	Endpoint *cloud.WebhookEndpoint
	Secret   string
}

// webhookOrganization is the organisation whose webhooks the caller may
// manage: the owner's, or a write key's (byWriteKey: the HTTP layer has
// checked the key's scope). Endpoints receive the organisation's workers'
// records, so no other officer may point them somewhere.
func (s *Service) webhookOrganization(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool) (*cloud.Organization, error) {
	if byWriteKey {
		return s.organizationFor(ctx, actor, orgID, true)
	}
	return s.ownerOf(ctx, actor, orgID)
}

// WebhookEndpoints lists the organisation's endpoints.
func (s *Service) WebhookEndpoints(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool) ([]*cloud.WebhookEndpoint, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	return s.store.ListWebhookEndpoints(ctx, org.ID)
}

// checkWebhookURL refuses an address the deliverer would refuse: not
// https, or not on the public internet once resolved.
func (s *Service) checkWebhookURL(ctx context.Context, raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > cloud.WebhookURLMaxBytes {
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLInvalid)
	}
	_, err := s.webhooks.Guard().Check(ctx, raw)
	switch {
	case errors.Is(err, webhook.ErrScheme):
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLNotHTTPS)
	case errors.Is(err, webhook.ErrNotPublic):
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLNotPublic)
	case errors.Is(err, webhook.ErrUnresolved):
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLUnresolvable)
	case err != nil:
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLInvalid)
	}
	return raw, nil
}

func checkWebhookEvents(events []string) ([]string, error) {
	if len(events) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgWebhookEventsEmpty)
	}
	chosen := map[string]bool{}
	for _, ev := range events {
		known := false
		for _, k := range cloud.WebhookEvents {
			known = known || k == ev
		}
		if !known {
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgWebhookEventUnknown, ev)
		}
		chosen[ev] = true
	}
	var out []string // in cloud.WebhookEvents' order, once each
	for _, k := range cloud.WebhookEvents {
		if chosen[k] {
			out = append(out, k)
		}
	}
	return out, nil
}

// applyWebhookForm checks f and writes it onto e.
func (s *Service) applyWebhookForm(ctx context.Context, e *cloud.WebhookEndpoint, f WebhookEndpointForm) error {
	if f.URL != nil {
		u, err := s.checkWebhookURL(ctx, *f.URL)
		if err != nil {
			return err
		}
		e.URL = u
	}
	if f.Description != nil {
		d := emergency.SingleLine(*f.Description)
		if len([]rune(d)) > cloud.WebhookEndpointDescriptionMax {
			return cloud.NewError(cloud.EINVALID, cloud.MsgWebhookDescriptionLong)
		}
		e.Description = d
	}
	if f.Events != nil {
		events, err := checkWebhookEvents(f.Events)
		if err != nil {
			return err
		}
		e.Events = events
	}
	if f.IncludeRecord != nil {
		e.IncludeRecord = *f.IncludeRecord
	}
	if f.Enabled != nil {
		if *f.Enabled && !e.Enabled {
			// On again: the three days start over.
			e.DisabledReason, e.FailingSince = "", time.Time{}
		}
		e.Enabled = *f.Enabled
	}
	return nil
}

// CreateWebhookEndpoint registers an endpoint with a new secret.
func (s *Service) CreateWebhookEndpoint(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, f WebhookEndpointForm) (*CreatedWebhookEndpoint, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	if f.URL == nil {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgWebhookURLInvalid)
	}
	if f.Events == nil {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgWebhookEventsEmpty)
	}
	f.Enabled = nil
	e := &cloud.WebhookEndpoint{OrganizationID: org.ID, CreatedAt: s.now()}
	if err := s.applyWebhookForm(ctx, e, f); err != nil {
		return nil, err
	}
	secret := webhook.NewSecret()
	if e.Secret, err = s.sealer.Seal([]byte(secret), aad(org.ID, fieldWebhookSecret)); err != nil {
		return nil, err
	}
	if err := s.store.CreateWebhookEndpoint(ctx, e); err != nil {
		return nil, err
	}
	return &CreatedWebhookEndpoint{Endpoint: e, Secret: secret}, nil
}

// webhookEndpoint is one of the organisation's endpoints, or ENOTFOUND.
func (s *Service) webhookEndpoint(ctx context.Context, orgID, id int64) (*cloud.WebhookEndpoint, error) {
	e, err := s.store.FindWebhookEndpoint(ctx, orgID, id)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgWebhookNotFound)
	}
	return e, err
}

// UpdateWebhookEndpoint changes an endpoint.
func (s *Service) UpdateWebhookEndpoint(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, id int64, f WebhookEndpointForm) (*cloud.WebhookEndpoint, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	e, err := s.webhookEndpoint(ctx, org.ID, id)
	if err != nil {
		return nil, err
	}
	if err := s.applyWebhookForm(ctx, e, f); err != nil {
		return nil, err
	}
	e.UpdatedAt = s.now()
	return e, s.store.UpdateWebhookEndpoint(ctx, e)
}

// RotateWebhookSecret gives an endpoint a new secret; the old one signs
// too for cloud.WebhookSecretOverlap.
func (s *Service) RotateWebhookSecret(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, id int64) (*CreatedWebhookEndpoint, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	e, err := s.webhookEndpoint(ctx, org.ID, id)
	if err != nil {
		return nil, err
	}
	secret := webhook.NewSecret()
	sealed, err := s.sealer.Seal([]byte(secret), aad(org.ID, fieldWebhookSecret))
	if err != nil {
		return nil, err
	}
	now := s.now()
	e.PreviousSecret, e.PreviousSecretUntil = e.Secret, now.Add(cloud.WebhookSecretOverlap)
	e.Secret, e.UpdatedAt = sealed, now
	if err := s.store.UpdateWebhookEndpoint(ctx, e); err != nil {
		return nil, err
	}
	return &CreatedWebhookEndpoint{Endpoint: e, Secret: secret}, nil
}

// DeleteWebhookEndpoint removes an endpoint, its messages and its log.
func (s *Service) DeleteWebhookEndpoint(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, id int64) error {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return err
	}
	return s.store.DeleteWebhookEndpoint(ctx, org.ID, id)
}

// WebhookLogMax bounds one read of an endpoint's delivery log.
const WebhookLogMax = 200

// WebhookLog is an endpoint's delivery attempts of the last
// cloud.WebhookLogKeptFor, newest first.
func (s *Service) WebhookLog(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, id int64) ([]*cloud.WebhookAttempt, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	if _, err := s.webhookEndpoint(ctx, org.ID, id); err != nil {
		return nil, err
	}
	return s.store.ListWebhookAttempts(ctx, id, s.now().Add(-cloud.WebhookLogKeptFor), WebhookLogMax)
}

// ResendWebhookMessage delivers a message again, with its webhook-id.
func (s *Service) ResendWebhookMessage(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, endpointID, messageID int64) error {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return err
	}
	if _, err := s.webhookEndpoint(ctx, org.ID, endpointID); err != nil {
		return err
	}
	// Due now, with its delivery job, in one transaction.
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.ResendWebhookMessage(ctx, endpointID, messageID, s.now()); err != nil {
			return err
		}
		return s.queue.InsertJob(ctx, cloud.WebhookJob{MessageID: messageID})
	})
}

// WebhookPayload is a delivery's body: Standard Webhooks' envelope.
type WebhookPayload struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// CodeEventData names the code an event is about, what changed and when;
// the record only for an endpoint that opted in.
type CodeEventData struct {
	ID         int64             `json:"id"`
	ExternalID *string           `json:"externalId"`
	Changed    []string          `json:"changed"`
	OccurredAt time.Time         `json:"occurredAt"`
	Record     *emergency.Record `json:"record,omitempty"`
}

// PrintRunEventData is a recorded print run.
type PrintRunEventData struct {
	ID         int64     `json:"id"`
	Layout     string    `json:"layout"`
	Labels     int       `json:"labels"`
	Codes      int       `json:"codes"`
	OccurredAt time.Time `json:"occurredAt"`
}

// webhookPayload is m's body.
func (s *Service) webhookPayload(ctx context.Context, m *cloud.WebhookMessage) ([]byte, error) {
	p := WebhookPayload{Type: m.EventType, Timestamp: m.OccurredAt.UTC()}
	if m.EventType == cloud.EventPrintRunCreated {
		d := PrintRunEventData{ID: m.PrintRunID, OccurredAt: m.OccurredAt.UTC()}
		runs, err := s.store.ListPrintRuns(ctx, m.OrganizationID, m.OccurredAt)
		if err != nil {
			return nil, err
		}
		for _, r := range runs {
			if r.ID == m.PrintRunID {
				d.Layout, d.Labels, d.Codes = r.Layout, r.Labels, r.Codes
			}
		}
		p.Data = d
		return json.Marshal(p)
	}
	d := CodeEventData{ID: m.CodeID, Changed: m.Changed, OccurredAt: m.OccurredAt.UTC()}
	if d.Changed == nil {
		d.Changed = []string{}
	}
	if m.ExternalID != "" {
		id := m.ExternalID
		d.ExternalID = &id
	}
	if m.Record != nil {
		r, err := s.openCodeRecord(&cloud.CorporateCode{ID: m.CodeID, OrganizationID: m.OrganizationID, Sealed: m.Record})
		if err != nil {
			return nil, err
		}
		d.Record = &r
	}
	p.Data = d
	return json.Marshal(p)
}

// webhookSecrets are the secrets that sign a delivery to e at now: its
// own, and during a rotation's overlap the one before.
func (s *Service) webhookSecrets(e *cloud.WebhookEndpoint, now time.Time) ([]string, error) {
	secret, err := s.sealer.Open(e.Secret, aad(e.OrganizationID, fieldWebhookSecret))
	if err != nil {
		return nil, err
	}
	out := []string{string(secret)}
	if e.PreviousSecret != nil && now.Before(e.PreviousSecretUntil) {
		previous, err := s.sealer.Open(e.PreviousSecret, aad(e.OrganizationID, fieldWebhookSecret))
		if err != nil {
			return nil, err
		}
		out = append(out, string(previous))
	}
	return out, nil
}

// deliverWebhook makes one attempt at m and records it: delivered, due
// again after the backoff, or failed past cloud.WebhookRetryFor.
func (s *Service) deliverWebhook(ctx context.Context, m *cloud.WebhookMessage) error {
	e, err := s.store.FindWebhookEndpoint(ctx, m.OrganizationID, m.EndpointID)
	if err != nil {
		return err // deleted meanwhile (its messages with it), or the database
	}
	body, err := s.webhookPayload(ctx, m)
	if err != nil {
		return err
	}
	start := s.now()
	secrets, err := s.webhookSecrets(e, start)
	if err != nil {
		return err
	}
	// The receiver compares webhook-timestamp with its own clock (a
	// replay is old), so it is the wall clock's time, not the service's
	// (which tests move).
	headers, err := webhook.Headers(m.WebhookID, time.Now(), body, secrets...)
	if err != nil {
		return err
	}
	answer := s.webhooks.Post(ctx, e.URL, headers, body, cloud.WebhookAnswerKeptBytes)
	a := &cloud.WebhookAttempt{MessageID: m.ID, EndpointID: e.ID, AttemptedAt: start, Succeeded: answer.OK(),
		ResponseCode: answer.Status, Duration: answer.Duration, ResponseBody: answer.Body}
	if answer.Err != nil {
		// Why no answer came, in the log where the answer would be;
		// the error names the address the owner typed, nothing more.
		a.ResponseBody = truncate(answer.Err.Error(), cloud.WebhookAnswerKeptBytes)
	}
	m.Attempts++
	now := s.now()
	switch {
	case a.Succeeded:
		m.Status, m.DeliveredAt = cloud.WebhookDelivered, now
	case now.Sub(m.OccurredAt) >= cloud.WebhookRetryFor:
		m.Status = cloud.WebhookFailed
	default:
		m.NextAttemptAt = now.Add(s.webhookRetry.delay(m.Attempts))
	}
	return s.store.RecordWebhookAttempt(context.WithoutCancel(ctx), m, a)
}

// WebhookWorker delivers the webhook jobs; add it to the queue's workers
// before the queue starts (river.AddWorker).
func (s *Service) WebhookWorker() river.Worker[cloud.WebhookJob] { return &webhookWorker{s: s} }

type webhookWorker struct {
	river.WorkerDefaults[cloud.WebhookJob]
	s *Service
}

// Work makes one attempt at the job's message when it is due and no other
// instance holds it. The message's row keeps the schedule (its next
// attempt, with backoff and jitter, until cloud.WebhookRetryFor): the job
// sleeps until then (River's snooze, which spends no attempt), so a
// message has one schedule however many instances and sweeps see it.
func (w *webhookWorker) Work(ctx context.Context, job *river.Job[cloud.WebhookJob]) error {
	ctx, span := startJobSpan(ctx, cloud.JobKindWebhook, job.ID, job.Attempt)
	defer span.End()
	s := w.s
	m, claimed, err := s.store.ClaimWebhookMessage(ctx, job.Args.MessageID, s.now(), s.webhookRetry.Lease)
	switch {
	case cloud.ErrorCode(err) == cloud.ENOTFOUND:
		return nil // its endpoint was deleted, or turned off (the sweep takes it up when back on)
	case err != nil:
		return err
	case m.Status != cloud.WebhookPending:
		return nil // delivered (a resend's job may find it so), or given up
	case !claimed:
		return river.JobSnooze(max(m.NextAttemptAt.Sub(s.now()), time.Second))
	}
	release := s.endpointSlot(ctx, m.EndpointID)
	if release == nil {
		return ctx.Err()
	}
	err = s.deliverWebhook(ctx, m)
	release()
	if err != nil {
		return err
	}
	if m.Status == cloud.WebhookPending {
		return river.JobSnooze(max(m.NextAttemptAt.Sub(s.now()), time.Second))
	}
	return nil
}

// Timeout bounds one attempt: a wait for the endpoint's slot and the
// delivery, within the message's lease.
func (w *webhookWorker) Timeout(*river.Job[cloud.WebhookJob]) time.Duration {
	return w.s.webhookRetry.Lease
}

// endpointSlot waits for one of the endpoint's cloud.WebhookConcurrencyPerEndpoint
// slots on this instance and answers its release, or nil if ctx ends first.
func (s *Service) endpointSlot(ctx context.Context, endpointID int64) func() {
	s.webhookSlotsMu.Lock()
	slot := s.webhookSlots[endpointID]
	if slot == nil {
		slot = make(chan struct{}, cloud.WebhookConcurrencyPerEndpoint)
		s.webhookSlots[endpointID] = slot
	}
	s.webhookSlotsMu.Unlock()
	select {
	case slot <- struct{}{}:
		return func() { <-slot }
	case <-ctx.Done():
		return nil
	}
}

// DeliverDueWebhooks claims the messages due now and delivers them, at
// most cloud.WebhookConcurrencyPerEndpoint at once to one endpoint, and
// waits for them; it answers how many it attempted. Then it disables the
// endpoints that failed for cloud.WebhookRetryFor and mails their owners.
func (s *Service) DeliverDueWebhooks(ctx context.Context, limit int) (int, error) {
	messages, err := s.store.ClaimWebhookMessages(ctx, s.now(), s.webhookRetry.Lease, limit)
	if err != nil {
		return 0, err
	}
	var wg sync.WaitGroup
	for _, m := range messages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release := s.endpointSlot(ctx, m.EndpointID)
			if release == nil {
				return // stopping: the lease runs out and the message is taken up again
			}
			defer release()
			if err := s.deliverWebhook(ctx, m); err != nil {
				s.logger.Error("webhook delivery not recorded", slog.Int64("message", m.ID), slog.Any("error", err))
			}
		}()
	}
	wg.Wait()
	return len(messages), s.disableFailingWebhooks(ctx)
}

// webhookDisabledMailText: the endpoint's address and the site's.
const webhookDisabledMailText = `A webhook endpoint of your organisation on Lifetag has been disabled.

Every delivery to %s failed for three days, so no more are sent to it.
When it answers again, turn it back on under Webhooks at %s/corporate
and resend what it missed from its delivery log.
`

func (s *Service) disableFailingWebhooks(ctx context.Context) error {
	now := s.now()
	// Disabled and its owner's mail queued in one transaction: the mail
	// goes if and only if the endpoint was turned off.
	return s.store.InTx(ctx, func(ctx context.Context) error {
		disabled, err := s.store.DisableFailingWebhookEndpoints(ctx, now.Add(-cloud.WebhookRetryFor),
			cloud.WebhookDisabledFailing, now)
		if err != nil {
			return err
		}
		for _, e := range disabled {
			var owner *cloud.User
			err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
				var err error
				owner, err = tx.FindOwner(e.OrganizationID)
				return err
			})
			if cloud.ErrorCode(err) == cloud.ENOTFOUND {
				continue // an organisation without an owner (being handed over): nobody to tell
			} else if err != nil {
				return err
			}
			if err := s.sendMail(ctx, mailCause("webhook-disabled", e.ID, now.Unix()), cloud.Mail{To: owner.Email,
				Subject: "A webhook endpoint was disabled",
				Text:    fmt.Sprintf(webhookDisabledMailText, e.URL, s.baseURL)}); err != nil {
				return err
			}
		}
		return nil
	})
}

// webhookBatch bounds one claim of due messages.
const webhookBatch = 100

// RunWebhooks delivers due messages until ctx ends, looking every
// WebhookRetry.Poll, and at once again while a claim came back full.
func (s *Service) RunWebhooks(ctx context.Context) {
	t := time.NewTicker(s.webhookRetry.Poll)
	defer t.Stop()
	for {
		n, err := s.DeliverDueWebhooks(ctx, webhookBatch)
		if err != nil && ctx.Err() == nil {
			s.logger.Error("webhook deliveries failed", slog.Any("error", err))
		}
		if n == webhookBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// PurgeWebhookLog deletes the delivery log, finished messages and
// tombstones older than cloud.WebhookLogKeptFor.
func (s *Service) PurgeWebhookLog(ctx context.Context) (int64, error) {
	return s.store.DeleteWebhookLogBefore(ctx, s.now().Add(-cloud.WebhookLogKeptFor))
}
