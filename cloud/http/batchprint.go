package http

import (
	"bytes"
	"context"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate batch label printing (docs/design/admin-corporate.md §2, §4, §5, §9). The
// service scopes both organisation routes to the caller's organisation.

// PrintCorporateBatch serves the batch's label sheet PDF: for a preview to
// show in the browser, otherwise to print.
func (s *Server) PrintCorporateBatch(ctx context.Context, req apiserver.PrintCorporateBatchRequestObject) (apiserver.PrintCorporateBatchResponseObject, error) {
	pdf, err := s.service.BatchPrint(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	disposition := "attachment"
	if req.Body.Preview {
		disposition = "inline"
	}
	return apiserver.PrintCorporateBatch200ApplicationPdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf)),
		Headers: apiserver.PrintCorporateBatch200ResponseHeaders{
			ContentDisposition: disposition + `; filename="lifetag-batch-labels.pdf"`}}, nil
}

// FitCorporateBatch answers which named layouts hold every queued code.
func (s *Server) FitCorporateBatch(ctx context.Context, req apiserver.FitCorporateBatchRequestObject) (apiserver.FitCorporateBatchResponseObject, error) {
	layouts, err := s.service.BatchFit(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.FitCorporateBatch200JSONResponse{Body: api.BatchFit{Layouts: layouts}}, nil
}

// RecordCorporatePrintRun records a batch the desktop station printed
// itself.
func (s *Server) RecordCorporatePrintRun(ctx context.Context, req apiserver.RecordCorporatePrintRunRequestObject) (apiserver.RecordCorporatePrintRunResponseObject, error) {
	run, err := s.service.RecordPrintRun(ctx, userFromContext(ctx), req.OrgID, *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.RecordCorporatePrintRun201JSONResponse{Body: api.PrintRunRecorded{Success: api.PrintRunRecordedSuccessTrue,
		PrintRun: api.PrintRun{ID: run.ID, Layout: run.Layout, Labels: run.Labels, Codes: run.Codes, CreatedAt: run.CreatedAt}}}, nil
}

// ListBatchLayouts lists the named layouts: the spec's four, then the
// product presets, each with its geometry (docs/design/admin-corporate.md §3 label layout, mm).
func (s *Server) ListBatchLayouts(ctx context.Context, _ apiserver.ListBatchLayoutsRequestObject) (apiserver.ListBatchLayoutsResponseObject, error) {
	layouts, err := service.BatchLayouts()
	if err != nil {
		return nil, err
	}
	return apiserver.ListBatchLayouts200JSONResponse{Body: api.BatchLayouts{Layouts: layouts}}, nil
}

// SearchLabelCatalogue searches the whole sheet catalogue (?q=).
func (s *Server) SearchLabelCatalogue(ctx context.Context, req apiserver.SearchLabelCatalogueRequestObject) (apiserver.SearchLabelCatalogueResponseObject, error) {
	return apiserver.SearchLabelCatalogue200JSONResponse{Body: api.LabelCatalogue{Sheets: service.SearchCatalogue(req.Params.Q)}}, nil
}
