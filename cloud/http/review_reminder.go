package http

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// Individuals' review cycle (service/review_reminder.go): the signed-in person's
// confirmation and reminder setting, and a reminder's links, which need no
// sign-in (the token in the path is the credential).

func (s *Server) ConfirmReview(ctx context.Context, _ apiserver.ConfirmReviewRequestObject) (apiserver.ConfirmReviewResponseObject, error) {
	reviewedAt, err := s.service.ConfirmReview(ctx, userFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmReview200JSONResponse{Body: api.ReviewConfirmed{Message: cloud.MsgReviewConfirmed, ReviewedAt: reviewedAt}}, nil
}

// SetReviewReminders stays hand-written: a missing months must be told
// apart from 0, which the generated body (months not a pointer) cannot.
func (a apiHandlers) SetReviewReminders(w http.ResponseWriter, r *http.Request) {
	a.s.handleSetReviewReminders(w, r)
}
func (*Server) SetReviewReminders(context.Context, apiserver.SetReviewRemindersRequestObject) (apiserver.SetReviewRemindersResponseObject, error) {
	return nil, errServedByHand
}

func (s *Server) handleSetReviewReminders(w http.ResponseWriter, r *http.Request) {
	// api.ReviewRemindersRequest's months, told apart from a missing one:
	// 0 is a choice (no reminders), never a default.
	var req struct {
		Months *api.ReviewReminderMonths `json:"months"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Months == nil {
		s.writeError(w, r, cloud.NewError(cloud.EINVALID, cloud.MsgReviewIntervalInvalid))
		return
	}
	if err := s.service.SetReviewInterval(r.Context(), userFrom(r), int(*req.Months)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ReviewRemindersSaved{Message: cloud.MsgReviewIntervalSaved, Months: *req.Months})
}

func (s *Server) ConfirmReviewByLink(ctx context.Context, req apiserver.ConfirmReviewByLinkRequestObject) (apiserver.ConfirmReviewByLinkResponseObject, error) {
	reviewedAt, err := s.service.ConfirmReviewByLink(ctx, req.Token)
	if err != nil {
		return nil, err
	}
	return apiserver.ConfirmReviewByLink200JSONResponse{Body: api.ReviewConfirmed{Message: cloud.MsgReviewConfirmed, ReviewedAt: reviewedAt}}, nil
}

// UnsubscribeByLink serves the website's page and a mail program's
// one-click POST (RFC 8058) alike; the latter's form body says only
// "List-Unsubscribe=One-Click", and is ignored.
func (s *Server) UnsubscribeByLink(ctx context.Context, req apiserver.UnsubscribeByLinkRequestObject) (apiserver.UnsubscribeByLinkResponseObject, error) {
	if err := s.service.UnsubscribeByLink(ctx, req.Token); err != nil {
		return nil, err
	}
	return apiserver.UnsubscribeByLink200JSONResponse{Body: api.Message{Message: cloud.MsgReviewUnsubscribed}}, nil
}

// RunTestReviewReminders is the journeys' way to see a year pass
// (development only: the service refuses it in production).
func (s *Server) RunTestReviewReminders(ctx context.Context, req apiserver.RunTestReviewRemindersRequestObject) (apiserver.RunTestReviewRemindersResponseObject, error) {
	sent, err := s.service.SendReviewRemindersAsOf(ctx, req.Body.AsOf)
	if err != nil {
		return nil, err
	}
	return apiserver.RunTestReviewReminders200JSONResponse{Body: api.TestReviewRemindersResult{Sent: int(sent)}}, nil
}
