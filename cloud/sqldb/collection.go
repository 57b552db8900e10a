package sqldb

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Worker self-service collection links: collection_links.

// collectionLinkColumns reads a link with its template's and project's
// names (empty when it has none or they are gone).
const collectionLinkColumns = `l.id, l.organization_id, l.token_hash, coalesce(l.template_id, 0),
	coalesce(l.project_id, 0), coalesce(l.code_id, 0), l.expires_at, l.revoked_at, l.submissions,
	l.last_submission_at, coalesce(l.created_by, 0), l.created_at, l.external_id_field, coalesce(t.name, ''), coalesce(p.name, '')
	FROM collection_links l
	LEFT JOIN form_templates t ON t.id = l.template_id
	LEFT JOIN projects p ON p.id = l.project_id`

func scanCollectionLink(row scanner) (*cloud.CollectionLink, error) {
	var l cloud.CollectionLink
	err := row.Scan(&l.ID, &l.OrganizationID, &l.TokenHash, &l.TemplateID, &l.ProjectID, &l.CodeID,
		timeDest(&l.ExpiresAt), timeDest(&l.RevokedAt), &l.Submissions, timeDest(&l.LastSubmissionAt),
		&l.CreatedBy, timeDest(&l.CreatedAt), &l.ExternalIDField, &l.TemplateName, &l.ProjectName)
	return &l, err
}

func (db *DB) CreateCollectionLink(ctx context.Context, l *cloud.CollectionLink) error {
	return db.inTx(ctx, func(c conn) error {
		// The foreign keys only say a row exists; the link's template,
		// project and code must also be its own organisation's.
		for _, ref := range []struct {
			id    int64
			table string
			extra string
		}{
			{l.TemplateID, "form_templates", " AND is_active"},
			{l.ProjectID, "projects", ""},
			{l.CodeID, "organization_qr_codes", ""},
		} {
			if ref.id == 0 {
				continue
			}
			var n int
			if err := c.queryRow(`SELECT count(*) FROM `+ref.table+` WHERE id = $1 AND organization_id = $2`+ref.extra,
				ref.id, l.OrganizationID).Scan(&n); err != nil {
				return storeError(err, "collection link")
			}
			if n == 0 {
				return cloud.NewError(cloud.ENOTFOUND, cloud.MsgCollectionLinkRefNotFound)
			}
		}
		err := c.queryRow(`
			INSERT INTO collection_links (organization_id, token_hash, template_id, project_id, code_id,
				expires_at, created_by, created_at, external_id_field)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
			l.OrganizationID, l.TokenHash, nullIfZero(l.TemplateID), nullIfZero(l.ProjectID), nullIfZero(l.CodeID),
			nullTime(l.ExpiresAt), nullIfZero(l.CreatedBy), l.CreatedAt, l.ExternalIDField,
		).Scan(&l.ID)
		return storeError(err, "collection link")
	})
}

func (db *DB) ListCollectionLinks(ctx context.Context, organizationID int64) ([]*cloud.CollectionLink, error) {
	return list(db.conn(ctx), "collection links", scanCollectionLink, `SELECT `+collectionLinkColumns+`
		WHERE l.organization_id = $1 AND l.code_id IS NULL ORDER BY l.id DESC`, organizationID)
}

func (db *DB) FindCollectionLink(ctx context.Context, organizationID, linkID int64) (*cloud.CollectionLink, error) {
	l, err := scanCollectionLink(db.conn(ctx).queryRow(`SELECT `+collectionLinkColumns+`
		WHERE l.organization_id = $1 AND l.id = $2`, organizationID, linkID))
	if err != nil {
		return nil, storeError(err, "collection link")
	}
	return l, nil
}

func (db *DB) FindCollectionLinkByToken(ctx context.Context, tokenHash []byte) (*cloud.CollectionLink, error) {
	l, err := scanCollectionLink(db.conn(ctx).queryRow(`SELECT `+collectionLinkColumns+`
		WHERE l.token_hash = $1`, tokenHash))
	if err != nil {
		return nil, storeError(err, "collection link")
	}
	return l, nil
}

func (db *DB) RevokeCollectionLink(ctx context.Context, organizationID, linkID int64, now time.Time) error {
	n, err := db.conn(ctx).exec(`UPDATE collection_links SET revoked_at = coalesce(revoked_at, $3)
		WHERE organization_id = $1 AND id = $2`, organizationID, linkID, now)
	if err == nil && n == 0 {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgCollectionLinkNotFound)
	}
	return storeError(err, "collection link")
}

func (db *DB) ClaimCollectionSubmission(ctx context.Context, linkID int64, now time.Time) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE collection_links
		SET submissions = submissions + 1, last_submission_at = $2
		WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
			AND (code_id IS NULL OR submissions = 0)`, linkID, now)
	return n == 1, storeError(err, "collection link")
}

func (db *DB) ReleaseCollectionSubmission(ctx context.Context, linkID int64) error {
	_, err := db.conn(ctx).exec(`UPDATE collection_links SET submissions = submissions - 1
		WHERE id = $1 AND submissions > 0`, linkID)
	return storeError(err, "collection link")
}
