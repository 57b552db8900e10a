package service

// An organisation's projects, which group its library's codes: listing,
// creating, changing and deleting them (only an empty one), and finding one
// by id or its name for a code.

import (
	"context"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

func viewProject(p *cloud.Project) api.Project {
	return api.Project{ID: p.ID, Name: p.Name, Description: p.Description, Status: api.ProjectStatus(p.Status),
		StartDate: p.StartDate, EndDate: p.EndDate, CodeCount: p.CodeCount, CreatedAt: p.CreatedAt}
}

// ListProjects returns an organisation's projects with their code counts.
func (s *Service) ListProjects(ctx context.Context, actor *cloud.User, orgID int64) ([]api.Project, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	projects, err := s.store.ListProjects(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	views := []api.Project{}
	for _, p := range projects {
		views = append(views, viewProject(p))
	}
	return views, nil
}

// CreateProject adds an active project to the organisation.
func (s *Service) CreateProject(ctx context.Context, actor *cloud.User, orgID int64, req api.ProjectRequest) (*api.Project, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	p := &cloud.Project{OrganizationID: org.ID, Status: cloud.ProjectActive, CreatedBy: actor.ID, CreatedAt: s.now()}
	applyProjectRequest(p, req)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	err = s.store.CreateProject(ctx, p, &cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityProjectCreated,
		Detail: p.Name, CreatedAt: p.CreatedAt})
	if err != nil {
		return nil, projectNameTaken(err, p)
	}
	v := viewProject(p)
	return &v, nil
}

// UpdateProject renames a project, changes its description or sets its
// status (docs/design/admin-corporate.md §4: any of active, completed, cancelled, freely).
func (s *Service) UpdateProject(ctx context.Context, actor *cloud.User, orgID, projectID int64, req api.ProjectRequest) (*api.Project, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	p, err := s.findProject(ctx, org.ID, projectID)
	if err != nil {
		return nil, err
	}
	applyProjectRequest(p, req)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	err = s.store.UpdateProject(ctx, p, &cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityProjectUpdated,
		Detail: p.Name + ", " + p.Status, CreatedAt: s.now()})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgProjectNotFound)
	} else if err != nil {
		return nil, projectNameTaken(err, p)
	}
	v := viewProject(p)
	return &v, nil
}

// projectNameTaken is the store's refusal of a name another project has
// (the unique index on NameKey decides, so two creates at once cannot
// both take it) in the words the officer reads.
func projectNameTaken(err error, p *cloud.Project) error {
	if cloud.ErrorCode(err) == cloud.ECONFLICT {
		return cloud.Errorf(cloud.ECONFLICT, cloud.MsgProjectNameTaken, p.Name)
	}
	return err
}

// DeleteProject deletes an empty project; one with codes is refused
// (archive it: status archived) and left as it is.
func (s *Service) DeleteProject(ctx context.Context, actor *cloud.User, orgID, projectID int64) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	p, err := s.findProject(ctx, org.ID, projectID)
	if err != nil {
		return err
	}
	codes, err := s.store.DeleteProject(ctx, org.ID, p.ID, &cloud.Activity{OrganizationID: org.ID,
		Kind: cloud.ActivityProjectDeleted, Detail: p.Name, CreatedAt: s.now()})
	switch cloud.ErrorCode(err) {
	case cloud.ENOTFOUND:
		return cloud.NewError(cloud.ENOTFOUND, cloud.MsgProjectNotFound)
	case cloud.ECONFLICT:
		return cloud.Errorf(cloud.ECONFLICT, cloud.MsgProjectHasCodes, codes)
	}
	return err
}

func applyProjectRequest(p *cloud.Project, req api.ProjectRequest) {
	if req.Name != nil {
		p.Name = *req.Name
	}
	if req.Description != nil {
		p.Description = *req.Description
	}
	if req.Status != nil {
		p.Status = *req.Status
	}
	if req.StartDate != nil {
		p.StartDate = strings.TrimSpace(*req.StartDate)
	}
	if req.EndDate != nil {
		p.EndDate = strings.TrimSpace(*req.EndDate)
	}
}

func (s *Service) findProject(ctx context.Context, orgID, projectID int64) (*cloud.Project, error) {
	p, err := s.store.FindProject(ctx, orgID, projectID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgProjectNotFound)
	}
	return p, err
}

// projectName is the name of the organisation's project id ("" for none),
// or ENOTFOUND for a project that is not the organisation's.
func (s *Service) projectName(ctx context.Context, orgID, projectID int64) (string, error) {
	if projectID == 0 {
		return "", nil
	}
	p, err := s.findProject(ctx, orgID, projectID)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}
