package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateAnalyticsEvent(ctx context.Context, e *cloud.AnalyticsEvent) error {
	err := db.conn(ctx).queryRow(`
		INSERT INTO analytics_events (kind, name, category, label, value, path, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		e.Kind, e.Name, e.Category, e.Label, e.Value, e.Path, e.CreatedAt,
	).Scan(&e.ID)
	return storeError(err, "analytics event")
}

func (db *DB) CountAnalyticsEvents(ctx context.Context, since time.Time) ([]*cloud.AnalyticsCount, error) {
	c := db.conn(ctx)
	return list(c, "analytics counts", func(row scanner) (*cloud.AnalyticsCount, error) {
		var n cloud.AnalyticsCount
		err := row.Scan(&n.Kind, &n.Name, &n.Path, &n.Count)
		return &n, err
	}, `
		SELECT kind, name, path, count(*) FROM analytics_events
		WHERE created_at >= $1
		GROUP BY kind, name, path
		ORDER BY kind`+c.d.byteOrder+`, name`+c.d.byteOrder+`, path`+c.d.byteOrder, since)
}

func (db *DB) DeleteAnalyticsEventsBefore(ctx context.Context, before time.Time) (int64, error) {
	n, err := db.conn(ctx).exec(`DELETE FROM analytics_events WHERE created_at < $1`, before)
	return n, storeError(err, "analytics events")
}
