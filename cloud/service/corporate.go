package service

// Corporate accounts (docs/design/admin-corporate.md §2-§9, docs/design/decisions.md §9 "Corporate").
// An organisation and its owner are created once, from a paid subscription
// checkout (complete-registration or the checkout.session.completed
// webhook, whichever comes first, in one transaction with the event id) or
// from the simple form's trial. Every organisation route is scoped here:
// a member sees their own organisation, a site admin reads any, anyone
// else gets ENOTFOUND.
//
// This file holds that scoping: who may read or change an organisation.
// Each other part of the corporate side has a corporate_*.go file named
// for what it does.

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// organizationFor returns the organisation id a request may read
// (write=false) or change: its members', and for reading a site admin's.
// Anyone else learns nothing, not even that it exists.
func (s *Service) organizationFor(ctx context.Context, actor *cloud.User, orgID int64, write bool) (*cloud.Organization, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	if !isMember(actor, orgID) && !(actor.IsAdmin && !write) {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	org, err := s.store.FindOrganization(ctx, orgID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgOrganizationNotFound)
	}
	return org, err
}

// mayCreate applies cloud.CanCreateCodes, the rule of every route that
// prints, creates or mails, to org with its codes counted now.
func (s *Service) mayCreate(ctx context.Context, org *cloud.Organization) error {
	used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
	if err != nil {
		return err
	}
	return cloud.CanCreateCodes(org, used, s.now())
}

// ownerOf is organizationFor for the owner's own changes (team, billing).
func (s *Service) ownerOf(ctx context.Context, actor *cloud.User, orgID int64) (*cloud.Organization, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if !isOwner(actor, orgID) {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgOwnerOnly)
	}
	return org, nil
}

// isMember: a corporate user of the organisation, who may change its
// library, projects, templates, links, printing and paper.
func isMember(actor *cloud.User, orgID int64) bool {
	return actor != nil && cloud.IsCorporate(actor.UserType) && actor.OrganizationID == orgID && orgID != 0
}

// isOwner: its Organization Administrator, who alone manages the team and
// billing.
func isOwner(actor *cloud.User, orgID int64) bool {
	return isMember(actor, orgID) && actor.UserType == cloud.UserTypeCorporateOwner
}

// permissionsOf is what the caller may do in an organisation, from the same
// rules organizationFor and ownerOf enforce, so a page shows only the
// actions its reader may take (a site admin reads; an admin does not manage
// the team).
func permissionsOf(actor *cloud.User, orgID int64) api.CorporatePermissions {
	owner := isOwner(actor, orgID)
	return api.CorporatePermissions{Edit: isMember(actor, orgID), ManageTeam: owner, ManageBilling: owner}
}
