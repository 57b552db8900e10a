package http

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Payments configures the payment routes; main fills it in from the
// environment (Stripe keys, or the local test checkout without them).
type Payments struct {
	// VerifyWebhook checks a provider event's signature on the raw body and
	// reads it.
	VerifyWebhook func(payload []byte, signatureHeader string) (cloud.PaymentEvent, error)
	// SignTestEvent is set only for the local test checkout: it makes the
	// signed payment_intent.succeeded event Stripe would send for a payment.
	SignTestEvent func(p *cloud.Payment) (payload []byte, signatureHeader string, err error)
	// SignTestCheckout is its twin for corporate registrations: the signed
	// checkout.session.completed event of a paid local session.
	SignTestCheckout func(r *cloud.Registration) (payload []byte, signatureHeader string, err error)
	// PublishableKey is Stripe's browser key; empty in test-checkout mode.
	PublishableKey string
}

// maxWebhookBytes bounds a provider event; Stripe's are a few kilobytes.
const maxWebhookBytes = 256 << 10

// Test cards of the local checkout, as Stripe's test mode knows them.
const (
	testCardSucceeds = "4242424242424242"
	testCardDeclined = "4000000000000002"
)

func (s *Server) CreatePaymentIntent(ctx context.Context, req apiserver.CreatePaymentIntentRequestObject) (apiserver.CreatePaymentIntentResponseObject, error) {
	checkout, err := s.service.CreateCheckout(ctx, userFromContext(ctx), *req.Body)
	if err != nil {
		return nil, err
	}
	if checkout.ClaimToken != "" {
		s.setClaimCookie(answerFrom(ctx), checkout.ClaimToken, int(cloud.SessionTTL.Seconds()))
	}
	return apiserver.CreatePaymentIntent200JSONResponse{Body: api.PaymentIntent{ClientSecret: checkout.ClientSecret}}, nil
}

// ReceiveStripeEvent stays hand-written: the signature is checked on the
// raw body's bytes.
func (a apiHandlers) ReceiveStripeEvent(w http.ResponseWriter, r *http.Request, _ api.ReceiveStripeEventParams) {
	a.s.handleStripeWebhook(w, r)
}
func (*Server) ReceiveStripeEvent(context.Context, apiserver.ReceiveStripeEventRequestObject) (apiserver.ReceiveStripeEventResponseObject, error) {
	return nil, errServedByHand
}

// handleStripeWebhook applies a verified provider event. A bad signature is
// a 400 and changes nothing; an event that cannot be stored is a 500, so the
// provider delivers it again.
func (s *Server) handleStripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		writeMessage(w, http.StatusRequestEntityTooLarge, cloud.MsgBodyTooLarge)
		return
	}
	outcome, err := s.receivePaymentEvent(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.WebhookReceipt{Received: outcome})
}

// receivePaymentEvent is the one path of every payment event, from Stripe's
// webhook or the local test checkout.
func (s *Server) receivePaymentEvent(ctx context.Context, payload []byte, signatureHeader string) (string, error) {
	event, err := s.payments.VerifyWebhook(payload, signatureHeader)
	if err != nil {
		s.metrics.PaymentEvent(cloud.PaymentEventUnverified, cloud.PaymentEventUnverified)
		return "", err
	}
	apply := s.service.ApplyPaymentEvent
	if cloud.IsCorporateEvent(event.Type) {
		apply = s.service.ApplyCorporateEvent
	}
	outcome, err := apply(ctx, event)
	// The type is the provider's word: only those the cloud acts on are
	// named, so the label keeps to a few values.
	eventType := cloud.PaymentEventOther
	if cloud.IsCorporateEvent(event.Type) || event.Type == cloud.EventPaymentSucceeded {
		eventType = event.Type
	}
	if err != nil {
		s.metrics.PaymentEvent(eventType, cloud.PaymentEventFailed)
	} else {
		s.metrics.PaymentEvent(eventType, outcome)
	}
	return outcome, err
}

// CreateAccountAfterPayment stays hand-written: the address limit
// (limitAddress) and the sign-in answer (writeSignIn, signin.go) write the
// answer themselves, 429/503 and 200 with the session cookie.
func (a apiHandlers) CreateAccountAfterPayment(w http.ResponseWriter, r *http.Request, _ api.CreateAccountAfterPaymentParams) {
	a.s.handleCreateAccountAfterPayment(w, r)
}
func (*Server) CreateAccountAfterPayment(context.Context, apiserver.CreateAccountAfterPaymentRequestObject) (apiserver.CreateAccountAfterPaymentResponseObject, error) {
	return nil, errServedByHand
}

func (s *Server) handleCreateAccountAfterPayment(w http.ResponseWriter, r *http.Request) {
	var req api.LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limitAddress(w, r, "create-account-after-payment", req.Email) {
		return
	}
	token, session, user, err := s.service.CreateAccountAfterPayment(r.Context(), req.Email, req.Password,
		s.cookieValue(r, claimCookie))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.setClaimCookie(w, "", -1)
	s.writeSignIn(w, r, &service.SignIn{User: user, Session: session, Token: token}, false)
}

func (s *Server) CheckSubscription(ctx context.Context, req apiserver.CheckSubscriptionRequestObject) (apiserver.CheckSubscriptionResponseObject, error) {
	status, err := s.service.CheckSubscription(ctx, userFromContext(ctx), req.Body.Email)
	if err != nil {
		return nil, err
	}
	return apiserver.CheckSubscription200JSONResponse{Body: *status}, nil
}

// GetPaymentConfig tells the payment dialog which form to show: Stripe's
// Payment Element with this publishable key, or the local test checkout.
func (s *Server) GetPaymentConfig(context.Context, apiserver.GetPaymentConfigRequestObject) (apiserver.GetPaymentConfigResponseObject, error) {
	mode := api.PaymentConfigModeStripe
	if s.payments.SignTestEvent != nil {
		mode = api.PaymentConfigModeTest
	}
	return apiserver.GetPaymentConfig200JSONResponse{Body: api.PaymentConfig{Mode: mode, PublishableKey: s.payments.PublishableKey}}, nil
}

// ConfirmTestCheckout is the local test checkout's Pay button: for the
// succeeding test card it signs the event Stripe would send and passes it
// down the webhook's own path.
func (s *Server) ConfirmTestCheckout(ctx context.Context, req apiserver.ConfirmTestCheckoutRequestObject) (apiserver.ConfirmTestCheckoutResponseObject, error) {
	if s.payments.SignTestEvent == nil {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgCheckoutNotTestMode)
	}
	ref, ok := localRef(req.Body.ClientSecret)
	if !ok {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgTestCheckoutNotFound)
	}
	if err := testCardRefusal(req.Body.CardNumber); err != nil {
		return nil, err
	}
	payment, err := s.service.FindCheckout(ctx, ref)
	if err != nil {
		return nil, err
	}
	if err := s.sendTestEvent(ctx, func() ([]byte, string, error) { return s.payments.SignTestEvent(payment) }); err != nil {
		return nil, err
	}
	return apiserver.ConfirmTestCheckout200JSONResponse{Body: api.TestCheckoutResult{Status: api.TestCheckoutResultStatusSucceeded}}, nil
}

// testCardRefusal is the answer to the declined and unknown test cards of
// the local test checkouts (individual and corporate), nil for the one that
// pays.
func testCardRefusal(card string) error {
	switch strings.Join(strings.Fields(card), "") {
	case testCardSucceeds:
		return nil
	case testCardDeclined:
		return &statusError{http.StatusPaymentRequired, cloud.MsgTestCardDeclined}
	default:
		return cloud.NewError(cloud.EINVALID, cloud.MsgTestCardUnknown)
	}
}

// sendTestEvent signs the event Stripe would send for a local test checkout
// and passes it down the webhook's own path.
func (s *Server) sendTestEvent(ctx context.Context, sign func() ([]byte, string, error)) error {
	payload, signature, err := sign()
	if err == nil {
		_, err = s.receivePaymentEvent(ctx, payload, signature)
	}
	return err
}

// localRef reads our payment reference out of a local checkout's client
// secret, "pi_local_<ref>_secret_local".
func localRef(clientSecret string) (string, bool) {
	rest, ok := strings.CutPrefix(clientSecret, "pi_local_")
	if !ok {
		return "", false
	}
	ref, ok := strings.CutSuffix(rest, "_secret_local")
	return ref, ok && ref != "" && !strings.ContainsAny(ref, "_ ")
}

// setClaimCookie keeps the token that lets the browser that paid, and only
// it, create the account its payment made (service.CreateAccountAfterPayment).
// The server mints every claim token; one a browser sends is never adopted.
func (s *Server) setClaimCookie(w http.ResponseWriter, token string, maxAge int) {
	s.setCookie(w, claimCookie, token, maxAge, http.SameSiteStrictMode)
}
