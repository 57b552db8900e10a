package emergency_test

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/qr"
)

func TestBuiltInFieldsAreValidTemplates(t *testing.T) {
	for name, fields := range map[string][]emergency.Field{
		"standard": emergency.StandardFields(),
		"default":  emergency.DefaultFields(),
	} {
		t.Run(name, func(t *testing.T) {
			normal := emergency.NormalizeFields(fields)
			if !slices.EqualFunc(normal, fields, fieldsEqual) {
				t.Fatalf("built-in fields must already be normalised:\n got %+v\nwant %+v", normal, fields)
			}
			if errs := emergency.ValidateFields(fields); errs != nil {
				t.Fatal(errs)
			}
		})
	}
}

func fieldsEqual(a, b emergency.Field) bool {
	return a.ID == b.ID && a.Type == b.Type && a.Label == b.Label && a.Placeholder == b.Placeholder &&
		a.Required == b.Required && a.Category == b.Category && a.Order == b.Order &&
		slices.Equal(a.Options, b.Options) && a.Standard == b.Standard
}

func TestStandardFieldsCoverTheIndividualRecord(t *testing.T) {
	slots := map[string]bool{}
	for _, f := range emergency.StandardFields() {
		slots[f.Standard] = true
	}
	for _, slot := range []string{emergency.SlotFullName, emergency.SlotDateOfBirth, emergency.SlotBloodType,
		emergency.SlotWeight, emergency.ContactSlot(1, "name"), emergency.ContactSlot(1, "relationship"),
		emergency.ContactSlot(1, "phone"), emergency.ContactSlot(2, "name"), emergency.ContactSlot(2, "phone"),
		emergency.SlotAllergies, emergency.SlotMedications, emergency.SlotConditions, emergency.SlotNotes} {
		if !slots[slot] {
			t.Errorf("the standard form has no field for %s", slot)
		}
	}
}

// largestRecord fills every field of a template with the largest value it
// allows, in multi-byte characters where the field takes free text.
func largestRecord(fields []emergency.Field) emergency.Record {
	r := emergency.Record{Fields: fields, Values: map[string]string{}}
	for _, f := range fields {
		switch {
		case f.Standard == emergency.SlotWeight:
			r.Values[f.ID] = "499.9"
		case f.Type == emergency.FieldDate:
			r.Values[f.ID] = "1999-12-31"
		case f.Type == emergency.FieldCheckbox:
			r.Values[f.ID] = emergency.Checked
		case f.Type == emergency.FieldSelect:
			r.Values[f.ID] = slices.MaxFunc(f.Options, func(a, b string) int { return len(a) - len(b) })
		case f.Type == emergency.FieldEmail:
			r.Values[f.ID] = "a@example.com"
		case f.Type == emergency.FieldNumber:
			r.Values[f.ID] = strings.Repeat("9", emergency.Rules.Templates.MaxBytes["number"])
		default:
			limit := emergency.Rules.Templates.MaxBytes[f.Type]
			if key := slotLimitKey(f.Standard); key != "" {
				limit = emergency.Rules.MaxBytes[key]
			}
			// "€" is 3 bytes; the rest is made up in 1-byte letters.
			r.Values[f.ID] = strings.Repeat("€", limit/3) + strings.Repeat("x", limit%3)
		}
	}
	return r
}

func slotLimitKey(slot string) string {
	switch {
	case slot == "":
		return ""
	case strings.HasSuffix(slot, ".name"):
		return "contactName"
	case strings.HasSuffix(slot, ".phone"):
		return "phone"
	case strings.HasSuffix(slot, ".relationship"):
		return "relationship"
	}
	return slot
}

// fullestTemplate is a valid template of extra fields grown until one more
// field would be refused: the worst case a template save allows.
func fullestTemplate(t *testing.T, fieldType string) []emergency.Field {
	t.Helper()
	fields := emergency.StandardFields()
	label := strings.Repeat("L", emergency.Rules.Templates.MaxBytes["label"])
	for {
		next := append(slices.Clone(fields), emergency.Field{
			ID: "field_" + strconv.Itoa(len(fields)), Type: fieldType, Label: label, Category: "work",
			Order: len(fields) + 1,
		})
		if fieldType == emergency.FieldSelect {
			next[len(next)-1].Options = []string{strings.Repeat("o", emergency.Rules.Templates.MaxBytes["option"])}
		}
		if emergency.ValidateFields(next) != nil {
			return fields
		}
		fields = next
	}
}

func TestLargestRecordOfAnyValidTemplateFitsOneLevelMCode(t *testing.T) {
	if got, want := emergency.Rules.Templates.QRCapacityBytes, qr.Capacity(qr.M); got != want {
		t.Fatalf("rules.json qrCapacityBytes is %d, the level-M capacity is %d", got, want)
	}
	at := time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC)
	templates := map[string][]emergency.Field{
		"standard": emergency.StandardFields(),
		"default":  emergency.DefaultFields(),
	}
	for _, ft := range []string{emergency.FieldText, emergency.FieldTextarea, emergency.FieldSelect, emergency.FieldNumber} {
		templates["fullest "+ft] = fullestTemplate(t, ft)
	}
	for name, fields := range templates {
		t.Run(name, func(t *testing.T) {
			r := largestRecord(fields)
			if errs := emergency.ValidateRecord(r.Fields, r.Values); errs != nil {
				t.Fatalf("the worst case must itself be valid: %v", errs)
			}
			text := emergency.RecordQRText(r, at, time.UTC)
			if got, bound := len(text), emergency.LargestRecordBytes(fields); got > bound {
				t.Fatalf("a record's text is %d bytes, over the template's computed bound %d", got, bound)
			}
			if _, err := qr.Encode(text, qr.M); err != nil {
				t.Fatalf("%d bytes do not encode at level M: %v", len(text), err)
			}
			t.Logf("%d fields, largest record %d of %d bytes", len(fields), len(text), qr.Capacity(qr.M))
		})
	}
}

func TestTemplateThatCouldOverflowIsRefused(t *testing.T) {
	fields := fullestTemplate(t, emergency.FieldTextarea)
	fields = append(fields, emergency.Field{ID: "one_more", Type: emergency.FieldTextarea, Label: "One more",
		Category: "other", Order: len(fields) + 1})
	errs := emergency.ValidateFields(fields)
	if len(errs) != 1 || errs[0].Field != "fields" || !strings.HasPrefix(errs[0].Message, "These fields could make a QR code too large to scan (") {
		t.Fatalf("got %v", errs)
	}
}

func TestValidateFieldsMessages(t *testing.T) {
	base := func() []emergency.Field {
		return []emergency.Field{{ID: "field_1", Type: emergency.FieldText, Label: "Site", Category: "work", Order: 1}}
	}
	tests := []struct {
		name   string
		change func(f *emergency.Field)
		field  string
		want   string
	}{
		{"ErrLabelRequired", func(f *emergency.Field) { f.Label = " \n" }, "field_1", "Field label is required"},
		{"ErrType", func(f *emergency.Field) { f.Type = "file" }, "field_1", "Choose a field type for Site"},
		{"ErrCategory", func(f *emergency.Field) { f.Category = "secret" }, "field_1", "Choose a category for Site"},
		{"ErrSelectWithoutOptions", func(f *emergency.Field) { f.Type = emergency.FieldSelect; f.Options = []string{" ", ""} },
			"field_1", "Site needs at least one option, one per line"},
		{"ErrSlot", func(f *emergency.Field) { f.Standard = "contact9.name" }, "field_1", "Site cannot fill the standard slot contact9.name"},
		{"ErrSlotType", func(f *emergency.Field) { f.Standard = emergency.SlotBloodType }, "field_1", "Site cannot fill the standard slot bloodType"},
		{"ErrID", func(f *emergency.Field) { f.ID = "<script>" }, "fields", "Field ids must be unique and use only letters, digits, _ and -"},
		{"ErrLabelTooLong", func(f *emergency.Field) { f.Label = strings.Repeat("é", 31) }, "field_1", "Field label is too long: at most 60 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fields := base()
			tc.change(&fields[0])
			got := emergency.ValidateFields(emergency.NormalizeFields(fields)).ByField()
			if want := map[string]string{tc.field: tc.want}; !maps.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
	t.Run("ErrNoFields", func(t *testing.T) {
		if got := emergency.ValidateFields(nil).ByField()["fields"]; got != "At least one field is required" {
			t.Fatalf("got %q", got)
		}
	})
	t.Run("ErrDuplicateSlot", func(t *testing.T) {
		fields := append(emergency.DefaultFields(), emergency.Field{ID: "again", Type: emergency.FieldText,
			Label: "Name again", Category: "personal", Order: 7, Standard: emergency.SlotFullName})
		if got := emergency.ValidateFields(fields).ByField()["again"]; got != "Name again cannot fill the standard slot fullName" {
			t.Fatalf("got %q", got)
		}
	})
	t.Run("ErrTooManyFields", func(t *testing.T) {
		var fields []emergency.Field
		for i := range emergency.Rules.Templates.MaxFields + 1 {
			fields = append(fields, emergency.Field{ID: "f" + strconv.Itoa(i), Type: emergency.FieldCheckbox, Label: "C", Category: "other"})
		}
		if got := emergency.ValidateFields(emergency.NormalizeFields(fields)).ByField()["fields"]; got != "A template can have at most 40 fields" {
			t.Fatalf("got %q", got)
		}
	})
}

func TestNormalizeFieldsRenumbersAndCleansOptions(t *testing.T) {
	fields := []emergency.Field{
		{ID: "b", Type: emergency.FieldSelect, Label: " Shift\n", Category: "work", Order: 7, Options: []string{"Day", " ", "Night ", "Day"}},
		{ID: "a", Type: emergency.FieldText, Label: "Site", Category: "work", Order: 2, Options: []string{"ignored"}},
		{ID: "bt", Type: emergency.FieldSelect, Label: "Blood", Category: "medical", Order: 9, Standard: emergency.SlotBloodType, Options: []string{"Z+"}},
	}
	got := emergency.NormalizeFields(fields)
	want := []emergency.Field{
		{ID: "a", Type: emergency.FieldText, Label: "Site", Category: "work", Order: 1},
		{ID: "b", Type: emergency.FieldSelect, Label: "Shift", Category: "work", Order: 2, Options: []string{"Day", "Night"}},
		{ID: "bt", Type: emergency.FieldSelect, Label: "Blood", Category: "medical", Order: 3, Standard: emergency.SlotBloodType, Options: emergency.Rules.BloodTypes},
	}
	if !slices.EqualFunc(got, want, fieldsEqual) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if got := emergency.SplitOptions("Day\n\n  Night \r\n\n"); !slices.Equal(got, []string{"Day", "Night"}) {
		t.Fatalf("SplitOptions: %q", got)
	}
}

func TestValidateRecord(t *testing.T) {
	fields := append(emergency.StandardFields(),
		emergency.Field{ID: "site", Type: emergency.FieldSelect, Label: "Site", Required: true, Category: "work", Order: 15, Options: []string{"North", "South"}},
		emergency.Field{ID: "badge", Type: emergency.FieldNumber, Label: "Badge", Category: "work", Order: 16},
		emergency.Field{ID: "induction", Type: emergency.FieldDate, Label: "Induction", Category: "work", Order: 17},
		emergency.Field{ID: "firstAider", Type: emergency.FieldCheckbox, Label: "First aider", Category: "work", Order: 18},
		emergency.Field{ID: "mail", Type: emergency.FieldEmail, Label: "Work email", Category: "work", Order: 19},
	)
	t.Run("EmptyUsesTheIndividualMessages", func(t *testing.T) {
		want := map[string]string{
			"fullName":      "Full name is required",
			"bloodType":     "Blood type is required",
			"contact1Name":  "Contact name is required",
			"contact1Phone": "Phone number is required",
			"site":          "Site is required",
		}
		if got := emergency.ValidateRecord(fields, nil).ByField(); !maps.Equal(got, want) {
			t.Fatalf("got %v\nwant %v", got, want)
		}
	})
	valid := map[string]string{"fullName": "Jane Doe", "bloodType": "O+", "contact1Name": "John",
		"contact1Phone": "+44 7700 900123", "site": "North"}
	t.Run("Valid", func(t *testing.T) {
		if errs := emergency.ValidateRecord(fields, valid); errs != nil {
			t.Fatal(errs)
		}
	})
	tests := []struct{ id, value, want string }{
		{"bloodType", "Z+", "Blood type is required"},
		{"dateOfBirth", "1980-02-30", "Date of birth must be a real date (YYYY-MM-DD)"},
		{"weight", "0x10", "Weight must be a number from 1 to 500 kg"},
		{"weight", "501", "Weight must be a number from 1 to 500 kg"},
		{"fullName", strings.Repeat("x", 61), "Full name is too long: at most 60 bytes (accented letters, other scripts and emoji take 2 to 4 bytes each)"},
		{"contact2Phone", "0123", "Contact name is required"},
		{"site", "East", "Choose one of the options for Site"},
		{"badge", "1e3", "Badge must be a number"},
		{"induction", "31/12/2026", "Induction must be a real date (YYYY-MM-DD)"},
		{"firstAider", "yes", "First aider must be ticked or left blank"},
		{"mail", "nobody", "Work email must be a valid email address"},
		{"injected", "x", "This field is not in the form"},
	}
	for _, tc := range tests {
		t.Run(tc.id+"="+tc.value, func(t *testing.T) {
			values := maps.Clone(valid)
			values[tc.id] = tc.value
			got := emergency.ValidateRecord(fields, values).ByField()
			key := tc.id
			if tc.id == "contact2Phone" {
				key = "contact2Name"
			}
			if want := map[string]string{key: tc.want}; !maps.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
}
