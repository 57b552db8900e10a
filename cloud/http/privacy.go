package http

import (
	"context"
	"fmt"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

// ExportData answers with the account's data as a download named with the
// date (docs/design/individual.md §7).
func (s *Server) ExportData(ctx context.Context, req apiserver.ExportDataRequestObject) (apiserver.ExportDataResponseObject, error) {
	export, err := s.service.ExportData(ctx, userFromContext(ctx), req.Body.Email)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf(cloud.ExportFileName, export.ExportedAt.Format("2006-01-02"))
	return apiserver.ExportData200JSONResponse{Body: *export,
		Headers: apiserver.ExportData200ResponseHeaders{ContentDisposition: attachment(name)}}, nil
}

func (s *Server) DeleteData(ctx context.Context, req apiserver.DeleteDataRequestObject) (apiserver.DeleteDataResponseObject, error) {
	if err := s.service.DeleteData(ctx, userFromContext(ctx), req.Body.Email, req.Body.Confirmation); err != nil {
		return nil, err
	}
	return apiserver.DeleteData200JSONResponse{Body: api.Message{Message: cloud.MsgDataDeleted}}, nil
}

func (s *Server) DeleteAccount(ctx context.Context, req apiserver.DeleteAccountRequestObject) (apiserver.DeleteAccountResponseObject, error) {
	actor := userFromContext(ctx)
	if err := s.service.DeleteAccount(ctx, actor, req.Body.Email, req.Body.Confirmation); err != nil {
		return nil, err
	}
	if actor != nil && actor.Email == cloud.NormalizeEmail(req.Body.Email) {
		s.clearSessionCookie(answerFrom(ctx))
	}
	return apiserver.DeleteAccount200JSONResponse{Body: api.Message{Message: cloud.MsgAccountDeleted}}, nil
}
