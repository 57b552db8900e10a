package http

import (
	"context"
	"net/http"
	"strconv"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Webhook endpoints: routes of the organisation (operations.go), so a
// key of the organisation reaches them, but only a write key manages
// them, reading included (the list names where workers' records go); a
// session must be the owner's (the service decides).

// webhookCaller says whether r came with a write key; a read key is
// refused (403).
func webhookCaller(r *http.Request) (byWriteKey bool, err error) {
	p := keyFrom(r)
	if p == nil {
		return false, nil
	}
	if p.Key.Scope != cloud.APIKeyScopeWrite {
		return false, &statusError{http.StatusForbidden, cloud.MsgWebhookKeyNotWrite}
	}
	return true, nil
}

func (s *Server) ListWebhookEndpoints(ctx context.Context, req apiserver.ListWebhookEndpointsRequestObject) (apiserver.ListWebhookEndpointsResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	list, err := s.service.WebhookEndpoints(ctx, userFromContext(ctx), req.OrgID, byKey)
	if err != nil {
		return nil, err
	}
	out := api.WebhookEndpointList{Endpoints: make([]api.WebhookEndpoint, 0, len(list))}
	for _, e := range list {
		out.Endpoints = append(out.Endpoints, webhookEndpointView(e))
	}
	for _, ev := range cloud.WebhookEvents {
		out.Events = append(out.Events, api.WebhookEventType(ev))
	}
	return apiserver.ListWebhookEndpoints200JSONResponse{Body: out}, nil
}

func (s *Server) CreateWebhookEndpoint(ctx context.Context, req apiserver.CreateWebhookEndpointRequestObject) (apiserver.CreateWebhookEndpointResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	body := req.Body
	form := service.WebhookEndpointForm{URL: &body.URL, Description: &body.Description, Events: body.Events,
		IncludeRecord: &body.IncludeRecord, Concurrency: body.Concurrency}
	if form.Events == nil {
		form.Events = []string{}
	}
	created, err := s.service.CreateWebhookEndpoint(ctx, userFromContext(ctx), req.OrgID, byKey, form)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateWebhookEndpoint201JSONResponse{Body: api.WebhookEndpointCreated{
		Endpoint: webhookEndpointView(created.Endpoint), Secret: created.Secret}}, nil
}

func (s *Server) UpdateWebhookEndpoint(ctx context.Context, req apiserver.UpdateWebhookEndpointRequestObject) (apiserver.UpdateWebhookEndpointResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	body := req.Body
	form := service.WebhookEndpointForm{URL: body.URL, Description: body.Description, Events: body.Events,
		IncludeRecord: body.IncludeRecord, Enabled: body.Enabled, Concurrency: body.Concurrency}
	e, err := s.service.UpdateWebhookEndpoint(ctx, userFromContext(ctx), req.OrgID, byKey, req.EndpointID, form)
	if err != nil {
		return nil, err
	}
	return apiserver.UpdateWebhookEndpoint200JSONResponse{Body: webhookEndpointView(e)}, nil
}

func (s *Server) DeleteWebhookEndpoint(ctx context.Context, req apiserver.DeleteWebhookEndpointRequestObject) (apiserver.DeleteWebhookEndpointResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	if err := s.service.DeleteWebhookEndpoint(ctx, userFromContext(ctx), req.OrgID, byKey, req.EndpointID); err != nil {
		return nil, err
	}
	return apiserver.DeleteWebhookEndpoint200JSONResponse{Body: api.LibrarySuccess{Success: true}}, nil
}

func (s *Server) RotateWebhookSecret(ctx context.Context, req apiserver.RotateWebhookSecretRequestObject) (apiserver.RotateWebhookSecretResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	rotated, err := s.service.RotateWebhookSecret(ctx, userFromContext(ctx), req.OrgID, byKey, req.EndpointID)
	if err != nil {
		return nil, err
	}
	return apiserver.RotateWebhookSecret200JSONResponse{Body: api.WebhookEndpointCreated{
		Endpoint: webhookEndpointView(rotated.Endpoint), Secret: rotated.Secret}}, nil
}

// ListWebhookDeliveries is one page of an endpoint's delivery log; a
// cursor or limit given empty is refused (pagingValue; the binding refuses
// an empty limit).
func (s *Server) ListWebhookDeliveries(ctx context.Context, req apiserver.ListWebhookDeliveriesRequestObject) (apiserver.ListWebhookDeliveriesResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	cursor, err := pagingValue("cursor", req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	var limit string
	if req.Params.Limit != nil {
		limit = strconv.Itoa(*req.Params.Limit)
	}
	page, err := s.service.WebhookLog(ctx, userFromContext(ctx), req.OrgID, byKey, req.EndpointID,
		service.WebhookLogQuery{Cursor: cursor, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := api.WebhookDeliveryList{Deliveries: make([]api.WebhookDelivery, 0, len(page.Attempts))}
	if page.NextCursor != "" {
		out.NextCursor = &page.NextCursor
	}
	for _, a := range page.Attempts {
		out.Deliveries = append(out.Deliveries, api.WebhookDelivery{ID: a.ID, MessageID: a.MessageID,
			WebhookID: a.WebhookID, Type: api.WebhookEventType(a.EventType), AttemptedAt: a.AttemptedAt,
			Succeeded: a.Succeeded, ResponseCode: a.ResponseCode, DurationMs: int(a.Duration.Milliseconds()),
			ResponseBody: a.ResponseBody})
	}
	return apiserver.ListWebhookDeliveries200JSONResponse{Body: out}, nil
}

func (s *Server) ResendWebhookDelivery(ctx context.Context, req apiserver.ResendWebhookDeliveryRequestObject) (apiserver.ResendWebhookDeliveryResponseObject, error) {
	byKey, err := webhookCaller(requestFrom(ctx))
	if err != nil {
		return nil, err
	}
	if err := s.service.ResendWebhookMessage(ctx, userFromContext(ctx), req.OrgID, byKey, req.EndpointID,
		req.MessageID); err != nil {
		return nil, err
	}
	return apiserver.ResendWebhookDelivery202JSONResponse{Body: api.LibrarySuccess{Success: true}}, nil
}

// webhookEndpointView is an endpoint on the wire: never its secrets.
func webhookEndpointView(e *cloud.WebhookEndpoint) api.WebhookEndpoint {
	v := api.WebhookEndpoint{ID: e.ID, URL: e.URL, Description: e.Description, IncludeRecord: e.IncludeRecord,
		Enabled: e.Enabled, DisabledReason: e.DisabledReason, CreatedAt: e.CreatedAt, Concurrency: e.Concurrency,
		MissedSince: timeOrNil(e.MissedSince), Events: make([]api.WebhookEventType, 0, len(e.Events))}
	for _, ev := range e.Events {
		v.Events = append(v.Events, api.WebhookEventType(ev))
	}
	if e.PreviousSecret != nil {
		v.SecretRotatedUntil = timeOrNil(e.PreviousSecretUntil)
	}
	return v
}
