package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateAnalyticsEvent(ctx context.Context, e *cloud.AnalyticsEvent) error {
	err := db.pool.QueryRow(ctx, `
		INSERT INTO analytics_events (kind, name, category, label, value, path, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		e.Kind, e.Name, e.Category, e.Label, e.Value, e.Path, e.CreatedAt,
	).Scan(&e.ID)
	return storeError(err, "analytics event")
}

func (db *DB) CountAnalyticsEvents(ctx context.Context, since time.Time) ([]*cloud.AnalyticsCount, error) {
	// COLLATE "C" orders by bytes, as SQLite does, whatever the database's
	// locale.
	rows, err := db.pool.Query(ctx, `
		SELECT kind, name, path, count(*) FROM analytics_events
		WHERE created_at >= $1
		GROUP BY kind, name, path
		ORDER BY kind COLLATE "C", name COLLATE "C", path COLLATE "C"`, since)
	if err != nil {
		return nil, storeError(err, "analytics counts")
	}
	counts, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*cloud.AnalyticsCount, error) {
		var c cloud.AnalyticsCount
		err := row.Scan(&c.Kind, &c.Name, &c.Path, &c.Count)
		return &c, err
	})
	return counts, storeError(err, "analytics counts")
}

func (db *DB) DeleteAnalyticsEventsBefore(ctx context.Context, before time.Time) (int64, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM analytics_events WHERE created_at < $1`, before)
	if err != nil {
		return 0, storeError(err, "analytics events")
	}
	return tag.RowsAffected(), nil
}
