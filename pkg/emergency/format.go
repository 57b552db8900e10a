package emergency

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Header is the first line of every QR payload.
const Header = "🚨 EMERGENCY CONTACT INFORMATION 🚨"

// monthNames are written out (not taken from a locale) so that Go and the
// browser print the same bytes whatever their locale data.
var monthNames = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// formatDate writes a date as "5 Nov 2026": unambiguous in every country.
func formatDate(year int, month time.Month, day int) string {
	return strconv.Itoa(day) + " " + monthNames[month-1] + " " + strconv.Itoa(year)
}

// DefaultTimeZone dates a QR text's Generated line when the person's own
// time zone is not known: the product's home (it sells in pounds).
const DefaultTimeZone = "Europe/London"

// QRText returns the plain text a scan of the person's QR code shows, laid
// out as PAYLOAD.md describes. generatedAt is shown as a date in loc, the
// person's time zone; the caller supplies both so the text is reproducible.
//
// QRText formats whatever it is given; call Validate first to make sure the
// record is complete and fits one QR code.
func QRText(d Data, generatedAt time.Time, loc *time.Location) string {
	return qrText(d, generatedAt, loc, false, nil)
}

// qrText lays out d. For a template's record (RecordQRText), extra is its
// extra section's lines, and a blank name or blood type line is left out:
// the template may not ask for them, and an empty "Blood Type:" would read
// as if someone forgot it. An individual record always has both.
func qrText(d Data, generatedAt time.Time, loc *time.Location, record bool, extra []string) string {
	d = d.Normalized()
	var b strings.Builder
	line := func(s string) { b.WriteString(s); b.WriteByte('\n') }

	line(Header)
	p := d.PersonalInfo
	var personal []string
	if !record || p.FullName != "" {
		personal = append(personal, "Name: "+p.FullName)
	}
	if p.DateOfBirth != "" {
		dob := p.DateOfBirth
		if t, ok := parseDate(dob); ok {
			dob = formatDate(t.Year(), t.Month(), t.Day())
		}
		personal = append(personal, "DOB: "+dob)
	}
	if !record || p.BloodType != "" {
		personal = append(personal, "Blood Type: "+p.BloodType)
	}
	if p.Weight != nil {
		personal = append(personal, "Weight: "+formatWeight(*p.Weight)+" kg")
	}
	// A template's record may have no personal lines at all; then the next
	// section's own blank line follows the header.
	if len(personal) > 0 {
		line("")
		for _, l := range personal {
			line(l)
		}
	}

	var contacts []string
	for _, c := range d.EmergencyContacts {
		if c.Name == "" && c.Phone == "" {
			continue
		}
		entry := strconv.Itoa(len(contacts)+1) + ". " + c.Name
		if c.Relationship != "" {
			entry += " (" + c.Relationship + ")"
		}
		if c.Phone != "" {
			entry += "\n   Phone: " + c.Phone
		}
		contacts = append(contacts, entry)
	}
	if len(contacts) > 0 {
		line("")
		line("EMERGENCY CONTACTS:")
		for _, entry := range contacts {
			line(entry)
		}
	}

	m := d.MedicalInfo
	medical := []struct{ label, value string }{
		{"Allergies", m.Allergies},
		{"Medications", m.Medications},
		{"Conditions", m.Conditions},
		{"Notes", m.Notes},
	}
	if m.Allergies != "" || m.Medications != "" || m.Conditions != "" || m.Notes != "" {
		line("")
		line("MEDICAL INFORMATION:")
		for _, f := range medical {
			if f.value != "" {
				line(f.label + ": " + f.value)
			}
		}
	}

	if len(extra) > 0 {
		line("")
		line(ExtraHeading)
		for _, entry := range extra {
			line(entry)
		}
	}

	local := generatedAt.In(loc)
	line("")
	b.WriteString("Generated: " + formatDate(local.Year(), local.Month(), local.Day()))
	return b.String()
}

// formatWeight rounds to one decimal and drops a trailing ".0", as
// JavaScript's String(Math.round(w * 10) / 10) does for weights in range.
func formatWeight(w float64) string {
	return strconv.FormatFloat(math.Round(w*10)/10, 'f', -1, 64)
}
