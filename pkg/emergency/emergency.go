// Package emergency defines a person's emergency record (individual-side
// docs/design/individual.md §3), its validation (docs/design/individual.md §5) and the plain text their QR code carries (docs/design/individual.md §1).
//
// The TypeScript twin lives in frontend/src/lib/emergency; both read
// rules.json and are held to the same golden vectors in testdata/.
package emergency

// Data is one person's emergency record, in the JSON shape the website stores
// on the device and sends to the cloud.
type Data struct {
	PersonalInfo      PersonalInfo `json:"personalInfo"`
	EmergencyContacts []Contact    `json:"emergencyContacts"`
	MedicalInfo       MedicalInfo  `json:"medicalInfo"`
	// LastModified is the ISO 8601 time of the last save on the device.
	LastModified string `json:"lastModified,omitempty"`
}

// PersonalInfo identifies the person. Email is for the account only and is
// never put in the QR code.
type PersonalInfo struct {
	FullName    string `json:"fullName"`
	Email       string `json:"email"`
	DateOfBirth string `json:"dateOfBirth,omitempty"` // YYYY-MM-DD
	BloodType   string `json:"bloodType"`
	// Weight in kilograms; nil when not given.
	Weight *float64 `json:"weight,omitempty"`
}

// Contact is someone to call in an emergency.
type Contact struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Relationship string `json:"relationship,omitempty"`
	Phone        string `json:"phone"`
}

// MedicalInfo is free text, every field optional. Line breaks are kept.
type MedicalInfo struct {
	Allergies   string `json:"allergies,omitempty"`
	Medications string `json:"medications,omitempty"`
	Conditions  string `json:"conditions,omitempty"`
	Notes       string `json:"notes,omitempty"`
}
