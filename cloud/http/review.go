package http

import (
	"context"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// Review rounds (service/review.go): the officer's routes, scoped to
// their organisation.

func (s *Server) ListReviewRounds(ctx context.Context, req apiserver.ListReviewRoundsRequestObject) (apiserver.ListReviewRoundsResponseObject, error) {
	rounds, err := s.service.ReviewRounds(ctx, userFromContext(ctx), req.OrgID)
	if err != nil {
		return nil, err
	}
	return apiserver.ListReviewRounds200JSONResponse{Body: api.ReviewRoundList{Rounds: rounds}}, nil
}

func (s *Server) StartReviewRound(ctx context.Context, req apiserver.StartReviewRoundRequestObject) (apiserver.StartReviewRoundResponseObject, error) {
	round, err := s.service.StartReviewRound(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.StartReviewRound201JSONResponse{Body: *round}, nil
}

func (s *Server) GetReviewRound(ctx context.Context, req apiserver.GetReviewRoundRequestObject) (apiserver.GetReviewRoundResponseObject, error) {
	d, err := s.service.ReviewRoundDetail(ctx, userFromContext(ctx), req.OrgID, req.RoundID)
	if err != nil {
		return nil, err
	}
	return apiserver.GetReviewRound200JSONResponse{Body: *d}, nil
}

func (s *Server) HandOutReviewLinks(ctx context.Context, req apiserver.HandOutReviewLinksRequestObject) (apiserver.HandOutReviewLinksResponseObject, error) {
	links, err := s.service.HandOutReviewLinks(ctx, userFromContext(ctx), req.OrgID, req.RoundID)
	if err != nil {
		return nil, err
	}
	return apiserver.HandOutReviewLinks201JSONResponse{Body: api.ReviewHandOutLinks{Links: links}}, nil
}
