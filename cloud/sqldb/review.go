package sqldb

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// Review rounds: review_rounds and review_round_workers.

// roundColumns read a round with its progress, counted from its workers.
const roundColumns = `r.id, r.organization_id, r.reminder_days, r.reminders_sent, coalesce(r.created_by, 0), r.created_at,
	(SELECT count(*) FROM review_round_workers w WHERE w.round_id = r.id),
	(SELECT count(*) FROM review_round_workers w WHERE w.round_id = r.id AND w.mailed_at IS NOT NULL),
	(SELECT count(*) FROM review_round_workers w WHERE w.round_id = r.id AND w.no_email = $2),
	(SELECT count(*) FROM review_round_workers w WHERE w.round_id = r.id AND w.answer = 'confirmed'),
	(SELECT count(*) FROM review_round_workers w WHERE w.round_id = r.id AND w.answer = 'changed')`

func scanRound(row scanner) (*cloud.ReviewRound, error) {
	var r cloud.ReviewRound
	var days string
	err := row.Scan(&r.ID, &r.OrganizationID, &days, &r.RemindersSent, &r.CreatedBy, timeDest(&r.CreatedAt),
		&r.Progress.Workers, &r.Progress.Mailed, &r.Progress.NoEmail, &r.Progress.Confirmed, &r.Progress.Changed)
	r.ReminderDays = parseDays(days)
	return &r, err
}

// parseDays reads reminder_days ("3,7").
func parseDays(text string) []int {
	var days []int
	for _, d := range strings.Split(text, ",") {
		if n, err := strconv.Atoi(d); err == nil {
			days = append(days, n)
		}
	}
	return days
}

func formatDays(days []int) string {
	parts := make([]string, len(days))
	for i, d := range days {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

func (db *DB) CreateReviewRound(ctx context.Context, r *cloud.ReviewRound, dueBefore time.Time) ([]int64, error) {
	var ids []int64
	err := db.inTx(ctx, func(c conn) error {
		err := c.queryRow(`INSERT INTO review_rounds (organization_id, reminder_days, created_by, created_at)
			VALUES ($1, $2, $3, $4) RETURNING id`, r.OrganizationID, formatDays(r.ReminderDays), nullIfZero(r.CreatedBy),
			r.CreatedAt).Scan(&r.ID)
		if err != nil {
			return storeError(err, "review round")
		}
		// One statement for the whole round, read from the review index.
		if _, err := c.exec(`INSERT INTO review_round_workers (round_id, code_id, organization_id)
			SELECT $1, id, organization_id FROM organization_qr_codes
			WHERE organization_id = $2 AND is_active = $3 AND reviewed_at < $4`,
			r.ID, r.OrganizationID, true, dueBefore); err != nil {
			return storeError(err, "review round workers")
		}
		rows, err := list(c, "review round workers", func(row scanner) (*int64, error) {
			var id int64
			return &id, row.Scan(&id)
		}, `SELECT code_id FROM review_round_workers WHERE round_id = $1 ORDER BY code_id`, r.ID)
		for _, id := range rows {
			ids = append(ids, *id)
		}
		return err
	})
	return ids, err
}

func (db *DB) ListReviewRounds(ctx context.Context, organizationID int64) ([]*cloud.ReviewRound, error) {
	return list(db.conn(ctx), "review rounds", scanRound, `SELECT `+roundColumns+` FROM review_rounds r
		WHERE r.organization_id = $1 ORDER BY r.id DESC`, organizationID, true)
}

func (db *DB) FindReviewRound(ctx context.Context, organizationID, id int64) (*cloud.ReviewRound, error) {
	r, err := scanRound(db.conn(ctx).queryRow(`SELECT `+roundColumns+` FROM review_rounds r
		WHERE r.organization_id = $1 AND r.id = $3`, organizationID, true, id))
	return r, storeError(err, "review round")
}

func (db *DB) ReviewRoundWorkers(ctx context.Context, organizationID, roundID int64, codeIDs []int64) ([]*cloud.ReviewRoundWorker, error) {
	query := `SELECT w.round_id, w.code_id, w.mailed_at, w.no_email, coalesce(w.answer, ''), w.answered_at, q.name, q.is_active
		FROM review_round_workers w JOIN organization_qr_codes q ON q.id = w.code_id
		WHERE w.organization_id = $1 AND w.round_id = $2`
	args := []any{organizationID, roundID}
	if codeIDs != nil {
		if len(codeIDs) == 0 {
			return nil, nil
		}
		for _, id := range codeIDs {
			args = append(args, id)
		}
		query += ` AND w.code_id IN (` + placeholders(3, len(codeIDs)) + `)`
	}
	return list(db.conn(ctx), "review round workers", func(row scanner) (*cloud.ReviewRoundWorker, error) {
		var w cloud.ReviewRoundWorker
		err := row.Scan(&w.RoundID, &w.CodeID, timeDest(&w.MailedAt), &w.NoEmail, &w.Answer, timeDest(&w.AnsweredAt),
			&w.Name, &w.IsActive)
		return &w, err
	}, query+` ORDER BY w.code_id`, args...)
}

func (db *DB) MarkReviewMailed(ctx context.Context, roundID, codeID int64, mailedAt time.Time, noEmail bool) error {
	_, err := db.conn(ctx).exec(`UPDATE review_round_workers SET mailed_at = $3, no_email = $4
		WHERE round_id = $1 AND code_id = $2`, roundID, codeID, nullTime(mailedAt), noEmail)
	return storeError(err, "review round worker")
}

func (db *DB) AnswerReview(ctx context.Context, organizationID, codeID int64, answer string, now time.Time) error {
	_, err := db.conn(ctx).exec(`UPDATE review_round_workers SET answer = $3, answered_at = $4
		WHERE organization_id = $1 AND code_id = $2 AND answer IS NULL`, organizationID, codeID, answer, now)
	return storeError(err, "review round worker")
}

func (db *DB) ReviewRoundsAwaitingReminders(ctx context.Context) ([]*cloud.ReviewRound, error) {
	rounds, err := list(db.conn(ctx), "review rounds", scanRound, `SELECT `+roundColumns+` FROM review_rounds r
		WHERE r.reminder_days <> $1 ORDER BY r.id`, "", true)
	if err != nil {
		return nil, err
	}
	var out []*cloud.ReviewRound
	for _, r := range rounds {
		if r.RemindersSent < len(r.ReminderDays) {
			out = append(out, r)
		}
	}
	return out, nil
}

func (db *DB) SetRemindersSent(ctx context.Context, roundID int64, sent int) error {
	_, err := db.conn(ctx).exec(`UPDATE review_rounds SET reminders_sent = $2 WHERE id = $1`, roundID, sent)
	return storeError(err, "review round")
}
