package http

import (
	"encoding/json"
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func (s *Server) handleUserData(w http.ResponseWriter, r *http.Request) {
	data, err := s.service.UserData(r.Context(), userFrom(r), r.URL.Query().Get("email"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

func (s *Server) handlePaymentStatus(w http.ResponseWriter, r *http.Request) {
	status, err := s.service.PaymentStatus(r.Context(), userFrom(r), r.URL.Query().Get("email"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, status)
}

func (s *Server) handleOrders(w http.ResponseWriter, r *http.Request) {
	orders, err := s.service.Orders(r.Context(), userFrom(r), r.URL.Query().Get("email"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string][]service.OrderView{"orders": orders})
}

type pushEmergencyResponse struct {
	Message       string          `json:"message"`
	EmergencyData *emergency.Data `json:"emergencyData"`
}

func (s *Server) handlePushEmergencyData(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email         string          `json:"email"`
		EmergencyData *emergency.Data `json:"emergencyData"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	stored, err := s.service.PushEmergencyData(r.Context(), userFrom(r), req.Email, req.EmergencyData)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pushEmergencyResponse{Message: cloud.MsgEmergencySaved, EmergencyData: stored})
}

func (s *Server) handlePullEmergencyData(w http.ResponseWriter, r *http.Request) {
	data, err := s.service.PullEmergencyData(r.Context(), userFrom(r), pathEmail(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

// clientPaymentStatus is the client's local payment status
// (individual-side §3); it is read and checked, never trusted.
type clientPaymentStatus struct {
	HasPaid          bool              `json:"hasPaid"`
	HasPrintAccess   bool              `json:"hasPrintAccess"`
	HasPhysicalOrder bool              `json:"hasPhysicalOrder"`
	PhysicalOrders   []json.RawMessage `json:"physicalOrders"`
	PaymentDate      *string           `json:"paymentDate"`
	StripeCustomerID *string           `json:"stripeCustomerId"`
	PaymentID        *string           `json:"paymentId"`
	SubscriptionID   *string           `json:"subscriptionId"`
}

type pushPaymentStatusResponse struct {
	Message       string                     `json:"message"`
	PaymentStatus *service.SyncPaymentStatus `json:"paymentStatus"`
}

// handlePushPaymentStatus accepts the client's push and answers with the
// server's status: print access comes from verified payments only.
func (s *Server) handlePushPaymentStatus(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email         string               `json:"email"`
		PaymentStatus *clientPaymentStatus `json:"paymentStatus"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	status, err := s.service.SyncPaymentStatus(r.Context(), userFrom(r), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pushPaymentStatusResponse{Message: cloud.MsgPaymentStatusKept, PaymentStatus: status})
}

func (s *Server) handlePullPaymentStatus(w http.ResponseWriter, r *http.Request) {
	status, err := s.service.SyncPaymentStatus(r.Context(), userFrom(r), pathEmail(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, status)
}
