package service

// Corporate integration: an organisation's own system (HR,
// site access) keeps its workers' codes in step by its own id for each
// worker, the code's external id. Creates, updates and deactivations go
// through one store call (SaveCodes) so a batch is all or nothing and its
// creates are checked against the quota together, under the
// organisation's row lock.

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// BulkUpsertItem is one worker's code for an upsert, single or bulk.
// TemplateID 0 is the Standard Emergency Form, and DefaultTemplate (a
// request that named no template) the organisation's default template in
// its place, for a new code and an existing one alike, as CodeInput's.
type BulkUpsertItem struct {
	ExternalID      string
	Name            string
	ProjectID       int64
	TemplateID      int64
	DefaultTemplate bool
	LabelType       string
	Values          map[string]string
	// IsActive false deactivates, true activates, nil leaves it.
	IsActive *bool
}

// withDefaultTemplate resolves the items that named no template to the
// organisation's default one (looked up once), before they are planned.
func (s *Service) withDefaultTemplate(ctx context.Context, orgID int64, items []BulkUpsertItem) ([]BulkUpsertItem, error) {
	resolved, looked := int64(0), false
	out := make([]BulkUpsertItem, len(items))
	for i, item := range items {
		if item.DefaultTemplate {
			if !looked {
				var err error
				if resolved, err = s.templateOrDefault(ctx, orgID, nil); err != nil {
					return nil, err
				}
				looked = true
			}
			item.TemplateID, item.DefaultTemplate = resolved, false
		}
		out[i] = item
	}
	return out, nil
}

// SyncRowsError is a batch refused for its workers' problems: nothing was
// written. The handler answers it as 400 with every row.
type SyncRowsError struct {
	Rows []api.SyncRowError
	// first is the first row's error as it was (a single upsert answers
	// it: a template not found stays 404 there).
	first error
}

func (e *SyncRowsError) Error() string { return cloud.MsgSyncHasErrors }

// syncOutcome is what an upsert did to one code.
type syncOutcome int

const (
	syncUnchanged syncOutcome = iota
	syncCreated
	syncUpdated
)

// planned is one worker's code after checking: the code to write (or as it
// is, when unchanged) and what will happen to it.
type planned struct {
	code        *cloud.CorporateCode
	outcome     syncOutcome
	deactivated bool
}

// syncAttempts bounds how often an upsert is planned again after it lost a
// race to another request: a create of an external id that another request
// created meanwhile (the unique index refused it) is an update of that code
// when planned again, so racing upserts of one new worker converge (one
// creates, the others update) rather than answer 409. Each lost race means
// another request wrote, so a few attempts are plenty.
const syncAttempts = 4

// UpsertCode creates or updates the organisation's code with externalID.
// It answers the code and whether it was created (201) or changed.
func (s *Service) UpsertCode(ctx context.Context, actor *cloud.User, orgID int64, item BulkUpsertItem) (code *cloud.CorporateCode, created, changed bool, err error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, false, false, err
	}
	items, err := s.withDefaultTemplate(ctx, org.ID, []BulkUpsertItem{item})
	if err != nil {
		return nil, false, false, err
	}
	var p planned
	err = s.planAndSave(ctx, actor, org, items, func(plans []planned) *cloud.Activity {
		p = plans[0]
		if p.outcome == syncUnchanged {
			return nil
		}
		kind := cloud.ActivityCodeUpdated
		if p.outcome == syncCreated {
			kind = cloud.ActivityCodeCreated
		}
		return &cloud.Activity{OrganizationID: org.ID, Kind: kind, Detail: p.code.Name, CreatedAt: s.now()}
	})
	var rows *SyncRowsError
	if errors.As(err, &rows) {
		// One worker: its own problem is the answer, as a create's is.
		return nil, false, false, rows.first
	} else if err != nil {
		return nil, false, false, err
	}
	return p.code, p.outcome == syncCreated, p.outcome != syncUnchanged, nil
}

// BulkUpsertCodes creates, updates or deactivates up to SyncMaxCodes
// workers' codes in one transaction; any worker's problem refuses them all
// (SyncRowsError).
func (s *Service) BulkUpsertCodes(ctx context.Context, actor *cloud.User, orgID int64, items []BulkUpsertItem) (*api.BulkUpsertQRCodesAnswer, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	switch {
	case len(items) == 0:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSyncEmpty)
	case len(items) > cloud.SyncMaxCodes:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgSyncTooMany)
	}
	if items, err = s.withDefaultTemplate(ctx, org.ID, items); err != nil {
		return nil, err
	}
	var result *api.BulkUpsertQRCodesAnswer
	err = s.planAndSave(ctx, actor, org, items, func(plans []planned) *cloud.Activity {
		result = &api.BulkUpsertQRCodesAnswer{Success: true}
		for _, p := range plans {
			switch p.outcome {
			case syncCreated:
				result.Created++
			case syncUpdated:
				result.Updated++
			default:
				result.Unchanged++
			}
			if p.deactivated {
				result.Deactivated++
			}
		}
		if result.Created+result.Updated == 0 {
			return nil // nothing to write, nor to log
		}
		detail := fmt.Sprintf("%d created, %d updated, %d deactivated", result.Created, result.Updated, result.Deactivated)
		return &cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityCodesSynced, Detail: detail, CreatedAt: s.now()}
	})
	if err != nil {
		return nil, err
	}
	return result, nil
}

// planAndSave plans items and writes the plans in one transaction, with
// the activity that describe gives them (nil: nothing to write). A save
// that lost a race to another request (lostRace) is planned again from
// what is stored now, up to syncAttempts times.
func (s *Service) planAndSave(ctx context.Context, actor *cloud.User, org *cloud.Organization, items []BulkUpsertItem, describe func([]planned) *cloud.Activity) error {
	for attempt := 1; ; attempt++ {
		plans, err := s.planSync(ctx, actor, org, items)
		if err != nil {
			return err
		}
		a := describe(plans)
		if a == nil {
			return nil
		}
		err = s.saveSync(ctx, org.ID, plans, a)
		if err == nil || !lostRace(err, plans) || attempt == syncAttempts {
			return err
		}
	}
}

// lostRace says whether a save was refused because another request changed
// the same codes since they were planned: one of the plan's new external
// ids was created meanwhile (ECONFLICT naming it), or a code or project was
// deleted (saveSync's MsgSyncConflict). Either way a new plan reads what is
// stored now; a quota or a paused organisation is no race.
func lostRace(err error, plans []planned) bool {
	var e *cloud.Error
	if !errors.As(err, &e) || e.Code != cloud.ECONFLICT {
		return false
	}
	if e.Message == cloud.MsgSyncConflict {
		return true
	}
	for _, p := range plans {
		if p.outcome == syncCreated && e.Message == fmt.Sprintf(cloud.MsgExternalIDTaken, p.code.ExternalID) {
			return true
		}
	}
	return false
}

// saveSync writes the plans that change something, in one transaction.
func (s *Service) saveSync(ctx context.Context, orgID int64, plans []planned, a *cloud.Activity) error {
	var creates, updates []*cloud.CorporateCode
	for _, p := range plans {
		switch p.outcome {
		case syncCreated:
			creates = append(creates, p.code)
		case syncUpdated:
			updates = append(updates, p.code)
		}
	}
	err := s.store.SaveCodes(ctx, orgID, creates, updates, a)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		// A project deleted meanwhile, or a code: either way this request
		// read a library that changed under it.
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgSyncConflict)
	}
	return err
}

// planSync checks every item and decides what each does, reading the
// organisation's codes with those external ids; it writes nothing. Every
// item's problem is collected (SyncRowsError).
func (s *Service) planSync(ctx context.Context, actor *cloud.User, org *cloud.Organization, items []BulkUpsertItem) ([]planned, error) {
	var rows []api.SyncRowError
	var first error
	refuse := func(i int, item BulkUpsertItem, err error) error {
		var e *cloud.Error
		if !errors.As(err, &e) || (e.Code != cloud.EINVALID && e.Code != cloud.ENOTFOUND) {
			return err // the database, not the worker
		}
		row := api.SyncRowError{Index: i, ExternalID: item.ExternalID, Message: e.Message}
		row.Errors = e.Fields
		rows = append(rows, row)
		if first == nil {
			first = err
		}
		return nil
	}
	ids := make([]string, len(items))
	seen := map[string]bool{}
	for i, item := range items {
		id, err := cloud.NormalizeExternalID(item.ExternalID)
		if err == nil && id == "" {
			err = cloud.NewError(cloud.EINVALID, cloud.MsgExternalIDRequired)
		} else if err == nil && seen[cloud.ExternalIDKey(id)] {
			err = cloud.NewError(cloud.EINVALID, cloud.MsgSyncDuplicateExternal)
		}
		if err != nil {
			if err := refuse(i, item, err); err != nil {
				return nil, err
			}
			continue
		}
		seen[cloud.ExternalIDKey(id)], ids[i] = true, id
	}
	existing, err := s.store.FindCodesByExternalID(ctx, org.ID, compact(ids))
	if err != nil {
		return nil, err
	}
	byExternal := byExternalIDKey(existing)
	// Templates and projects are looked up once each, not once a worker.
	type template struct {
		name   string
		fields []emergency.Field
		err    error
	}
	templates := map[int64]template{}
	type project struct {
		name string
		err  error
	}
	projects := map[int64]project{}
	plans := make([]planned, 0, len(items))
	for i, item := range items {
		if ids[i] == "" {
			continue // refused above
		}
		t, ok := templates[item.TemplateID]
		if !ok {
			t.name, t.fields, t.err = s.orgTemplateFields(ctx, org.ID, item.TemplateID)
			templates[item.TemplateID] = t
		}
		pr, ok := projects[item.ProjectID]
		if !ok {
			pr.name, pr.err = s.projectName(ctx, org.ID, item.ProjectID)
			projects[item.ProjectID] = pr
		}
		var p planned
		switch {
		case t.err != nil:
			err = t.err
		case pr.err != nil:
			err = pr.err
		case byExternal[cloud.ExternalIDKey(ids[i])] == nil:
			p, err = s.planCreate(actor, org, ids[i], item, t.name, t.fields)
		default:
			p, err = s.planUpdate(org, byExternal[cloud.ExternalIDKey(ids[i])], item, t.name, t.fields)
		}
		if err != nil {
			if err := refuse(i, item, err); err != nil {
				return nil, err
			}
			continue
		}
		p.code.ProjectName = pr.name
		plans = append(plans, p)
	}
	if len(rows) > 0 {
		// In the order sent: the id checks ran before the records'.
		slices.SortFunc(rows, func(a, b api.SyncRowError) int { return a.Index - b.Index })
		return nil, &SyncRowsError{Rows: rows, first: first}
	}
	return plans, nil
}

// byExternalIDKey indexes codes by their external ids' key
// (cloud.ExternalIDKey), the one way an id is matched.
func byExternalIDKey(codes []*cloud.CorporateCode) map[string]*cloud.CorporateCode {
	out := make(map[string]*cloud.CorporateCode, len(codes))
	for _, c := range codes {
		out[cloud.ExternalIDKey(c.ExternalID)] = c
	}
	return out
}

func compact(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

// sentValues is what a program sent, read as the CSV import reads its
// cells (emergency.SpreadsheetValues: "O positive", the organisation's
// dates), so the API and the import accept the same values.
func sentValues(org *cloud.Organization, fields []emergency.Field, sent map[string]string) map[string]string {
	return emergency.SpreadsheetValues(fields, orEmpty(sent), org.DayFirstDates())
}

// explainRefusal says of each refused value what was sent and what the
// field allows, as the import says it of a cell (refusal): "Blood type is
// required" would misstate a value that was sent but not understood.
func explainRefusal(err error, org *cloud.Organization, fields []emergency.Field, sent, values map[string]string) error {
	var e *cloud.Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		return err
	}
	fieldOf := map[string]emergency.Field{}
	for _, f := range emergency.NormalizeFields(fields) {
		fieldOf[f.ID] = f
	}
	explained := *e
	explained.Fields = slices.Clone(e.Fields)
	for i, fe := range explained.Fields {
		explained.Fields[i].Message = refusal(fe.Message, fieldOf[fe.Field], strings.TrimSpace(sent[fe.Field]),
			values[fe.Field], org.DayFirstDates())
	}
	explained.Message = explained.Fields[0].Message
	return &explained
}

func (s *Service) planCreate(actor *cloud.User, org *cloud.Organization, externalID string, item BulkUpsertItem, templateName string, fields []emergency.Field) (planned, error) {
	values := sentValues(org, fields, item.Values)
	code, err := s.newCode(actor, org.ID, CodeInput{Name: item.Name, ProjectID: item.ProjectID, TemplateID: item.TemplateID,
		LabelType: item.LabelType, Values: values, Source: cloud.CodeSourceAPI}, templateName, fields)
	if err != nil {
		return planned{}, explainRefusal(err, org, fields, orEmpty(item.Values), values)
	}
	code.ExternalID = externalID
	if item.IsActive != nil && !*item.IsActive {
		code.IsActive = false // a worker already gone, kept for the record
	}
	return planned{code: code, outcome: syncCreated}, nil
}

// planUpdate is c as item makes it: the template, project, label type,
// name and values replaced, the active flag only when given. When that
// equals c as stored, nothing is written (unchanged).
func (s *Service) planUpdate(org *cloud.Organization, c *cloud.CorporateCode, item BulkUpsertItem, templateName string, fields []emergency.Field) (planned, error) {
	old, err := s.openCodeRecord(c)
	if err != nil {
		return planned{}, err
	}
	if item.TemplateID == c.TemplateID {
		// The code keeps its own copy of its template's fields, as an
		// edit in the library does: a template changed since does not
		// make every code of it "changed".
		fields, templateName = old.Fields, c.TemplateName
	}
	values := sentValues(org, fields, item.Values)
	record, err := checkedRecord(fields, values)
	if err != nil {
		return planned{}, explainRefusal(err, org, fields, orEmpty(item.Values), values)
	}
	next := *c
	next.TemplateID, next.TemplateName = item.TemplateID, templateName
	next.ProjectID, next.LabelType = item.ProjectID, item.LabelType
	next.Name = codeName(item.Name, record)
	if item.IsActive != nil {
		next.IsActive = *item.IsActive
	}
	if err := next.Validate(); err != nil {
		return planned{}, err
	}
	same := next.TemplateID == c.TemplateID && next.ProjectID == c.ProjectID && next.LabelType == c.LabelType &&
		next.Name == c.Name && next.IsActive == c.IsActive && reflect.DeepEqual(record.Fields, old.Fields) &&
		sameValues(record.Values, old.Values)
	if same {
		return planned{code: c, outcome: syncUnchanged}, nil
	}
	// Sealed again only when the record changed, so a webhook's "changed"
	// names the record only then.
	if !reflect.DeepEqual(record.Fields, old.Fields) || !sameValues(record.Values, old.Values) {
		if next.Sealed, err = s.sealCodeRecord(c.OrganizationID, record); err != nil {
			return planned{}, err
		}
		next.ReviewedAt = s.now() // new details are confirmed details
	}
	next.MissingFields = cloud.MissingFields(record)
	next.UpdatedAt = s.now()
	return planned{code: &next, outcome: syncUpdated, deactivated: c.IsActive && !next.IsActive}, nil
}

func orEmpty(values map[string]string) map[string]string {
	if values == nil {
		return map[string]string{}
	}
	return values
}

// sameValues compares two records' values, a blank value the same as none.
func sameValues(a, b map[string]string) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	for k, v := range b {
		if a[k] != v {
			return false
		}
	}
	return true
}

// SetCodeActiveByExternalID deactivates (a worker who left: the record
// stays, the code can be activated again) or activates the code with
// externalID. Already in that state is no change.
func (s *Service) SetCodeActiveByExternalID(ctx context.Context, actor *cloud.User, orgID int64, externalID string, active bool) (code *cloud.CorporateCode, changed bool, err error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, false, err
	}
	c, err := s.codeByExternalID(ctx, org.ID, externalID)
	if err != nil || c.IsActive == active {
		return c, false, err
	}
	c, err = s.changeCode(ctx, org.ID, c.ID, api.UpdateQRCodeRequest{IsActive: &active})
	return c, err == nil, err
}

// codeByExternalID is the organisation's code with this external id, or
// ENOTFOUND naming it.
func (s *Service) codeByExternalID(ctx context.Context, orgID int64, externalID string) (*cloud.CorporateCode, error) {
	id, err := cloud.NormalizeExternalID(externalID)
	if err == nil && id == "" {
		err = cloud.NewError(cloud.EINVALID, cloud.MsgExternalIDRequired)
	}
	if err != nil {
		return nil, err
	}
	codes, err := s.store.FindCodesByExternalID(ctx, orgID, []string{id})
	if err != nil {
		return nil, err
	}
	if len(codes) == 0 {
		return nil, cloud.Errorf(cloud.ENOTFOUND, cloud.MsgExternalIDNotFound, id)
	}
	c := codes[0]
	if c.ProjectName, err = s.projectName(ctx, orgID, c.ProjectID); err != nil && cloud.ErrorCode(err) != cloud.ENOTFOUND {
		return nil, err
	}
	return c, nil
}

// ChangesQuery is what the changes feed asks for: the raw query values.
type ChangesQuery struct {
	UpdatedSince, Cursor, Limit, Include string
}

// CodeChanges is one page of the organisation's codes in the order they
// last changed (updated_at, id), from UpdatedSince on. The cursor is the
// last code of the previous page, opaque to the caller (base64 of
// "unixnano:id"). Records come only when asked for (include=record), so a
// program that only reads names never receives medical data.
func (s *Service) CodeChanges(ctx context.Context, actor *cloud.User, orgID int64, q ChangesQuery) (*api.QRCodeChangesPage, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	var since time.Time
	if q.UpdatedSince != "" {
		if since, err = time.Parse(time.RFC3339Nano, q.UpdatedSince); err != nil {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgChangesSinceInvalid)
		}
	}
	limit := cloud.ChangesDefaultLimit
	if q.Limit != "" {
		if limit, err = strconv.Atoi(q.Limit); err != nil || limit < 1 || limit > cloud.ChangesMaxLimit {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgChangesLimitInvalid)
		}
	}
	if q.Include != "" && q.Include != "record" {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgChangesIncludeInvalid)
	}
	after, err := parseChangesCursor(q.Cursor)
	if err != nil {
		return nil, err
	}
	codes, err := s.store.CodeChanges(ctx, org.ID, since, after, limit)
	if err != nil {
		return nil, err
	}
	// Deleted codes come in the same order as tombstones: code ids are
	// never reused, so one (time, id) cursor walks both lists.
	tombstones, err := s.store.CodeTombstones(ctx, org.ID, since, after, limit)
	if err != nil {
		return nil, err
	}
	page := &api.QRCodeChangesPage{Success: true, QrCodes: make([]api.QRCodeChange, 0, limit)}
	for len(page.QrCodes) < limit && (len(codes) > 0 || len(tombstones) > 0) {
		if len(codes) == 0 || len(tombstones) > 0 && changeBefore(tombstones[0].DeletedAt, tombstones[0].CodeID,
			codes[0].UpdatedAt, codes[0].ID) {
			t := tombstones[0]
			tombstones = tombstones[1:]
			page.QrCodes = append(page.QrCodes, api.QRCodeChange{ID: t.CodeID, ExternalID: nonEmpty(t.ExternalID),
				UpdatedAt: t.DeletedAt, Deleted: true})
			continue
		}
		c := codes[0]
		codes = codes[1:]
		item := api.QRCodeChange{ID: c.ID, Name: c.Name, IsActive: c.IsActive, UpdatedAt: c.UpdatedAt,
			ExternalID: nonEmpty(c.ExternalID), ReviewedAt: timePtr(c.ReviewedAt)}
		if q.Include == "record" {
			if item.Record, err = s.openCodeRecord(c); err != nil {
				return nil, err
			}
		}
		page.QrCodes = append(page.QrCodes, item)
	}
	if len(page.QrCodes) == limit {
		last := page.QrCodes[limit-1]
		next := changesCursorText(last.UpdatedAt, last.ID)
		page.NextCursor = &next
	}
	return page, nil
}

// changeBefore orders the changes feed: by time, then id.
func changeBefore(at time.Time, id int64, otherAt time.Time, otherID int64) bool {
	return at.Before(otherAt) || at.Equal(otherAt) && id < otherID
}

// nonEmpty is s, or nil for "" (a JSON null).
func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// changesCursorText is the cursor of a line at (at, id), opaque to the
// caller: the changes feed's, and the webhook delivery log's.
func changesCursorText(at time.Time, id int64) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%d:%d", at.UnixNano(), id))
}

func parseChangesCursor(text string) (cloud.ChangesCursor, error) {
	var c cloud.ChangesCursor
	if text == "" {
		return c, nil
	}
	invalid := cloud.NewError(cloud.EINVALID, cloud.MsgChangesCursorInvalid)
	raw, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil {
		return c, invalid
	}
	nanos, id, ok := strings.Cut(string(raw), ":")
	if !ok {
		return c, invalid
	}
	n, err1 := strconv.ParseInt(nanos, 10, 64)
	c.ID, err = strconv.ParseInt(id, 10, 64)
	if err1 != nil || err != nil || c.ID <= 0 {
		return cloud.ChangesCursor{}, invalid
	}
	c.UpdatedAt = time.Unix(0, n).UTC()
	return c, nil
}

// ClaimIdempotencyKey starts a create sent with an Idempotency-Key: nil
// when this request holds the key now (go on with RunIdempotent), or the
// kept answer to replay. A key used with another request, or still
// running, is refused: a second request at once gets 409 at once rather
// than waiting, so no request holds a connection waiting on another (the
// caller retries, as it would after a timeout, and then gets the replay).
// A running use whose lease ran out (its instance died) is taken over: this
// request runs it again.
func (s *Service) ClaimIdempotencyKey(ctx context.Context, caller string, orgID int64, key string, requestHash []byte) (*cloud.IdempotentAnswer, cloud.IdempotentRequest, error) {
	now := s.now()
	r := cloud.IdempotentRequest{OrganizationID: orgID, Caller: caller, Key: key, RequestHash: requestHash, CreatedAt: now,
		Instance: instanceName, Claim: newCauseID(), LeaseUntil: now.Add(cloud.IdempotencyLease)}
	if len(key) == 0 || len(key) > cloud.IdempotencyKeyMaxBytes {
		return nil, r, cloud.NewError(cloud.EINVALID, cloud.MsgIdempotencyKeyInvalid)
	}
	for _, b := range []byte(key) {
		if b < 0x21 || b > 0x7e {
			return nil, r, cloud.NewError(cloud.EINVALID, cloud.MsgIdempotencyKeyInvalid)
		}
	}
	a, err := s.store.ClaimIdempotencyKey(ctx, r)
	switch {
	case err != nil || a == nil:
		return nil, r, err
	case !bytes.Equal(a.RequestHash, requestHash):
		return nil, r, cloud.NewError(cloud.ECONFLICT, cloud.MsgIdempotencyKeyMismatch)
	case a.Status == 0:
		return nil, r, cloud.NewError(cloud.ECONFLICT, cloud.MsgIdempotencyInProgress)
	}
	plain, err := s.sealer.Open(a.Body, aad(orgID, fieldIdempotentAnswer))
	if err != nil {
		// Sealed under a data key since dropped (kept answers are not
		// resealed: they live a day). The first request did happen, so
		// nothing is created again.
		return nil, r, cloud.NewError(cloud.ECONFLICT, cloud.MsgIdempotencyAnswerUnreadable)
	}
	a.Body = plain
	return a, r, nil
}

// instanceName names this process in the claims it makes, for whoever
// reads the table after a crash: the host and the process id.
var instanceName = func() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d", host, os.Getpid())
}()

// fieldIdempotentAnswer names a kept answer's sealed body in its aad, with
// the organisation's id. A create's answer carries the worker's record,
// which is medical data: sealed like the record itself, never plain.
const fieldIdempotentAnswer = "idempotency_keys.body"

// errAnswerNotKept ends RunIdempotent's transaction when run keeps no
// answer: its writes are undone with it.
var errAnswerNotKept = errors.New("idempotency: answer not kept")

// RunIdempotent runs the request that holds the key r claimed, in one
// transaction with its kept answer: every store call with the ctx run is
// given joins it, and the writes and the answer commit together or not at
// all, so a crash at any moment leaves either both or nothing (and the
// claim, whose lease then runs out). run returns the answer to keep, or
// nil for one not to keep (the request failed, or may succeed when sent
// again): its writes are undone and the key released for a retry. While
// run runs, the lease is renewed. The transaction goes on when the caller
// hangs up: the retry it sends then finds the answer. An error means that
// nothing was kept (a failed commit, or a lease lost to a retry because
// this instance could not renew it: 409 "still being processed").
func (s *Service) RunIdempotent(ctx context.Context, r cloud.IdempotentRequest, run func(ctx context.Context) *cloud.IdempotentAnswer) error {
	ctx = context.WithoutCancel(ctx)
	stop := s.renewIdempotencyLease(ctx, r)
	defer stop()
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		a := run(ctx)
		if a == nil {
			return errAnswerNotKept
		}
		sealed, err := s.sealer.Seal(a.Body, aad(r.OrganizationID, fieldIdempotentAnswer))
		if err != nil {
			return err
		}
		kept := *a
		kept.Body = sealed
		return s.store.FinishIdempotencyKey(ctx, r, &kept)
	})
	if err == nil {
		return nil
	}
	// Released now rather than when the lease runs out; when the database
	// is away this fails too, and the lease does it.
	if err := s.store.FinishIdempotencyKey(ctx, r, nil); err != nil {
		s.logger.WarnContext(ctx, "idempotency key not released", slog.String("error", err.Error()))
	}
	if errors.Is(err, errAnswerNotKept) {
		return nil
	}
	return err
}

// renewIdempotencyLease renews r's lease every IdempotencyRenewEvery until
// stop is called, or until r no longer holds the key. A renewal that fails
// (the database away for a moment) is tried again at the next tick; the
// lease is several ticks long.
func (s *Service) renewIdempotencyLease(ctx context.Context, r cloud.IdempotentRequest) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(cloud.IdempotencyRenewEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			held, err := s.store.RenewIdempotencyKey(ctx, r, s.now().Add(cloud.IdempotencyLease))
			switch {
			case ctx.Err() != nil:
				return
			case err != nil:
				s.logger.WarnContext(ctx, "idempotency lease not renewed", slog.String("error", err.Error()))
			case !held:
				return
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// PurgeIdempotencyKeys deletes the keys' answers past IdempotencyTTL.
func (s *Service) PurgeIdempotencyKeys(ctx context.Context) (int64, error) {
	return s.store.DeleteIdempotencyKeysBefore(ctx, s.now().Add(-cloud.IdempotencyTTL))
}

// LabelsByExternalID is the batch label PDF (BatchPrint, recorded as a
// print run unless a preview) of the codes with these external ids, in the
// order given; an unknown id, or a deactivated code's (a worker who left:
// their label must not be printed again), refuses the whole batch naming
// them.
func (s *Service) LabelsByExternalID(ctx context.Context, actor *cloud.User, orgID int64, req api.LabelsByExternalIDRequest) ([]byte, error) {
	org, err := s.printingOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if len(req.ExternalIds) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPrintExternalIDsEmpty)
	}
	if err := checkQueue(make([]int64, len(req.ExternalIds))); err != nil {
		return nil, err
	}
	ids := make([]string, len(req.ExternalIds))
	for i, text := range req.ExternalIds {
		if ids[i], err = cloud.NormalizeExternalID(text); err == nil && ids[i] == "" {
			err = cloud.NewError(cloud.EINVALID, cloud.MsgExternalIDRequired)
		}
		if err != nil {
			return nil, err
		}
	}
	codes, err := s.store.FindCodesByExternalID(ctx, org.ID, distinctStrings(ids))
	if err != nil {
		return nil, err
	}
	byExternal := byExternalIDKey(codes)
	var unknown, inactive []string
	codeIDs := make([]int64, 0, len(ids))
	for _, id := range ids {
		switch c := byExternal[cloud.ExternalIDKey(id)]; {
		case c == nil:
			unknown = append(unknown, id)
		case !c.IsActive:
			inactive = append(inactive, id)
		default:
			codeIDs = append(codeIDs, c.ID)
		}
	}
	if len(unknown) > 0 {
		return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgPrintExternalIDsUnknown, strings.Join(distinctStrings(unknown), ", "))
	}
	if len(inactive) > 0 {
		return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgPrintExternalIDsInactive, strings.Join(distinctStrings(inactive), ", "))
	}
	return s.BatchPrint(ctx, actor, org.ID, api.BatchPrintRequest{CodeIds: codeIDs, Layout: req.Layout,
		Preview: req.Preview, StartPosition: req.StartPosition})
}

func distinctStrings(list []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
