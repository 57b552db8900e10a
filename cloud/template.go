package cloud

import (
	"context"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// Form templates (docs/design/admin-corporate.md §2-§5, §8): an organisation's
// custom data-capture forms. Their fields are labels, not medical data, so
// they are stored in the clear. A code made from a template keeps its own
// copy of the fields (emergency.Record), so editing or deleting a template
// never changes a code already made or printed.

// Activity kinds of templates (Recent Activity); Detail is the template's name.
const (
	ActivityTemplateCreated = "template_created"
	ActivityTemplateUpdated = "template_updated"
	ActivityTemplateDeleted = "template_deleted"
)

// Template messages: docs/design/admin-corporate.md §5 and §8 where the spec gives them; the validation
// messages shared with the browser are in pkg/emergency/rules.json.
const (
	MsgTemplateCreated  = "Form template created successfully"
	MsgTemplateUpdated  = "Form template updated successfully"
	MsgTemplateDeleted  = "Form template deleted"
	MsgTemplateNotFound = "Form template not found"
	MsgTooManyTemplates = "An organization can have at most %d form templates; delete one first" // MaxTemplates
	MsgBuiltInReadOnly  = "The Standard Emergency Form cannot be changed; edit a copy instead"
	// Two saves at once both asked to be the default; one template is.
	MsgDefaultTemplateRace = "Another template was made the default at the same moment. Please save again."
)

// MaxTemplates is how many templates one organisation may keep: more than
// any real one needs, few enough that a script cannot fill the database.
const MaxTemplates = 100

// StandardTemplateID is the id of the built-in Standard Emergency Form,
// which no organisation stores and none can change.
const StandardTemplateID = 0

// Template is a form template of an organisation.
type Template struct {
	ID             int64
	OrganizationID int64
	Name           string
	Description    string
	Fields         []emergency.Field
	IsDefault      bool
	CreatedBy      int64 // the user who created it; 0 once they are gone
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// StandardTemplate is the built-in Standard Emergency Form.
func StandardTemplate() *Template {
	return &Template{ID: StandardTemplateID, Name: emergency.StandardFormName, Fields: emergency.StandardFields()}
}

// Validate normalises t (names trimmed, fields renumbered 1..n, options
// cleaned) and checks it, returning the first problem with its message
// and every field's problems in Fields.
func (t *Template) Validate() error {
	tr := emergency.Rules.Templates
	t.Name = emergency.SingleLine(t.Name)
	t.Description = emergency.MultiLine(t.Description)
	t.Fields = emergency.NormalizeFields(t.Fields)
	switch {
	case t.Name == "":
		return NewError(EINVALID, tr.Messages.NameRequired)
	case len(t.Name) > tr.MaxBytes["name"]:
		return tooLongError("Template name", tr.MaxBytes["name"])
	case len(t.Description) > tr.MaxBytes["description"]:
		return tooLongError("Description", tr.MaxBytes["description"])
	}
	if errs := emergency.ValidateFields(t.Fields); errs != nil {
		return &Error{Code: EINVALID, Message: errs[0].Message, Fields: errs}
	}
	return nil
}

func tooLongError(name string, limit int) error {
	return Errorf(EINVALID, "%s is too long: at most %d bytes", name, limit)
}

// TemplateStore keeps form templates. Every method takes the organisation:
// a template of another organisation is ENOTFOUND. The writes add their
// Recent Activity line in the same transaction.
type TemplateStore interface {
	// ListTemplates returns an organisation's templates, by id.
	ListTemplates(ctx context.Context, organizationID int64) ([]*Template, error)
	// FindTemplate finds a template by id alone, for the service to
	// check whose it is.
	FindTemplate(ctx context.Context, id int64) (*Template, error)
	// CreateTemplate inserts t and sets its ID; a default template
	// stops being the default of its organisation's previous one.
	CreateTemplate(ctx context.Context, t *Template, a *Activity) error
	// UpdateTemplate replaces t's name, description, fields and default
	// flag, as CreateTemplate does for the default.
	UpdateTemplate(ctx context.Context, t *Template, a *Activity) error
	DeleteTemplate(ctx context.Context, organizationID, id int64, a *Activity) error
}
