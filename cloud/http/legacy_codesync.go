package http

// Operations of codesync.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) ActivateQRCodeByExternalID(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ExternalIDPath) {
	a.s.handleActivateCodeByExternalID(w, r)
}
func (*Server) ActivateQRCodeByExternalID(context.Context, apiserver.ActivateQRCodeByExternalIDRequestObject) (apiserver.ActivateQRCodeByExternalIDResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) BulkUpsertQRCodes(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.BulkUpsertQRCodesParams) {
	a.s.handleBulkUpsertCodes(w, r)
}
func (*Server) BulkUpsertQRCodes(context.Context, apiserver.BulkUpsertQRCodesRequestObject) (apiserver.BulkUpsertQRCodesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) DeactivateQRCodeByExternalID(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ExternalIDPath) {
	a.s.handleDeactivateCodeByExternalID(w, r)
}
func (*Server) DeactivateQRCodeByExternalID(context.Context, apiserver.DeactivateQRCodeByExternalIDRequestObject) (apiserver.DeactivateQRCodeByExternalIDResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListQRCodeChanges(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ListQRCodeChangesParams) {
	a.s.handleCodeChanges(w, r)
}
func (*Server) ListQRCodeChanges(context.Context, apiserver.ListQRCodeChangesRequestObject) (apiserver.ListQRCodeChangesResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) PrintQRCodeLabelsByExternalID(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleLabelsByExternalID(w, r)
}
func (*Server) PrintQRCodeLabelsByExternalID(context.Context, apiserver.PrintQRCodeLabelsByExternalIDRequestObject) (apiserver.PrintQRCodeLabelsByExternalIDResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) UpsertQRCodeByExternalID(w http.ResponseWriter, r *http.Request, _ api.OrgID, _ api.ExternalIDPath, _ api.UpsertQRCodeByExternalIDParams) {
	a.s.handleUpsertCodeByExternalID(w, r)
}
func (*Server) UpsertQRCodeByExternalID(context.Context, apiserver.UpsertQRCodeByExternalIDRequestObject) (apiserver.UpsertQRCodeByExternalIDResponseObject, error) {
	return nil, errNotStrictYet
}
