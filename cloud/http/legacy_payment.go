package http

// Operations of payment.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) CheckSubscription(w http.ResponseWriter, r *http.Request) {
	a.s.handleCheckSubscription(w, r)
}
func (*Server) CheckSubscription(context.Context, apiserver.CheckSubscriptionRequestObject) (apiserver.CheckSubscriptionResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ConfirmTestCheckout(w http.ResponseWriter, r *http.Request) {
	a.s.handleTestCheckoutConfirm(w, r)
}
func (*Server) ConfirmTestCheckout(context.Context, apiserver.ConfirmTestCheckoutRequestObject) (apiserver.ConfirmTestCheckoutResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreateAccountAfterPayment(w http.ResponseWriter, r *http.Request, _ api.CreateAccountAfterPaymentParams) {
	a.s.handleCreateAccountAfterPayment(w, r)
}
func (*Server) CreateAccountAfterPayment(context.Context, apiserver.CreateAccountAfterPaymentRequestObject) (apiserver.CreateAccountAfterPaymentResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) CreatePaymentIntent(w http.ResponseWriter, r *http.Request) {
	a.s.handleCreatePaymentIntent(w, r)
}
func (*Server) CreatePaymentIntent(context.Context, apiserver.CreatePaymentIntentRequestObject) (apiserver.CreatePaymentIntentResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) GetPaymentConfig(w http.ResponseWriter, r *http.Request) {
	a.s.handlePaymentConfig(w, r)
}
func (*Server) GetPaymentConfig(context.Context, apiserver.GetPaymentConfigRequestObject) (apiserver.GetPaymentConfigResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ReceiveStripeEvent(w http.ResponseWriter, r *http.Request, _ api.ReceiveStripeEventParams) {
	a.s.handleStripeWebhook(w, r)
}
func (*Server) ReceiveStripeEvent(context.Context, apiserver.ReceiveStripeEventRequestObject) (apiserver.ReceiveStripeEventResponseObject, error) {
	return nil, errNotStrictYet
}
