package emergency

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Corporate form templates (admin-corporate-side §3, DESIGN.md "Corporate").
// A template is an ordered list of fields; a library code's Record keeps a
// copy of its template's fields beside the values typed into them, so a code
// reads the same after its template is edited or deleted.
//
// A field that fills a slot of the standard record (Standard) is printed
// where spec §1 puts it; every other field goes into one extra section
// (PAYLOAD.md).

// Field types (§3).
const (
	FieldText     = "text"
	FieldEmail    = "email"
	FieldPhone    = "phone"
	FieldTextarea = "textarea"
	FieldSelect   = "select"
	FieldDate     = "date"
	FieldNumber   = "number"
	FieldCheckbox = "checkbox"
)

// FieldTypes lists the field types in the order the Add Field dialog shows them.
var FieldTypes = []string{FieldText, FieldEmail, FieldPhone, FieldTextarea, FieldSelect, FieldDate, FieldNumber, FieldCheckbox}

// Field categories (§3), in the order the live preview groups them.
var FieldCategories = []string{"personal", "emergency", "medical", "work", "other"}

// Standard slots: where a field's value goes in the spec §1 record.
const (
	SlotFullName    = "fullName"
	SlotDateOfBirth = "dateOfBirth"
	SlotBloodType   = "bloodType"
	SlotWeight      = "weight"
	SlotAllergies   = "allergies"
	SlotMedications = "medications"
	SlotConditions  = "conditions"
	SlotNotes       = "notes"
)

// ContactSlot names contact n's (1-based) name, phone or relationship slot,
// for example "contact1.phone".
func ContactSlot(n int, part string) string { return "contact" + strconv.Itoa(n) + "." + part }

// Field is one question of a form template.
type Field struct {
	ID          string   `json:"id"`
	Type        string   `json:"type"`
	Label       string   `json:"label"`
	Placeholder string   `json:"placeholder,omitempty"`
	Required    bool     `json:"required"`
	Category    string   `json:"category"`
	Order       int      `json:"order"` // 1-based
	Options     []string `json:"options,omitempty"`
	// Standard is the spec §1 slot the field fills ("" for the extra section).
	Standard string `json:"standard,omitempty"`
}

// Record is one person's record made from a template: the template's fields
// when it was filled in, and the values by field id.
type Record struct {
	Fields []Field           `json:"fields"`
	Values map[string]string `json:"values"`
}

// DefaultFields are the spec's default template fields (§3), loaded by
// 'Load Default'.
func DefaultFields() []Field {
	return []Field{
		{ID: "fullName", Type: FieldText, Label: "Full Name", Required: true, Category: "personal", Order: 1, Standard: SlotFullName},
		{ID: "email", Type: FieldEmail, Label: "Email", Required: true, Category: "personal", Order: 2},
		{ID: "phone", Type: FieldPhone, Label: "Phone", Required: true, Category: "personal", Order: 3},
		{ID: "emergencyContact", Type: FieldText, Label: "Emergency Contact", Required: true, Category: "emergency", Order: 4, Standard: ContactSlot(1, "name")},
		{ID: "emergencyPhone", Type: FieldPhone, Label: "Emergency Phone", Required: true, Category: "emergency", Order: 5, Standard: ContactSlot(1, "phone")},
		{ID: "medicalConditions", Type: FieldTextarea, Label: "Medical Conditions", Category: "medical", Order: 6, Standard: SlotConditions},
	}
}

// Data is the standard record the record's slotted fields make.
func (r Record) Data() Data {
	var d Data
	contacts := map[int]*Contact{}
	for _, f := range r.Fields {
		v := r.Values[f.ID]
		switch f.Standard {
		case "":
		case SlotFullName:
			d.PersonalInfo.FullName = v
		case SlotDateOfBirth:
			d.PersonalInfo.DateOfBirth = v
		case SlotBloodType:
			d.PersonalInfo.BloodType = v
		case SlotWeight:
			if w, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				d.PersonalInfo.Weight = &w
			}
		case SlotAllergies:
			d.MedicalInfo.Allergies = v
		case SlotMedications:
			d.MedicalInfo.Medications = v
		case SlotConditions:
			d.MedicalInfo.Conditions = v
		case SlotNotes:
			d.MedicalInfo.Notes = v
		default:
			n, part, ok := parseContactSlot(f.Standard)
			if !ok {
				continue
			}
			c := contacts[n]
			if c == nil {
				c = &Contact{ID: strconv.Itoa(n)}
				contacts[n] = c
			}
			switch part {
			case "name":
				c.Name = v
			case "phone":
				c.Phone = v
			case "relationship":
				c.Relationship = v
			}
		}
	}
	numbers := make([]int, 0, len(contacts))
	for n := range contacts {
		numbers = append(numbers, n)
	}
	slices.Sort(numbers)
	for _, n := range numbers {
		d.EmergencyContacts = append(d.EmergencyContacts, *contacts[n])
	}
	return d
}

func parseContactSlot(slot string) (n int, part string, ok bool) {
	rest, found := strings.CutPrefix(slot, "contact")
	if !found {
		return 0, "", false
	}
	num, part, found := strings.Cut(rest, ".")
	if !found {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return 0, "", false
	}
	return n, part, true
}

// RecordQRText returns the text a scan of a template-made code shows: the
// spec §1 text of its standard fields, with the other fields in one extra
// section before the Generated line (PAYLOAD.md).
func RecordQRText(r Record, generatedAt time.Time, loc *time.Location) string {
	text := QRText(r.Data(), generatedAt, loc)
	var extra []string
	fields := slices.Clone(r.Fields)
	slices.SortStableFunc(fields, func(a, b Field) int { return a.Order - b.Order })
	for _, f := range fields {
		if f.Standard != "" || f.Type == FieldEmail {
			continue // e-mail addresses are never printed (PAYLOAD.md)
		}
		v := MultiLine(r.Values[f.ID])
		if v == "" {
			continue
		}
		extra = append(extra, SingleLine(f.Label)+": "+v)
	}
	if len(extra) == 0 {
		return text
	}
	i := strings.LastIndex(text, "\n\nGenerated: ")
	return text[:i] + "\n\nADDITIONAL INFORMATION:\n" + strings.Join(extra, "\n") + text[i:]
}
