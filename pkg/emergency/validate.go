package emergency

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// FieldError is one problem with one field. Field is the path the form uses,
// for example "personalInfo.fullName" or "emergencyContacts.0.phone".
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Errors lists every field that failed, at most one message per field, in
// form order.
type Errors []FieldError

func (e Errors) Error() string {
	parts := make([]string, len(e))
	for i, fe := range e {
		parts[i] = fe.Field + ": " + fe.Message
	}
	return strings.Join(parts, "; ")
}

// ByField returns the errors as a map from field path to message.
func (e Errors) ByField() map[string]string {
	m := make(map[string]string, len(e))
	for _, fe := range e {
		m[fe.Field] = fe.Message
	}
	return m
}

// emailPattern is deliberately simple (something@something.tld). It is
// matched after normalisation, when the only blank left can be a space.
var emailPattern = regexp.MustCompile(Rules.EmailPattern)

var datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// Validate checks d after normalisation and returns nil when it is valid.
// Byte limits are on the normalised UTF-8 text, because that is what the QR
// code stores.
func (d Data) Validate() Errors {
	d = d.Normalized()
	msg := Rules.Messages
	var errs Errors
	add := func(field, message string) { errs = append(errs, FieldError{field, message}) }
	// text checks a required or optional text field against its byte limit.
	text := func(field, value, limitKey, requiredMessage string) {
		switch {
		case value == "" && requiredMessage != "":
			add(field, requiredMessage)
		case len(value) > Rules.MaxBytes[limitKey]:
			add(field, tooLong(limitKey))
		}
	}

	p := d.PersonalInfo
	text("personalInfo.fullName", p.FullName, "fullName", msg.FullNameRequired)
	if !emailPattern.MatchString(p.Email) || len(p.Email) > Rules.MaxBytes["email"] {
		add("personalInfo.email", msg.EmailInvalid)
	}
	if p.DateOfBirth != "" {
		if _, ok := parseDate(p.DateOfBirth); !ok {
			add("personalInfo.dateOfBirth", msg.DateOfBirthInvalid)
		}
	}
	if !slices.Contains(Rules.BloodTypes, p.BloodType) {
		add("personalInfo.bloodType", msg.BloodTypeRequired)
	}
	if p.Weight != nil && !validWeight(*p.Weight) {
		add("personalInfo.weight", fillMessage(msg.WeightInvalid, map[string]string{
			"min": formatLimit(Rules.WeightKg.Min), "max": formatLimit(Rules.WeightKg.Max),
		}))
	}

	switch {
	case len(d.EmergencyContacts) == 0:
		add("emergencyContacts", msg.ContactsRequired)
	case len(d.EmergencyContacts) > Rules.MaxContacts:
		add("emergencyContacts", fillMessage(msg.TooManyContacts, map[string]string{
			"max": strconv.Itoa(Rules.MaxContacts),
		}))
	}
	for i, c := range d.EmergencyContacts {
		prefix := "emergencyContacts." + strconv.Itoa(i) + "."
		text(prefix+"id", c.ID, "contactId", "")
		text(prefix+"name", c.Name, "contactName", msg.ContactNameRequired)
		text(prefix+"relationship", c.Relationship, "relationship", "")
		text(prefix+"phone", c.Phone, "phone", msg.PhoneRequired)
	}

	m := d.MedicalInfo
	text("medicalInfo.allergies", m.Allergies, "allergies", "")
	text("medicalInfo.medications", m.Medications, "medications", "")
	text("medicalInfo.conditions", m.Conditions, "conditions", "")
	text("medicalInfo.notes", m.Notes, "notes", "")

	if d.LastModified != "" {
		if _, err := time.Parse(time.RFC3339Nano, d.LastModified); err != nil {
			add("lastModified", msg.LastModifiedInvalid)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func tooLong(limitKey string) string {
	return fillMessage(Rules.Messages.TooLong, map[string]string{
		"field": Rules.FieldNames[limitKey],
		"max":   strconv.Itoa(Rules.MaxBytes[limitKey]),
	})
}

func validWeight(w float64) bool {
	return !math.IsNaN(w) && w >= Rules.WeightKg.Min && w <= Rules.WeightKg.Max
}

// parseDate accepts a real calendar date written YYYY-MM-DD from year 1900 on.
func parseDate(s string) (time.Time, bool) {
	if !datePattern.MatchString(s) {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Year() < 1900 {
		return time.Time{}, false
	}
	return t, true
}
