package sqlite

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

func (db *DB) CreateAnalyticsEvent(ctx context.Context, e *cloud.AnalyticsEvent) error {
	err := db.db.QueryRowContext(ctx, `
		INSERT INTO analytics_events (kind, name, category, label, value, path, created_at)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id`,
		e.Kind, e.Name, e.Category, e.Label, e.Value, e.Path, formatTime(e.CreatedAt),
	).Scan(&e.ID)
	return storeError(err, "analytics event")
}

func (db *DB) CountAnalyticsEvents(ctx context.Context, since time.Time) ([]*cloud.AnalyticsCount, error) {
	// Times are fixed-width text, so >= compares them as times.
	rows, err := db.db.QueryContext(ctx, `
		SELECT kind, name, path, count(*) FROM analytics_events
		WHERE created_at >= ?1
		GROUP BY kind, name, path
		ORDER BY kind, name, path`, formatTime(since))
	if err != nil {
		return nil, storeError(err, "analytics counts")
	}
	defer rows.Close()
	var counts []*cloud.AnalyticsCount
	for rows.Next() {
		var c cloud.AnalyticsCount
		if err := rows.Scan(&c.Kind, &c.Name, &c.Path, &c.Count); err != nil {
			return nil, storeError(err, "analytics counts")
		}
		counts = append(counts, &c)
	}
	return counts, storeError(rows.Err(), "analytics counts")
}

func (db *DB) DeleteAnalyticsEventsBefore(ctx context.Context, before time.Time) (int64, error) {
	// Times are fixed-width text, so < compares them as times.
	res, err := db.db.ExecContext(ctx, `DELETE FROM analytics_events WHERE created_at < ?1`, formatTime(before))
	if err != nil {
		return 0, storeError(err, "analytics events")
	}
	n, err := res.RowsAffected()
	return n, storeError(err, "analytics events")
}
