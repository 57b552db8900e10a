package http

// Operations of review_reminder.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) ConfirmReview(w http.ResponseWriter, r *http.Request) {
	a.s.handleConfirmReview(w, r)
}
func (*Server) ConfirmReview(context.Context, apiserver.ConfirmReviewRequestObject) (apiserver.ConfirmReviewResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmReviewByLink(w http.ResponseWriter, r *http.Request, _ api.ReviewLinkToken) {
	a.s.handleConfirmReviewByLink(w, r)
}
func (*Server) ConfirmReviewByLink(context.Context, apiserver.ConfirmReviewByLinkRequestObject) (apiserver.ConfirmReviewByLinkResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RunTestReviewReminders(w http.ResponseWriter, r *http.Request) {
	a.s.handleTestReviewReminders(w, r)
}
func (*Server) RunTestReviewReminders(context.Context, apiserver.RunTestReviewRemindersRequestObject) (apiserver.RunTestReviewRemindersResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SetReviewReminders(w http.ResponseWriter, r *http.Request) {
	a.s.handleSetReviewReminders(w, r)
}
func (*Server) SetReviewReminders(context.Context, apiserver.SetReviewRemindersRequestObject) (apiserver.SetReviewRemindersResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UnsubscribeByLink(w http.ResponseWriter, r *http.Request, _ api.ReviewLinkToken) {
	a.s.handleUnsubscribeByLink(w, r)
}
func (*Server) UnsubscribeByLink(context.Context, apiserver.UnsubscribeByLinkRequestObject) (apiserver.UnsubscribeByLinkResponseObject, error) {
	return nil, errNotStrictYet
}
