package service

// Worker self-service collection links (issue 13). An officer makes a link
// for a template and project; the link's random token is handed out once,
// in its URL, and only its SHA-256 is kept. A worker opening the link needs
// no account: the token is their only credential, so every answer to them
// is about that link's organisation and, for an update link, that one code.

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// CollectionLinkRequest is the body of POST /api/corporate/{orgId}/collection-links.
type CollectionLinkRequest struct {
	TemplateID int64 `json:"templateId"` // 0: the Standard Emergency Form
	ProjectID  int64 `json:"projectId"`  // 0: no project
	// ExpiresInDays is 7, 30 or 0 (never); absent means 30.
	ExpiresInDays *int `json:"expiresInDays"`
}

// CollectionLinkView is a link as the officer's list shows it. URL is only
// set in the answer that created it: the token is not kept.
type CollectionLinkView struct {
	ID               int64      `json:"id"`
	URL              string     `json:"url,omitempty"`
	TemplateID       int64      `json:"templateId"`
	TemplateName     string     `json:"templateName"`
	ProjectID        *int64     `json:"projectId"`
	ProjectName      string     `json:"projectName"`
	CreatedAt        time.Time  `json:"createdAt"`
	ExpiresAt        *time.Time `json:"expiresAt"`
	RevokedAt        *time.Time `json:"revokedAt"`
	Submissions      int        `json:"submissions"`
	LastSubmissionAt *time.Time `json:"lastSubmissionAt"`
	// Status is active, expired or revoked at the time of the answer.
	Status string `json:"status"`
}

// Collection link statuses shown in the list.
const (
	LinkActive  = "active"
	LinkExpired = "expired"
	LinkRevoked = "revoked"
)

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (s *Service) viewCollectionLink(l *cloud.CollectionLink) CollectionLinkView {
	v := CollectionLinkView{ID: l.ID, TemplateID: l.TemplateID, TemplateName: l.TemplateName,
		ProjectName: l.ProjectName, CreatedAt: l.CreatedAt, ExpiresAt: timePtr(l.ExpiresAt),
		RevokedAt: timePtr(l.RevokedAt), Submissions: l.Submissions, LastSubmissionAt: timePtr(l.LastSubmissionAt),
		Status: LinkActive}
	if l.ProjectID != 0 {
		id := l.ProjectID
		v.ProjectID = &id
	}
	if l.TemplateID == 0 {
		v.TemplateName = emergency.StandardFormName
	}
	switch {
	case !l.RevokedAt.IsZero():
		v.Status = LinkRevoked
	case !l.ExpiresAt.IsZero() && !s.now().Before(l.ExpiresAt):
		v.Status = LinkExpired
	}
	return v
}

// collectURL is the worker's address for a token.
func (s *Service) collectURL(token string) string { return s.baseURL + "/collect/" + token }

// collectionOpen reports whether an organisation may take in new records:
// an inactive one can read, export and delete, but not create codes.
func collectionOpen(o *cloud.Organization) bool {
	return o.SubscriptionStatus != cloud.SubscriptionInactive
}

// CreateCollectionLink makes a shared link (any member of the organisation)
// and returns it with its URL, which is never shown again.
func (s *Service) CreateCollectionLink(ctx context.Context, actor *cloud.User, orgID int64, req CollectionLinkRequest) (*CollectionLinkView, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if !collectionOpen(org) {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgCollectionOrgInactive)
	}
	days := cloud.DefaultCollectionLinkDays
	if req.ExpiresInDays != nil {
		days = *req.ExpiresInDays
	}
	if !slices.Contains(cloud.CollectionLinkExpiryDays, days) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgCollectionExpiryInvalid)
	}
	templateName, _, err := s.TemplateFields(ctx, actor, org.ID, req.TemplateID)
	if err != nil {
		return nil, err
	}
	if req.ProjectID < 0 {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCollectionLinkRefNotFound)
	}
	now := s.now()
	link := &cloud.CollectionLink{OrganizationID: org.ID, TemplateID: req.TemplateID, ProjectID: req.ProjectID,
		CreatedBy: actor.ID, CreatedAt: now}
	if days != 0 {
		link.ExpiresAt = now.Add(time.Duration(days) * 24 * time.Hour)
	}
	return s.createLink(ctx, link, cloud.ActivityCollectionLinkCreated, templateName)
}

// createLink stores a new link with a fresh token, notes it in Recent
// Activity, and returns it with its URL.
func (s *Service) createLink(ctx context.Context, link *cloud.CollectionLink, activity, detail string) (*CollectionLinkView, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	link.TokenHash = hash
	if err := s.store.CreateCollectionLink(ctx, link); err != nil {
		return nil, err
	}
	s.addActivity(ctx, link.OrganizationID, activity, detail)
	stored, err := s.store.FindCollectionLink(ctx, link.OrganizationID, link.ID)
	if err != nil {
		return nil, err
	}
	v := s.viewCollectionLink(stored)
	v.URL = s.collectURL(token)
	return &v, nil
}

// addActivity notes an event in the organisation's Recent Activity. The
// event itself has happened by then, so a failure to note it is logged,
// not answered.
func (s *Service) addActivity(ctx context.Context, orgID int64, kind, detail string) {
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		return tx.AddActivity(&cloud.Activity{OrganizationID: orgID, Kind: kind, Detail: detail, CreatedAt: s.now()})
	})
	if err != nil {
		s.logger.Error("activity not recorded", slog.String("kind", kind), slog.String("error", err.Error()))
	}
}

// CollectionLinks lists an organisation's shared links, newest first.
func (s *Service) CollectionLinks(ctx context.Context, actor *cloud.User, orgID int64) ([]CollectionLinkView, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	links, err := s.store.ListCollectionLinks(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	out := []CollectionLinkView{}
	for _, l := range links {
		out = append(out, s.viewCollectionLink(l))
	}
	return out, nil
}

// RevokeCollectionLink stops a link (shared or update) from taking
// submissions; the codes it made stay.
func (s *Service) RevokeCollectionLink(ctx context.Context, actor *cloud.User, orgID, linkID int64) error {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return err
	}
	if err := s.store.RevokeCollectionLink(ctx, org.ID, linkID, s.now()); err != nil {
		return err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityCollectionLinkRevoked, fmt.Sprintf("link %d", linkID))
	return nil
}
