package sheet

import (
	"strings"

	"github.com/lifetag/lifetag/pkg/emergency"
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
