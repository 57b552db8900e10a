package service

// One library code's label, downloaded as a PDF (a label sheet with the
// code at its first position, the printed truth from pkg/sheet) or a PNG
// (the code alone). Corporate codes are error correction M (docs/design/decisions.md §5).

import (
	"bytes"
	"context"
	"slices"
	"strconv"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// codePNG draws a downloaded code: level M like every corporate code, large
// enough to place in a document, with the printed labels' 2-module quiet
// zone.
var codePNG = qr.Options{Level: qr.Corporate.Level, Width: 800, Margin: 2}

// CodeLabelRequest says which label: the preset (helmet, gear or wallet;
// empty: the code's own label type) and paper (letter or a4; empty: a4, as
// the product sells in pounds).
type CodeLabelRequest struct {
	Preset string
	Paper  string
}

// CodeLabelPDF is one code's label on its preset's sheet, at the first
// position, for an organisation that may print.
func (s *Service) CodeLabelPDF(ctx context.Context, actor *cloud.User, orgID, codeID int64, req CodeLabelRequest) ([]byte, *cloud.CorporateCode, error) {
	ctx, span := startSpan(ctx, "CodeLabelPDF")
	defer span.End()
	r, err := s.printableCode(ctx, actor, orgID, codeID)
	if err != nil {
		return nil, nil, err
	}
	options := api.LabelOptions{LabelType: req.Preset, PaperSize: req.Paper, PrintQuality: "high"}
	if options.LabelType == "" {
		options.LabelType = r.Code.LabelType
	}
	if options.PaperSize == "" {
		options.PaperSize = "a4"
	}
	if !slices.Contains(cloud.LabelTypes, options.LabelType) {
		return nil, nil, cloud.NewError(cloud.EINVALID, cloud.MsgLabelTypeInvalid)
	}
	template, dpi, err := sheetTemplate(options)
	if err != nil {
		return nil, nil, err
	}
	pdf, err := s.render(ctx, cloud.LabelKindCode, "pdf", func() ([]byte, error) {
		var pdf bytes.Buffer
		label := sheet.RecordLabel(r.Record.Data(), r.QRText)
		if err := sheet.Render(&pdf, template, []sheet.Label{label}, sheet.Options{Level: qr.Corporate.Level, DPI: dpi}); err != nil {
			if tooSmall, ok := err.(*sheet.TooSmallError); ok {
				return nil, cloud.NewError(cloud.EINVALID, tooSmall.Error())
			}
			return nil, err
		}
		return pdf.Bytes(), nil
	})
	if err != nil {
		return nil, nil, err
	}
	return pdf, r.Code, nil
}

// CodeLabelPNG is one code's QR image.
func (s *Service) CodeLabelPNG(ctx context.Context, actor *cloud.User, orgID, codeID int64) ([]byte, *cloud.CorporateCode, error) {
	ctx, span := startSpan(ctx, "CodeLabelPNG")
	defer span.End()
	r, err := s.printableCode(ctx, actor, orgID, codeID)
	if err != nil {
		return nil, nil, err
	}
	png, err := s.render(ctx, cloud.LabelKindCode, "png", func() ([]byte, error) { return qr.PNG(r.QRText, codePNG) })
	if err != nil {
		return nil, nil, err
	}
	return png, r.Code, nil
}

// printableCode is a code with its record, for an organisation that may
// print (an inactive one may not); a deactivated code (a worker who left)
// is refused by name.
func (s *Service) printableCode(ctx context.Context, actor *cloud.User, orgID, codeID int64) (*CodeWithRecord, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	c, err := s.findCode(ctx, org.ID, codeID)
	if err != nil {
		return nil, err
	}
	if !c.IsActive {
		return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgCodeLabelInactive, strconv.Quote(c.Name))
	}
	r, err := s.withRecord(c)
	if err != nil {
		return nil, err
	}
	return &r, nil
}
