package http

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
)

// Individuals' review cycle (service/review_reminder.go): the signed-in person's
// confirmation and reminder setting, and a reminder's links, which need no
// sign-in (the token in the path is the credential).

func (s *Server) handleConfirmReview(w http.ResponseWriter, r *http.Request) {
	reviewedAt, err := s.service.ConfirmReview(r.Context(), userFrom(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ReviewConfirmed{Message: cloud.MsgReviewConfirmed, ReviewedAt: reviewedAt})
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

func (s *Server) handleConfirmReviewByLink(w http.ResponseWriter, r *http.Request) {
	reviewedAt, err := s.service.ConfirmReviewByLink(r.Context(), chi.URLParam(r, "token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.ReviewConfirmed{Message: cloud.MsgReviewConfirmed, ReviewedAt: reviewedAt})
}

// handleUnsubscribeByLink serves the website's page and a mail program's
// one-click POST (RFC 8058) alike; the latter's form body says only
// "List-Unsubscribe=One-Click", so no body is read.
func (s *Server) handleUnsubscribeByLink(w http.ResponseWriter, r *http.Request) {
	if err := s.service.UnsubscribeByLink(r.Context(), chi.URLParam(r, "token")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeMessage(w, http.StatusOK, cloud.MsgReviewUnsubscribed)
}

// handleTestReviewReminders is the journeys' way to see a year pass
// (development only: the service refuses it in production).
func (s *Server) handleTestReviewReminders(w http.ResponseWriter, r *http.Request) {
	var req api.TestReviewRemindersRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	sent, err := s.service.SendReviewRemindersAsOf(r.Context(), req.AsOf)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.TestReviewRemindersResult{Sent: int(sent)})
}
