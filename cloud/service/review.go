package service

// Review dates of the library's codes: when a code's details were last
// confirmed. Every save of a record sets the date (library.go, codesync.go);
// these confirm the details as they are, changing nothing else, so the
// officer and any HR system reading the changes feed or the webhooks see
// that someone looked again.

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/lifetag/lifetag/cloud"
)

// ConfirmCode is an officer's "details still right" for one code of their
// organisation, after checking with the worker.
func (s *Service) ConfirmCode(ctx context.Context, actor *cloud.User, orgID, codeID int64) (*cloud.CorporateCode, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	return s.confirmCode(ctx, org.ID, codeID)
}

// confirmCode sets the code's review date to now and reads it back.
func (s *Service) confirmCode(ctx context.Context, orgID, codeID int64) (*cloud.CorporateCode, error) {
	now := s.now()
	err := s.store.ConfirmCode(ctx, orgID, codeID, now, &cloud.Activity{OrganizationID: orgID,
		Kind: cloud.ActivityCodeConfirmed, Detail: fmt.Sprintf("code %d", codeID), CreatedAt: now})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCodeNotFound)
	} else if err != nil {
		return nil, err
	}
	return s.findCode(ctx, orgID, codeID)
}

// ConfirmCollection is POST /api/collect/{token}/confirm: a worker's "my
// details are still right" through their update link. It uses the link up
// as a submission does (claimed first, taken back if the code cannot be
// written), and returns the thank-you message.
func (s *Service) ConfirmCollection(ctx context.Context, token string) (string, error) {
	link, org, err := s.workerLink(ctx, token)
	if err != nil {
		return "", err
	}
	if !link.IsUpdateLink() {
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgCollectConfirmOnlyUpdate)
	}
	claimed, err := s.store.ClaimCollectionSubmission(ctx, link.ID, s.now())
	if err != nil {
		return "", err
	}
	if !claimed {
		return "", s.unclaimed(ctx, link)
	}
	if _, err := s.confirmCode(ctx, org.ID, link.CodeID); err != nil {
		if releaseErr := s.store.ReleaseCollectionSubmission(ctx, link.ID); releaseErr != nil {
			s.logger.Error("collection confirmation not released", slog.Int64("link", link.ID), slog.String("error", releaseErr.Error()))
		}
		return "", err
	}
	return fmt.Sprintf(cloud.MsgCollectConfirmed, org.Name), nil
}
