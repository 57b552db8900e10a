package emergency_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the vectors name IANA zones; do not depend on the host's zoneinfo

	"github.com/lifetag/lifetag/pkg/emergency"
)

func TestQRTextGoldenVectors(t *testing.T) {
	cases := loadVectors[qrTextVector](t, "testdata/qr-text.json")
	if len(cases) < 30 {
		t.Fatalf("want at least 30 golden vectors, have %d", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var d emergency.Data
			if err := json.Unmarshal(tc.Input, &d); err != nil {
				t.Fatal(err)
			}
			loc, err := time.LoadLocation(tc.TimeZone)
			if err != nil {
				t.Fatal(err)
			}
			at, err := time.Parse(time.RFC3339, tc.GeneratedAt)
			if err != nil {
				t.Fatal(err)
			}
			if got := emergency.QRText(d, at, loc); got != tc.Expected {
				t.Errorf("QRText mismatch\n got: %q\nwant: %q", got, tc.Expected)
			}
		})
	}
}

func TestQRTextNeverContainsEmail(t *testing.T) {
	d := sampleRecord()
	d.PersonalInfo.Email = "unique-address-7731@example.org"
	got := emergency.QRText(d, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), time.UTC)
	if strings.Contains(got, "unique-address-7731") {
		t.Fatalf("QR text leaks the e-mail address:\n%s", got)
	}
}

func TestQRTextDoesNotModifyItsInput(t *testing.T) {
	d := sampleRecord()
	d.PersonalInfo.FullName = "  Jane  Doe "
	emergency.QRText(d, time.Now(), time.UTC)
	if d.PersonalInfo.FullName != "  Jane  Doe " || d.EmergencyContacts[0].Name != "John Doe" {
		t.Fatalf("QRText changed the caller's record: %+v", d)
	}
}

func sampleRecord() emergency.Data {
	return emergency.Data{
		PersonalInfo: emergency.PersonalInfo{FullName: "Jane Doe", Email: "jane@example.com", BloodType: "O+"},
		EmergencyContacts: []emergency.Contact{
			{ID: "c1", Name: "John Doe", Relationship: "Husband", Phone: "+44 7700 900123"},
		},
	}
}
