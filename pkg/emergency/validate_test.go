package emergency_test

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/skip2/go-qrcode"

	"github.com/lifetag/lifetag/pkg/emergency"
)

func TestValidateGoldenVectors(t *testing.T) {
	for _, tc := range loadVectors[validationVector](t, "testdata/validation.json") {
		t.Run(tc.Name, func(t *testing.T) {
			var d emergency.Data
			if err := json.Unmarshal(tc.Input, &d); err != nil {
				t.Fatal(err)
			}
			got := d.Validate().ByField()
			if !maps.Equal(got, tc.Errors) {
				t.Errorf("Validate mismatch\n got: %v\nwant: %v", got, tc.Errors)
			}
		})
	}
}

func TestValidateReturnsNilForAValidRecord(t *testing.T) {
	if errs := sampleRecord().Validate(); errs != nil {
		t.Fatalf("want nil, got %v", errs)
	}
}

func TestValidateSpecMessages(t *testing.T) {
	// The exact wording of docs/design/individual.md §5.
	want := map[string]string{
		"personalInfo.fullName":     "Full name is required",
		"personalInfo.email":        "Valid email address is required",
		"personalInfo.bloodType":    "Blood type is required",
		"emergencyContacts.0.name":  "Contact name is required",
		"emergencyContacts.0.phone": "Phone number is required",
	}
	d := emergency.Data{EmergencyContacts: []emergency.Contact{{ID: "c1"}}}
	if got := d.Validate().ByField(); !maps.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	d.EmergencyContacts = nil
	if got := d.Validate().ByField()["emergencyContacts"]; got != "At least one emergency contact is required" {
		t.Fatalf("got %q", got)
	}
}

// largestValidRecord sets every field to its byte limit with multi-byte
// characters, the longest date, weight and blood type, and the most contacts.
func largestValidRecord() emergency.Data {
	fill := func(unit string, limitKey string) string {
		n := emergency.Rules.MaxBytes[limitKey]
		return strings.Repeat(unit, n/len(unit)) + strings.Repeat("x", n%len(unit))
	}
	weight := 499.9
	d := emergency.Data{
		PersonalInfo: emergency.PersonalInfo{
			FullName: fill("Ö", "fullName"), Email: "jane@example.com",
			DateOfBirth: "1999-12-31", BloodType: "Unknown", Weight: &weight,
		},
		MedicalInfo: emergency.MedicalInfo{
			Allergies:   fill("🥜", "allergies"),
			Medications: fill("語", "medications"),
			Conditions:  fill("x\n", "conditions"), // line breaks cost a byte each too
			Notes:       fill("Ω", "notes"),
		},
	}
	for i := range emergency.Rules.MaxContacts {
		d.EmergencyContacts = append(d.EmergencyContacts, emergency.Contact{
			ID: "c" + string(rune('1'+i)), Name: fill("€", "contactName"),
			Relationship: fill("é", "relationship"), Phone: fill("9", "phone"),
		})
	}
	return d
}

func TestLargestValidRecordEncodes(t *testing.T) {
	d := largestValidRecord()
	if errs := d.Validate(); errs != nil {
		t.Fatalf("the worst case must itself be valid: %v", errs)
	}
	text := emergency.QRText(d, time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), time.UTC)
	const levelHCapacity = 1273
	if len(text) > levelHCapacity {
		t.Fatalf("largest valid record is %d bytes, over the level-H capacity of %d", len(text), levelHCapacity)
	}
	t.Logf("largest valid record: %d of %d bytes", len(text), levelHCapacity)
	if _, err := qrcode.New(text, qrcode.Highest); err != nil {
		t.Fatalf("largest valid record does not encode at level H: %v", err)
	}

	// One more byte in any field is refused by validation.
	d.MedicalInfo.Notes += "x"
	if got := d.Validate().ByField()["medicalInfo.notes"]; !strings.Contains(got, "too long") {
		t.Fatalf("a field over its limit must be refused, got %q", got)
	}
}
