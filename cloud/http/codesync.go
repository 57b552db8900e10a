package http

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate integration: codes by the organisation's own id for
// each worker, a bulk upsert and the changes feed.

// bulkUpsertBodyBytes caps a bulk upsert's body: 2,000 workers at up to
// 8 KB each (a full Standard Emergency Form with JSON's escaping is well
// under that). Only this route gets more than cloud.MaxBodyBytes.
const bulkUpsertBodyBytes = cloud.SyncMaxCodes * 8 << 10

func (s *Server) UpsertQRCodeByExternalID(ctx context.Context, req apiserver.UpsertQRCodeByExternalIDRequestObject) (apiserver.UpsertQRCodeByExternalIDResponseObject, error) {
	body := req.Body
	c, created, changed, err := s.service.UpsertCode(ctx, userFromContext(ctx), req.OrgID,
		upsertItem(api.BulkUpsertQRCodeItem{ExternalID: req.ExternalID, Name: body.Name, ProjectID: body.ProjectID,
			TemplateID: body.TemplateID, LabelType: body.LabelType, Values: body.Values, IsActive: body.IsActive}))
	answer, err := s.upsertedAnswer(c, changed, err)
	if err != nil {
		return nil, err
	}
	if created {
		return apiserver.UpsertQRCodeByExternalID201JSONResponse{Body: answer}, nil
	}
	return apiserver.UpsertQRCodeByExternalID200JSONResponse{Body: answer}, nil
}

// upsertItem is one worker of the wire as the service takes it: no
// templateId is the organisation's default template, as for a create.
func upsertItem(in api.BulkUpsertQRCodeItem) service.BulkUpsertItem {
	item := service.BulkUpsertItem{ExternalID: in.ExternalID, Name: in.Name, ProjectID: in.ProjectID,
		LabelType: in.LabelType, Values: in.Values, IsActive: in.IsActive}
	if in.TemplateID == nil {
		item.DefaultTemplate = true
	} else {
		item.TemplateID = *in.TemplateID
	}
	return item
}

// upsertedAnswer is the answer with the code (and its record) and whether
// it changed.
func (s *Server) upsertedAnswer(c *cloud.CorporateCode, changed bool, err error) (api.UpsertQRCodeAnswer, error) {
	if err != nil {
		return api.UpsertQRCodeAnswer{}, err
	}
	view, err := s.service.CodeViewWithRecord(c)
	if err != nil {
		return api.UpsertQRCodeAnswer{}, err
	}
	return api.UpsertQRCodeAnswer{Success: true, Changed: changed, QrCode: *view}, nil
}

func (s *Server) DeactivateQRCodeByExternalID(ctx context.Context, req apiserver.DeactivateQRCodeByExternalIDRequestObject) (apiserver.DeactivateQRCodeByExternalIDResponseObject, error) {
	answer, err := s.setActiveByExternalID(ctx, req.OrgID, req.ExternalID, false)
	if err != nil {
		return nil, err
	}
	return apiserver.DeactivateQRCodeByExternalID200JSONResponse{Body: answer}, nil
}

func (s *Server) ActivateQRCodeByExternalID(ctx context.Context, req apiserver.ActivateQRCodeByExternalIDRequestObject) (apiserver.ActivateQRCodeByExternalIDResponseObject, error) {
	answer, err := s.setActiveByExternalID(ctx, req.OrgID, req.ExternalID, true)
	if err != nil {
		return nil, err
	}
	return apiserver.ActivateQRCodeByExternalID200JSONResponse{Body: answer}, nil
}

func (s *Server) setActiveByExternalID(ctx context.Context, orgID int64, externalID string, active bool) (api.UpsertQRCodeAnswer, error) {
	c, changed, err := s.service.SetCodeActiveByExternalID(ctx, userFromContext(ctx), orgID, externalID, active)
	return s.upsertedAnswer(c, changed, err)
}

func (s *Server) BulkUpsertQRCodes(ctx context.Context, req apiserver.BulkUpsertQRCodesRequestObject) (apiserver.BulkUpsertQRCodesResponseObject, error) {
	items := make([]service.BulkUpsertItem, len(req.Body.QrCodes))
	for i, item := range req.Body.QrCodes {
		items[i] = upsertItem(item)
	}
	result, err := s.service.BulkUpsertCodes(ctx, userFromContext(ctx), req.OrgID, items)
	var rows *service.SyncRowsError
	if errors.As(err, &rows) {
		return apiserver.BulkUpsertQRCodes400JSONResponse{Body: api.SyncRowsError{Message: cloud.MsgSyncHasErrors, Rows: rows.Rows}}, nil
	}
	if err != nil {
		return nil, err
	}
	return apiserver.BulkUpsertQRCodes200JSONResponse{Body: *result}, nil
}

// ListQRCodeChanges is one page of the changes feed. A cursor or
// updatedSince given empty is refused (pagingValue; the binding refuses an
// empty limit).
func (s *Server) ListQRCodeChanges(ctx context.Context, req apiserver.ListQRCodeChangesRequestObject) (apiserver.ListQRCodeChangesResponseObject, error) {
	since, err := pagingValue("updatedSince", req.Params.UpdatedSince)
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
	page, err := s.service.CodeChanges(ctx, userFromContext(ctx), req.OrgID, service.ChangesQuery{
		UpdatedSince: since, Cursor: cursor, Limit: limit, Include: string(req.Params.Include)})
	if err != nil {
		return nil, err
	}
	return apiserver.ListQRCodeChanges200JSONResponse{Body: *page}, nil
}

// IdempotencyKeyHeader makes a create safe to retry.
const IdempotencyKeyHeader = "Idempotency-Key"

// idempotent wraps a create: with an Idempotency-Key header, the first
// answer is kept for a day and answered again to the same key, caller and
// request (method, path and body), and that request creates nothing; the
// same key with another request is refused (409). The create's writes and
// its kept answer commit in one transaction (service.RunIdempotent), so the
// answer is sent once both are stored. An answer that is not kept
// (keptAnswer) undoes the writes and releases the key for a retry. Without
// the header the route answers as always. bodyLimit is the route's own body
// limit.
func (s *Server) idempotent(bodyLimit int64, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, sent := r.Header[http.CanonicalHeaderKey(IdempotencyKeyHeader)]
		actor, orgID := userFrom(r), pathID(r, "orgId")
		// A caller outside the organisation is refused by the route itself
		// (401, 404): no key is kept for an organisation that is not theirs.
		if !sent || actor == nil || actor.OrganizationID != orgID {
			next(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, bodyLimit))
		if err != nil {
			s.writeError(w, r, decodeError(err))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h := sha256.New()
		fmt.Fprintf(h, "%s\n%s\n", r.Method, r.URL.Path)
		h.Write(body)
		kept, claim, err := s.service.ClaimIdempotencyKey(r.Context(), idempotencyCaller(r, actor), orgID, strings.Join(key, ","), h.Sum(nil))
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if kept != nil {
			w.Header().Set("Content-Type", kept.ContentType)
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(kept.Status)
			w.Write(kept.Body)
			return
		}
		answer := &bufferedAnswer{header: http.Header{}}
		err = s.service.RunIdempotent(r.Context(), claim, func(ctx context.Context) *cloud.IdempotentAnswer {
			next(answer, r.WithContext(ctx))
			if !keptAnswer(answer.status) {
				return nil
			}
			return &cloud.IdempotentAnswer{Status: answer.status, ContentType: answer.header.Get("Content-Type"), Body: answer.body.Bytes()}
		})
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		answer.sendTo(w)
	}
}

// keptAnswer says which answers a key keeps and replays: not a 5xx (our
// side failed) nor a 409 (the request met another at the same moment, or a
// state that may change): sent again, those requests run again.
func keptAnswer(status int) bool {
	return status != 0 && status < 500 && status != http.StatusConflict
}

// idempotencyCaller names whose Idempotency-Keys a request's key is among:
// each API key's own (every key acts as the same stand-in member, so the
// member's id would mix them up), else the signed-in member's.
func idempotencyCaller(r *http.Request, actor *cloud.User) string {
	if p := keyFrom(r); p != nil {
		return "key:" + strconv.FormatInt(p.Key.ID, 10)
	}
	return "user:" + strconv.FormatInt(actor.ID, 10)
}

// bufferedAnswer holds an answer instead of sending it: a handler's until
// its transaction has committed (a client must never read an answer that
// was then rolled back), or a guard's refusal (guardRefusal).
type bufferedAnswer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (a *bufferedAnswer) Header() http.Header { return a.header }

func (a *bufferedAnswer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *bufferedAnswer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// sendTo writes the held answer to w.
func (a *bufferedAnswer) sendTo(w http.ResponseWriter) {
	for k, v := range a.header {
		w.Header()[k] = v
	}
	if a.status == 0 {
		a.status = http.StatusOK
	}
	w.WriteHeader(a.status)
	w.Write(a.body.Bytes())
}

// labelsBodyBytes fits 2,000 external ids of 100 bytes with JSON's quoting.
const labelsBodyBytes = 512 << 10

func (s *Server) PrintQRCodeLabelsByExternalID(ctx context.Context, req apiserver.PrintQRCodeLabelsByExternalIDRequestObject) (apiserver.PrintQRCodeLabelsByExternalIDResponseObject, error) {
	pdf, err := s.service.LabelsByExternalID(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.PrintQRCodeLabelsByExternalID200ApplicationPdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf)),
		Headers: apiserver.PrintQRCodeLabelsByExternalID200ResponseHeaders{ContentDisposition: attachment("lifetag-batch-labels.pdf")}}, nil
}
