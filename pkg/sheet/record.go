package sheet

import (
	"io"
	"strings"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
)

// RecordLabel is the label of one person's record: payload is its QR text
// (emergency.QRText), the name and blood type come from the record, and the
// number to call is the first emergency contact's with a phone, as the
// website's preview shows it (labelLines in frontend/src/components/label).
func RecordLabel(d emergency.Data, payload string) Label {
	p := d.Normalized().PersonalInfo
	l := Label{Payload: payload, Name: strings.TrimSpace(p.FullName), BloodType: strings.TrimSpace(p.BloodType)}
	for _, c := range d.EmergencyContacts {
		if phone := strings.TrimSpace(c.Phone); phone != "" {
			l.ICE = phone
			break
		}
	}
	return l
}

// Fulfilment prints a physical order on the preset of its label type on
// A4 (the product sells and ships in the UK and Ireland) at high quality,
// one full sheet of the customer's label per ordered pack. The cloud's
// Print Labels and the desktop station print this same file.
const (
	OrderPaper = labels.A4
	OrderDPI   = HighDPI
)

// RenderRecordSheets writes sheets full sheets (at least one) of one
// record's label on t, at the error-correction level measured for kind on
// paper (labels.PrintLevel), with o's other options (DPI, calibration
// offset): the owner's label sheet and a fulfilment order's packs.
func RenderRecordSheets(w io.Writer, t *labels.Template, kind labels.Kind, paper labels.PaperSize, label Label, sheets int, o Options) error {
	o.Level = labels.PrintLevel(kind, paper)
	return Render(w, t, fullSheets(t, label, sheets), o)
}

// fullSheets is sheets full sheets (at least one) of label.
func fullSheets(t *labels.Template, label Label, sheets int) []Label {
	items := make([]Label, t.PerSheet()*max(sheets, 1))
	for i := range items {
		items[i] = label
	}
	return items
}

// OrderSheets is what a physical order prints: the preset of kind on
// OrderPaper, packs full sheets of label, and the options (level, DPI) to
// render them with; the station spools them in chunks (RenderOrder writes
// them as one PDF).
func OrderSheets(kind labels.Kind, label Label, packs int) (*labels.Template, []Label, Options, error) {
	t, err := labels.MustBuiltin().Preset(kind, OrderPaper)
	if err != nil {
		return nil, nil, Options{}, err
	}
	return t, fullSheets(t, label, packs), Options{Level: labels.PrintLevel(kind, OrderPaper), DPI: OrderDPI}, nil
}

// RenderOrder writes a physical order's labels (OrderSheets) as one PDF,
// moved by the calibration offset in o (its other options are the order's).
func RenderOrder(w io.Writer, kind labels.Kind, label Label, packs int, o Options) error {
	t, items, oo, err := OrderSheets(kind, label, packs)
	if err != nil {
		return err
	}
	oo.OffsetX, oo.OffsetY = o.OffsetX, o.OffsetY
	return Render(w, t, items, oo)
}
