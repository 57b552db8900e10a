package emergency

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Corporate form templates (docs/design/admin-corporate.md §3, docs/design/decisions.md §9 "Corporate").
// A template is an ordered list of fields; a library code's Record keeps a
// copy of its template's fields beside the values typed into them, so a code
// reads the same after its template is edited or deleted.
//
// A field that fills a slot of the standard record (Standard) is printed
// where docs/design/individual.md §1 puts it; every other field goes into one extra section
// (PAYLOAD.md).

// Field types (docs/design/admin-corporate.md §3).
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

// Field categories (docs/design/admin-corporate.md §3), in the order the live preview groups them.
var FieldCategories = []string{"personal", "emergency", "medical", "work", "other"}

// Standard slots: where a field's value goes in the docs/design/individual.md §1 record.
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
	// Standard is the docs/design/individual.md §1 slot the field fills ("" for the extra section).
	Standard string `json:"standard,omitempty"`
}

// Record is one person's record made from a template: the template's fields
// when it was filled in, and the values by field id.
type Record struct {
	Fields []Field           `json:"fields"`
	Values map[string]string `json:"values"`
}

// ExtraHeading opens the extra section of a template record (PAYLOAD.md).
const ExtraHeading = "ADDITIONAL INFORMATION:"

// Checked is a ticked checkbox's value; an unticked one is "" (or "false",
// which normalises to "").
const Checked = "true"

// DefaultFields are the spec's default template fields (docs/design/admin-corporate.md §3), loaded by
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

// StandardFormName is the name of the built-in template.
const StandardFormName = "Standard Emergency Form"

// StandardFields is the built-in "Standard Emergency Form": the individual
// record (docs/design/individual.md §3) as template fields, without the e-mail
// address (a worker's record is not an account). Its required fields are
// the ones an individual record requires.
func StandardFields() []Field {
	fields := []Field{
		{ID: "fullName", Type: FieldText, Label: "Full Name", Required: true, Category: "personal", Standard: SlotFullName},
		{ID: "dateOfBirth", Type: FieldDate, Label: "Date of Birth", Category: "personal", Standard: SlotDateOfBirth},
		{ID: "bloodType", Type: FieldSelect, Label: "Blood Type", Required: true, Category: "medical", Options: slices.Clone(Rules.BloodTypes), Standard: SlotBloodType},
		{ID: "weight", Type: FieldNumber, Label: "Weight (kg)", Category: "personal", Standard: SlotWeight},
		{ID: "contact1Name", Type: FieldText, Label: "Emergency Contact Name", Required: true, Category: "emergency", Standard: ContactSlot(1, "name")},
		{ID: "contact1Relationship", Type: FieldText, Label: "Relationship", Category: "emergency", Standard: ContactSlot(1, "relationship")},
		{ID: "contact1Phone", Type: FieldPhone, Label: "Emergency Contact Phone", Required: true, Category: "emergency", Standard: ContactSlot(1, "phone")},
		{ID: "contact2Name", Type: FieldText, Label: "Second Contact Name", Category: "emergency", Standard: ContactSlot(2, "name")},
		{ID: "contact2Relationship", Type: FieldText, Label: "Second Contact Relationship", Category: "emergency", Standard: ContactSlot(2, "relationship")},
		{ID: "contact2Phone", Type: FieldPhone, Label: "Second Contact Phone", Category: "emergency", Standard: ContactSlot(2, "phone")},
		{ID: "allergies", Type: FieldTextarea, Label: "Allergies", Category: "medical", Standard: SlotAllergies},
		{ID: "medications", Type: FieldTextarea, Label: "Medications", Category: "medical", Standard: SlotMedications},
		{ID: "conditions", Type: FieldTextarea, Label: "Medical Conditions", Category: "medical", Standard: SlotConditions},
		{ID: "notes", Type: FieldTextarea, Label: "Notes", Category: "medical", Standard: SlotNotes},
	}
	for i := range fields {
		fields[i].Order = i + 1
	}
	return fields
}

// slotRule is what a standard slot accepts: the field types that may fill
// it, the rules.json byte limit of its value ("" for none: dates, numbers,
// choices) and the individual record's message when it is required.
type slotRule struct {
	types    []string
	limitKey string
	required string
}

func ruleOfSlot(slot string) (slotRule, bool) {
	msg := Rules.Messages
	switch slot {
	case SlotFullName:
		return slotRule{[]string{FieldText}, "fullName", msg.FullNameRequired}, true
	case SlotDateOfBirth:
		return slotRule{[]string{FieldDate}, "", ""}, true
	case SlotBloodType:
		return slotRule{[]string{FieldSelect}, "", msg.BloodTypeRequired}, true
	case SlotWeight:
		return slotRule{[]string{FieldNumber}, "", ""}, true
	case SlotAllergies, SlotMedications, SlotConditions, SlotNotes:
		return slotRule{[]string{FieldTextarea, FieldText}, slot, ""}, true
	}
	n, part, ok := parseContactSlot(slot)
	if !ok || n > Rules.MaxContacts {
		return slotRule{}, false
	}
	switch part {
	case "name":
		return slotRule{[]string{FieldText}, "contactName", msg.ContactNameRequired}, true
	case "relationship":
		return slotRule{[]string{FieldText}, "relationship", ""}, true
	case "phone":
		return slotRule{[]string{FieldPhone, FieldText}, "phone", msg.PhoneRequired}, true
	}
	return slotRule{}, false
}

// Data is the standard record the record's slotted fields make.
func (r Record) Data() Data {
	var d Data
	contacts := map[int]*Contact{}
	for _, f := range r.Fields {
		v := normalizeValue(f.Type, r.Values[f.ID])
		switch f.Standard {
		case "":
		case SlotFullName:
			d.PersonalInfo.FullName = v
		case SlotDateOfBirth:
			d.PersonalInfo.DateOfBirth = v
		case SlotBloodType:
			d.PersonalInfo.BloodType = v
		case SlotWeight:
			// Only a plain decimal, which Go and JavaScript read alike.
			if v = SingleLine(v); numberPattern.MatchString(v) {
				if w, err := strconv.ParseFloat(v, 64); err == nil {
					d.PersonalInfo.Weight = &w
				}
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

var contactNumberPattern = regexp.MustCompile(`^[1-9][0-9]*$`)

func parseContactSlot(slot string) (n int, part string, ok bool) {
	rest, found := strings.CutPrefix(slot, "contact")
	if !found {
		return 0, "", false
	}
	num, part, found := strings.Cut(rest, ".")
	if !found {
		return 0, "", false
	}
	// One spelling per slot: digits only, no sign or leading zero.
	if !contactNumberPattern.MatchString(num) {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return 0, "", false
	}
	return n, part, true
}

// RecordQRText returns the text a scan of a template-made code shows: the
// docs/design/individual.md §1 text of its standard fields, with the other fields in one extra
// section before the Generated line (PAYLOAD.md "Template records").
//
// Like QRText it formats whatever it is given; ValidateRecord first.
func RecordQRText(r Record, generatedAt time.Time, loc *time.Location) string {
	var extra []string
	for _, f := range sortedFields(r.Fields) {
		if f.Standard != "" {
			continue
		}
		if v := printedValue(f, r.Values[f.ID]); v != "" {
			extra = append(extra, SingleLine(f.Label)+": "+v)
		}
	}
	return qrText(r.Data(), generatedAt, loc, true, extra)
}

// printedValue is how an extra field's value reads in the QR text, "" for
// a value that is left out.
func printedValue(f Field, value string) string {
	v := normalizeValue(f.Type, value)
	switch f.Type {
	case FieldEmail:
		return "" // e-mail addresses are never printed (PAYLOAD.md)
	case FieldCheckbox:
		if v == Checked {
			return "Yes"
		}
		return ""
	case FieldDate:
		if t, ok := parseDate(v); ok {
			return formatDate(t.Year(), t.Month(), t.Day())
		}
	}
	return v
}

// normalizeValue normalises a value as its field type keeps it: a textarea
// keeps its non-empty lines, every other type is one line, and an unticked
// checkbox is "".
func normalizeValue(fieldType, value string) string {
	switch fieldType {
	case FieldTextarea:
		return MultiLine(value)
	case FieldCheckbox:
		if v := SingleLine(value); v != "false" {
			return v
		}
		return ""
	}
	return SingleLine(value)
}

// NormalizeValues returns the values of the record's fields, normalised,
// without blank values and without ids the fields do not have: the form
// in which a record is validated, stored and encoded.
func NormalizeValues(fields []Field, values map[string]string) map[string]string {
	out := make(map[string]string, len(values))
	for _, f := range fields {
		if v := normalizeValue(f.Type, values[f.ID]); v != "" {
			out[f.ID] = v
		}
	}
	return out
}

// sortedFields returns the fields in form order (Order, then as given).
func sortedFields(fields []Field) []Field {
	sorted := slices.Clone(fields)
	slices.SortStableFunc(sorted, func(a, b Field) int { return a.Order - b.Order })
	return sorted
}
