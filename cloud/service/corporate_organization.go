package service

// An organisation as its members see it: its details and state (plan,
// status, quota, whether it is paused), the dashboard's figures and recent
// activity, and the paper its batch printing starts on.

import (
	"context"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/plans"
)

// ViewOrganization is o as the client sees it at now, with its code count.
func ViewOrganization(o *cloud.Organization, qrCodes int, now time.Time) api.CorporateOrganization {
	v := api.CorporateOrganization{
		ID: o.ID, Name: o.Name, OrganizationType: o.OrganizationType, ContactFirstName: o.ContactFirstName,
		ContactLastName: o.ContactLastName, ContactEmail: o.ContactEmail, Phone: o.Phone, Address: o.Address,
		City: o.City, Country: o.Country, EmployeeCount: o.EmployeeCount, SubscriptionTier: o.Plan,
		SubscriptionPlan: o.Plan, SubscriptionStatus: o.Status(now), CurrentQrCodes: qrCodes,
		MaxQrCodes: o.MaxQRCodes, HasBillingAccount: o.StripeCustomerID != "", PaperSize: api.CorporatePaperSize(o.Paper()),
		ReviewPeriodMonths: o.ReviewPeriod(), CreatedAt: o.CreatedAt,
	}
	if !o.TrialEndsAt.IsZero() {
		t := o.TrialEndsAt
		v.TrialEndsAt = &t
	}
	if err := cloud.CanCreateCodes(o, qrCodes, now); err != nil {
		v.Paused = cloud.ErrorMessage(err)
	}
	return v
}

// MyOrganization is GET /api/corporate/organization: the caller's own.
func (s *Service) MyOrganization(ctx context.Context, actor *cloud.User) (*api.CorporateOrganization, error) {
	if actor == nil {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgSignInRequired)
	}
	org, err := s.organizationFor(ctx, actor, actor.OrganizationID, false)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountOrganization(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	v := ViewOrganization(org, counts.QRCodes, s.now())
	return &v, nil
}

// OrganizationDashboard returns the figures and recent activity.
func (s *Service) OrganizationDashboard(ctx context.Context, actor *cloud.User, orgID int64) (*api.CorporateDashboard, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	counts, err := s.store.CountOrganization(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	activity, err := s.store.ListActivity(ctx, org.ID, cloud.ActivityShown)
	if err != nil {
		return nil, err
	}
	d := &api.CorporateDashboard{Organization: ViewOrganization(org, counts.QRCodes, s.now()), Projects: counts.Projects,
		TeamMembers: counts.Members, MaxMembers: plans.All.MaxAdminAccounts, RecentActivity: []api.CorporateActivity{},
		Permissions: permissionsOf(actor, org.ID)}
	// The codes due for review (overdue ones included) and overdue, each
	// counted from the review index.
	due, overdue := cloud.CodeReviewCutoffs(org.ReviewPeriod(), s.now())
	if d.ReviewDue, err = s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{ReviewedBefore: due}); err != nil {
		return nil, err
	}
	if d.ReviewOverdue, err = s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{ReviewedBefore: overdue}); err != nil {
		return nil, err
	}
	if actor.OrganizationID == org.ID {
		d.Role = roleName(actor.UserType)
	}
	for _, a := range activity {
		d.RecentActivity = append(d.RecentActivity, api.CorporateActivity{Kind: a.Kind, Detail: a.Detail,
			Sentence: cloud.ActivitySentence(a.Kind, a.Detail), CreatedAt: a.CreatedAt})
	}
	return d, nil
}

// SetReviewPeriod changes how often an organisation's codes are to be
// confirmed; any member may, as they are the ones who send the rounds.
func (s *Service) SetReviewPeriod(ctx context.Context, actor *cloud.User, orgID int64, months int) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	if !cloud.ValidReviewPeriod(months) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgReviewPeriodInvalid)
	}
	now := s.now()
	return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if err := tx.SetReviewPeriod(org.ID, months, now); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityReviewPeriodChanged,
			Detail: fmt.Sprintf("%d months", months), CreatedAt: now})
	})
}

// SetPaperSize changes the paper an organisation's batch printing starts
// on; any member may, as they are the ones who print.
func (s *Service) SetPaperSize(ctx context.Context, actor *cloud.User, orgID int64, paper string) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	if !cloud.ValidPaperSize(paper) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgPaperSizeInvalid)
	}
	now := s.now()
	return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if err := tx.SetPaperSize(org.ID, paper, now); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityPaperChanged,
			Detail: cloud.PaperSizeName(paper), CreatedAt: now})
	})
}
