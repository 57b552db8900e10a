package sqldb

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Webhooks: webhook_endpoints, webhook_messages, webhook_attempts, and the
// changes feed's qr_code_tombstones.

const endpointColumns = `id, organization_id, url, description, events, include_record, secret, previous_secret,
	previous_secret_until, enabled, disabled_reason, failing_since, created_at, updated_at, concurrency, missed_since`

func scanEndpoint(row scanner) (*cloud.WebhookEndpoint, error) {
	var e cloud.WebhookEndpoint
	var events string
	err := row.Scan(&e.ID, &e.OrganizationID, &e.URL, &e.Description, &events, &e.IncludeRecord, &e.Secret,
		&e.PreviousSecret, timeDest(&e.PreviousSecretUntil), &e.Enabled, &e.DisabledReason,
		timeDest(&e.FailingSince), timeDest(&e.CreatedAt), timeDest(&e.UpdatedAt), &e.Concurrency, timeDest(&e.MissedSince))
	e.Events = cloud.SplitWebhookEvents(events)
	return &e, err
}

func (db *DB) CreateWebhookEndpoint(ctx context.Context, e *cloud.WebhookEndpoint) error {
	return db.inTx(ctx, func(c conn) error {
		// The organisation's row, locked, serialises its endpoints' creates
		// so two at once cannot pass the limit together.
		if _, err := findOrganization(c, `id = $1`+c.d.lockRows, e.OrganizationID); err != nil {
			return err
		}
		var n int
		if err := c.queryRow(`SELECT count(*) FROM webhook_endpoints WHERE organization_id = $1`,
			e.OrganizationID).Scan(&n); err != nil {
			return storeError(err, "webhook endpoints")
		}
		if n >= cloud.WebhookEndpointsMax {
			return cloud.NewError(cloud.EINVALID, cloud.MsgWebhookEndpointsMax)
		}
		err := c.queryRow(`INSERT INTO webhook_endpoints (organization_id, url, description, events, include_record,
			secret, enabled, created_at, updated_at, concurrency) VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7, $8)
			RETURNING id`,
			e.OrganizationID, e.URL, e.Description, cloud.JoinWebhookEvents(e.Events), e.IncludeRecord, e.Secret,
			e.CreatedAt, e.Concurrency).Scan(&e.ID)
		e.Enabled, e.UpdatedAt = true, e.CreatedAt
		return storeError(err, "webhook endpoint")
	})
}

func (db *DB) ListWebhookEndpoints(ctx context.Context, organizationID int64) ([]*cloud.WebhookEndpoint, error) {
	return list(db.conn(ctx), "webhook endpoints", scanEndpoint, `SELECT `+endpointColumns+`
		FROM webhook_endpoints WHERE organization_id = $1 ORDER BY id`, organizationID)
}

func (db *DB) FindWebhookEndpoint(ctx context.Context, organizationID, id int64) (*cloud.WebhookEndpoint, error) {
	e, err := scanEndpoint(db.conn(ctx).queryRow(`SELECT `+endpointColumns+`
		FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`, organizationID, id))
	return e, storeError(err, "webhook endpoint")
}

func (db *DB) UpdateWebhookEndpoint(ctx context.Context, e *cloud.WebhookEndpoint) error {
	n, err := db.conn(ctx).exec(`UPDATE webhook_endpoints SET url = $3, description = $4, events = $5,
		include_record = $6, secret = $7, previous_secret = $8, previous_secret_until = $9, enabled = $10,
		disabled_reason = $11, failing_since = $12, updated_at = $13, concurrency = $14, missed_since = $15
		WHERE organization_id = $1 AND id = $2`,
		e.OrganizationID, e.ID, e.URL, e.Description, cloud.JoinWebhookEvents(e.Events), e.IncludeRecord, e.Secret,
		nullBytes(e.PreviousSecret), nullTime(e.PreviousSecretUntil), e.Enabled, e.DisabledReason,
		nullTime(e.FailingSince), e.UpdatedAt, e.Concurrency, nullTime(e.MissedSince))
	if err != nil {
		return storeError(err, "webhook endpoint")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgWebhookNotFound)
	}
	return nil
}

func (db *DB) DeleteWebhookEndpoint(ctx context.Context, organizationID, id int64) error {
	n, err := db.conn(ctx).exec(`DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`, organizationID, id)
	if err != nil {
		return storeError(err, "webhook endpoint")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgWebhookNotFound)
	}
	return nil
}

// eventWriter writes the webhook messages of one transaction's changes
// to one organisation: one message per event and enabled endpoint that
// chose it. The endpoints are read once, at the transaction's start; with
// none, every call is free (no query).
type eventWriter struct {
	c         conn
	endpoints []*cloud.WebhookEndpoint
	// queue, when the database has one, gets the delivery job of each
	// endpoint this transaction wrote messages for, once, in the same
	// transaction (c's ctx carries it): the job delivers every due message
	// of its endpoint, so a sync of thousands of workers is one job, not
	// one per event.
	queue  *Queue
	queued map[int64]bool
}

func (db *DB) newEventWriter(c conn, organizationID int64) (*eventWriter, error) {
	endpoints, err := list(c, "webhook endpoints", scanEndpoint, `SELECT `+endpointColumns+`
		FROM webhook_endpoints WHERE organization_id = $1 AND enabled = true ORDER BY id`, organizationID)
	return &eventWriter{c: c, endpoints: endpoints, queue: db.queue, queued: map[int64]bool{}}, err
}

// wanted says whether any endpoint chose one of events.
func (w *eventWriter) wanted(events ...string) bool {
	for _, e := range w.endpoints {
		for _, ev := range events {
			if e.Wants(ev) {
				return true
			}
		}
	}
	return false
}

// message writes m (its endpoint and id left to fill) for every endpoint
// that chose m.EventType; the record only to those that opted in.
func (w *eventWriter) message(m cloud.WebhookMessage) error {
	for _, e := range w.endpoints {
		if !e.Wants(m.EventType) {
			continue
		}
		var record []byte
		if e.IncludeRecord {
			record = m.Record
		}
		var id int64
		err := w.c.queryRow(`INSERT INTO webhook_messages (webhook_id, endpoint_id, organization_id, event_type,
			code_id, external_id, print_run_id, changed, record, occurred_at, status, next_attempt_at, reviewed_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $12) RETURNING id`,
			newWebhookID(), e.ID, e.OrganizationID, m.EventType, nullIfZero(m.CodeID), nullIfEmpty(m.ExternalID),
			nullIfZero(m.PrintRunID), strings.Join(m.Changed, ","), nullBytes(record), m.OccurredAt,
			cloud.WebhookPending, nullTime(m.ReviewedAt)).Scan(&id)
		if err != nil {
			return storeError(err, "webhook message")
		}
		if w.queue != nil && !w.queued[e.ID] {
			job := cloud.WebhookJob{OrganizationID: e.OrganizationID, EndpointID: e.ID}
			if err := w.queue.InsertJob(w.c.ctx, job); err != nil {
				return err
			}
			w.queued[e.ID] = true
		}
	}
	return nil
}

// created writes qr_code.created for a code just inserted.
func (w *eventWriter) created(q *cloud.CorporateCode) error {
	return w.message(cloud.WebhookMessage{EventType: cloud.EventCodeCreated, CodeID: q.ID, ExternalID: q.ExternalID,
		Record: q.Sealed, ReviewedAt: q.ReviewedAt, OccurredAt: q.CreatedAt})
}

// updated writes what changed between old and q: qr_code.deactivated or
// qr_code.activated when the active flag turned, qr_code.updated when
// anything else changed (both, when both did).
func (w *eventWriter) updated(old, q *cloud.CorporateCode) error {
	var changed []string
	add := func(differs bool, field string) {
		if differs {
			changed = append(changed, field)
		}
	}
	add(old.Name != q.Name, cloud.CodeFieldName)
	add(old.ProjectID != q.ProjectID, cloud.CodeFieldProject)
	add(old.LabelType != q.LabelType, cloud.CodeFieldLabelType)
	add(old.ExternalID != q.ExternalID, cloud.CodeFieldExternalID)
	add(old.TemplateID != q.TemplateID, cloud.CodeFieldTemplate)
	// A record is sealed again only when its values were given again;
	// the same values sealed anew still count (the bytes cannot tell).
	add(!bytes.Equal(old.Sealed, q.Sealed), cloud.CodeFieldRecord)
	add(!q.ReviewedAt.IsZero() && !old.ReviewedAt.Equal(q.ReviewedAt), cloud.CodeFieldReviewedAt)
	m := cloud.WebhookMessage{CodeID: q.ID, ExternalID: q.ExternalID, Record: q.Sealed, ReviewedAt: q.ReviewedAt,
		OccurredAt: q.UpdatedAt}
	if old.IsActive != q.IsActive {
		turned := m
		turned.EventType, turned.Changed = cloud.EventCodeActivated, []string{cloud.CodeFieldIsActive}
		if !q.IsActive {
			turned.EventType = cloud.EventCodeDeactivated
		}
		if err := w.message(turned); err != nil {
			return err
		}
	}
	if len(changed) == 0 {
		return nil
	}
	m.EventType, m.Changed = cloud.EventCodeUpdated, changed
	return w.message(m)
}

// codeEvents are the events a code's update may write.
var codeEvents = []string{cloud.EventCodeUpdated, cloud.EventCodeActivated, cloud.EventCodeDeactivated}

// oldCode reads a code as it is before an update, when an endpoint
// wants to hear of the update (nil otherwise, or when it is gone).
func (w *eventWriter) oldCode(q *cloud.CorporateCode) (*cloud.CorporateCode, error) {
	if !w.wanted(codeEvents...) {
		return nil, nil
	}
	lock := "" // the code's row only: the project's side of the join may be NULL
	if w.c.d.lockRows != "" {
		lock = w.c.d.lockRows + " OF q"
	}
	old, err := scanCode(w.c.queryRow(`SELECT `+codeColumns+codeFrom+` WHERE q.id = $1 AND q.organization_id = $2`+
		lock, q.ID, q.OrganizationID))
	if cloud.ErrorCode(storeError(err, "qr code")) == cloud.ENOTFOUND {
		return nil, nil // updateCode answers it
	}
	return old, storeError(err, "qr code")
}

// newWebhookID is a message's webhook-id: random, so it says nothing of
// how many messages there are.
func newWebhookID() string {
	b := make([]byte, 15)
	_, _ = rand.Read(b) // crypto/rand never fails (Go 1.24+)
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

const messageColumns = `m.id, m.webhook_id, m.endpoint_id, m.organization_id, m.event_type, coalesce(m.code_id, 0),
	coalesce(m.external_id, ''), coalesce(m.print_run_id, 0), m.changed, m.record, m.occurred_at, m.status, m.attempts,
	m.next_attempt_at, m.delivered_at, m.reviewed_at`

func scanMessage(row scanner) (*cloud.WebhookMessage, error) {
	var m cloud.WebhookMessage
	var changed string
	err := row.Scan(&m.ID, &m.WebhookID, &m.EndpointID, &m.OrganizationID, &m.EventType, &m.CodeID, &m.ExternalID,
		&m.PrintRunID, &changed, &m.Record, timeDest(&m.OccurredAt), &m.Status, &m.Attempts,
		timeDest(&m.NextAttemptAt), timeDest(&m.DeliveredAt), timeDest(&m.ReviewedAt))
	if changed != "" {
		m.Changed = strings.Split(changed, ",")
	}
	return &m, err
}

func (db *DB) ClaimWebhookMessages(ctx context.Context, endpointID int64, now time.Time, lease time.Duration, limit int) ([]*cloud.WebhookMessage, error) {
	var out []*cloud.WebhookMessage
	err := db.inTx(ctx, func(c conn) error {
		// SKIP LOCKED: instances claiming at once take different
		// messages; SQLite's write lock serialises claims anyway.
		skip := ""
		if c.d.lockRows != "" {
			skip = " FOR UPDATE OF m SKIP LOCKED"
		}
		var err error
		out, err = list(c, "webhook messages", scanMessage, `SELECT `+messageColumns+` FROM webhook_messages m
			JOIN webhook_endpoints e ON e.id = m.endpoint_id
			WHERE m.endpoint_id = $1 AND m.status = $2 AND m.next_attempt_at <= $3 AND e.enabled = true
			ORDER BY m.next_attempt_at, m.id LIMIT $4`+skip, endpointID, cloud.WebhookPending, now, limit)
		if err != nil || len(out) == 0 {
			return err
		}
		// The whole claim's lease in one statement.
		ids := make([]any, 0, len(out)+1)
		ids = append(ids, now.Add(lease))
		for _, m := range out {
			m.NextAttemptAt = now.Add(lease)
			ids = append(ids, m.ID)
		}
		_, err = c.exec(`UPDATE webhook_messages SET next_attempt_at = $1 WHERE id IN (`+placeholders(2, len(out))+`)`, ids...)
		return storeError(err, "webhook message")
	})
	return out, err
}

// placeholders is "$from, $from+1, ..." for n arguments.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", from+i)
	}
	return b.String()
}

func (db *DB) ClaimWebhookMessage(ctx context.Context, id int64, now time.Time, lease time.Duration) (*cloud.WebhookMessage, bool, error) {
	var m *cloud.WebhookMessage
	claimed := false
	err := db.inTx(ctx, func(c conn) error {
		var err error
		m, err = scanMessage(c.queryRow(`SELECT `+messageColumns+` FROM webhook_messages m
			JOIN webhook_endpoints e ON e.id = m.endpoint_id WHERE m.id = $1 AND e.enabled = true`+lockOf(c, "m"), id))
		if err != nil {
			return storeError(err, "webhook message")
		}
		if m.Status != cloud.WebhookPending || m.NextAttemptAt.After(now) {
			return nil
		}
		m.NextAttemptAt, claimed = now.Add(lease), true
		_, err = c.exec(`UPDATE webhook_messages SET next_attempt_at = $2 WHERE id = $1`, m.ID, m.NextAttemptAt)
		return storeError(err, "webhook message")
	})
	return m, claimed, err
}

// lockOf is the lock of a SELECT on the rows of one table of a join.
func lockOf(c conn, table string) string {
	if c.d.lockRows == "" {
		return ""
	}
	return c.d.lockRows + " OF " + table
}

func (db *DB) RecordWebhookAttempts(ctx context.Context, endpointID int64, messages []*cloud.WebhookMessage, attempts []*cloud.WebhookAttempt) error {
	if len(messages) == 0 {
		return nil
	}
	return db.inTx(ctx, func(c conn) error {
		// The delivered ones, the usual case, in one statement; each other
		// its own (its next attempt has its own jitter).
		var delivered []any
		var deliveredAt time.Time
		for _, m := range messages {
			if m.Status == cloud.WebhookDelivered {
				delivered = append(delivered, m.ID)
				deliveredAt = m.DeliveredAt
				continue
			}
			if _, err := c.exec(`UPDATE webhook_messages SET status = $2, attempts = $3, next_attempt_at = $4
				WHERE id = $1`, m.ID, m.Status, m.Attempts, m.NextAttemptAt); err != nil {
				return storeError(err, "webhook message")
			}
		}
		if len(delivered) > 0 {
			if _, err := c.exec(`UPDATE webhook_messages SET status = $1, attempts = attempts + 1, delivered_at = $2
				WHERE id IN (`+placeholders(3, len(delivered))+`)`,
				append([]any{cloud.WebhookDelivered, deliveredAt}, delivered...)...); err != nil {
				return storeError(err, "webhook message")
			}
		}
		const columns = 6
		values := make([]string, len(attempts))
		args := make([]any, 0, columns*len(attempts)+1)
		args = append(args, endpointID)
		firstFailure, anySucceeded := time.Time{}, false
		for i, a := range attempts {
			values[i] = "(" + placeholders(2+i*columns, columns) + ", $1)"
			args = append(args, a.MessageID, a.AttemptedAt, a.Succeeded, a.ResponseCode, a.Duration.Milliseconds(),
				a.ResponseBody)
			anySucceeded = anySucceeded || a.Succeeded
			if !a.Succeeded && (firstFailure.IsZero() || a.AttemptedAt.Before(firstFailure)) {
				firstFailure = a.AttemptedAt
			}
		}
		if _, err := c.exec(`INSERT INTO webhook_attempts (message_id, attempted_at, succeeded, response_code,
			duration_ms, response_body, endpoint_id) VALUES `+strings.Join(values, ", "), args...); err != nil {
			return storeError(err, "webhook attempt")
		}
		// The endpoint's row only when its state changes: every batch
		// writing it would queue each instance's batches behind the
		// others' on its lock. Any answer clears failing_since: "every
		// delivery failed" is no longer true.
		var err error
		if anySucceeded {
			_, err = c.exec(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`,
				endpointID)
		} else {
			_, err = c.exec(`UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL`,
				endpointID, firstFailure)
		}
		return storeError(err, "webhook endpoint")
	})
}

func (db *DB) DueWebhookEndpoints(ctx context.Context, now time.Time, limit int) ([]*cloud.WebhookEndpoint, error) {
	return list(db.conn(ctx), "webhook endpoints", scanEndpoint, `SELECT `+endpointColumns+` FROM webhook_endpoints
		WHERE enabled = true AND id IN (SELECT endpoint_id FROM webhook_messages WHERE status = $1 AND next_attempt_at <= $2)
		ORDER BY id LIMIT $3`, cloud.WebhookPending, now, limit)
}

func (db *DB) NextWebhookAttempt(ctx context.Context, endpointID int64) (time.Time, error) {
	var next time.Time
	err := db.conn(ctx).queryRow(`SELECT min(next_attempt_at) FROM webhook_messages WHERE endpoint_id = $1 AND status = $2`,
		endpointID, cloud.WebhookPending).Scan(timeDest(&next))
	return next, storeError(err, "webhook messages")
}

func (db *DB) FindWebhookMessage(ctx context.Context, endpointID, id int64) (*cloud.WebhookMessage, error) {
	m, err := scanMessage(db.conn(ctx).queryRow(`SELECT `+messageColumns+` FROM webhook_messages m
		WHERE m.endpoint_id = $1 AND m.id = $2`, endpointID, id))
	if cloud.ErrorCode(storeError(err, "")) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgWebhookMessageNotFound)
	}
	return m, storeError(err, "webhook message")
}

func (db *DB) ResendWebhookMessage(ctx context.Context, endpointID, id int64, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE webhook_messages SET status = $3, next_attempt_at = $4
		WHERE endpoint_id = $1 AND id = $2`, endpointID, id, cloud.WebhookPending, now)
	if err != nil {
		return storeError(err, "webhook message")
	}
	if n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgWebhookMessageNotFound)
	}
	return nil
}

func (db *DB) ListWebhookAttempts(ctx context.Context, endpointID int64, since time.Time, before cloud.ChangesCursor, limit int) ([]*cloud.WebhookAttempt, error) {
	where, args := `a.endpoint_id = $1 AND a.attempted_at >= $2`, []any{endpointID, since, limit}
	if before.ID != 0 {
		args = append(args, before.UpdatedAt, before.ID)
		where += ` AND (a.attempted_at < $4 OR (a.attempted_at = $4 AND a.id < $5))`
	}
	return list(db.conn(ctx), "webhook attempts", func(row scanner) (*cloud.WebhookAttempt, error) {
		var a cloud.WebhookAttempt
		var ms int64
		err := row.Scan(&a.ID, &a.MessageID, &a.EndpointID, &a.WebhookID, &a.EventType, timeDest(&a.AttemptedAt),
			&a.Succeeded, &a.ResponseCode, &ms, &a.ResponseBody)
		a.Duration = time.Duration(ms) * time.Millisecond
		return &a, err
	}, `SELECT a.id, a.message_id, a.endpoint_id, m.webhook_id, m.event_type, a.attempted_at, a.succeeded,
		a.response_code, a.duration_ms, a.response_body
		FROM webhook_attempts a JOIN webhook_messages m ON m.id = a.message_id
		WHERE `+where+` ORDER BY a.attempted_at DESC, a.id DESC LIMIT $3`, args...)
}

func (db *DB) DisableFailingWebhookEndpoints(ctx context.Context, before time.Time, reason string, now time.Time) ([]*cloud.WebhookEndpoint, error) {
	var out []*cloud.WebhookEndpoint
	err := db.inTx(ctx, func(c conn) error {
		var err error
		out, err = list(c, "webhook endpoints", scanEndpoint, `SELECT `+endpointColumns+` FROM webhook_endpoints
			WHERE enabled = true AND failing_since IS NOT NULL AND failing_since < $1 ORDER BY id`+c.d.lockRows, before)
		if err != nil {
			return err
		}
		for _, e := range out {
			// What it may have missed starts at its first failure, or at
			// the oldest change still undelivered that was being retried
			// then (a message of before the failures began that kept
			// failing): earlier is safe, a later start would skip changes.
			var oldest time.Time
			if err := c.queryRow(`SELECT min(occurred_at) FROM webhook_messages WHERE endpoint_id = $1
				AND status <> $2 AND occurred_at >= $3`, e.ID, cloud.WebhookDelivered,
				e.FailingSince.Add(-cloud.WebhookRetryFor)).Scan(timeDest(&oldest)); err != nil {
				return storeError(err, "webhook messages")
			}
			e.MissedSince = e.FailingSince
			if !oldest.IsZero() && oldest.Before(e.MissedSince) {
				e.MissedSince = oldest
			}
			e.Enabled, e.DisabledReason, e.UpdatedAt = false, reason, now
			if _, err := c.exec(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = $3,
				missed_since = $4 WHERE id = $1`, e.ID, reason, now, e.MissedSince); err != nil {
				return storeError(err, "webhook endpoint")
			}
		}
		return nil
	})
	return out, err
}

func (db *DB) DeleteWebhookLogBefore(ctx context.Context, before time.Time) (int64, error) {
	var total int64
	err := db.inTx(ctx, func(c conn) error {
		for _, query := range []string{
			`DELETE FROM webhook_attempts WHERE attempted_at < $1`,
			`DELETE FROM webhook_messages WHERE occurred_at < $1 AND status <> 'pending'`,
			`DELETE FROM qr_code_tombstones WHERE deleted_at < $1`,
		} {
			n, err := c.exec(query, before)
			if err != nil {
				return storeError(err, "webhook log")
			}
			total += n
		}
		return nil
	})
	return total, err
}

// insertTombstone keeps a deleted code for the changes feed.
func insertTombstone(c conn, organizationID, codeID int64, externalID string, at time.Time) error {
	_, err := c.exec(`INSERT INTO qr_code_tombstones (organization_id, code_id, external_id, deleted_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (organization_id, code_id) DO NOTHING`,
		organizationID, codeID, nullIfEmpty(externalID), at)
	return storeError(err, "qr code tombstone")
}

func (db *DB) CodeTombstones(ctx context.Context, organizationID int64, since time.Time, after cloud.ChangesCursor, limit int) ([]*cloud.CodeTombstone, error) {
	where, args := ` WHERE organization_id = $1`, []any{organizationID}
	if !since.IsZero() {
		args = append(args, since)
		where += fmt.Sprintf(` AND deleted_at >= $%d`, len(args))
	}
	if after.ID != 0 {
		args = append(args, after.UpdatedAt, after.ID)
		where += fmt.Sprintf(` AND (deleted_at > $%d OR (deleted_at = $%[1]d AND code_id > $%d))`, len(args)-1, len(args))
	}
	args = append(args, limit)
	return list(db.conn(ctx), "qr code tombstones", func(row scanner) (*cloud.CodeTombstone, error) {
		var t cloud.CodeTombstone
		err := row.Scan(&t.CodeID, &t.ExternalID, timeDest(&t.DeletedAt))
		return &t, err
	}, `SELECT code_id, coalesce(external_id, ''), deleted_at FROM qr_code_tombstones`+where+
		fmt.Sprintf(` ORDER BY deleted_at, code_id LIMIT $%d`, len(args)), args...)
}
