package sqldb

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/lifetag/lifetag/cloud"
)

// Form templates: form_templates. The fields are stored as JSON text
// (emergency.Field); they are labels, not medical data.

const templateColumns = `id, organization_id, name, description, fields, is_default, coalesce(created_by, 0),
	created_at, updated_at`

func scanTemplate(row scanner) (*cloud.Template, error) {
	var t cloud.Template
	var fields string
	err := row.Scan(&t.ID, &t.OrganizationID, &t.Name, &t.Description, &fields, &t.IsDefault, &t.CreatedBy,
		timeDest(&t.CreatedAt), timeDest(&t.UpdatedAt))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(fields), &t.Fields); err != nil {
		return nil, fmt.Errorf("template %d has malformed fields: %w", t.ID, err)
	}
	return &t, nil
}

func (db *DB) ListTemplates(ctx context.Context, organizationID int64) ([]*cloud.Template, error) {
	return list(db.conn(ctx), "templates", scanTemplate, `SELECT `+templateColumns+` FROM form_templates
		WHERE organization_id = $1 AND is_active ORDER BY id`, organizationID)
}

func (db *DB) FindTemplate(ctx context.Context, id int64) (*cloud.Template, error) {
	t, err := scanTemplate(db.conn(ctx).queryRow(`SELECT `+templateColumns+` FROM form_templates
		WHERE id = $1 AND is_active`, id))
	return t, storeError(err, "template")
}

func (db *DB) CreateTemplate(ctx context.Context, t *cloud.Template, a *cloud.Activity) error {
	fields, err := json.Marshal(t.Fields)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(c conn) error {
		if err := clearDefault(c, t); err != nil {
			return err
		}
		err := c.queryRow(`INSERT INTO form_templates (organization_id, name, description, fields, is_default,
			created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
			t.OrganizationID, t.Name, t.Description, string(fields), t.IsDefault, nullIfZero(t.CreatedBy),
			t.CreatedAt).Scan(&t.ID)
		if err != nil {
			return storeError(err, "template")
		}
		t.UpdatedAt = t.CreatedAt
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) UpdateTemplate(ctx context.Context, t *cloud.Template, a *cloud.Activity) error {
	fields, err := json.Marshal(t.Fields)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(c conn) error {
		if err := clearDefault(c, t); err != nil {
			return err
		}
		n, err := c.exec(`UPDATE form_templates SET name = $3, description = $4, fields = $5, is_default = $6,
			updated_at = $7 WHERE id = $1 AND organization_id = $2 AND is_active`,
			t.ID, t.OrganizationID, t.Name, t.Description, string(fields), t.IsDefault, t.UpdatedAt)
		if err != nil {
			return storeError(err, "template")
		}
		if n == 0 {
			return cloud.Errorf(cloud.ENOTFOUND, "template not found")
		}
		return corporateTx{c}.AddActivity(a)
	})
}

// clearDefault takes the default flag off the organisation's other
// templates when t is to be the default (one per organisation, which a
// unique index also holds).
func clearDefault(c conn, t *cloud.Template) error {
	if !t.IsDefault {
		return nil
	}
	_, err := c.exec(`UPDATE form_templates SET is_default = false
		WHERE organization_id = $1 AND is_default AND id <> $2`, t.OrganizationID, t.ID)
	return storeError(err, "template")
}

func (db *DB) DeleteTemplate(ctx context.Context, organizationID, id int64, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		n, err := c.exec(`DELETE FROM form_templates WHERE id = $1 AND organization_id = $2`, id, organizationID)
		if err != nil {
			return storeError(err, "template")
		}
		if n == 0 {
			return cloud.Errorf(cloud.ENOTFOUND, "template not found")
		}
		return corporateTx{c}.AddActivity(a)
	})
}
