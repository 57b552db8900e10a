package sqldb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Corporate integration (issue 23): codes by the organisation's own id
// (external_id) and the changes feed.

func (db *DB) FindCodesByExternalID(ctx context.Context, organizationID int64, externalIDs []string) ([]*cloud.CorporateCode, error) {
	if len(externalIDs) == 0 {
		return nil, nil
	}
	args := []any{organizationID}
	marks := make([]string, 0, len(externalIDs))
	for _, id := range externalIDs {
		args = append(args, id)
		marks = append(marks, fmt.Sprintf("$%d", len(args)))
	}
	return list(db.conn(ctx), "qr codes", scanCode, `SELECT `+codeColumns+codeFrom+`
		WHERE q.organization_id = $1 AND q.external_id IN (`+strings.Join(marks, ", ")+`) ORDER BY q.id`, args...)
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
		for _, q := range updates {
			if err := updateCode(c, q); err != nil {
				return err
			}
		}
		for _, q := range creates {
			if err := insertCode(c, q); err != nil {
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
