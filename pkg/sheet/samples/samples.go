// Package samples makes realistic, deterministic emergency labels: for test
// prints, the decode proofs and the benchmark. The payloads come from the
// real formatter, emergency.QRText, so they are the bytes a customer's
// label carries.
package samples

import (
	"fmt"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/sheet"
)

var (
	firstNames = []string{"Amelia", "Oliver", "Siobhán", "Mateo", "Zoë", "Kwame", "Priya", "Łukasz", "Aoife", "Jürgen", "Nadia", "Tomás"}
	lastNames  = []string{"O'Brien", "Smith", "Nowak", "García", "Okafor", "Patel", "Müller", "Byrne", "Jones", "Kowalski", "Dubois", "Rossi"}
	relations  = []string{"Wife", "Husband", "Mother", "Father", "Sister", "Brother", "Partner", "Friend"}
	bloodTypes = []string{"A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-", "Unknown"}
	allergies  = []string{"Penicillin", "Peanuts and tree nuts", "Bee stings", "Latex", "None known", "Sulfa drugs"}
	medicines  = []string{"Salbutamol inhaler", "Metformin 500 mg", "Warfarin 3 mg", "Levothyroxine 50 mcg", "Insulin (pump)", "None"}
	conditions = []string{"Asthma", "Type 1 diabetes", "Epilepsy", "Atrial fibrillation", "Hypothyroidism", "Concussion (2021)"}
	notes      = []string{"Contact lenses", "Organ donor", "Pacemaker fitted 2019", "Deaf in left ear", "Vegetarian", "Rides with a group club"}
)

// generatedAt is fixed so the payloads never change.
var generatedAt = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)

// Record returns the i-th sample person; every i gives a different one.
func Record(i int) emergency.Data {
	pick := func(list []string, salt int) string { return list[(i*7+salt*3+i/len(list))%len(list)] }
	weight := 55 + float64(i%45) + 0.5*float64(i%2)
	d := emergency.Data{
		PersonalInfo: emergency.PersonalInfo{
			FullName:    fmt.Sprintf("%s %s %d", pick(firstNames, 0), pick(lastNames, 1), i+1),
			Email:       fmt.Sprintf("person%d@example.com", i+1),
			DateOfBirth: fmt.Sprintf("%04d-%02d-%02d", 1950+i%55, 1+i%12, 1+i%28),
			BloodType:   bloodTypes[i%len(bloodTypes)],
			Weight:      &weight,
		},
		EmergencyContacts: []emergency.Contact{
			{ID: "c1", Name: pick(firstNames, 2) + " " + pick(lastNames, 3), Relationship: pick(relations, 4), Phone: fmt.Sprintf("+44 7700 9%05d", i%100000)},
		},
		MedicalInfo: emergency.MedicalInfo{
			Allergies:   pick(allergies, 5),
			Medications: pick(medicines, 6),
		},
	}
	// Independent bits of i add the optional parts, so the payloads spread
	// over 250 to 350 bytes, as real records do.
	if i&1 != 0 {
		d.EmergencyContacts = append(d.EmergencyContacts, emergency.Contact{
			ID: "c2", Name: pick(firstNames, 8) + " " + pick(lastNames, 9), Relationship: pick(relations, 10),
			Phone: fmt.Sprintf("01632 9%05d", (i*13)%100000),
		})
	}
	if i&2 != 0 && i&1 == 0 {
		d.MedicalInfo.Conditions = pick(conditions, 7)
	}
	if i&4 != 0 && i&1 == 0 {
		d.MedicalInfo.Notes = pick(notes, 11)
	}
	if i&8 != 0 {
		d.PersonalInfo.Weight = nil
	}
	return d
}

// Payload is the QR text of the i-th sample person.
func Payload(i int) string { return emergency.QRText(Record(i), generatedAt, time.UTC) }

// Labels returns n distinct sample labels.
func Labels(n int) []sheet.Label {
	out := make([]sheet.Label, n)
	for i := range out {
		out[i] = sheet.RecordLabel(Record(i), Payload(i))
	}
	return out
}

// IntlNames are names in thirteen scripts, as sites in the UK and the US
// print them every day: Latin (with Polish, Romanian, Swedish, Spanish,
// Turkish and Vietnamese letters), Cyrillic, Greek, Arabic, Hebrew,
// Devanagari, Bengali, Gurmukhi, Tamil, Thai, Han (Chinese, and Japanese
// with hiragana) and Hangul.
var IntlNames = []string{
	"Łukasz Wiśniewski",
	"Oleksandr Коваленко",
	"王小明",
	"محمد علي",
	"Nguyễn Thị Hương",
	"Ștefan Țîrcă",
	"Zoë Ångström-Núñez",
	"Ayşe Yılmaz",
	"Γιώργος Παπαδόπουλος",
	"דוד כהן",
	"अमित शर्मा",
	"สมชาย ใจดี",
	"김민준",
	"佐藤はるか",
	"সৌরভ গাঙ্গুলী",
	"ਹਰਪ੍ਰੀਤ ਸਿੰਘ",
	"முத்து கிருஷ்ணன்",
}

// IntlLabels returns n distinct sample labels whose names cycle through
// IntlNames.
func IntlLabels(n int) []sheet.Label {
	out := Labels(n)
	for i := range out {
		out[i].Name = IntlNames[i%len(IntlNames)]
	}
	return out
}
