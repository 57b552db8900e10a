package http

import (
	"context"
	"net/http"

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

// ListWebhookDeliveries stays hand-written: its typed limit cannot tell
// ?limit=0 from no limit, nor its cursor ?cursor= from no cursor, which
// both answer 400 (pagingQuery, service.WebhookLog).
func (a apiHandlers) ListWebhookDeliveries(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID, _ api.ListWebhookDeliveriesParams) {
	a.s.handleWebhookDeliveries(w, r)
}
func (*Server) ListWebhookDeliveries(context.Context, apiserver.ListWebhookDeliveriesRequestObject) (apiserver.ListWebhookDeliveriesResponseObject, error) {
	return nil, errNotStrictYet
}

func (s *Server) handleWebhookDeliveries(w http.ResponseWriter, r *http.Request) {
	byKey, err := webhookCaller(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q, err := pagingQuery(r, "cursor", "limit")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.service.WebhookLog(r.Context(), userFrom(r), pathID(r, "orgId"), byKey, pathID(r, "endpointId"),
		service.WebhookLogQuery{Cursor: q.Get("cursor"), Limit: q.Get("limit")})
	if err != nil {
		s.writeError(w, r, err)
		return
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
	writeJSON(w, http.StatusOK, out)
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
