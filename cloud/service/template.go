package service

// Form templates (docs/design/admin-corporate.md §2-§5, §8). Scoped like every
// organisation route: members change their own organisation's templates,
// site admins read any, anyone else gets ENOTFOUND. The built-in Standard
// Emergency Form (id 0) is in code, the same for every organisation, and
// cannot be changed.

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// ViewTemplate is t as the client sees it.
func ViewTemplate(t *cloud.Template) api.FormTemplate {
	v := api.FormTemplate{ID: t.ID, Name: t.Name, Description: t.Description, IsDefault: t.IsDefault,
		BuiltIn: t.ID == cloud.StandardTemplateID, Fields: t.Fields}
	if v.Fields == nil {
		v.Fields = []emergency.Field{}
	}
	if !t.CreatedAt.IsZero() {
		created, updated := t.CreatedAt, t.UpdatedAt
		v.CreatedAt, v.UpdatedAt = &created, &updated
	}
	return v
}

// ListTemplates returns the built-in Standard Emergency Form first, then
// the organisation's templates.
func (s *Service) ListTemplates(ctx context.Context, actor *cloud.User, orgID int64) ([]api.FormTemplate, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	templates, err := s.store.ListTemplates(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	views := []api.FormTemplate{ViewTemplate(cloud.StandardTemplate())}
	for _, t := range templates {
		views = append(views, ViewTemplate(t))
	}
	return views, nil
}

// TemplateFields returns a template's name and fields for making a code:
// templateID 0 is the built-in Standard Emergency Form. A template of
// another organisation is ENOTFOUND, as is the organisation for a caller
// who may not read it.
func (s *Service) TemplateFields(ctx context.Context, actor *cloud.User, orgID int64, templateID int64) (string, []emergency.Field, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return "", nil, err
	}
	return s.orgTemplateFields(ctx, org.ID, templateID)
}

// orgTemplateFields resolves a template of an organisation without checking
// who asks: the caller has (a member through TemplateFields, a worker through
// a collection link).
func (s *Service) orgTemplateFields(ctx context.Context, orgID, templateID int64) (string, []emergency.Field, error) {
	if templateID == cloud.StandardTemplateID {
		t := cloud.StandardTemplate()
		return t.Name, t.Fields, nil
	}
	t, err := s.store.FindTemplate(ctx, templateID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && t.OrganizationID != orgID) {
		return "", nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound)
	} else if err != nil {
		return "", nil, err
	}
	return t.Name, t.Fields, nil
}

// templateOrDefault is the template id a create or an import asked for,
// or, when it named none (nil), the organisation's default template: the
// one its officers chose as default is the default everywhere, and
// without one it is the Standard Emergency Form.
func (s *Service) templateOrDefault(ctx context.Context, orgID int64, id *int64) (int64, error) {
	if id != nil {
		return *id, nil
	}
	templates, err := s.store.ListTemplates(ctx, orgID)
	if err != nil {
		return 0, err
	}
	for _, t := range templates {
		if t.IsDefault {
			return t.ID, nil
		}
	}
	return cloud.StandardTemplateID, nil
}

// CreateTemplate saves a new template of the organisation.
func (s *Service) CreateTemplate(ctx context.Context, actor *cloud.User, orgID int64, req api.FormTemplateRequest) (*api.FormTemplate, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	// Counted before the insert, outside its transaction: two saves at once
	// may pass the limit by one, which is harmless for a guard against floods.
	if existing, err := s.store.ListTemplates(ctx, org.ID); err != nil {
		return nil, err
	} else if len(existing) >= cloud.MaxTemplates {
		return nil, cloud.Errorf(cloud.ECONFLICT, cloud.MsgTooManyTemplates, cloud.MaxTemplates)
	}
	now := s.now()
	t := &cloud.Template{OrganizationID: org.ID, Name: req.Name, Description: req.Description,
		Fields: req.Fields, IsDefault: req.IsDefault, CreatedBy: actor.ID, CreatedAt: now, UpdatedAt: now}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	err = s.store.CreateTemplate(ctx, t, &cloud.Activity{OrganizationID: org.ID,
		Kind: cloud.ActivityTemplateCreated, Detail: t.Name, CreatedAt: now})
	if cloud.ErrorCode(err) == cloud.ECONFLICT {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgDefaultTemplateRace)
	} else if err != nil {
		return nil, err
	}
	v := ViewTemplate(t)
	return &v, nil
}

// UpdateTemplate replaces a template's name, description, fields and
// default flag. Codes made from it keep their own copy of the old fields.
func (s *Service) UpdateTemplate(ctx context.Context, actor *cloud.User, templateID int64, req api.FormTemplateRequest) (*api.FormTemplate, error) {
	t, err := s.templateToChange(ctx, actor, templateID)
	if err != nil {
		return nil, err
	}
	t.Name, t.Description, t.Fields, t.IsDefault = req.Name, req.Description, req.Fields, req.IsDefault
	t.UpdatedAt = s.now()
	if err := t.Validate(); err != nil {
		return nil, err
	}
	err = s.store.UpdateTemplate(ctx, t, &cloud.Activity{OrganizationID: t.OrganizationID,
		Kind: cloud.ActivityTemplateUpdated, Detail: t.Name, CreatedAt: t.UpdatedAt})
	switch cloud.ErrorCode(err) {
	case "":
	case cloud.ENOTFOUND:
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound) // deleted meanwhile
	case cloud.ECONFLICT:
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgDefaultTemplateRace)
	default:
		return nil, err
	}
	v := ViewTemplate(t)
	return &v, nil
}

// DeleteTemplate deletes a template. Codes made from it keep their fields
// and its name; collection links that fill it in stop working.
func (s *Service) DeleteTemplate(ctx context.Context, actor *cloud.User, templateID int64) error {
	t, err := s.templateToChange(ctx, actor, templateID)
	if err != nil {
		return err
	}
	err = s.store.DeleteTemplate(ctx, t.OrganizationID, t.ID, &cloud.Activity{OrganizationID: t.OrganizationID,
		Kind: cloud.ActivityTemplateDeleted, Detail: t.Name, CreatedAt: s.now()})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound)
	}
	return err
}

// templateToChange finds a template the caller may change: one of their
// own organisation's. Any other answers ENOTFOUND, whether it exists or
// not; the built-in form cannot be changed.
func (s *Service) templateToChange(ctx context.Context, actor *cloud.User, templateID int64) (*cloud.Template, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if templateID == cloud.StandardTemplateID {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgBuiltInReadOnly)
	}
	notFound := cloud.NewError(cloud.ENOTFOUND, cloud.MsgTemplateNotFound)
	t, err := s.store.FindTemplate(ctx, templateID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	if _, err := s.organizationFor(ctx, actor, t.OrganizationID, true); cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	return t, nil
}
