package service

// The printable label sheet (docs/design/individual.md §2 /print-preview, docs/design/decisions.md §5
// "QR and printing"): the label engine's PDF of the owner's stored record,
// for users with print access only.

import (
	"bytes"
	"context"
	"encoding/json"
	"time"
	_ "time/tzdata" // time zones by IANA name on any host

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// defaultTimeZone dates a label's Generated line when the person's own
// time zone is not known (emergency.DefaultTimeZone).
const defaultTimeZone = emergency.DefaultTimeZone

// printDPI maps print quality to printer dots (docs/design/individual.md §9).
var printDPI = map[string]int{"standard": 300, "high": 600}

// LabelSheet returns one full sheet of the owner's labels as a PDF: the QR
// code of their stored record (synced from the form) at the level measured
// for the label size, with the label design's lines (pkg/sheet/design.json),
// at the exact geometry of the chosen sheet.
func (s *Service) LabelSheet(ctx context.Context, actor *cloud.User, req api.LabelSheetRequest) ([]byte, error) {
	ctx, span := startSpan(ctx, "LabelSheet")
	defer span.End()
	target, err := s.entitledOwner(ctx, actor, req.Email, cloud.MsgDownloadLocked)
	if err != nil {
		return nil, err
	}
	template, dpi, err := sheetTemplate(req.LabelOptions)
	if err != nil {
		return nil, err
	}
	record, loc, err := s.printableRecord(ctx, target, req.TimeZone, req.EmergencyData)
	if err != nil {
		return nil, err
	}
	return s.render(ctx, cloud.LabelKindSheet, "pdf", func() ([]byte, error) {
		return renderLabelSheets(template, dpi, req.LabelOptions, *record, emergency.QRText(*record, s.now(), loc), 1)
	})
}

// renderLabelSheets is the one label PDF, for the owner (LabelSheet) and for
// fulfilment (OrderLabels): sheets full sheets of one record's labels, its
// name, blood type and first ICE number beside the code as
// pkg/sheet/design.json lays them out, at the error-correction level
// measured for the label size (labels.Presets).
func renderLabelSheets(template *labels.Template, dpi int, options api.LabelOptions, record emergency.Data, payload string, sheets int) ([]byte, error) {
	var pdf bytes.Buffer
	err := sheet.RenderRecordSheets(&pdf, template, labels.Kind(options.LabelType), labels.PaperSize(options.PaperSize),
		sheet.RecordLabel(record, payload), sheets, sheet.Options{DPI: dpi})
	if err != nil {
		if tooSmall, ok := err.(*sheet.TooSmallError); ok {
			return nil, cloud.NewError(cloud.EINVALID, tooSmall.Error())
		}
		return nil, err
	}
	return pdf.Bytes(), nil
}

// entitledOwner is email's account when the caller may act for it and it
// has print access (a verified payment); locked is the refusal's message.
func (s *Service) entitledOwner(ctx context.Context, actor *cloud.User, email, locked string) (*cloud.User, error) {
	target, err := s.authorize(ctx, actor, email)
	if err != nil {
		return nil, err
	}
	if !target.HasPrintAccess {
		return nil, cloud.NewError(cloud.EFORBIDDEN, locked)
	}
	return target, nil
}

// printableRecord is what every printed or saved form of a person's code is
// made from: the target's stored record (storedRecord), and the same as the
// one the person's screen shows.
func (s *Service) printableRecord(ctx context.Context, target *cloud.User, tz string, shown *emergency.Data) (*emergency.Data, *time.Location, error) {
	if shown == nil {
		return nil, nil, cloud.NewError(cloud.EINVALID, cloud.MsgEmergencyRequired)
	}
	record, loc, err := s.storedRecord(ctx, target, tz)
	if err != nil {
		return nil, nil, err
	}
	if !sameDetails(*shown, *record) {
		return nil, nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgLabelRecordNotSaved)
	}
	return record, loc, nil
}

// storedRecord is the target's stored record, valid, with the time zone
// that dates its Generated line (Europe/London when tz is empty).
func (s *Service) storedRecord(ctx context.Context, target *cloud.User, tz string) (*emergency.Data, *time.Location, error) {
	if tz == "" {
		tz = defaultTimeZone
	}
	loc, err := time.LoadLocation(tz)
	if err != nil || len(tz) > 64 {
		return nil, nil, cloud.NewError(cloud.EINVALID, cloud.MsgTimeZoneUnknown)
	}
	record, err := s.findRecord(ctx, target.ID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgEmergencyNotFound)
	} else if err != nil {
		return nil, nil, err
	}
	if errs := record.Validate(); errs != nil {
		return nil, nil, &cloud.Error{Code: cloud.EINVALID, Message: errs[0].Message, Fields: errs}
	}
	return record, loc, nil
}

// sameDetails reports whether two records hold the same details, as stored
// (normalized); when each was saved on the device does not count.
func sameDetails(shown, stored emergency.Data) bool {
	a, b := shown.Normalized(), stored.Normalized()
	a.LastModified, b.LastModified = "", ""
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

// sheetTemplate resolves label options to a catalogue sheet (or a custom
// layout) and a print resolution.
func sheetTemplate(o api.LabelOptions) (*labels.Template, int, error) {
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
