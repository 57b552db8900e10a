package sqldb

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Projects: projects, with the count of their codes.

const projectColumns = `p.id, p.organization_id, p.name, p.description, p.status, p.start_date, p.end_date,
	coalesce(p.created_by, 0), p.created_at, (SELECT count(*) FROM organization_qr_codes q WHERE q.project_id = p.id)`

func scanProject(row scanner) (*cloud.Project, error) {
	var p cloud.Project
	err := row.Scan(&p.ID, &p.OrganizationID, &p.Name, &p.Description, &p.Status, &p.StartDate, &p.EndDate,
		&p.CreatedBy, timeDest(&p.CreatedAt), &p.CodeCount)
	return &p, err
}

func findProject(c conn, organizationID, id int64) (*cloud.Project, error) {
	p, err := scanProject(c.queryRow(`SELECT `+projectColumns+` FROM projects p
		WHERE p.id = $1 AND p.organization_id = $2`, id, organizationID))
	if err != nil {
		return nil, storeError(err, "project")
	}
	return p, nil
}

func (db *DB) ListProjects(ctx context.Context, organizationID int64) ([]*cloud.Project, error) {
	return list(db.conn(ctx), "projects", scanProject, `SELECT `+projectColumns+` FROM projects p
		WHERE p.organization_id = $1 ORDER BY p.id`, organizationID)
}

func (db *DB) FindProject(ctx context.Context, organizationID, id int64) (*cloud.Project, error) {
	return findProject(db.conn(ctx), organizationID, id)
}

func (db *DB) CreateProject(ctx context.Context, p *cloud.Project, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		err := c.queryRow(`INSERT INTO projects (organization_id, name, name_key, description, status, start_date, end_date,
			created_by, created_at, search_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			p.OrganizationID, p.Name, p.NameKey(), p.Description, p.Status, p.StartDate, p.EndDate,
			nullIfZero(p.CreatedBy), p.CreatedAt, emergency.FoldForSearch(p.Name)).Scan(&p.ID)
		if err != nil {
			return storeError(err, "project")
		}
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) UpdateProject(ctx context.Context, p *cloud.Project, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		n, err := c.exec(`UPDATE projects SET name = $3, name_key = $4, description = $5, status = $6,
			start_date = $7, end_date = $8, search_name = $9 WHERE id = $1 AND organization_id = $2`,
			p.ID, p.OrganizationID, p.Name, p.NameKey(), p.Description, p.Status, p.StartDate, p.EndDate,
			emergency.FoldForSearch(p.Name))
		if err != nil {
			return storeError(err, "project")
		}
		if n == 0 {
			return cloud.Errorf(cloud.ENOTFOUND, "project not found")
		}
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) DeleteProject(ctx context.Context, organizationID, id int64, a *cloud.Activity) (int, error) {
	codes := 0
	err := db.inTx(ctx, func(c conn) error {
		p, err := findProject(c, organizationID, id)
		if err != nil {
			return err
		}
		// A code added meanwhile keeps the project: the delete counts again.
		n, err := c.exec(`DELETE FROM projects WHERE id = $1 AND organization_id = $2
			AND NOT EXISTS (SELECT 1 FROM organization_qr_codes q WHERE q.project_id = projects.id)`, id, organizationID)
		if err != nil {
			return storeError(err, "project")
		}
		if n == 0 {
			codes = max(p.CodeCount, 1)
			return cloud.Errorf(cloud.ECONFLICT, "project holds codes")
		}
		return corporateTx{c}.AddActivity(a)
	})
	return codes, err
}
