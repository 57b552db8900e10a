package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
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
	writeJSON(w, http.StatusOK, api.OrderList{Orders: orders})
}

func (s *Server) handlePushEmergencyData(w http.ResponseWriter, r *http.Request) {
	var req api.PushEmergencyDataRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	stored, err := s.service.PushEmergencyData(r.Context(), userFrom(r), req.Email, req.EmergencyData)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.PushEmergencyDataResponse{Message: cloud.MsgEmergencySaved,
		EmergencyData: stored.Data, ReviewedAt: stored.ReviewedAt})
}

func (s *Server) handlePullEmergencyData(w http.ResponseWriter, r *http.Request) {
	data, err := s.service.PullEmergencyData(r.Context(), userFrom(r), pathEmail(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

// handlePushPaymentStatus accepts the client's push and answers with the
// server's status: print access comes from verified payments only. The
// client's local status (docs/design/individual.md §3, api.DevicePaymentStatus) is
// decoded for its shape and never trusted.
func (s *Server) handlePushPaymentStatus(w http.ResponseWriter, r *http.Request) {
	var req api.PushPaymentStatusRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	status, err := s.service.SyncPaymentStatus(r.Context(), userFrom(r), req.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.PushPaymentStatusResponse{Message: cloud.MsgPaymentStatusKept, PaymentStatus: *status})
}

func (s *Server) handlePullPaymentStatus(w http.ResponseWriter, r *http.Request) {
	status, err := s.service.SyncPaymentStatus(r.Context(), userFrom(r), pathEmail(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, status)
}
