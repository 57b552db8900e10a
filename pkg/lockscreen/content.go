package lockscreen

import (
	"bytes"
	"image/png"
	"strings"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// The wallpaper's wording is the printed label's: the same heading, the
// same "Blood type:" and "ICE:" lines and the same caption under the code
// (the label preview's copy in frontend/src/components/label/copy.ts).
const (
	Heading     = "EMERGENCY INFO"
	ScanCaption = "Scan QR code with any phone"
)

// BloodLine and ICELine are the label's lines for a blood type and the
// first emergency contact's phone.
func BloodLine(bloodType string) string { return "Blood type: " + bloodType }
func ICELine(phone string) string       { return "ICE: " + phone }

// ContentFor is the wallpaper of a record: its QR text (pkg/emergency's
// formatter, the same text as every label), the name, the blood type and
// the first emergency contact's number, so a responder can call without
// scanning.
func ContentFor(d emergency.Data, generatedAt time.Time, loc *time.Location) Content {
	d = d.Normalized()
	p := d.PersonalInfo
	lines := []Line{{Text: p.FullName, Bold: true}}
	if p.BloodType != "" {
		lines = append(lines, Line{Text: BloodLine(p.BloodType)})
	}
	for _, c := range d.EmergencyContacts {
		if phone := strings.TrimSpace(c.Phone); phone != "" {
			lines = append(lines, Line{Text: ICELine(phone)})
			break
		}
	}
	return Content{
		Payload: emergency.QRText(d, generatedAt, loc),
		Heading: Heading,
		Lines:   lines,
		Caption: ScanCaption,
	}
}

// PNG renders the wallpaper and encodes it.
func PNG(s Screen, c Content) ([]byte, Layout, error) {
	img, layout, err := Render(s, c)
	if err != nil {
		return nil, Layout{}, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, Layout{}, err
	}
	return b.Bytes(), layout, nil
}
