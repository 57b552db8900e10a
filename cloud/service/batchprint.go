package service

// Corporate batch label printing (docs/design/admin-corporate.md §2 /label-batch-print,
// docs/design/admin-corporate.md §4, §5, §9; docs/design/decisions.md §5 "QR and printing", "Corporate"): the label engine's
// PDF of many library codes in queue order, at error correction M, on a
// named layout or any catalogue sheet. A print (not a preview) is recorded
// as a print run once its PDF exists.

import (
	"bytes"
	"context"
	"errors"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// BatchLayouts are the named layouts: the spec's four, then the presets.
func BatchLayouts() ([]labels.Geometry, error) {
	return labels.MustBuiltin().BatchGeometries()
}

// catalogueSearchLimit caps a catalogue search's answer: a short query
// matches hundreds of the 1,700 sheets, and nobody reads past the first.
const catalogueSearchLimit = 50

// SearchCatalogue searches every sheet of the catalogue by brand, part,
// description, paper or shape, or by a size "W x H" in mm.
func SearchCatalogue(query string) []labels.Geometry {
	if len(query) > 200 {
		return []labels.Geometry{}
	}
	return labels.MustBuiltin().SearchGeometries(query, catalogueSearchLimit)
}

// batchLayout resolves a layout choice, refusing an unknown one.
func batchLayout(id string) (*labels.Template, string, error) {
	t, name, err := labels.MustBuiltin().BatchSheet(id)
	if err != nil {
		return nil, "", cloud.NewError(cloud.EINVALID, cloud.MsgBatchLayoutUnknown)
	}
	return t, name, nil
}

// printingOrganization is the organisation a member prints for: members
// only (a site admin reads, but prints nothing in an organisation's name),
// and only while it may print (cloud.CanCreateCodes: the same rule).
func (s *Service) printingOrganization(ctx context.Context, actor *cloud.User, orgID int64) (*cloud.Organization, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	return org, nil
}

// checkQueue refuses an empty queue (docs/design/admin-corporate.md §5) and one over MaxBatchLabels.
func checkQueue(ids []int64) error {
	switch {
	case len(ids) == 0:
		return cloud.NewError(cloud.EINVALID, cloud.MsgNoQRCodes)
	case len(ids) > cloud.MaxBatchLabels:
		return cloud.NewError(cloud.EINVALID, cloud.MsgBatchTooLarge)
	}
	return nil
}

// BatchPrint renders the queue's labels and, unless it is a preview,
// records the print run after the PDF is made.
func (s *Service) BatchPrint(ctx context.Context, actor *cloud.User, orgID int64, req api.BatchPrintRequest) ([]byte, error) {
	ctx, span := startSpan(ctx, "BatchPrint")
	defer span.End()
	org, err := s.printingOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if err := checkQueue(req.CodeIds); err != nil {
		return nil, err
	}
	template, layoutName, err := batchLayout(req.Layout.ID)
	if err != nil {
		return nil, err
	}
	start := max(req.StartPosition, 1)
	if req.StartPosition < 0 || start > template.PerSheet() {
		return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgStartPositionInvalid, template.PerSheet(), layoutName)
	}
	codes, err := s.CodeRecords(ctx, actor, org.ID, req.CodeIds)
	if err != nil {
		return nil, err
	}
	items, names, err := sheet.BatchLabels(batchCodes(codes))
	if err != nil {
		return nil, invalid(err)
	}
	pdf, err := s.render(ctx, cloud.LabelKindBatch, "pdf", func() ([]byte, error) {
		return renderBatch(template, layoutName, items, names, start, labels.PaperSize(org.Paper()))
	})
	if err != nil {
		return nil, err
	}
	if req.Preview {
		return pdf, nil
	}
	run := &cloud.PrintRun{OrganizationID: org.ID, UserID: actor.ID, Layout: layoutName,
		Labels: len(req.CodeIds), Codes: distinct(req.CodeIds), CreatedAt: s.now()}
	if err := s.store.CreatePrintRun(ctx, run); err != nil {
		return nil, err
	}
	return pdf, nil
}

// batchCodes are the library codes as the batch printer weighs them.
func batchCodes(codes []CodeWithRecord) []sheet.BatchCode {
	out := make([]sheet.BatchCode, len(codes))
	for i, c := range codes {
		out[i] = sheet.BatchCode{ID: c.Code.ID, Name: c.Code.Name, Active: c.Code.IsActive,
			Label: sheet.RecordLabel(c.Record.Data(), c.QRText)}
	}
	return out
}

// invalid answers the batch printer's refusals (sheet.Refusal) as an
// invalid request in their own words; other errors pass unchanged.
func invalid(err error) error {
	var r *sheet.Refusal
	if errors.As(err, &r) {
		return cloud.NewError(cloud.EINVALID, r.Message)
	}
	return err
}

// renderBatch is the batch's PDF: items in order from slot start of the
// first sheet, at the batch level. Codes too dense for the labels are
// refused by name (names[i] is items[i]'s), all of them, never printed
// unreadable, with the layouts on paper (the organisation's) that hold them.
func renderBatch(t *labels.Template, layoutName string, items []sheet.Label, names []string, start int, paper labels.PaperSize) ([]byte, error) {
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, t, items, sheet.BatchOptions(start, 1)); err != nil {
		return nil, invalid(sheet.RefuseTooDense(err, t, layoutName, names, paper))
	}
	return pdf.Bytes(), nil
}

// maxFitSheets is the most catalogue sheets one fit weighs: a search's
// answer (catalogueSearchLimit) and a sheet chosen from an earlier one,
// with room to spare.
const maxFitSheets = 60

// BatchFit answers, for the queue's codes, every named layout, then each
// catalogue sheet asked about, with the codes too dense for its labels:
// sheet.FitQueue, the rule the print applies, so the batch page marks the
// layouts and sheets that cannot hold the queue before a preview is asked
// for. Members only, while the organisation may
// print, as printing.
func (s *Service) BatchFit(ctx context.Context, actor *cloud.User, orgID int64, req api.BatchFitRequest) ([]api.BatchLayoutFit, error) {
	org, err := s.printingOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if err := checkQueue(req.CodeIds); err != nil {
		return nil, err
	}
	ids := sheet.UniqueIDs(req.CodeIds)
	codes, err := s.CodeRecords(ctx, actor, org.ID, ids)
	if err != nil {
		return nil, err
	}
	if len(req.Sheets) > maxFitSheets {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgBatchLayoutUnknown)
	}
	fits, err := sheet.FitQueue(batchCodes(codes), req.Sheets)
	var unknown *sheet.UnknownSheetError
	if errors.As(err, &unknown) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgBatchLayoutUnknown)
	}
	if err != nil {
		return nil, err
	}
	out := make([]api.BatchLayoutFit, len(fits))
	for i, f := range fits {
		out[i] = api.BatchLayoutFit{ID: f.ID, Name: f.Name, RefusedCodeIds: f.RefusedIDs}
	}
	return out, nil
}

// RecordPrintRun records a run the desktop station printed itself. The
// codes must be the organisation's (another's id is ENOTFOUND, as for
// printing), so a run never counts what the caller could not print.
func (s *Service) RecordPrintRun(ctx context.Context, actor *cloud.User, orgID int64, req api.PrintRunRequest) (*cloud.PrintRun, error) {
	org, err := s.printingOrganization(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	if err := checkQueue(req.CodeIds); err != nil {
		return nil, err
	}
	if req.Labels < len(req.CodeIds) || req.Labels > cloud.MaxBatchLabels {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgPrintRunLabelsInvalid)
	}
	_, layoutName, err := batchLayout(req.Layout)
	if err != nil {
		return nil, err
	}
	if _, err := s.CodeRecords(ctx, actor, org.ID, req.CodeIds); err != nil {
		return nil, err
	}
	run := &cloud.PrintRun{OrganizationID: org.ID, UserID: actor.ID, Layout: layoutName,
		Labels: req.Labels, Codes: distinct(req.CodeIds), CreatedAt: s.now()}
	if err := s.store.CreatePrintRun(ctx, run); err != nil {
		return nil, err
	}
	return run, nil
}

// distinct counts the different ids.
func distinct(ids []int64) int {
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		seen[id] = true
	}
	return len(seen)
}
