package http

// Operations of review.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) GetReviewRound(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.RoundID) {
	a.s.handleReviewRound(w, r)
}
func (*Server) GetReviewRound(context.Context, apiserver.GetReviewRoundRequestObject) (apiserver.GetReviewRoundResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) HandOutReviewLinks(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.RoundID) {
	a.s.handleHandOutReviewLinks(w, r)
}
func (*Server) HandOutReviewLinks(context.Context, apiserver.HandOutReviewLinksRequestObject) (apiserver.HandOutReviewLinksResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListReviewRounds(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleReviewRounds(w, r)
}
func (*Server) ListReviewRounds(context.Context, apiserver.ListReviewRoundsRequestObject) (apiserver.ListReviewRoundsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) StartReviewRound(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleStartReviewRound(w, r)
}
func (*Server) StartReviewRound(context.Context, apiserver.StartReviewRoundRequestObject) (apiserver.StartReviewRoundResponseObject, error) {
	return nil, errNotStrictYet
}
