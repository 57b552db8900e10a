package emergency_test

import (
	"testing"

	"github.com/lifetag/lifetag/pkg/emergency"
)

type normalizeVector struct {
	Name       string `json:"name"`
	Input      string `json:"input"`
	SingleLine string `json:"singleLine"`
	MultiLine  string `json:"multiLine"`
}

// TestNormalizeVectors: invisible format characters never reach a QR code or
// a label, byte for byte as in the TypeScript twin.
func TestNormalizeVectors(t *testing.T) {
	cases := loadVectors[normalizeVector](t, "testdata/normalize.json")
	if len(cases) < 10 {
		t.Fatalf("only %d vectors", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if got := emergency.SingleLine(c.Input); got != c.SingleLine {
				t.Errorf("SingleLine(%+q) = %+q, want %+q", c.Input, got, c.SingleLine)
			}
			if got := emergency.MultiLine(c.Input); got != c.MultiLine {
				t.Errorf("MultiLine(%+q) = %+q, want %+q", c.Input, got, c.MultiLine)
			}
		})
	}
}

// TestNormalizedDropsOverrides: every field of a record goes through it.
func TestNormalizedDropsOverrides(t *testing.T) {
	d := emergency.Data{
		PersonalInfo:      emergency.PersonalInfo{FullName: "Ann\u202e Rider", BloodType: "\u202bO+\u202c"},
		EmergencyContacts: []emergency.Contact{{Name: "Bob\u2066", Phone: "+44\u200f 7700 900123"}},
		MedicalInfo:       emergency.MedicalInfo{Allergies: "Nuts\u202e", Notes: "\u2067line"},
	}.Normalized()
	if d.PersonalInfo.FullName != "Ann Rider" || d.PersonalInfo.BloodType != "O+" ||
		d.EmergencyContacts[0].Name != "Bob" || d.EmergencyContacts[0].Phone != "+44 7700 900123" ||
		d.MedicalInfo.Allergies != "Nuts" || d.MedicalInfo.Notes != "line" {
		t.Fatalf("%+v", d)
	}
}
