package emergency_test

import (
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
)

// Cells as ordinary spreadsheets write them read as the record's values;
// what cannot be read is left as written, for validation to refuse.
func TestSpreadsheetValue(t *testing.T) {
	fields := emergency.NormalizeFields(append(emergency.StandardFields(),
		emergency.Field{ID: "firstAid", Type: emergency.FieldCheckbox, Label: "First aider", Category: "work"},
		emergency.Field{ID: "shift", Type: emergency.FieldSelect, Label: "Shift", Category: "work", Options: []string{"Day", "Night"}},
	))
	byID := map[string]emergency.Field{}
	for _, f := range fields {
		byID[f.ID] = f
	}
	for _, c := range []struct {
		field, cell string
		dayFirst    bool
		want        string
	}{
		{"firstAid", "Yes", true, emergency.Checked},
		{"firstAid", "y", true, emergency.Checked},
		{"firstAid", "1", true, emergency.Checked},
		{"firstAid", "TRUE", true, emergency.Checked},
		{"firstAid", "✓", true, emergency.Checked},
		{"firstAid", " no ", true, ""},
		{"firstAid", "N", true, ""},
		{"firstAid", "0", true, ""},
		{"firstAid", "false", true, ""},
		{"firstAid", "maybe", true, "maybe"},
		{"dateOfBirth", "12/04/1985", true, "1985-04-12"},
		{"dateOfBirth", "1/2/1990", true, "1990-02-01"},
		{"dateOfBirth", "12.04.1985", true, "1985-04-12"},
		{"dateOfBirth", "1985-04-12", true, "1985-04-12"},
		{"dateOfBirth", "1985-04-12", false, "1985-04-12"},
		{"dateOfBirth", "12/04/1985", false, "12/04/1985"}, // month first: ambiguous, refused
		{"dateOfBirth", "31/02/1985", true, "31/02/1985"},  // no such day
		{"bloodType", "o positive", true, "O+"},
		{"bloodType", "AB neg", true, "AB-"},
		{"bloodType", "a +ve", true, "A+"},
		{"bloodType", "B Rh negative", true, "B-"},
		{"bloodType", "unknown", true, "Unknown"},
		{"bloodType", "o-", true, "O-"},
		{"bloodType", "Z+", true, "Z+"},
		{"shift", "night", true, "Night"},
		{"shift", "Evening", true, "Evening"},
		{"fullName", "  Ann Rider ", true, "Ann Rider"},
	} {
		if got := emergency.SpreadsheetValue(byID[c.field], c.cell, c.dayFirst); got != c.want {
			t.Errorf("%s %q (day first %v): got %q, want %q", c.field, c.cell, c.dayFirst, got, c.want)
		}
	}
	if got := emergency.AllowedValues(byID["bloodType"], true); got != "one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown" {
		t.Errorf("blood type allows %q", got)
	}
	if got := emergency.AllowedValues(byID["dateOfBirth"], false); got != "YYYY-MM-DD" {
		t.Errorf("a month-first date allows %q", got)
	}
}

// TestNotA: a present value a column does not take is named for what it
// is not (a blood type, a date, yes or no); a blank or accepted value is
// not, so that "is required" and the length limits keep their messages.
func TestNotA(t *testing.T) {
	fields := []emergency.Field{
		{ID: "bloodType", Type: emergency.FieldSelect, Label: "Blood Type", Standard: emergency.SlotBloodType, Options: emergency.Rules.BloodTypes},
		{ID: "dateOfBirth", Type: emergency.FieldDate, Label: "Date of Birth", Standard: emergency.SlotDateOfBirth},
		{ID: "weight", Type: emergency.FieldNumber, Label: "Weight", Standard: emergency.SlotWeight},
		{ID: "induction", Type: emergency.FieldDate, Label: "Induction"},
		{ID: "firstAider", Type: emergency.FieldCheckbox, Label: "First aider"},
		{ID: "shift", Type: emergency.FieldSelect, Label: "Shift", Options: []string{"Day", "Night"}},
		{ID: "badge", Type: emergency.FieldNumber, Label: "Badge"},
		{ID: "mail", Type: emergency.FieldEmail, Label: "Mail"},
		{ID: "notes", Type: emergency.FieldText, Label: "Notes"},
	}
	byID := map[string]emergency.Field{}
	for _, f := range fields {
		byID[f.ID] = f
	}
	for _, c := range []struct{ field, value, want string }{
		{"bloodType", "Z+", "a blood type"},
		{"bloodType", "O+", ""},
		{"bloodType", "", ""},
		{"dateOfBirth", "31/02/1985", "a date we can read"},
		{"dateOfBirth", "1985-02-28", ""},
		{"weight", "600", "a weight in kg"},
		{"induction", "next week", "a date we can read"},
		{"firstAider", "maybe", "yes or no"},
		{"firstAider", emergency.Checked, ""},
		{"shift", "Evening", "one of the options"},
		{"badge", "ten", "a number"},
		{"mail", "bob", "an e-mail address"},
		{"notes", "anything", ""},
	} {
		if got := emergency.NotA(byID[c.field], c.value); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.field, c.value, got, c.want)
		}
	}
}

// The values a program sends are read as a spreadsheet's cells are, so the
// API and the import accept the same words; an unknown field's value stays.
func TestSpreadsheetValues(t *testing.T) {
	got := emergency.SpreadsheetValues(emergency.StandardFields(),
		map[string]string{"bloodType": "O positive", "dateOfBirth": "31/12/1980", "fullName": " Ann ", "other": " x "}, true)
	want := map[string]string{"bloodType": "O+", "dateOfBirth": "1980-12-31", "fullName": "Ann", "other": " x "}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %v", got)
	}
}
