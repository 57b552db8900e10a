package http

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate integration (issue 23): codes by the organisation's own id for
// each worker, a bulk upsert and the changes feed.

// bulkUpsertBodyBytes caps a bulk upsert's body: 2,000 workers at up to
// 8 KB each (a full Standard Emergency Form with JSON's escaping is well
// under that). Only this route gets more than cloud.MaxBodyBytes.
const bulkUpsertBodyBytes = cloud.SyncMaxCodes * 8 << 10

func (s *Server) handleUpsertCodeByExternalID(w http.ResponseWriter, r *http.Request) {
	var req service.UpsertRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, created, changed, err := s.service.UpsertCode(r.Context(), userFrom(r), pathID(r, "orgId"),
		chi.URLParam(r, "externalId"), req)
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	s.writeUpserted(w, r, status, c, changed, err)
}

// writeUpserted answers with the code (and its record) and whether it
// changed.
func (s *Server) writeUpserted(w http.ResponseWriter, r *http.Request, status int, c *cloud.CorporateCode, changed bool, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	view, err := s.service.CodeViewWithRecord(c)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, status, api.UpsertQRCodeAnswer{Success: true, Changed: changed, QrCode: *view})
}

func (s *Server) handleDeactivateCodeByExternalID(w http.ResponseWriter, r *http.Request) {
	s.setActiveByExternalID(w, r, false)
}

func (s *Server) handleActivateCodeByExternalID(w http.ResponseWriter, r *http.Request) {
	s.setActiveByExternalID(w, r, true)
}

func (s *Server) setActiveByExternalID(w http.ResponseWriter, r *http.Request, active bool) {
	c, changed, err := s.service.SetCodeActiveByExternalID(r.Context(), userFrom(r), pathID(r, "orgId"),
		chi.URLParam(r, "externalId"), active)
	s.writeUpserted(w, r, http.StatusOK, c, changed, err)
}

func (s *Server) handleBulkUpsertCodes(w http.ResponseWriter, r *http.Request) {
	var req api.BulkUpsertQRCodesRequest
	if mediaType(r) != "application/json" {
		s.writeError(w, r, &statusError{http.StatusUnsupportedMediaType, cloud.MsgBodyNotJSON})
		return
	}
	if err := decodeBody(w, r, &req, bulkUpsertBodyBytes); err != nil {
		s.writeError(w, r, err)
		return
	}
	result, err := s.service.BulkUpsertCodes(r.Context(), userFrom(r), pathID(r, "orgId"), req.QrCodes)
	var rows *service.SyncRowsError
	if errors.As(err, &rows) {
		writeJSON(w, http.StatusBadRequest, api.SyncRowsError{Message: cloud.MsgSyncHasErrors, Rows: rows.Rows})
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, result)
}

func (s *Server) handleCodeChanges(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page, err := s.service.CodeChanges(r.Context(), userFrom(r), pathID(r, "orgId"), service.ChangesQuery{
		UpdatedSince: q.Get("updatedSince"), Cursor: q.Get("cursor"), Limit: q.Get("limit"), Include: q.Get("include")})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
