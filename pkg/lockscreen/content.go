package lockscreen

import (
	"bytes"
	"image/png"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// ContentFor is the wallpaper of a record: its QR text (pkg/emergency's
// formatter, the same text as every label) and the printed label's own
// words from its one design (pkg/sheet/design.json): the heading, the name,
// the blood type and the first emergency contact's number, so a responder
// can call without scanning, and the scan hint under the code.
func ContentFor(d emergency.Data, generatedAt time.Time, loc *time.Location) Content {
	label := sheet.RecordLabel(d, emergency.QRText(d, generatedAt, loc))
	var lines []Line
	for _, role := range []string{sheet.RoleName, sheet.RoleBloodType, sheet.RoleICE} {
		if text := sheet.RoleText(role, label); text != "" {
			lines = append(lines, Line{Text: text, Bold: role != sheet.RoleBloodType})
		}
	}
	return Content{
		Payload: label.Payload,
		Heading: sheet.RoleText(sheet.RoleHeading, label),
		Lines:   lines,
		Caption: sheet.RoleText(sheet.RoleScan, label),
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
