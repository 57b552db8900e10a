package http

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (s *Server) GenerateReferralCode(ctx context.Context, req apiserver.GenerateReferralCodeRequestObject) (apiserver.GenerateReferralCodeResponseObject, error) {
	code, created, err := s.service.GenerateReferralCode(ctx, userFromContext(ctx), req.Body.Email)
	if err != nil {
		return nil, err
	}
	if created {
		return apiserver.GenerateReferralCode201JSONResponse{Body: api.ReferralCode{ReferralCode: code,
			Message: cloud.MsgReferralCreated}}, nil
	}
	return apiserver.GenerateReferralCode200JSONResponse{Body: api.ReferralCode{ReferralCode: code,
		Message: cloud.MsgReferralExists}}, nil
}

func (s *Server) GetReferrals(ctx context.Context, req apiserver.GetReferralsRequestObject) (apiserver.GetReferralsResponseObject, error) {
	dashboard, err := s.service.Referrals(ctx, userFromContext(ctx), req.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.GetReferrals200JSONResponse{Body: *dashboard}, nil
}
