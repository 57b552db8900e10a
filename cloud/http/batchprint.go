package http

import (
	"net/http"

	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/pkg/api"
)

// Corporate batch label printing (docs/design/admin-corporate.md §2, §4, §5, §9). The
// service scopes both organisation routes to the caller's organisation.

// handleBatchPrint serves the batch's label sheet PDF: for a preview to
// show in the browser, otherwise to print.
func (s *Server) handleBatchPrint(w http.ResponseWriter, r *http.Request) {
	var req api.BatchPrintRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	pdf, err := s.service.BatchPrint(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	disposition := "attachment"
	if req.Preview {
		disposition = "inline"
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", disposition+`; filename="lifetag-batch-labels.pdf"`)
	w.WriteHeader(http.StatusOK)
	w.Write(pdf)
}

// handleBatchFit answers which named layouts hold every queued code.
func (s *Server) handleBatchFit(w http.ResponseWriter, r *http.Request) {
	var req api.BatchFitRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	layouts, err := s.service.BatchFit(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.BatchFit{Layouts: layouts})
}

// handleRecordPrintRun records a batch the desktop station printed itself.
func (s *Server) handleRecordPrintRun(w http.ResponseWriter, r *http.Request) {
	var req api.PrintRunRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	run, err := s.service.RecordPrintRun(r.Context(), userFrom(r), pathID(r, "orgId"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, api.PrintRunRecorded{Success: api.PrintRunRecordedSuccessTrue, PrintRun: api.PrintRun{
		ID: run.ID, Layout: run.Layout, Labels: run.Labels, Codes: run.Codes, CreatedAt: run.CreatedAt,
	}})
}

// handleBatchLayouts lists the named layouts: the spec's four, then the
// product presets, each with its geometry (docs/design/admin-corporate.md §3 label layout, mm).
func (s *Server) handleBatchLayouts(w http.ResponseWriter, r *http.Request) {
	layouts, err := service.BatchLayouts()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, api.BatchLayouts{Layouts: layouts})
}

// handleLabelCatalogue searches the whole sheet catalogue (?q=).
func (s *Server) handleLabelCatalogue(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, api.LabelCatalogue{Sheets: service.SearchCatalogue(r.URL.Query().Get("q"))})
}
