package http

import (
	"context"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (s *Server) GetUserData(ctx context.Context, req apiserver.GetUserDataRequestObject) (apiserver.GetUserDataResponseObject, error) {
	data, err := s.service.UserData(ctx, userFromContext(ctx), req.Params.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.GetUserData200JSONResponse{Body: *data}, nil
}

func (s *Server) GetPaymentStatus(ctx context.Context, req apiserver.GetPaymentStatusRequestObject) (apiserver.GetPaymentStatusResponseObject, error) {
	status, err := s.service.PaymentStatus(ctx, userFromContext(ctx), req.Params.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.GetPaymentStatus200JSONResponse{Body: *status}, nil
}

func (s *Server) ListOrders(ctx context.Context, req apiserver.ListOrdersRequestObject) (apiserver.ListOrdersResponseObject, error) {
	orders, err := s.service.Orders(ctx, userFromContext(ctx), req.Params.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.ListOrders200JSONResponse{Body: api.OrderList{Orders: orders}}, nil
}

func (s *Server) PushEmergencyData(ctx context.Context, req apiserver.PushEmergencyDataRequestObject) (apiserver.PushEmergencyDataResponseObject, error) {
	stored, err := s.service.PushEmergencyData(ctx, userFromContext(ctx), req.Body.Email, req.Body.EmergencyData)
	if err != nil {
		return nil, err
	}
	return apiserver.PushEmergencyData200JSONResponse{Body: api.PushEmergencyDataResponse{Message: cloud.MsgEmergencySaved,
		EmergencyData: stored.Data, ReviewedAt: stored.ReviewedAt}}, nil
}

func (s *Server) PullEmergencyData(ctx context.Context, req apiserver.PullEmergencyDataRequestObject) (apiserver.PullEmergencyDataResponseObject, error) {
	data, err := s.service.PullEmergencyData(ctx, userFromContext(ctx), req.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.PullEmergencyData200JSONResponse{Body: *data}, nil
}

// PushPaymentStatus accepts the client's push and answers with the server's
// status: print access comes from verified payments only. The client's
// local status (docs/design/individual.md §3, api.DevicePaymentStatus) is
// decoded for its shape and never trusted.
func (s *Server) PushPaymentStatus(ctx context.Context, req apiserver.PushPaymentStatusRequestObject) (apiserver.PushPaymentStatusResponseObject, error) {
	status, err := s.service.SyncPaymentStatus(ctx, userFromContext(ctx), req.Body.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.PushPaymentStatus200JSONResponse{Body: api.PushPaymentStatusResponse{Message: cloud.MsgPaymentStatusKept,
		PaymentStatus: *status}}, nil
}

func (s *Server) PullPaymentStatus(ctx context.Context, req apiserver.PullPaymentStatusRequestObject) (apiserver.PullPaymentStatusResponseObject, error) {
	status, err := s.service.SyncPaymentStatus(ctx, userFromContext(ctx), req.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.PullPaymentStatus200JSONResponse{Body: *status}, nil
}
