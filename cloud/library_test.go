package cloud_test

import (
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func TestMissingFields(t *testing.T) {
	fields := emergency.StandardFields()
	full := map[string]string{"fullName": "Ann", "bloodType": "O+", "contact1Name": "Bob", "contact1Phone": "+44 7700 900123"}
	if n := cloud.MissingFields(emergency.Record{Fields: fields, Values: full}); n != 0 {
		t.Fatalf("a complete record misses %d", n)
	}
	if n := cloud.MissingFields(emergency.Record{Fields: fields, Values: map[string]string{"fullName": "Ann", "bloodType": " "}}); n != 3 {
		t.Fatalf("blood type and contact blank: %d, want 3", n)
	}
	// A template without a blood type field misses none for it.
	custom := []emergency.Field{{ID: "name", Type: emergency.FieldText, Label: "Name", Standard: emergency.SlotFullName},
		{ID: "shoe", Type: emergency.FieldText, Label: "Shoe size"}}
	if n := cloud.MissingFields(emergency.Record{Fields: custom, Values: map[string]string{}}); n != 1 {
		t.Fatalf("custom template: %d, want 1", n)
	}
}
