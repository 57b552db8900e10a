package sqldb

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// An organisation's analytics, counted from organization_qr_codes, projects
// and label_print_runs. Months are made in the service from the rows' times,
// so the SQL stays the same in both dialects.

func (db *DB) CountOrgReport(ctx context.Context, organizationID int64, since time.Time) (*cloud.OrgReportCounts, error) {
	c := db.conn(ctx)
	var r cloud.OrgReportCounts
	var err error
	// Every project (with zeros), then the codes with no project if any.
	r.ByProject, err = list(c, "report projects", func(row scanner) (*cloud.ProjectCodeCount, error) {
		var p cloud.ProjectCodeCount
		return &p, row.Scan(&p.ProjectID, &p.ProjectName, &p.Active, &p.Inactive)
	}, `SELECT p.id, p.name,
			coalesce(sum(CASE WHEN q.id IS NOT NULL AND q.is_active THEN 1 ELSE 0 END), 0),
			coalesce(sum(CASE WHEN q.id IS NOT NULL AND NOT q.is_active THEN 1 ELSE 0 END), 0)
		FROM projects p LEFT JOIN organization_qr_codes q ON q.project_id = p.id AND q.organization_id = p.organization_id
		WHERE p.organization_id = $1
		GROUP BY p.id, p.name
		UNION ALL
		SELECT 0, '',
			coalesce(sum(CASE WHEN is_active THEN 1 ELSE 0 END), 0),
			coalesce(sum(CASE WHEN NOT is_active THEN 1 ELSE 0 END), 0)
		FROM organization_qr_codes WHERE organization_id = $1 AND project_id IS NULL
		HAVING count(*) > 0`, organizationID)
	if err != nil {
		return nil, err
	}
	// By name (byte order, ties by id), the codes with no project last. In
	// Go: a UNION cannot order by a collated expression.
	slices.SortFunc(r.ByProject, func(a, b *cloud.ProjectCodeCount) int {
		if (a.ProjectID == 0) != (b.ProjectID == 0) {
			return cmp.Compare(b.ProjectID, a.ProjectID) // 0 (no project) after any id
		}
		return cmp.Or(strings.Compare(a.ProjectName, b.ProjectName), cmp.Compare(a.ProjectID, b.ProjectID))
	})
	bySource, err := list(c, "report sources", func(row scanner) (*cloud.SourceCount, error) {
		var s cloud.SourceCount
		return &s, row.Scan(&s.Source, &s.Count)
	}, `SELECT source, count(*) FROM organization_qr_codes WHERE organization_id = $1
		GROUP BY source ORDER BY source`+c.d.byteOrder, organizationID)
	if err != nil {
		return nil, err
	}
	for _, s := range bySource {
		r.BySource = append(r.BySource, *s)
	}
	if err := c.queryRow(`SELECT count(*), coalesce(sum(CASE WHEN missing_fields > 0 THEN 1 ELSE 0 END), 0)
		FROM organization_qr_codes WHERE organization_id = $1`, organizationID).Scan(&r.Codes, &r.Incomplete); err != nil {
		return nil, storeError(err, "report incomplete")
	}
	created, err := list(c, "report codes created", func(row scanner) (*time.Time, error) {
		var t time.Time
		return &t, row.Scan(timeDest(&t))
	}, `SELECT created_at FROM organization_qr_codes WHERE organization_id = $1 AND created_at >= $2
		ORDER BY created_at`, organizationID, since)
	if err != nil {
		return nil, err
	}
	for _, t := range created {
		r.CodesCreated = append(r.CodesCreated, *t)
	}
	runs, err := list(c, "report print runs", func(row scanner) (*cloud.PrintRunTotal, error) {
		var p cloud.PrintRunTotal
		return &p, row.Scan(timeDest(&p.CreatedAt), &p.Labels)
	}, `SELECT created_at, labels FROM label_print_runs WHERE organization_id = $1 AND created_at >= $2
		ORDER BY created_at`, organizationID, since)
	if err != nil {
		return nil, err
	}
	for _, p := range runs {
		r.PrintRuns = append(r.PrintRuns, *p)
	}
	return &r, nil
}

// SeedRows runs one statement written in PostgreSQL's style, with the
// dialect's argument conversion. Only the conformance suite uses it, to lay
// down rows (templates, projects, codes, print runs) whose store methods
// belong to other parts of the corporate workspace.
func (db *DB) SeedRows(ctx context.Context, query string, args ...any) error {
	_, err := db.conn(ctx).exec(query, args...)
	return storeError(err, "seed")
}
