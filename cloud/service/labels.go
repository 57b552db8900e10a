package service

// The printable label sheet (individual-side §2 /print-preview, DESIGN.md
// "QR and printing"): the label engine's PDF of the owner's stored record,
// for users with print access only.

import (
	"bytes"
	"context"
	"time"
	_ "time/tzdata" // time zones by IANA name on any host

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// LabelOptions are the label choices of individual-side §3, as the website
// stores them.
type LabelOptions struct {
	LabelType        string            `json:"labelType"`
	PaperSize        string            `json:"paperSize"`
	PrintQuality     string            `json:"printQuality"`
	Waterproof       bool              `json:"waterproof"`
	CustomDimensions *CustomDimensions `json:"customDimensions,omitempty"`
}

// CustomDimensions is a custom label size: millimetres, labels per sheet,
// columns and rows.
type CustomDimensions struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Count  int     `json:"count"`
	Cols   int     `json:"cols"`
	Rows   int     `json:"rows"`
}

// LabelSheetRequest is the body of POST /api/labels/sheet.pdf.
type LabelSheetRequest struct {
	Email        string       `json:"email"`
	LabelOptions LabelOptions `json:"labelOptions"`
	// TimeZone (IANA) dates the QR text's Generated line as the person's
	// own day; Europe/London when absent.
	TimeZone string `json:"timeZone,omitempty"`
}

// defaultTimeZone is the product's home: it sells in pounds.
const defaultTimeZone = "Europe/London"

// printDPI maps print quality to printer dots (individual-side §9).
var printDPI = map[string]int{"standard": 300, "high": 600}

// LabelSheet returns one full sheet of the owner's labels as a PDF: the QR
// code of their stored record (synced from the form) at level H, their name
// and blood type, at the exact geometry of the chosen sheet.
func (s *Service) LabelSheet(ctx context.Context, actor *cloud.User, req LabelSheetRequest) ([]byte, error) {
	target, err := s.authorize(ctx, actor, req.Email)
	if err != nil {
		return nil, err
	}
	if !target.HasPrintAccess {
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgDownloadLocked)
	}
	return s.renderLabelSheets(ctx, target, req.LabelOptions, req.TimeZone, 1)
}

// renderLabelSheets is the one label PDF, for the owner (LabelSheet) and for
// fulfilment (OrderLabels): sheets full sheets of the target's labels.
func (s *Service) renderLabelSheets(ctx context.Context, target *cloud.User, options LabelOptions, tz string, sheets int) ([]byte, error) {
	template, dpi, err := sheetTemplate(options)
	if err != nil {
		return nil, err
	}
	if tz == "" {
		tz = defaultTimeZone
	}
	loc, err := time.LoadLocation(tz)
	if err != nil || len(tz) > 64 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgTimeZoneUnknown)
	}
	record, err := s.findRecord(ctx, target.ID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgEmergencyNotFound)
	} else if err != nil {
		return nil, err
	}
	if errs := record.Validate(); errs != nil {
		return nil, &cloud.Error{Code: cloud.EINVALID, Message: errs[0].Message, Fields: errs}
	}

	person := record.Normalized().PersonalInfo
	label := sheet.Label{
		Payload: emergency.QRText(*record, s.now(), loc),
		Name:    person.FullName,
		Caption: "Blood type: " + person.BloodType,
	}
	items := make([]sheet.Label, template.PerSheet()*max(sheets, 1))
	for i := range items {
		items[i] = label
	}
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, template, items, sheet.Options{Level: qr.H, DPI: dpi}); err != nil {
		if tooSmall, ok := err.(*sheet.TooSmallError); ok {
			return nil, cloud.NewError(cloud.EINVALID, tooSmall.Error())
		}
		return nil, err
	}
	return pdf.Bytes(), nil
}

// sheetTemplate resolves label options to a catalogue sheet (or a custom
// layout) and a print resolution.
func sheetTemplate(o LabelOptions) (*labels.Template, int, error) {
	dpi, ok := printDPI[o.PrintQuality]
	if !ok {
		return nil, 0, cloud.NewError(cloud.EINVALID, cloud.MsgPrintQualityInvalid)
	}
	catalogue := labels.MustBuiltin()
	paper, err := catalogue.Paper(labels.PaperSize(o.PaperSize))
	if err != nil {
		return nil, 0, cloud.NewError(cloud.EINVALID, cloud.MsgPaperSizeInvalid)
	}
	if o.LabelType == "custom" {
		if o.CustomDimensions == nil {
			return nil, 0, cloud.NewError(cloud.EINVALID, cloud.MsgCustomSizeRequired)
		}
		d := o.CustomDimensions
		custom := labels.Custom{Width: d.Width, Height: d.Height, Count: d.Count, Cols: d.Cols, Rows: d.Rows}
		if err := custom.Validate(); err != nil {
			return nil, 0, cloud.NewError(cloud.EINVALID, err.Error())
		}
		template, err := custom.Template(paper)
		if err != nil {
			return nil, 0, cloud.NewError(cloud.EINVALID, err.Error())
		}
		return template, dpi, nil
	}
	template, err := catalogue.Preset(labels.Kind(o.LabelType), labels.PaperSize(o.PaperSize))
	if err != nil {
		return nil, 0, cloud.NewError(cloud.EINVALID, cloud.MsgLabelTypeUnknown)
	}
	return template, dpi, nil
}
