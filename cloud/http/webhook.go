package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Webhook endpoints: routes of the organisation's group (routes.go), so a
// key of the organisation reaches them, but only a write key manages
// them, reading included (the list names where workers' records go); a
// session must be the owner's (the service decides).

// webhookCaller says whether r came with a write key; a read key is
// refused (false).
func (s *Server) webhookCaller(w http.ResponseWriter, r *http.Request) (byWriteKey, ok bool) {
	p := keyFrom(r)
	if p == nil {
		return false, true
	}
	if p.Key.Scope != cloud.APIKeyScopeWrite {
		writeMessage(w, http.StatusForbidden, cloud.MsgWebhookKeyNotWrite)
		return false, false
	}
	return true, true
}

func (s *Server) handleWebhookEndpoints(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	list, err := s.service.WebhookEndpoints(r.Context(), userFrom(r), pathID(r, "orgId"), byKey)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := api.WebhookEndpointList{Endpoints: make([]api.WebhookEndpoint, 0, len(list))}
	for _, e := range list {
		out.Endpoints = append(out.Endpoints, webhookEndpointView(e))
	}
	for _, ev := range cloud.WebhookEvents {
		out.Events = append(out.Events, api.WebhookEventType(ev))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleCreateWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	var req api.WebhookEndpointRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	form := service.WebhookEndpointForm{URL: &req.URL, Description: &req.Description, Events: req.Events,
		IncludeRecord: &req.IncludeRecord, Concurrency: req.Concurrency}
	if form.Events == nil {
		form.Events = []string{}
	}
	created, err := s.service.CreateWebhookEndpoint(r.Context(), userFrom(r), pathID(r, "orgId"), byKey, form)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.WebhookEndpointCreated{Endpoint: webhookEndpointView(created.Endpoint),
		Secret: created.Secret})
}

func (s *Server) handleUpdateWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	var req api.WebhookEndpointChange
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	form := service.WebhookEndpointForm{URL: req.URL, Description: req.Description, Events: req.Events,
		IncludeRecord: req.IncludeRecord, Enabled: req.Enabled, Concurrency: req.Concurrency}
	e, err := s.service.UpdateWebhookEndpoint(r.Context(), userFrom(r), pathID(r, "orgId"), byKey,
		pathID(r, "endpointId"), form)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, webhookEndpointView(e))
}

func (s *Server) handleDeleteWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	if err := s.service.DeleteWebhookEndpoint(r.Context(), userFrom(r), pathID(r, "orgId"), byKey,
		pathID(r, "endpointId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.LibrarySuccess{Success: true})
}

func (s *Server) handleRotateWebhookSecret(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	rotated, err := s.service.RotateWebhookSecret(r.Context(), userFrom(r), pathID(r, "orgId"), byKey,
		pathID(r, "endpointId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.WebhookEndpointCreated{Endpoint: webhookEndpointView(rotated.Endpoint),
		Secret: rotated.Secret})
}

func (s *Server) handleWebhookDeliveries(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
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

func (s *Server) handleResendWebhookDelivery(w http.ResponseWriter, r *http.Request) {
	byKey, ok := s.webhookCaller(w, r)
	if !ok {
		return
	}
	if err := s.service.ResendWebhookMessage(r.Context(), userFrom(r), pathID(r, "orgId"), byKey,
		pathID(r, "endpointId"), pathID(r, "messageId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, api.LibrarySuccess{Success: true})
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
