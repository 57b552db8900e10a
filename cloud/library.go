package cloud

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
)

// Projects and the QR code library (docs/design/admin-corporate.md §2-§5, docs/design/decisions.md §9
// "Corporate"). A library code is a person's emergency record (usually a
// worker's), made from a form template and sealed at rest like an
// individual's; its name, project and label type are in the clear.

// Project statuses (docs/design/admin-corporate.md §4); a project starts active.
const (
	ProjectActive    = "active"
	ProjectCompleted = "completed"
	ProjectCancelled = "cancelled"
	// ProjectArchived keeps a finished project's codes out of the way; a
	// project with codes is archived rather than deleted.
	ProjectArchived = "archived"
)

// ProjectStatuses lists the statuses in the order the status select shows them.
var ProjectStatuses = []string{ProjectActive, ProjectCompleted, ProjectCancelled, ProjectArchived}

// MsgProjectStatusInvalid names every status of ProjectStatuses.
var MsgProjectStatusInvalid = "Project status must be " + oneOf(ProjectStatuses...)

// How a library code was made (organization_qr_codes.source).
const (
	CodeSourceManual     = "manual"
	CodeSourceDuplicate  = "duplicate"
	CodeSourceImport     = "import"
	CodeSourceCollection = "collection" // a worker's own submission through a collection link
	// CodeSourceAPI: made by a program through the API's upserts (an HR
	// sync), counted apart from the officer's CSV imports.
	CodeSourceAPI = "api"
)

// LabelTypes are the product's label types, pkg/labels' presets, the first
// the default: a library code is printed on one (docs/design/admin-corporate.md §3 labelType), and a
// physical order is of one (custom sizes are digital only, individual-side
// docs/design/individual.md §2).
var LabelTypes = labels.KindNames()

// MsgLabelTypeInvalid names every label type; MsgLabelTypeUnknown adds the
// custom size, which a downloaded sheet may have too.
var (
	MsgLabelTypeInvalid = "Label type must be " + oneOf(LabelTypes...)
	MsgLabelTypeUnknown = "Label type must be " + oneOf(slices.Concat(LabelTypes, []string{"custom"})...)
)

// MsgPaperSizeInvalid names every paper size of pkg/labels.
var MsgPaperSizeInvalid = "Paper size must be " + oneOf(labels.PaperSizeNames()...)

// Activity kinds of the library (Recent Activity). Detail is a project's
// or code's name, or how many codes an import made; nothing medical.
const (
	ActivityProjectCreated = "project_created"
	ActivityProjectUpdated = "project_updated"
	ActivityProjectDeleted = "project_deleted"
	ActivityCodeCreated    = "qr_code_created"
	ActivityCodeUpdated    = "qr_code_updated"
	ActivityCodeDeleted    = "qr_code_deleted"
	ActivityCodesImported  = "qr_codes_imported"
	// ActivityCodesReimported: an import that also updated codes by their
	// employee or badge numbers (ImportReimportedDetail).
	ActivityCodesReimported = "qr_codes_reimported"
	// ActivityExternalIDsAttached: how many codes got a number from a file.
	ActivityExternalIDsAttached = "external_ids_attached"
)

// Library limits.
const (
	ProjectNameMaxBytes        = 100
	ProjectDescriptionMaxBytes = 1000
	CodeNameMaxBytes           = 100
	// ImportMaxBytes and ImportMaxRows bound one CSV import.
	ImportMaxBytes = 1 << 20
	ImportMaxRows  = 2000
)

// Library messages.
const (
	MsgLibraryFilterInvalid  = "project must be all, organization or a project's id; status must be all, active or inactive"
	MsgProjectNameRequired   = "Project name is required"
	MsgProjectNameTooLong    = "Project name is too long: at most 100 bytes"
	MsgProjectDescTooLong    = "Description is too long: at most 1000 bytes"
	MsgProjectNameTaken      = "A project named %q already exists: choose another name"
	MsgProjectDateInvalid    = "%s must be a date (YYYY-MM-DD)"
	MsgProjectEndBeforeStart = "The end date must not be before the start date"
	MsgProjectHasCodes       = "This project holds %d QR codes, so it cannot be deleted: archive it instead"
	MsgProjectNotFound       = "Project not found"
	MsgCodeNotFound          = "QR code not found"
	MsgCodeNameRequired      = "Name is required"
	MsgCodeNameTooLong       = "Name is too long: at most 100 bytes"
	MsgCodeSourceInvalid     = "Source must be manual, import or duplicate"
	MsgOrganizationInactive  = "This organization's subscription is not active, so QR codes cannot be created or printed. Choose a plan from your dashboard to continue."
	MsgImportTooLarge        = "The CSV file is too large: at most 1 MB and 2000 rows"
	MsgImportEmpty           = "The CSV file has no rows to import"
	MsgImportUnreadable      = "The CSV file could not be read: %s"
	// MsgImportUndecodable refuses a file whose text is in no encoding a
	// spreadsheet saves (emergency.SpreadsheetText), and says how to save
	// one that is.
	MsgImportUndecodable   = "This file's text could not be read: save it from Excel as \"CSV UTF-8 (Comma delimited)\" and import it again"
	MsgImportCsvAndCsvFile = "Send the file as csv or as csvFile, not both"
	MsgImportNoNameColumn  = "The CSV file needs a Name column (download the template)"
	// MsgImportUnknownColumn: the column, then the columns the form takes.
	MsgImportUnknownColumn = "Unknown column %q. This form's columns are: %s. Rename or delete the column, or choose the form it belongs to."
	// MsgImportUnknownEncoding: the encoding asked for.
	MsgImportUnknownEncoding = "Unknown encoding %q: choose one of those the preview lists"
	// MsgImportUnreadableAs: the encoding asked for.
	MsgImportUnreadableAs = "This file cannot be read as %s: choose another encoding, or save it from Excel as \"CSV UTF-8 (Comma delimited)\" and import it again"
	// MsgImportGarbledName refuses a name cell holding "?" where Excel put
	// it for a letter its code page lacks, or letters as a wrong code page
	// reads them (emergency.Garbled): the name as read.
	MsgImportGarbledName = "%q has \"?\" or another alphabet's letters in place of its own. Save the sheet as \"CSV UTF-8 (Comma delimited)\" and import it again, or choose the file's encoding above."
	// MsgImportBloodTypeBlank: a blank blood type cell, which the form requires.
	MsgImportBloodTypeBlank  = "Blood type is required: write Unknown when it is not known"
	MsgImportDuplicateColumn = "The column %q appears twice"
	MsgImportExtraCells      = "This row has more cells than the header has columns"
	// MsgImportCellRefused adds to a cell's refusal what was read and
	// what the column allows (emergency.AllowedValues).
	MsgImportCellRefused = "%s (read %q; allowed: %s)"
	// MsgImportNotA is the refusal of a cell whose value is not what its
	// column holds: what was read, what it is not (emergency.NotA) and
	// what is allowed, each said once.
	MsgImportNotA = "%q is not %s (allowed: %s)"
	// MsgImportOtherTemplate says a file's columns are another template's
	// (its id goes with it as the error of the templateId field).
	MsgImportOtherTemplate = "These columns match the template %q. Switch?"
	// ImportHintName starts the template file's second row, which says
	// what each column allows; the import skips it, so it may stay.
	ImportHintName     = "Allowed values (you may delete this row)"
	MsgImportHasErrors = "Some rows have errors, so nothing was imported. Fix them and try again."
	// ImportExternalIDColumn is the import's column of the employee or
	// badge number (the code's external id); "externalId", the API's name,
	// is read as it too.
	ImportExternalIDColumn = "Employee or badge number"
	// MsgExternalIDField refuses an externalIdField (of an import or a
	// collection link) that the form template lacks.
	MsgExternalIDField = "externalIdField must be the id of one of the form template's fields"
	// ImportReimportedDetail: codes made, codes updated.
	ImportReimportedDetail = "%d new, %d updated"
	// ImportExternalIDHint is that column's cell in the template's hint row.
	ImportExternalIDHint = "letters, digits and - _ . : @ +; a code that has it is updated, not added again"
	// MsgImportDuplicateExternalID: the row it first appears on.
	MsgImportDuplicateExternalID = "This employee or badge number is also on row %d"
	// MsgImportPossibleDuplicate: the code's name, id and why (LookAlike*).
	MsgImportPossibleDuplicate = "Looks like %q (QR code %d): %s. Add the worker's employee or badge number to update that code instead."
	// MsgImportPossibleDuplicateRow: the earlier row's number and why
	// (LookAlike*), for two new rows of one file that look like one worker.
	MsgImportPossibleDuplicateRow = "Looks like row %d of this file: %s. Give each worker's employee or badge number, or remove one of the rows."
	// Attaching employee or badge numbers to existing codes.
	MsgAttachColumns = "The file needs a Name or QR code ID column and an Employee or badge number column"
	// MsgAttachNoSuchName: the name.
	MsgAttachNoSuchName = "No QR code is named %q"
	// MsgAttachNameTwice: how many, the name, then MsgAttachPickCode or
	// MsgAttachPickNotNamed.
	MsgAttachNameTwice = "%d QR codes are named %q, and the row's date of birth or phone does not tell which: %s"
	MsgAttachPickCode  = "pick the right one"
	// MsgAttachPickNotNamed: the picked code's id.
	MsgAttachPickNotNamed = "the picked QR code %d is not one of them"
	// MsgAttachCodeTwice: the row that names the code first.
	MsgAttachCodeTwice = "This QR code is also on row %d"
	// Why two records look like one worker.
	LookAlikeDateOfBirth = "same name and date of birth"
	LookAlikePhone       = "same name and phone number"
	// LookAlikeNameOnly: a row's name is a code's name and nothing else
	// agrees, so only the officer can say whether it is that worker.
	LookAlikeNameOnly = "same name only"
	// MsgImportChoiceRequired: the rows (numbers, comma separated) whose
	// name is one code's name and nothing else agrees.
	MsgImportChoiceRequired = "Rows %s have the name of a QR code in the library: choose for each whether it updates that code or adds a new worker, then import again."
	// MsgImportChoiceNotMatched: the QR code id a choice named for a row
	// whose name does not match it alone.
	MsgImportChoiceNotMatched = "This row's name does not match QR code %d alone, so it cannot update it: choose again from a fresh preview"
	msgImportQuota            = "Importing %d QR codes would exceed your plan's %d (%d already used). Nothing was imported."
	msgQuotaReached           = "Your plan allows %d QR codes. Delete unused codes or upgrade your plan."
	// MsgImportQuotaPreview: rows, max, used, left.
	MsgImportQuotaPreview = "These %d rows would exceed your plan's %d QR codes (%d used, %d left). Remove rows or upgrade your plan before importing."
	// MsgOverPlan: used, max, the number to delete.
	MsgOverPlan = "Your organization has %d QR codes but its plan allows %d. Printing, new codes and links are paused: delete %d codes or upgrade your plan to continue. Reading, exporting, editing and deleting still work."
)

// QuotaError is the refusal of adding codes that would take an
// organisation with used codes past its plan's max (maxQrCodes): the plan's
// limit for one code, the import's numbers for several.
func QuotaError(max, used, adding int) error {
	if adding > 1 {
		return Errorf(ECONFLICT, msgImportQuota, adding, max, used)
	}
	return Errorf(ECONFLICT, msgQuotaReached, max)
}

// CanCreateCodes is the one rule for every route that prints, creates or
// mails (docs/design/decisions.md §9; docs/security.md): an organisation may do them
// only while its subscription is live (active, a trial not yet ended at
// now, or past_due while Stripe retries) and while it holds no more codes
// (used) than its plan allows. An organisation past either can still read,
// export, edit and delete everything, so it can get back under its limit;
// printing a code, making one, and sending links wait until it has, or has
// upgraded. The trial's end is checked here, at each request, not only by
// the hourly job that marks ended trials inactive.
func CanCreateCodes(o *Organization, used int, now time.Time) error {
	switch o.Status(now) {
	case SubscriptionActive, SubscriptionTrial, SubscriptionPastDue:
	default:
		return NewError(EFORBIDDEN, MsgOrganizationInactive)
	}
	if used > o.MaxQRCodes {
		return OverPlanError(o.MaxQRCodes, used)
	}
	return nil
}

// OverPlanError is the refusal for an organisation holding more codes than
// its plan allows (a downgrade, or a trial that subscribed to a smaller plan).
func OverPlanError(max, used int) error {
	return Errorf(EFORBIDDEN, MsgOverPlan, used, max, used-max)
}

// Project is a group of an organisation's codes (a site, a crew).
type Project struct {
	ID             int64
	OrganizationID int64
	Name           string
	Description    string
	Status         string
	StartDate      string // YYYY-MM-DD, "" when unset
	EndDate        string // YYYY-MM-DD, "" when unset
	CodeCount      int    // the codes in it, counted when listed
	CreatedBy      int64
	CreatedAt      time.Time
}

// Validate normalises a project and checks it (docs/design/individual.md §5: the name non-blank).
func (p *Project) Validate() error {
	p.Name = emergency.SingleLine(p.Name)
	p.Description = emergency.MultiLine(p.Description)
	if p.Status == "" {
		p.Status = ProjectActive
	}
	switch {
	case p.Name == "":
		return NewError(EINVALID, MsgProjectNameRequired)
	case len(p.Name) > ProjectNameMaxBytes:
		return NewError(EINVALID, MsgProjectNameTooLong)
	case len(p.Description) > ProjectDescriptionMaxBytes:
		return NewError(EINVALID, MsgProjectDescTooLong)
	case !slices.Contains(ProjectStatuses, p.Status):
		return NewError(EINVALID, MsgProjectStatusInvalid)
	case !projectDate(p.StartDate):
		return Errorf(EINVALID, MsgProjectDateInvalid, "Start date")
	case !projectDate(p.EndDate):
		return Errorf(EINVALID, MsgProjectDateInvalid, "End date")
	case p.StartDate != "" && p.EndDate != "" && p.EndDate < p.StartDate:
		return NewError(EINVALID, MsgProjectEndBeforeStart)
	}
	return nil
}

// NameKey is what makes a project's name unique in its organisation: the
// name without regard to case ("Site A" and "site a" are one name).
func (p *Project) NameKey() string { return strings.ToLower(p.Name) }

// projectDate reports whether s is an unset ("") or ISO date.
func projectDate(s string) bool {
	if s == "" {
		return true
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// CorporateCode is a QR code in an organisation's library.
type CorporateCode struct {
	ID             int64
	OrganizationID int64
	ProjectID      int64 // 0: none (the spec's "organization" filter)
	ProjectName    string
	TemplateID     int64 // 0: the Standard Emergency Form (or a template since deleted)
	TemplateName   string
	Name           string
	LabelType      string
	IsActive       bool
	Source         string
	// ExternalID is the organisation's own id for the worker (employee or
	// badge number, NormalizeExternalID), "" for none; unique within the
	// organisation whatever its case (ExternalIDKey).
	ExternalID string
	// MissingFields counts the recommended fields the record leaves blank
	// (MissingFields), kept in the clear for the dashboard and analytics.
	MissingFields int
	CreatedBy     int64 // 0 for a worker's own submission, or once the user is gone
	// Sealed is the emergency.Record as JSON, sealed (service/library.go).
	Sealed    []byte
	CreatedAt time.Time
	UpdatedAt time.Time
	// ReviewedAt is when the code's details were last confirmed: every save
	// of its record sets it, and so does its worker's or an officer's "my
	// details are still right" (ConfirmCode), which changes nothing else.
	ReviewedAt time.Time
}

// Validate trims a code's name and checks it and its label type (an
// empty one is the first, helmet).
func (c *CorporateCode) Validate() error {
	c.Name = emergency.SingleLine(c.Name)
	if c.LabelType == "" {
		c.LabelType = LabelTypes[0]
	}
	switch {
	case c.Name == "":
		return NewError(EINVALID, MsgCodeNameRequired)
	case len(c.Name) > CodeNameMaxBytes:
		return NewError(EINVALID, MsgCodeNameTooLong)
	case !slices.Contains(LabelTypes, c.LabelType):
		return NewError(EINVALID, MsgLabelTypeInvalid)
	}
	return nil
}

// recommendedSlots are the standard slots a paramedic most needs: a record
// that has a field for one of them but leaves it blank is incomplete.
var recommendedSlots = []string{
	emergency.SlotFullName, emergency.SlotBloodType,
	emergency.ContactSlot(1, "name"), emergency.ContactSlot(1, "phone"),
}

// MissingFields is the one definition of an incomplete record: how many of
// its fields are required, or fill a recommended slot, and are blank.
func MissingFields(r emergency.Record) int {
	n := 0
	for _, f := range r.Fields {
		if (f.Required || slices.Contains(recommendedSlots, f.Standard)) && strings.TrimSpace(r.Values[f.ID]) == "" {
			n++
		}
	}
	return n
}

// CodeFilter picks and pages an organisation's library codes
// (docs/design/admin-corporate.md §5): Search matches the code's or its project's name
// anywhere, ignoring case and accents (both folded by
// emergency.FoldForSearch); ProjectID keeps one project's codes and NoProject the
// organisation's own; Active, when set, one status. Limit 0 is every match.
type CodeFilter struct {
	Search    string
	ProjectID int64
	NoProject bool
	Active    *bool
	// ExternalID picks the code with this external id, in any case
	// (ExternalIDKey).
	ExternalID string
	// FoldedNames picks the codes whose name, folded by
	// emergency.FoldForSearch, is exactly one of these (nil: any name).
	FoldedNames []string
	// ReviewedBefore, when set, picks the codes last confirmed before it
	// (CodeReviewCutoffs: the due or the overdue ones).
	ReviewedBefore time.Time
	Limit          int
	Offset         int
}

// IsZero reports whether f is the zero filter: every code, unpaged.
func (f CodeFilter) IsZero() bool {
	return f.Search == "" && f.ProjectID == 0 && !f.NoProject && f.Active == nil && f.ExternalID == "" &&
		f.FoldedNames == nil && f.ReviewedBefore.IsZero() && f.Limit == 0 && f.Offset == 0
}

// SealedCode is one sealed record, for re-sealing after a key rotation.
type SealedCode struct {
	ID             int64
	OrganizationID int64
	Sealed         []byte
}

// LibraryStore keeps projects and library codes. Every method takes the
// organisation: a project or code of another organisation is ENOTFOUND.
// The writes add their Recent Activity line in the same transaction.
type LibraryStore interface {
	// ListProjects returns an organisation's projects by id, with their
	// code counts.
	ListProjects(ctx context.Context, organizationID int64) ([]*Project, error)
	FindProject(ctx context.Context, organizationID, id int64) (*Project, error)
	CreateProject(ctx context.Context, p *Project, a *Activity) error
	// UpdateProject replaces a project's name, description, status and
	// dates. A name another project of the organisation has (NameKey) is
	// ECONFLICT, in CreateProject too.
	UpdateProject(ctx context.Context, p *Project, a *Activity) error
	// DeleteProject deletes a project that holds no codes; one that holds
	// some is left as it is and its code count returned with ECONFLICT.
	DeleteProject(ctx context.Context, organizationID, id int64, a *Activity) (codes int, err error)

	// ListCodes returns an organisation's codes that f picks, newest
	// first, sealed records included; CountCodes counts them (f's Limit
	// and Offset aside).
	ListCodes(ctx context.Context, organizationID int64, f CodeFilter) ([]*CorporateCode, error)
	CountCodes(ctx context.Context, organizationID int64, f CodeFilter) (int, error)
	FindCode(ctx context.Context, organizationID, id int64) (*CorporateCode, error)
	// CreateCodes inserts codes (all of one organisation) in one
	// transaction, setting their ids, with the organisation's row locked:
	// it refuses them all with CanCreateCodes's error, or with QuotaError
	// when the organisation's codes and these would be more than its
	// maxQrCodes (the inactive ones count: they can be activated again), so concurrent creates can never pass the quota.
	CreateCodes(ctx context.Context, codes []*CorporateCode, a *Activity) error
	// UpdateCode replaces a code's name, project, label type, active flag,
	// record, missing fields, updated and reviewed times.
	UpdateCode(ctx context.Context, c *CorporateCode, a *Activity) error
	// ConfirmCode sets a code's reviewed and updated times to now and
	// changes nothing else: its details were confirmed as they are. The
	// changes feed and the webhooks (qr_code.updated, changed reviewedAt)
	// hear of it; ENOTFOUND for another organisation's code.
	ConfirmCode(ctx context.Context, organizationID, id int64, now time.Time, a *Activity) error
	DeleteCode(ctx context.Context, organizationID, id int64, a *Activity) error

	// ListSealedCodes pages through every code's sealed record by id, and
	// ReplaceSealedCode swaps one if it is still old: key rotation.
	ListSealedCodes(ctx context.Context, afterID int64, limit int) ([]*SealedCode, error)
	ReplaceSealedCode(ctx context.Context, id int64, old, new []byte) (bool, error)
}
