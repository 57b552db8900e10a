package http

// Operations of batchprint.go still served by their hand-written handlers,
// until each is written against the strict server interface.

import (
	"context"
	"net/http"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/pkg/api"
)

func (a apiHandlers) FitCorporateBatch(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleBatchFit(w, r)
}
func (*Server) FitCorporateBatch(context.Context, apiserver.FitCorporateBatchRequestObject) (apiserver.FitCorporateBatchResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) ListBatchLayouts(w http.ResponseWriter, r *http.Request) {
	a.s.handleBatchLayouts(w, r)
}
func (*Server) ListBatchLayouts(context.Context, apiserver.ListBatchLayoutsRequestObject) (apiserver.ListBatchLayoutsResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) PrintCorporateBatch(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleBatchPrint(w, r)
}
func (*Server) PrintCorporateBatch(context.Context, apiserver.PrintCorporateBatchRequestObject) (apiserver.PrintCorporateBatchResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) RecordCorporatePrintRun(w http.ResponseWriter, r *http.Request, _ api.OrgID) {
	a.s.handleRecordPrintRun(w, r)
}
func (*Server) RecordCorporatePrintRun(context.Context, apiserver.RecordCorporatePrintRunRequestObject) (apiserver.RecordCorporatePrintRunResponseObject, error) {
	return nil, errNotStrictYet
}

func (a apiHandlers) SearchLabelCatalogue(w http.ResponseWriter, r *http.Request, _ api.SearchLabelCatalogueParams) {
	a.s.handleLabelCatalogue(w, r)
}
func (*Server) SearchLabelCatalogue(context.Context, apiserver.SearchLabelCatalogueRequestObject) (apiserver.SearchLabelCatalogueResponseObject, error) {
	return nil, errNotStrictYet
}
