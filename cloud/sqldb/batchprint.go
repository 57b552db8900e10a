package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Batch print runs: label_print_runs.

func (db *DB) CreatePrintRun(ctx context.Context, r *cloud.PrintRun) error {
	return db.inTx(ctx, func(c conn) error {
		err := c.queryRow(`
			INSERT INTO label_print_runs (organization_id, user_id, layout, labels, codes, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			r.OrganizationID, nullIfZero(r.UserID), r.Layout, r.Labels, r.Codes, r.CreatedAt,
		).Scan(&r.ID)
		if err != nil {
			return storeError(err, "print run")
		}
		events, err := db.newEventWriter(c, r.OrganizationID)
		if err != nil {
			return err
		}
		return events.message(cloud.WebhookMessage{EventType: cloud.EventPrintRunCreated, PrintRunID: r.ID,
			OccurredAt: r.CreatedAt})
	})
}

func (db *DB) ListPrintRuns(ctx context.Context, organizationID int64, since time.Time) ([]*cloud.PrintRun, error) {
	return list(db.conn(ctx), "print runs", func(row scanner) (*cloud.PrintRun, error) {
		var r cloud.PrintRun
		err := row.Scan(&r.ID, &r.OrganizationID, &r.UserID, &r.Layout, &r.Labels, &r.Codes, timeDest(&r.CreatedAt))
		return &r, err
	}, `
		SELECT id, organization_id, coalesce(user_id, 0), layout, labels, codes, created_at
		FROM label_print_runs
		WHERE organization_id = $1 AND created_at >= $2
		ORDER BY created_at DESC, id DESC`, organizationID, since)
}
