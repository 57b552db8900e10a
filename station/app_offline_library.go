package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/station/internal/library"
)

// While the cloud cannot be reached, the Batch screen (the website's
// batch-print page, frontend/src/features/corporate/batch-print) is
// answered from the station's cached library (station/internal/library):
// the organisation, its codes and projects, the layouts, which of them
// hold the queue, and the batch's PDF, rendered here with pkg/sheet at the level the cloud uses. A print
// (not a preview) is recorded as a print run, queued until the cloud
// answers; online, the cloud records it itself when it makes the PDF, so
// each print is counted once.

// libraryRoute is the website's list of the organisation's codes.
func libraryRoute(orgID int64) string { return fmt.Sprintf("/api/corporate/%d/qr-codes", orgID) }

// offlineLibraryAnswer answers one of the batch screen's calls from the
// cached library; ok is false for any other call, or for a session that
// is not a corporate user's.
func (c *Cloud) offlineLibraryAnswer(ctx context.Context, method, path, body string) (answer CloudAnswer, ok bool) {
	route, _, _ := strings.Cut(path, "?")
	lib := c.app.svc.Library
	if method == http.MethodGet && route == "/api/labels/batch-layouts" {
		layouts, err := library.Layouts()
		if err != nil {
			return refusal(err), true
		}
		return jsonAnswer(map[string]any{"layouts": layouts}), true
	}
	view, err := lib.View(ctx)
	if err != nil {
		// Not a corporate session: nothing of the library's to answer with.
		return CloudAnswer{}, false
	}
	org := view.OrganizationID
	switch {
	case method == http.MethodGet && route == "/api/corporate/organization":
		// Only the id and whether printing is paused are kept offline; the
		// batch screen needs no more.
		return jsonAnswer(api.CorporateOrganization{ID: org, Paused: view.Paused}), true

	case method == http.MethodGet && route == libraryRoute(org):
		// The list as the website asks for it: without the records.
		codes := make([]api.LibraryCode, len(view.Codes))
		for i, code := range view.Codes {
			code.Record, code.QrText = emergency.Record{}, ""
			codes[i] = code
		}
		return jsonAnswer(api.LibraryPage{Success: true, QrCodes: codes, Total: len(codes), Quota: view.Quota,
			Paused: view.Paused}), true

	case method == http.MethodGet && route == fmt.Sprintf("/api/corporate/projects/%d", org):
		return jsonAnswer(map[string]any{"projects": view.Projects}), true

	case method == http.MethodPost && route == fmt.Sprintf("/api/corporate/%d/batch-print/fit", org):
		// Which layouts hold the queue, from the cached records.
		var req api.BatchFitRequest
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			return CloudAnswer{}, false
		}
		layouts, err := lib.Fit(ctx, req.CodeIds, req.Sheets)
		if err != nil {
			return refusal(err), true
		}
		return jsonAnswer(api.BatchFit{Layouts: layouts}), true

	case method == http.MethodPost && route == fmt.Sprintf("/api/corporate/%d/batch-print.pdf", org):
		// The body the website sends to the cloud's route.
		var req api.BatchPrintRequest
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			return CloudAnswer{}, false
		}
		b := library.Batch{CodeIDs: req.CodeIds, Layout: req.Layout.ID, Start: req.StartPosition, Copies: 1}
		pdf, err := lib.RenderPDF(ctx, b)
		if err != nil {
			return refusal(err), true
		}
		if !req.Preview {
			if _, _, err := lib.RecordRun(ctx, b); err != nil {
				return refusal(err), true
			}
		}
		return CloudAnswer{Status: http.StatusOK, StatusText: "OK", ContentType: "application/pdf", Body: pdf}, true
	}
	return CloudAnswer{}, false
}
