package service

// The QR code library (docs/design/admin-corporate.md §2-§5, docs/design/decisions.md §9
// "Corporate"); its projects are in library_project.go. Scoped like every
// organisation route: members change their own organisation's library,
// site admins read any, anyone else gets ENOTFOUND. A code's record (its
// template's fields and the values) is sealed at rest; the quota is
// checked by the store in the transaction that inserts.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// fieldCodeRecord names the sealed record of a library code in its aad,
// with the organisation's id: a record cannot be moved to another
// organisation's row and still open.
const fieldCodeRecord = "organization_qr_codes.emergency_data"

// CodeInput is what a new code is made of. ProjectID 0 is none, TemplateID
// 0 the Standard Emergency Form, and DefaultTemplate (a request that named
// no template) the organisation's default template in its place; an empty
// Source is manual, an empty LabelType helmet, and an empty Name the
// record's full name.
type CodeInput struct {
	Name            string            `json:"name"`
	ProjectID       int64             `json:"projectId"`
	TemplateID      int64             `json:"templateId"`
	DefaultTemplate bool              `json:"-"`
	LabelType       string            `json:"labelType"`
	Values          map[string]string `json:"values"`
	Source          string            `json:"source"`
	// ExternalID is the employee or badge number, "" for none.
	ExternalID string `json:"externalId"`
}

// CreateCode makes a code from a template: the values are checked against
// the template's fields, the record is sealed, and the store inserts it
// only if the organisation may create codes and has room in its quota, in
// one transaction. A nil actor is a worker's own submission through a
// collection link, which its caller has already authorised: a caller for
// anyone else must never pass nil (an anonymous request is not a worker).
func (s *Service) CreateCode(ctx context.Context, actor *cloud.User, orgID int64, in CodeInput) (*cloud.CorporateCode, error) {
	org, err := s.libraryOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	if in.DefaultTemplate {
		if in.TemplateID, err = s.templateOrDefault(ctx, org.ID, nil); err != nil {
			return nil, err
		}
	}
	templateName, fields, err := s.orgTemplateFields(ctx, org.ID, in.TemplateID)
	if err != nil {
		return nil, err
	}
	code, err := s.newCode(actor, org.ID, in, templateName, fields)
	if err != nil {
		return nil, err
	}
	if code.ProjectName, err = s.projectName(ctx, org.ID, code.ProjectID); err != nil {
		return nil, err
	}
	if err := s.insertCodes(ctx, []*cloud.CorporateCode{code}, cloud.ActivityCodeCreated, code.Name); err != nil {
		return nil, err
	}
	return code, nil
}

// newCode validates one code's input against fields and seals its record.
func (s *Service) newCode(actor *cloud.User, orgID int64, in CodeInput, templateName string, fields []emergency.Field) (*cloud.CorporateCode, error) {
	record, err := checkedRecord(fields, in.Values)
	if err != nil {
		return nil, err
	}
	source := in.Source
	switch {
	case actor == nil:
		source = cloud.CodeSourceCollection
	case source == "":
		source = cloud.CodeSourceManual
	case source != cloud.CodeSourceManual && source != cloud.CodeSourceImport && source != cloud.CodeSourceDuplicate &&
		source != cloud.CodeSourceAPI:
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgCodeSourceInvalid)
	}
	code := &cloud.CorporateCode{OrganizationID: orgID, ProjectID: in.ProjectID, TemplateID: in.TemplateID,
		TemplateName: templateName, Name: codeName(in.Name, record), LabelType: in.LabelType, IsActive: true, Source: source,
		MissingFields: cloud.MissingFields(record), CreatedAt: s.now()}
	if actor != nil {
		code.CreatedBy = actor.ID
	}
	if code.ExternalID, err = cloud.NormalizeExternalID(in.ExternalID); err != nil {
		return nil, err
	}
	if err := code.Validate(); err != nil {
		return nil, err
	}
	if code.Sealed, err = s.sealCodeRecord(orgID, record); err != nil {
		return nil, err
	}
	return code, nil
}

// codeName is a code's name: the one given, or when that is blank the
// record's full name.
func codeName(name string, r emergency.Record) string {
	if emergency.SingleLine(name) == "" {
		return r.Data().PersonalInfo.FullName
	}
	return name
}

// checkedRecord is the record of values typed into fields, normalised, or
// the problems with them (keyed by field id, the first one's message on
// the error).
func checkedRecord(fields []emergency.Field, values map[string]string) (emergency.Record, error) {
	if errs := emergency.ValidateRecord(fields, values); errs != nil {
		return emergency.Record{}, &cloud.Error{Code: cloud.EINVALID, Message: errs[0].Message, Fields: errs}
	}
	return emergency.Record{Fields: fields, Values: emergency.NormalizeValues(fields, values)}, nil
}

// insertCodes stores codes with their Recent Activity line.
func (s *Service) insertCodes(ctx context.Context, codes []*cloud.CorporateCode, kind, detail string) error {
	err := s.store.CreateCodes(ctx, codes, &cloud.Activity{OrganizationID: codes[0].OrganizationID, Kind: kind,
		Detail: detail, CreatedAt: codes[0].CreatedAt})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgProjectNotFound) // the only row it looks up
	}
	return err
}

// libraryOrganization is the organisation a library write is for: the
// actor's own, or for a nil actor (a collection link's worker, authorised
// by the link) the organisation itself.
func (s *Service) libraryOrganization(ctx context.Context, actor *cloud.User, orgID int64) (*cloud.Organization, error) {
	if actor != nil {
		return s.organizationFor(ctx, actor, orgID, true)
	}
	org, err := s.store.FindOrganization(ctx, orgID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	return org, err
}

func (s *Service) sealCodeRecord(orgID int64, r emergency.Record) ([]byte, error) {
	return s.sealJSON(orgID, fieldCodeRecord, r)
}

func (s *Service) openCodeRecord(c *cloud.CorporateCode) (emergency.Record, error) {
	var r emergency.Record
	if c.Sealed == nil {
		return emergency.Record{Fields: []emergency.Field{}, Values: map[string]string{}}, nil
	}
	if err := s.openJSON(c.OrganizationID, fieldCodeRecord, c.Sealed, &r); err != nil {
		return r, fmt.Errorf("qr code %d: %w", c.ID, err)
	}
	if r.Values == nil {
		r.Values = map[string]string{}
	}
	return r, nil
}

// findCode is one of the organisation's codes, or ENOTFOUND with the
// library's message.
func (s *Service) findCode(ctx context.Context, orgID, codeID int64) (*cloud.CorporateCode, error) {
	c, err := s.store.FindCode(ctx, orgID, codeID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound)
	}
	return c, err
}

// UpdateCode changes a code's name, project, label type, values or active
// flag (Deactivate and Activate).
func (s *Service) UpdateCode(ctx context.Context, actor *cloud.User, orgID, codeID int64, u api.UpdateQRCodeRequest) (*cloud.CorporateCode, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	return s.changeCode(ctx, org.ID, codeID, u)
}

// UpdateCodeValues replaces a code's values: an officer's edit, or with a
// nil actor a worker's update through their code's collection link (which
// its caller has already authorised).
func (s *Service) UpdateCodeValues(ctx context.Context, actor *cloud.User, orgID, codeID int64, values map[string]string) (*cloud.CorporateCode, error) {
	org, err := s.libraryOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if values == nil {
		values = map[string]string{}
	}
	return s.changeCode(ctx, org.ID, codeID, api.UpdateQRCodeRequest{Values: values})
}

func (s *Service) changeCode(ctx context.Context, orgID, codeID int64, u api.UpdateQRCodeRequest) (*cloud.CorporateCode, error) {
	c, err := s.findCode(ctx, orgID, codeID)
	if err != nil {
		return nil, err
	}
	record, err := s.openCodeRecord(c)
	if err != nil {
		return nil, err
	}
	if u.Values != nil {
		if record, err = checkedRecord(record.Fields, u.Values); err != nil {
			return nil, err
		}
		if c.Sealed, err = s.sealCodeRecord(orgID, record); err != nil {
			return nil, err
		}
		c.MissingFields = cloud.MissingFields(record)
	}
	if u.Name != nil {
		c.Name = codeName(*u.Name, record)
	}
	if u.ProjectID != nil {
		if c.ProjectName, err = s.projectName(ctx, orgID, *u.ProjectID); err != nil {
			return nil, err
		}
		c.ProjectID = *u.ProjectID
	}
	if u.LabelType != nil {
		c.LabelType = *u.LabelType
	}
	if u.IsActive != nil {
		c.IsActive = *u.IsActive
	}
	if u.ExternalID != nil {
		// Empty removes it; taken by another code: the store's
		// unique index answers ECONFLICT with the id.
		if c.ExternalID, err = cloud.NormalizeExternalID(*u.ExternalID); err != nil {
			return nil, err
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	c.UpdatedAt = s.now()
	if u.Values != nil { // the details were saved: as good as confirmed
		c.ReviewedAt = c.UpdatedAt
	}
	err = s.store.UpdateCode(ctx, c, &cloud.Activity{OrganizationID: orgID, Kind: cloud.ActivityCodeUpdated,
		Detail: c.Name, CreatedAt: c.UpdatedAt})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound) // deleted meanwhile
	} else if err != nil {
		return nil, err
	}
	return c, nil
}

// DuplicateCode copies a code (its record, project, template and label
// type) as "<name> (Copy)" (docs/design/admin-corporate.md §4); the copy counts against the quota.
func (s *Service) DuplicateCode(ctx context.Context, actor *cloud.User, orgID, codeID int64) (*cloud.CorporateCode, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	c, err := s.findCode(ctx, org.ID, codeID)
	if err != nil {
		return nil, err
	}
	record, err := s.openCodeRecord(c)
	if err != nil {
		return nil, err
	}
	copied := *c
	copied.ID = 0
	copied.ExternalID = "" // the worker's number stays with the original
	copied.Name = c.Name + " (Copy)"
	copied.Source = cloud.CodeSourceDuplicate
	copied.IsActive = true
	copied.CreatedBy = actor.ID
	copied.CreatedAt = s.now()
	if len(copied.Name) > cloud.CodeNameMaxBytes {
		copied.Name = c.Name // a copy of a name at the limit keeps the name
	}
	// Sealed again, so the copy shares no ciphertext (nor nonce) with its original.
	if copied.Sealed, err = s.sealCodeRecord(org.ID, record); err != nil {
		return nil, err
	}
	if err := s.insertCodes(ctx, []*cloud.CorporateCode{&copied}, cloud.ActivityCodeCreated, copied.Name); err != nil {
		return nil, err
	}
	return &copied, nil
}

// DeleteCode deletes a code; an inactive organisation may too.
func (s *Service) DeleteCode(ctx context.Context, actor *cloud.User, orgID, codeID int64) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	c, err := s.findCode(ctx, org.ID, codeID)
	if err != nil {
		return err
	}
	err = s.store.DeleteCode(ctx, org.ID, c.ID, &cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityCodeDeleted,
		Detail: c.Name, CreatedAt: s.now()})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound)
	}
	return err
}

// CodeWithRecord is a code with its unsealed record and the text its QR
// code holds.
type CodeWithRecord struct {
	Code   *cloud.CorporateCode
	Record emergency.Record
	QRText string
}

// CodeRecords returns codes of the organisation with their records and QR
// text, in the order asked (an id may repeat), for batch printing; any id
// that is not the organisation's makes it ENOTFOUND.
func (s *Service) CodeRecords(ctx context.Context, actor *cloud.User, orgID int64, codeIDs []int64) ([]CodeWithRecord, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	codes, err := s.store.ListCodes(ctx, org.ID, cloud.CodeFilter{})
	if err != nil {
		return nil, err
	}
	byID := map[int64]*cloud.CorporateCode{}
	for _, c := range codes {
		byID[c.ID] = c
	}
	opened := map[int64]CodeWithRecord{}
	out := make([]CodeWithRecord, 0, len(codeIDs))
	for _, id := range codeIDs {
		if r, ok := opened[id]; ok {
			out = append(out, r)
			continue
		}
		c := byID[id]
		if c == nil {
			return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound)
		}
		r, err := s.withRecord(c)
		if err != nil {
			return nil, err
		}
		opened[id] = r
		out = append(out, r)
	}
	return out, nil
}

// withRecord opens a code's record and writes its QR text, dated now in
// the product's home time zone.
func (s *Service) withRecord(c *cloud.CorporateCode) (CodeWithRecord, error) {
	r, err := s.openCodeRecord(c)
	if err != nil {
		return CodeWithRecord{}, err
	}
	loc, err := time.LoadLocation(defaultTimeZone)
	if err != nil {
		return CodeWithRecord{}, err
	}
	return CodeWithRecord{Code: c, Record: r, QRText: emergency.RecordQRText(r, s.now(), loc)}, nil
}

// ViewCode is c as the client sees it, without its record.
func ViewCode(c *cloud.CorporateCode) api.LibraryCode {
	v := api.LibraryCode{ID: c.ID, Name: c.Name, ProjectName: c.ProjectName, TemplateName: c.TemplateName,
		LabelType: api.LabelType(c.LabelType), IsActive: c.IsActive, Source: api.LibraryCodeSource(c.Source),
		MissingFields: c.MissingFields, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, ReviewedAt: c.ReviewedAt,
		SearchLatin: emergency.LatinForSearch(c.Name)}
	if c.ExternalID != "" {
		id := c.ExternalID
		v.ExternalID = &id
	}
	if c.ProjectID != 0 {
		id := c.ProjectID
		v.ProjectID = &id
	}
	if c.TemplateID != 0 {
		id := c.TemplateID
		v.TemplateID = &id
	}
	return v
}

func viewWithRecord(r CodeWithRecord) api.LibraryCode {
	v := ViewCode(r.Code)
	record := r.Record
	if record.Fields == nil {
		record.Fields = []emergency.Field{}
	}
	v.Record, v.QrText = record, r.QRText
	return v
}

// LibraryQuery is what a library list asks for (docs/design/admin-corporate.md §5):
// the search and page (Paged false: every code the filters pick, as the
// station's offline cache and the batch picker's select-all need), the
// project filter ("", "all", "organization" or a project's id), the status
// filter ("", "all", "active", "inactive"), and whether each record and QR
// text come too.
type LibraryQuery struct {
	Page        Page
	Paged       bool
	Project     string
	Status      string
	WithRecords bool
	// ExternalID picks the code with this employee or badge number.
	ExternalID string
	// Review picks by review state: "" or "all", "due" (overdue ones
	// included) or "overdue" (cloud.CodeReviewCutoffs).
	Review string
}

// filter checks q and turns it into the store's filter.
func (q LibraryQuery) filter() (cloud.CodeFilter, error) {
	var f cloud.CodeFilter
	if q.Paged {
		page, err := q.Page.query()
		if err != nil {
			return f, err
		}
		f.Search, f.Limit, f.Offset = page.Search, page.Limit, page.Offset
	} else {
		f.Search = strings.TrimSpace(q.Page.Search)
		if len(f.Search) > cloud.AdminSearchMaxBytes {
			return f, cloud.NewError(cloud.EINVALID, cloud.MsgSearchTooLong)
		}
	}
	if q.ExternalID != "" {
		id, err := cloud.NormalizeExternalID(q.ExternalID)
		if err != nil {
			return f, err
		}
		f.ExternalID = id
	}
	switch q.Project {
	case "", "all":
	case "organization":
		f.NoProject = true
	default:
		id, err := strconv.ParseInt(q.Project, 10, 64)
		if err != nil || id <= 0 {
			return f, cloud.NewError(cloud.EINVALID, cloud.MsgLibraryFilterInvalid)
		}
		f.ProjectID = id
	}
	switch q.Status {
	case "", "all":
	case "active", "inactive":
		active := q.Status == "active"
		f.Active = &active
	default:
		return f, cloud.NewError(cloud.EINVALID, cloud.MsgLibraryFilterInvalid)
	}
	switch q.Review {
	case "", "all", cloud.CodeReviewDue, cloud.CodeReviewOverdue:
	default:
		return f, cloud.NewError(cloud.EINVALID, cloud.MsgReviewFilterInvalid)
	}
	return f, nil
}

// reviewedBefore is the review filter's cutoff for org at now: the date
// before which its codes are due or overdue (zero for no filter).
func reviewedBefore(review string, org *cloud.Organization, now time.Time) time.Time {
	due, overdue := cloud.CodeReviewCutoffs(org.ReviewPeriod(), now)
	switch review {
	case cloud.CodeReviewDue:
		return due
	case cloud.CodeReviewOverdue:
		return overdue
	}
	return time.Time{}
}

// markReview gives each listed code its review state under org's period.
func markReview(views []api.LibraryCode, org *cloud.Organization, now time.Time) {
	for i := range views {
		views[i].Review = api.LibraryCodeReview(cloud.CodeReviewState(views[i].ReviewedAt, org.ReviewPeriod(), now))
	}
}

// ListLibrary returns the organisation's codes that q picks, newest first,
// and its quota.
func (s *Service) ListLibrary(ctx context.Context, actor *cloud.User, orgID int64, q LibraryQuery) (*api.LibraryPage, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	f, err := q.filter()
	if err != nil {
		return nil, err
	}
	f.ReviewedBefore = reviewedBefore(q.Review, org, s.now())
	codes, err := s.store.ListCodes(ctx, org.ID, f)
	if err != nil {
		return nil, err
	}
	lib := &api.LibraryPage{Success: true, QrCodes: make([]api.LibraryCode, 0, len(codes)), Total: len(codes),
		Quota: api.LibraryQuota{Used: len(codes), Max: org.MaxQRCodes}}
	if q.Paged {
		lib.Page, lib.PageSize = q.Page.Page, q.Page.PageSize
		if lib.Total, err = s.store.CountCodes(ctx, org.ID, f); err != nil {
			return nil, err
		}
	}
	if !f.IsZero() {
		if lib.Quota.Used, err = s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{}); err != nil {
			return nil, err
		}
	}
	// The station prints from its cached copy of this list, offline too, so
	// the list carries the one rule's answer for it to keep.
	if err := cloud.CanCreateCodes(org, lib.Quota.Used, s.now()); err != nil {
		lib.Paused = cloud.ErrorMessage(err)
	}
	for _, c := range codes {
		if !q.WithRecords {
			lib.QrCodes = append(lib.QrCodes, ViewCode(c))
			continue
		}
		r, err := s.withRecord(c)
		if err != nil {
			return nil, err
		}
		lib.QrCodes = append(lib.QrCodes, viewWithRecord(r))
	}
	// Two codes that look like one worker are marked, so that an
	// officer settles them rather than printing both.
	if err := s.markLookAlikes(ctx, org.ID, lib.QrCodes); err != nil {
		return nil, err
	}
	markReview(lib.QrCodes, org, s.now())
	return lib, nil
}

// Code returns one code with its record and QR text.
func (s *Service) Code(ctx context.Context, actor *cloud.User, orgID, codeID int64) (*api.LibraryCode, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	c, err := s.findCode(ctx, org.ID, codeID)
	if err != nil {
		return nil, err
	}
	r, err := s.withRecord(c)
	if err != nil {
		return nil, err
	}
	views := []api.LibraryCode{viewWithRecord(r)}
	markReview(views, org, s.now())
	return &views[0], nil
}

// CodeViewWithRecord is c with its record and QR text, for the answers to
// writes.
func (s *Service) CodeViewWithRecord(c *cloud.CorporateCode) (*api.LibraryCode, error) {
	r, err := s.withRecord(c)
	if err != nil {
		return nil, err
	}
	v := viewWithRecord(r)
	return &v, nil
}
