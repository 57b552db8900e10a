package http

// Operations of webhook.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CreateWebhookEndpoint(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleCreateWebhookEndpoint(w, r)
}
func (*Server) CreateWebhookEndpoint(context.Context, apiserver.CreateWebhookEndpointRequestObject) (apiserver.CreateWebhookEndpointResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeleteWebhookEndpoint(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID) {
	a.s.handleDeleteWebhookEndpoint(w, r)
}
func (*Server) DeleteWebhookEndpoint(context.Context, apiserver.DeleteWebhookEndpointRequestObject) (apiserver.DeleteWebhookEndpointResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListWebhookDeliveries(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID, _ api.ListWebhookDeliveriesParams) {
	a.s.handleWebhookDeliveries(w, r)
}
func (*Server) ListWebhookDeliveries(context.Context, apiserver.ListWebhookDeliveriesRequestObject) (apiserver.ListWebhookDeliveriesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListWebhookEndpoints(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleWebhookEndpoints(w, r)
}
func (*Server) ListWebhookEndpoints(context.Context, apiserver.ListWebhookEndpointsRequestObject) (apiserver.ListWebhookEndpointsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ResendWebhookDelivery(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID, _ int64) {
	a.s.handleResendWebhookDelivery(w, r)
}
func (*Server) ResendWebhookDelivery(context.Context, apiserver.ResendWebhookDeliveryRequestObject) (apiserver.ResendWebhookDeliveryResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RotateWebhookSecret(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID) {
	a.s.handleRotateWebhookSecret(w, r)
}
func (*Server) RotateWebhookSecret(context.Context, apiserver.RotateWebhookSecretRequestObject) (apiserver.RotateWebhookSecretResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpdateWebhookEndpoint(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.WebhookEndpointID) {
	a.s.handleUpdateWebhookEndpoint(w, r)
}
func (*Server) UpdateWebhookEndpoint(context.Context, apiserver.UpdateWebhookEndpointRequestObject) (apiserver.UpdateWebhookEndpointResponseObject, error) {
	return nil, errNotStrictYet
}
