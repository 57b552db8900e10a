package sqldb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Corporate integration: codes by the organisation's own id
// (external_id, matched in any case through external_id_key) and the
// changes feed.

func (db *DB) FindCodesByExternalID(ctx context.Context, organizationID int64, externalIDs []string) ([]*cloud.CorporateCode, error) {
	if len(externalIDs) == 0 {
		return nil, nil
	}
	args := []any{organizationID}
	marks := make([]string, 0, len(externalIDs))
	for _, id := range externalIDs {
		args = append(args, cloud.ExternalIDKey(id))
		marks = append(marks, fmt.Sprintf("$%d", len(args)))
	}
	return list(db.conn(ctx), "qr codes", scanCode, `SELECT `+codeColumns+codeFrom+`
		WHERE q.organization_id = $1 AND q.external_id_key IN (`+strings.Join(marks, ", ")+`) ORDER BY q.id`, args...)
}

func (db *DB) SaveCodes(ctx context.Context, organizationID int64, creates, updates []*cloud.CorporateCode, a *cloud.Activity) error {
	if len(creates) == 0 && len(updates) == 0 {
		return nil
	}
	return db.inTx(ctx, func(c conn) error {
		// The organisation's row, locked, serialises every create of its
		// codes, this batch's and CreateCodes' (SQLite: the transaction's
		// write lock already does), so two batches cannot pass the quota
		// together.
		org, err := findOrganization(c, `id = $1`+c.d.lockRows, organizationID)
		if err != nil {
			return err
		}
		if len(creates) > 0 {
			var used int
			if err := c.queryRow(`SELECT count(*) FROM organization_qr_codes WHERE organization_id = $1`,
				organizationID).Scan(&used); err != nil {
				return storeError(err, "qr codes")
			}
			if err := cloud.CanCreateCodes(org, used, creates[0].CreatedAt); err != nil {
				return err
			}
			if used+len(creates) > org.MaxQRCodes {
				return cloud.QuotaError(org.MaxQRCodes, used, len(creates))
			}
		}
		projects := map[int64]bool{}
		for _, q := range append(append([]*cloud.CorporateCode(nil), creates...), updates...) {
			if q.OrganizationID != organizationID {
				return cloud.Errorf(cloud.EINTERNAL, "codes of two organisations in one save")
			}
			if q.ProjectID != 0 && !projects[q.ProjectID] {
				if _, err := findProject(c, organizationID, q.ProjectID); err != nil {
					return err
				}
				projects[q.ProjectID] = true
			}
		}
		events, err := db.newEventWriter(c, organizationID)
		if err != nil {
			return err
		}
		for _, q := range updates {
			if err := updateCode(c, q, events); err != nil {
				return err
			}
		}
		for _, q := range creates {
			if err := insertCode(c, q, events); err != nil {
				return err
			}
		}
		if a == nil {
			return nil
		}
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) CodeChanges(ctx context.Context, organizationID int64, since time.Time, after cloud.ChangesCursor, limit int) ([]*cloud.CorporateCode, error) {
	// updated_at is set on every row (migration 00121 filled the old
	// ones), so the index (organization_id, updated_at, id) serves this.
	where, args := ` WHERE q.organization_id = $1`, []any{organizationID}
	if !since.IsZero() {
		args = append(args, since)
		where += fmt.Sprintf(` AND q.updated_at >= $%d`, len(args))
	}
	if after.ID != 0 {
		args = append(args, after.UpdatedAt, after.ID)
		where += fmt.Sprintf(` AND (q.updated_at > $%d OR (q.updated_at = $%[1]d AND q.id > $%d))`, len(args)-1, len(args))
	}
	args = append(args, limit)
	return list(db.conn(ctx), "qr codes", scanCode, `SELECT `+codeColumns+codeFrom+where+
		fmt.Sprintf(` ORDER BY q.updated_at, q.id LIMIT $%d`, len(args)), args...)
}

func (db *DB) ClaimIdempotencyKey(ctx context.Context, r cloud.IdempotentRequest) (*cloud.IdempotentAnswer, error) {
	c := db.conn(ctx)
	// The primary key decides between two claims at once: one inserts, the
	// other (PostgreSQL: after the first commits) does nothing and reads it.
	n, err := c.exec(`INSERT INTO idempotency_keys (organization_id, caller, idempotency_key, request_hash, created_at,
			instance, claim, lease_until)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (organization_id, caller, idempotency_key) DO NOTHING`,
		r.OrganizationID, r.Caller, r.Key, r.RequestHash, r.CreatedAt, r.Instance, r.Claim, r.LeaseUntil)
	if err != nil || n == 1 {
		return nil, storeError(err, "idempotency key")
	}
	// A use past its time is the key's to take again, and so is a running
	// use of this same request whose lease ran out: its request died
	// before it committed (it commits its writes with its answer, so a
	// running use has written nothing). Only one taker wins; a holder that
	// was only slow cannot commit after that (FinishIdempotencyKey). Times
	// are the instances' clocks: a skew between them moves when a lease
	// ends, never lets two holders both commit.
	n, err = c.exec(`UPDATE idempotency_keys SET request_hash = $4, status = NULL, content_type = '', body = NULL,
			created_at = $5, instance = $6, claim = $7, lease_until = $8
		WHERE organization_id = $1 AND caller = $2 AND idempotency_key = $3
			AND (created_at < $9 OR (status IS NULL AND request_hash = $4 AND (lease_until IS NULL OR lease_until < $5)))`,
		r.OrganizationID, r.Caller, r.Key, r.RequestHash, r.CreatedAt, r.Instance, r.Claim, r.LeaseUntil,
		r.CreatedAt.Add(-cloud.IdempotencyTTL))
	if err != nil || n == 1 {
		return nil, storeError(err, "idempotency key")
	}
	var a cloud.IdempotentAnswer
	err = c.queryRow(`SELECT request_hash, coalesce(status, 0), content_type, body FROM idempotency_keys
		WHERE organization_id = $1 AND caller = $2 AND idempotency_key = $3`, r.OrganizationID, r.Caller, r.Key).
		Scan(&a.RequestHash, &a.Status, &a.ContentType, &a.Body)
	if err != nil {
		return nil, storeError(err, "idempotency key")
	}
	return &a, nil
}

// heldIdempotencyKey is the WHERE of the key that r holds: its claim, still
// running.
const heldIdempotencyKey = ` WHERE organization_id = $1 AND caller = $2 AND idempotency_key = $3 AND claim = $4 AND status IS NULL`

func (db *DB) RenewIdempotencyKey(ctx context.Context, r cloud.IdempotentRequest, until time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE idempotency_keys SET lease_until = $5`+heldIdempotencyKey,
		r.OrganizationID, r.Caller, r.Key, r.Claim, until)
	return n == 1, storeError(err, "idempotency key")
}

func (db *DB) FinishIdempotencyKey(ctx context.Context, r cloud.IdempotentRequest, a *cloud.IdempotentAnswer) error {
	c := db.conn(ctx)
	if a == nil {
		_, err := c.exec(`DELETE FROM idempotency_keys`+heldIdempotencyKey, r.OrganizationID, r.Caller, r.Key, r.Claim)
		return storeError(err, "idempotency key")
	}
	n, err := c.exec(`UPDATE idempotency_keys SET status = $5, content_type = $6, body = $7`+heldIdempotencyKey,
		r.OrganizationID, r.Caller, r.Key, r.Claim, a.Status, a.ContentType, a.Body)
	if err != nil {
		return storeError(err, "idempotency key")
	}
	if n == 0 {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgIdempotencyInProgress)
	}
	return nil
}

func (db *DB) DeleteIdempotencyKeysBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM idempotency_keys WHERE created_at < $1`, before)
	return n, storeError(err, "idempotency keys")
}
