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
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/webhook"
	"github.com/lifetag/lifetag/pkg/api"
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
	// Concurrency is how many deliveries at once it takes (1 to
	// cloud.WebhookConcurrencyDefault); nil on a create is the default.
	Concurrency *int
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
	if f.Concurrency != nil {
		if *f.Concurrency < 1 || *f.Concurrency > cloud.WebhookConcurrencyDefault {
			return cloud.NewError(cloud.EINVALID, cloud.MsgWebhookConcurrency)
		}
		e.Concurrency = *f.Concurrency
	}
	if f.Enabled != nil {
		switch {
		case *f.Enabled && !e.Enabled:
			// On again: the three days start over.
			e.DisabledReason, e.FailingSince = "", time.Time{}
		case !*f.Enabled && e.Enabled:
			// No message is written for it while it is off: from now on
			// its changes are in the changes feed only (from its first
			// failure, if it was failing: some of those may be given up).
			e.MissedSince = s.now()
			if !e.FailingSince.IsZero() && e.FailingSince.Before(e.MissedSince) {
				e.MissedSince = e.FailingSince
			}
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
	e := &cloud.WebhookEndpoint{OrganizationID: org.ID, CreatedAt: s.now(), Concurrency: cloud.WebhookConcurrencyDefault}
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
	wasOn := e.Enabled
	if err := s.applyWebhookForm(ctx, e, f); err != nil {
		return nil, err
	}
	e.UpdatedAt = s.now()
	return e, s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.UpdateWebhookEndpoint(ctx, e); err != nil || wasOn || !e.Enabled {
			return err
		}
		// On again: what still waits for it goes now, not at the sweep.
		return s.queue.InsertJob(ctx, cloud.WebhookJob{OrganizationID: org.ID, EndpointID: e.ID})
	})
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

// WebhookLogMax bounds one page of an endpoint's delivery log;
// WebhookLogDefault is a page's size when the caller names none.
const (
	WebhookLogMax     = 200
	WebhookLogDefault = 50
)

// WebhookLogQuery is a page of the delivery log as the caller asks for it:
// the nextCursor of the page before (empty: the newest), and its size
// ("": WebhookLogDefault).
type WebhookLogQuery struct {
	Cursor, Limit string
}

// WebhookLogPage is a page of an endpoint's log and the cursor of the
// next, older one ("" at the end).
type WebhookLogPage struct {
	Attempts   []*cloud.WebhookAttempt
	NextCursor string
}

// WebhookLog is a page of an endpoint's delivery attempts of the last
// cloud.WebhookLogKeptFor, newest first, paged with the changes feed's
// cursor (the time and id of a page's last line).
func (s *Service) WebhookLog(ctx context.Context, actor *cloud.User, orgID int64, byWriteKey bool, id int64, q WebhookLogQuery) (*WebhookLogPage, error) {
	org, err := s.webhookOrganization(ctx, actor, orgID, byWriteKey)
	if err != nil {
		return nil, err
	}
	limit := WebhookLogDefault
	if q.Limit != "" {
		if limit, err = strconv.Atoi(q.Limit); err != nil || limit < 1 || limit > WebhookLogMax {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgWebhookLogLimitInvalid)
		}
	}
	before, err := parseChangesCursor(q.Cursor)
	if err != nil {
		return nil, err
	}
	if _, err := s.webhookEndpoint(ctx, org.ID, id); err != nil {
		return nil, err
	}
	attempts, err := s.store.ListWebhookAttempts(ctx, id, s.now().Add(-cloud.WebhookLogKeptFor), before, limit)
	if err != nil {
		return nil, err
	}
	page := &WebhookLogPage{Attempts: attempts}
	if len(attempts) == limit {
		last := attempts[limit-1]
		page.NextCursor = changesCursorText(last.AttemptedAt, last.ID)
	}
	return page, nil
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
	// Due now, with its endpoint's delivery job, in one transaction.
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.ResendWebhookMessage(ctx, endpointID, messageID, s.now()); err != nil {
			return err
		}
		return s.queue.InsertJob(ctx, cloud.WebhookJob{OrganizationID: org.ID, EndpointID: endpointID})
	})
}

// webhookPayload is m's body: Standard Webhooks' envelope, as the contract
// describes it (WebhookCodeEvent, WebhookPrintRunEvent).
func (s *Service) webhookPayload(ctx context.Context, m *cloud.WebhookMessage) ([]byte, error) {
	if m.EventType == cloud.EventPrintRunCreated {
		p := api.WebhookPrintRunEvent{Type: api.WebhookPrintRunEventType(m.EventType), Timestamp: m.OccurredAt.UTC()}
		p.Data.ID, p.Data.OccurredAt = m.PrintRunID, m.OccurredAt.UTC()
		runs, err := s.store.ListPrintRuns(ctx, m.OrganizationID, m.OccurredAt)
		if err != nil {
			return nil, err
		}
		for _, r := range runs {
			if r.ID == m.PrintRunID {
				p.Data.Layout, p.Data.Labels, p.Data.Codes = r.Layout, r.Labels, r.Codes
			}
		}
		return json.Marshal(p)
	}
	p := api.WebhookCodeEvent{Type: api.WebhookEventType(m.EventType), Timestamp: m.OccurredAt.UTC()}
	p.Data.ID, p.Data.OccurredAt, p.Data.ReviewedAt = m.CodeID, m.OccurredAt.UTC(), timePtr(m.ReviewedAt.UTC())
	p.Data.Changed = make([]api.WebhookCodeEventDataChanged, len(m.Changed))
	for i, field := range m.Changed {
		p.Data.Changed[i] = api.WebhookCodeEventDataChanged(field)
	}
	if m.ExternalID != "" {
		id := m.ExternalID
		p.Data.ExternalID = &id
	}
	if m.Record != nil {
		r, err := s.openCodeRecord(&cloud.CorporateCode{ID: m.CodeID, OrganizationID: m.OrganizationID, Sealed: m.Record})
		if err != nil {
			return nil, err
		}
		p.Data.Record = &r
	}
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

// deliverBatch makes one attempt at each of messages, all endpoint e's and
// claimed by this instance until leased (their lease's end), at most e's
// concurrency at once on this instance (over the client's kept-alive
// connections), and records them in one transaction: delivered, due again
// after the backoff, or failed past cloud.WebhookRetryFor. What is the
// same for every message (the address's check, the secrets) is done once.
// No delivery starts later than a timeout before leased, so none is still
// being sent when another instance may take its message up; a message not
// attempted (a slow endpoint left no time, stopping, or its body could
// not be made) stays leased and is taken up again when the lease ends.
func (s *Service) deliverBatch(ctx context.Context, e *cloud.WebhookEndpoint, messages []*cloud.WebhookMessage, leased time.Time) error {
	secrets, err := s.webhookSecrets(e, s.now())
	if err != nil {
		return err
	}
	target, checkErr := s.webhooks.Guard().Check(ctx, e.URL)
	attempts := make([]*cloud.WebhookAttempt, len(messages))
	if end, ok := ctx.Deadline(); ok && end.Before(leased) {
		leased = end // a job's time ends first: no delivery is cut short
	}
	startBy, cancel := context.WithDeadline(ctx, leased.Add(-cloud.WebhookTimeout))
	defer cancel()
	var wg sync.WaitGroup
	for i, m := range messages {
		release := s.endpointSlot(startBy, e)
		if release == nil {
			break // no time left in the lease, or stopping
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer release()
			a, err := s.attemptWebhook(ctx, e, target, checkErr, secrets, m)
			if err != nil {
				s.logger.Error("webhook not attempted", slog.Int64("message", m.ID), slog.Any("error", err))
				return
			}
			attempts[i] = a
		}()
	}
	wg.Wait()
	var attempted []*cloud.WebhookMessage
	var logged []*cloud.WebhookAttempt
	now := s.now()
	for i, a := range attempts {
		if a == nil {
			continue
		}
		m := messages[i]
		m.Attempts++
		switch {
		case a.Succeeded:
			m.Status, m.DeliveredAt = cloud.WebhookDelivered, now
		case now.Sub(m.OccurredAt) >= cloud.WebhookRetryFor:
			m.Status = cloud.WebhookFailed
		default:
			m.NextAttemptAt = now.Add(s.webhookRetry.delay(m.Attempts))
		}
		attempted, logged = append(attempted, m), append(logged, a)
	}
	return s.store.RecordWebhookAttempts(context.WithoutCancel(ctx), e.ID, attempted, logged)
}

// attemptWebhook sends m to e's target (checkErr: why the address was
// refused, if it was) and answers the attempt, not yet recorded.
func (s *Service) attemptWebhook(ctx context.Context, e *cloud.WebhookEndpoint, target *url.URL, checkErr error,
	secrets []string, m *cloud.WebhookMessage) (*cloud.WebhookAttempt, error) {
	body, err := s.webhookPayload(ctx, m)
	if err != nil {
		return nil, err
	}
	// The receiver compares webhook-timestamp with its own clock (a
	// replay is old), so it is the wall clock's time, not the service's
	// (which tests move).
	headers, err := webhook.Headers(m.WebhookID, time.Now(), body, secrets...)
	if err != nil {
		return nil, err
	}
	start := s.now()
	answer := webhook.Answer{Err: checkErr}
	if checkErr == nil {
		answer = s.webhooks.Send(ctx, target, headers, body, cloud.WebhookAnswerKeptBytes)
	}
	a := &cloud.WebhookAttempt{MessageID: m.ID, EndpointID: e.ID, AttemptedAt: start, Succeeded: answer.OK(),
		ResponseCode: answer.Status, Duration: answer.Duration, ResponseBody: answer.Body}
	if answer.Err != nil {
		// Why no answer came, in the log where the answer would be;
		// the error names the address the owner typed, nothing more.
		a.ResponseBody = truncate(answer.Err.Error(), cloud.WebhookAnswerKeptBytes)
	}
	return a, nil
}

// WebhookWorker delivers the webhook jobs; add it to the queue's workers
// before the queue starts (river.AddWorker).
func (s *Service) WebhookWorker() river.Worker[cloud.WebhookJob] { return &webhookWorker{s: s} }

type webhookWorker struct {
	river.WorkerDefaults[cloud.WebhookJob]
	s *Service
}

// Work delivers the endpoint's due messages, a batch (cloud.WebhookBatch)
// at a time, until none is due. The messages' rows keep the schedule
// (each next attempt, with backoff and jitter, until
// cloud.WebhookRetryFor): a job that attempted any sleeps until the
// endpoint's next one is due (River's snooze, which spends no attempt).
// A job that found nothing due ends: the messages are another job's, or
// not due yet, and that job (or the sweep, RunWebhooks) takes them up.
func (w *webhookWorker) Work(ctx context.Context, job *river.Job[cloud.WebhookJob]) error {
	ctx, span := startJobSpan(ctx, cloud.JobKindWebhook, job.ID, job.Attempt)
	defer span.End()
	s := w.s
	orgID, endpointID := job.Args.OrganizationID, job.Args.EndpointID
	attempted := 0
	if endpointID == 0 {
		// A job of one message (inserted before jobs named endpoints).
		leased := time.Now().Add(s.webhookRetry.Lease)
		m, claimed, err := s.store.ClaimWebhookMessage(ctx, job.Args.MessageID, s.now(), s.webhookRetry.Lease)
		switch {
		case cloud.ErrorCode(err) == cloud.ENOTFOUND:
			return nil // its endpoint was deleted, or turned off (the sweep takes it up when back on)
		case err != nil:
			return err
		case m.Status != cloud.WebhookPending:
			return nil
		case !claimed:
			return river.JobSnooze(max(m.NextAttemptAt.Sub(s.now()), time.Second))
		}
		orgID, endpointID = m.OrganizationID, m.EndpointID
		e, err := s.store.FindWebhookEndpoint(ctx, orgID, endpointID)
		if err != nil {
			return err
		}
		if err := s.deliverBatch(ctx, e, []*cloud.WebhookMessage{m}, leased); err != nil {
			return err
		}
		attempted++
	}
	// A batch ends within its lease (deliverBatch), and the job's time is
	// a lease: batches begin for half of it, then the job starts again at
	// once (River deems a job that runs much longer stuck).
	until := time.Now().Add(s.webhookRetry.Lease / 2)
	for {
		// Read again each batch: its secret or concurrency may change,
		// and it may be turned off or deleted.
		e, err := s.store.FindWebhookEndpoint(ctx, orgID, endpointID)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			return nil // deleted, its messages with it
		} else if err != nil {
			return err
		}
		if time.Now().After(until) {
			return river.JobSnooze(0)
		}
		leased := time.Now().Add(s.webhookRetry.Lease)
		messages, err := s.store.ClaimWebhookMessages(ctx, endpointID, s.now(), s.webhookRetry.Lease, cloud.WebhookBatch)
		if err != nil {
			return err
		}
		if err := s.deliverBatch(ctx, e, messages, leased); err != nil {
			return err
		}
		attempted += len(messages)
		if len(messages) < cloud.WebhookBatch {
			break
		}
	}
	if attempted == 0 {
		return nil
	}
	next, err := s.store.NextWebhookAttempt(ctx, endpointID)
	if err != nil || next.IsZero() {
		return err
	}
	return river.JobSnooze(max(next.Sub(s.now()), time.Second))
}

// Timeout bounds one run of a job: its batches, within the messages' lease.
func (w *webhookWorker) Timeout(*river.Job[cloud.WebhookJob]) time.Duration {
	return w.s.webhookRetry.Lease
}

// concurrencyOf is e's deliveries at once: its own choice, or the default.
func concurrencyOf(e *cloud.WebhookEndpoint) int {
	if e.Concurrency < 1 || e.Concurrency > cloud.WebhookConcurrencyDefault {
		return cloud.WebhookConcurrencyDefault
	}
	return e.Concurrency
}

// endpointSlot waits for one of the endpoint's slots on this instance
// (its concurrency) and answers its release, or nil if ctx ends first.
func (s *Service) endpointSlot(ctx context.Context, e *cloud.WebhookEndpoint) func() {
	n := concurrencyOf(e)
	s.webhookSlotsMu.Lock()
	slot := s.webhookSlots[e.ID]
	if cap(slot) != n {
		// New, or its concurrency changed: deliveries holding a slot of
		// the old size release it there.
		slot = make(chan struct{}, n)
		s.webhookSlots[e.ID] = slot
	}
	s.webhookSlotsMu.Unlock()
	select {
	case slot <- struct{}{}:
		return func() { <-slot }
	case <-ctx.Done():
		return nil
	}
}

// DeliverDueWebhooks claims up to limit messages due now, a batch
// (cloud.WebhookBatch) of each endpoint that has some, and delivers them
// (deliverBatch),
// the endpoints side by side, and waits for them; it answers how many it
// claimed. Then it disables the endpoints that failed for
// cloud.WebhookRetryFor and mails their owners.
func (s *Service) DeliverDueWebhooks(ctx context.Context, limit int) (int, error) {
	endpoints, err := s.store.DueWebhookEndpoints(ctx, s.now(), limit)
	if err != nil {
		return 0, err
	}
	claimed := 0
	var wg sync.WaitGroup
	for _, e := range endpoints {
		if claimed == limit {
			break
		}
		leased := time.Now().Add(s.webhookRetry.Lease)
		messages, err := s.store.ClaimWebhookMessages(ctx, e.ID, s.now(), s.webhookRetry.Lease,
			min(cloud.WebhookBatch, limit-claimed))
		if err != nil {
			return claimed, err
		}
		claimed += len(messages)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.deliverBatch(ctx, e, messages, leased); err != nil {
				s.logger.Error("webhook deliveries not recorded", slog.Int64("endpoint", e.ID), slog.Any("error", err))
			}
		}()
	}
	wg.Wait()
	return claimed, s.disableFailingWebhooks(ctx)
}

// webhookDisabledMailText: the endpoint's address, the site's, and since
// when it may have missed changes.
const webhookDisabledMailText = `A webhook endpoint of your organisation on Lifetag has been disabled.

Every delivery to %s failed for three days, so no more are sent to it,
and changes made while it is off are never sent to it. When it answers
again, turn it back on under Webhooks at %s/corporate; to catch up, your
system reads the changes feed from %s on (updatedSince; the endpoint's
missedSince says the same).
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
				Text:    fmt.Sprintf(webhookDisabledMailText, e.URL, s.baseURL, e.MissedSince.UTC().Format(time.RFC3339))}); err != nil {
				return err
			}
		}
		return nil
	})
}

// RunWebhooks delivers due messages until ctx ends, looking every
// WebhookRetry.Poll, and at once again while it found any.
func (s *Service) RunWebhooks(ctx context.Context) {
	t := time.NewTicker(s.webhookRetry.Poll)
	defer t.Stop()
	for {
		n, err := s.DeliverDueWebhooks(ctx, cloud.WebhookBatch)
		if err != nil && ctx.Err() == nil {
			s.logger.Error("webhook deliveries failed", slog.Any("error", err))
		}
		if n > 0 {
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
