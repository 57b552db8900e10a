package sqldb

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// The QR code library: organization_qr_codes. The record is sealed by the
// service; here it is bytes.

const codeColumns = `q.id, q.organization_id, coalesce(q.project_id, 0), coalesce(p.name, ''),
	coalesce(q.template_id, 0), q.template_name, q.name, q.label_type, q.is_active, q.source, q.missing_fields,
	coalesce(q.created_by, 0), q.emergency_data, q.created_at, coalesce(q.updated_at, q.created_at),
	coalesce(q.external_id, ''), coalesce(q.reviewed_at, q.created_at)`

// codeFrom joins each code to its project's name.
const codeFrom = ` FROM organization_qr_codes q LEFT JOIN projects p ON p.id = q.project_id`

func scanCode(row scanner) (*cloud.CorporateCode, error) {
	var c cloud.CorporateCode
	err := row.Scan(&c.ID, &c.OrganizationID, &c.ProjectID, &c.ProjectName, &c.TemplateID, &c.TemplateName,
		&c.Name, &c.LabelType, &c.IsActive, &c.Source, &c.MissingFields, &c.CreatedBy, &c.Sealed,
		timeDest(&c.CreatedAt), timeDest(&c.UpdatedAt), &c.ExternalID, timeDest(&c.ReviewedAt))
	return &c, err
}

// maxLatinSearchWords bounds the words of a search matched one by one
// against the Latin spelling of names: no name has more, and each is two
// conditions of the query.
const maxLatinSearchWords = 8

// codeWhere is the WHERE clause of f's codes and its arguments, the
// organisation's id first.
func codeWhere(organizationID int64, f cloud.CodeFilter) (string, []any) {
	where, args := ` WHERE q.organization_id = $1`, []any{organizationID}
	if search := strings.TrimSpace(f.Search); search != "" {
		// Both names are kept folded (search_name), so the folded search
		// finds them whatever their case and accents.
		args = append(args, likeContains(emergency.FoldForSearch(search)))
		match := []string{fmt.Sprintf(`q.search_name LIKE $%d ESCAPE '\' OR p.search_name LIKE $%[1]d ESCAPE '\'`, len(args))}
		// The employee or badge number, anywhere in it, in any case.
		args = append(args, likeContains(cloud.ExternalIDKey(search)))
		match = append(match, fmt.Sprintf(`q.external_id_key LIKE $%d ESCAPE '\'`, len(args)))
		// The code's id, as the library shows it.
		if id, err := strconv.ParseInt(strings.TrimPrefix(search, "#"), 10, 64); err == nil && id > 0 {
			args = append(args, id)
			match = append(match, fmt.Sprintf(`q.id = $%d`, len(args)))
		}
		// A name in another script by its Latin spelling: every word of
		// the search in it (emergency.MatchesLatin's rule).
		if words := emergency.LatinSearchWords(search); len(words) > 0 && len(words) <= maxLatinSearchWords {
			all := make([]string, len(words))
			for i, w := range words {
				args = append(args, likeContains(w.Letters))
				all[i] = fmt.Sprintf(`q.search_latin LIKE $%d ESCAPE '\'`, len(args))
				if w.Consonants != "" {
					args = append(args, likeContains(w.Consonants))
					all[i] = fmt.Sprintf(`(%s OR q.search_latin LIKE $%d ESCAPE '\')`, all[i], len(args))
				}
			}
			match = append(match, strings.Join(all, ` AND `))
		}
		where += ` AND (` + strings.Join(match, ` OR `) + `)`
	}
	switch {
	case f.NoProject:
		where += ` AND q.project_id IS NULL`
	case f.ProjectID != 0:
		args = append(args, f.ProjectID)
		where += fmt.Sprintf(` AND q.project_id = $%d`, len(args))
	}
	if f.ExternalID != "" {
		args = append(args, cloud.ExternalIDKey(f.ExternalID))
		where += fmt.Sprintf(` AND q.external_id_key = $%d`, len(args))
	}
	if f.Active != nil {
		args = append(args, *f.Active)
		where += fmt.Sprintf(` AND q.is_active = $%d`, len(args))
	}
	if !f.ReviewedBefore.IsZero() {
		// The index (organization_id, reviewed_at) answers it.
		args = append(args, f.ReviewedBefore)
		where += fmt.Sprintf(` AND q.reviewed_at < $%d`, len(args))
	}
	if f.FoldedNames != nil {
		marks := make([]string, len(f.FoldedNames))
		for i, name := range f.FoldedNames {
			args = append(args, name)
			marks[i] = fmt.Sprintf("$%d", len(args))
		}
		if len(marks) == 0 {
			marks = []string{"NULL"} // no name: no code
		}
		where += ` AND q.search_name IN (` + strings.Join(marks, ", ") + `)`
	}
	return where, args
}

func (db *DB) ListCodes(ctx context.Context, organizationID int64, f cloud.CodeFilter) ([]*cloud.CorporateCode, error) {
	where, args := codeWhere(organizationID, f)
	page := ""
	if f.Limit > 0 {
		args = append(args, f.Limit, f.Offset)
		page = fmt.Sprintf(` LIMIT $%d OFFSET $%d`, len(args)-1, len(args))
	}
	return list(db.conn(ctx), "qr codes", scanCode, `SELECT `+codeColumns+codeFrom+where+` ORDER BY q.id DESC`+page, args...)
}

func (db *DB) CountCodes(ctx context.Context, organizationID int64, f cloud.CodeFilter) (int, error) {
	where, args := codeWhere(organizationID, f)
	// Only a search reads the project's name. Without the join PostgreSQL
	// counts from the organisation's index alone (an index-only scan): at
	// 50,000 codes 5 ms where the join's heap reads took 200 ms.
	from := ` FROM organization_qr_codes q`
	if strings.TrimSpace(f.Search) != "" {
		from = codeFrom
	}
	var n int
	if err := db.conn(ctx).queryRow(`SELECT count(*)`+from+where, args...).Scan(&n); err != nil {
		return 0, storeError(err, "qr codes")
	}
	return n, nil
}

func (db *DB) FindCode(ctx context.Context, organizationID, id int64) (*cloud.CorporateCode, error) {
	c, err := scanCode(db.conn(ctx).queryRow(`SELECT `+codeColumns+codeFrom+`
		WHERE q.id = $1 AND q.organization_id = $2`, id, organizationID))
	if err != nil {
		return nil, storeError(err, "qr code")
	}
	return c, nil
}

func (db *DB) CreateCodes(ctx context.Context, codes []*cloud.CorporateCode, a *cloud.Activity) error {
	if len(codes) == 0 {
		return nil
	}
	orgID := codes[0].OrganizationID
	return db.inTx(ctx, func(c conn) error {
		// The organisation's row, locked, serialises every create of its
		// codes (SQLite: the transaction's write lock already does).
		org, err := findOrganization(c, `id = $1`+c.d.lockRows, orgID)
		if err != nil {
			return err
		}
		var used int
		if err := c.queryRow(`SELECT count(*) FROM organization_qr_codes WHERE organization_id = $1`,
			orgID).Scan(&used); err != nil {
			return storeError(err, "qr codes")
		}
		// The codes' creation time is the clock the trial's end is read against.
		if err := cloud.CanCreateCodes(org, used, codes[0].CreatedAt); err != nil {
			return err
		}
		if used+len(codes) > org.MaxQRCodes {
			return cloud.QuotaError(org.MaxQRCodes, used, len(codes))
		}
		events, err := db.newEventWriter(c, orgID)
		if err != nil {
			return err
		}
		for _, q := range codes {
			if q.OrganizationID != orgID {
				return cloud.Errorf(cloud.EINTERNAL, "codes of two organisations in one create")
			}
			if q.ProjectID != 0 {
				if _, err := findProject(c, orgID, q.ProjectID); err != nil {
					return err
				}
			}
			if err := insertCode(c, q, events); err != nil {
				return err
			}
		}
		return corporateTx{c}.AddActivity(a)
	})
}

// insertCode inserts q, setting its id and updated time (and its reviewed
// time, when not given, to its creation), and writes its webhook messages.
func insertCode(c conn, q *cloud.CorporateCode, events *eventWriter) error {
	if q.ReviewedAt.IsZero() {
		q.ReviewedAt = q.CreatedAt
	}
	err := c.queryRow(`INSERT INTO organization_qr_codes (organization_id, project_id, name, emergency_data,
		label_type, is_active, template_id, template_name, source, missing_fields, created_by, created_at,
		updated_at, external_id, search_name, external_id_key, search_latin, reviewed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17)
		RETURNING id`,
		q.OrganizationID, nullIfZero(q.ProjectID), q.Name, q.Sealed, q.LabelType, q.IsActive, nullIfZero(q.TemplateID),
		q.TemplateName, q.Source, q.MissingFields, nullIfZero(q.CreatedBy), q.CreatedAt, nullIfEmpty(q.ExternalID),
		emergency.FoldForSearch(q.Name), nullIfEmpty(cloud.ExternalIDKey(q.ExternalID)),
		emergency.LatinForSearch(q.Name), q.ReviewedAt).Scan(&q.ID)
	if isUniqueViolation(err) {
		// The only unique index of the table but its key: (organization_id, external_id_key).
		return cloud.Errorf(cloud.ECONFLICT, cloud.MsgExternalIDTaken, q.ExternalID)
	} else if err != nil {
		return storeError(err, "qr code")
	}
	q.UpdatedAt = q.CreatedAt
	return events.created(q)
}

func (db *DB) UpdateCode(ctx context.Context, q *cloud.CorporateCode, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		if q.ProjectID != 0 {
			if _, err := findProject(c, q.OrganizationID, q.ProjectID); err != nil {
				return err
			}
		}
		events, err := db.newEventWriter(c, q.OrganizationID)
		if err != nil {
			return err
		}
		if err := updateCode(c, q, events); err != nil {
			return err
		}
		return corporateTx{c}.AddActivity(a)
	})
}

// updateCode writes q's row (of its organisation), or ENOTFOUND, and the
// webhook messages of what changed.
func updateCode(c conn, q *cloud.CorporateCode, events *eventWriter) error {
	old, err := events.oldCode(q)
	if err != nil {
		return err
	}
	n, err := c.exec(`UPDATE organization_qr_codes SET name = $3, project_id = $4, label_type = $5,
		is_active = $6, emergency_data = $7, missing_fields = $8, updated_at = $9, external_id = $10,
		template_id = $11, template_name = $12, search_name = $13, external_id_key = $14, search_latin = $15,
		reviewed_at = $16
		WHERE id = $1 AND organization_id = $2`,
		q.ID, q.OrganizationID, q.Name, nullIfZero(q.ProjectID), q.LabelType, q.IsActive, q.Sealed,
		q.MissingFields, q.UpdatedAt, nullIfEmpty(q.ExternalID), nullIfZero(q.TemplateID), q.TemplateName,
		emergency.FoldForSearch(q.Name), nullIfEmpty(cloud.ExternalIDKey(q.ExternalID)), emergency.LatinForSearch(q.Name),
		reviewedOrCreated(q))
	if isUniqueViolation(err) {
		return cloud.Errorf(cloud.ECONFLICT, cloud.MsgExternalIDTaken, q.ExternalID)
	} else if err != nil {
		return storeError(err, "qr code")
	}
	if n == 0 {
		return cloud.Errorf(cloud.ENOTFOUND, "qr code not found")
	}
	if old == nil {
		return nil
	}
	return events.updated(old, q)
}

// reviewedOrCreated is q's reviewed time, or for a code read before it had
// one its creation: an update never clears the date.
func reviewedOrCreated(q *cloud.CorporateCode) any {
	if q.ReviewedAt.IsZero() {
		return q.CreatedAt
	}
	return q.ReviewedAt
}

func (db *DB) ConfirmCode(ctx context.Context, organizationID, id int64, now time.Time, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		events, err := db.newEventWriter(c, organizationID)
		if err != nil {
			return err
		}
		var externalID string
		err = c.queryRow(`UPDATE organization_qr_codes SET reviewed_at = $3, updated_at = $3
			WHERE id = $1 AND organization_id = $2 RETURNING coalesce(external_id, '')`,
			id, organizationID, now).Scan(&externalID)
		if err != nil {
			return storeError(err, "qr code")
		}
		err = events.message(cloud.WebhookMessage{EventType: cloud.EventCodeUpdated, CodeID: id, ExternalID: externalID,
			Changed: []string{cloud.CodeFieldReviewedAt}, ReviewedAt: now, OccurredAt: now})
		if err != nil {
			return err
		}
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) DeleteCode(ctx context.Context, organizationID, id int64, a *cloud.Activity) error {
	return db.inTx(ctx, func(c conn) error {
		var externalID string
		err := c.queryRow(`DELETE FROM organization_qr_codes WHERE id = $1 AND organization_id = $2
			RETURNING coalesce(external_id, '')`, id, organizationID).Scan(&externalID)
		if err != nil {
			return storeError(err, "qr code")
		}
		// A system that keeps in step by polling learns of the deletion
		// from the changes feed, as a webhook receiver does.
		if err := insertTombstone(c, organizationID, id, externalID, a.CreatedAt); err != nil {
			return err
		}
		events, err := db.newEventWriter(c, organizationID)
		if err != nil {
			return err
		}
		if err := events.message(cloud.WebhookMessage{EventType: cloud.EventCodeDeleted, CodeID: id,
			ExternalID: externalID, OccurredAt: a.CreatedAt}); err != nil {
			return err
		}
		return corporateTx{c}.AddActivity(a)
	})
}

func (db *DB) ListSealedCodes(ctx context.Context, afterID int64, limit int) ([]*cloud.SealedCode, error) {
	return list(db.conn(ctx), "qr codes", func(row scanner) (*cloud.SealedCode, error) {
		var s cloud.SealedCode
		err := row.Scan(&s.ID, &s.OrganizationID, &s.Sealed)
		return &s, err
	}, `SELECT id, organization_id, emergency_data FROM organization_qr_codes
		WHERE id > $1 AND emergency_data IS NOT NULL ORDER BY id LIMIT $2`, afterID, limit)
}

func (db *DB) ReplaceSealedCode(ctx context.Context, id int64, old, new []byte) (bool, error) {
	n, err := db.conn(ctx).exec(`UPDATE organization_qr_codes SET emergency_data = $3
		WHERE id = $1 AND emergency_data = $2`, id, old, new)
	return n == 1, storeError(err, "qr code")
}
