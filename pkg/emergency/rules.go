package emergency

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"
)

//go:embed rules.json
var rulesJSON []byte

// Rules are the limits, blood types and messages shared with the TypeScript
// twin. They are read from rules.json, the one place they are written.
var Rules = mustLoadRules(rulesJSON)

// RulesSet is the shape of rules.json.
type RulesSet struct {
	BloodTypes   []string                   `json:"bloodTypes"`
	EmailPattern string                     `json:"emailPattern"`
	MaxContacts  int                        `json:"maxContacts"`
	WeightKg     struct{ Min, Max float64 } `json:"weightKg"`
	MaxBytes     map[string]int             `json:"maxBytes"`
	FieldNames   map[string]string          `json:"fieldNames"`
	Messages     struct {
		FullNameRequired    string `json:"fullNameRequired"`
		EmailInvalid        string `json:"emailInvalid"`
		BloodTypeRequired   string `json:"bloodTypeRequired"`
		ContactsRequired    string `json:"contactsRequired"`
		ContactNameRequired string `json:"contactNameRequired"`
		PhoneRequired       string `json:"phoneRequired"`
		TooManyContacts     string `json:"tooManyContacts"`
		DateOfBirthInvalid  string `json:"dateOfBirthInvalid"`
		WeightInvalid       string `json:"weightInvalid"`
		LastModifiedInvalid string `json:"lastModifiedInvalid"`
		TooLong             string `json:"tooLong"`
	} `json:"messages"`
}

func mustLoadRules(raw []byte) RulesSet {
	var r RulesSet
	if err := json.Unmarshal(raw, &r); err != nil {
		panic("emergency: rules.json is malformed: " + err.Error())
	}
	return r
}

// fillMessage replaces {name} placeholders in a rules.json message.
func fillMessage(template string, values map[string]string) string {
	for name, value := range values {
		template = strings.ReplaceAll(template, "{"+name+"}", value)
	}
	return template
}

func formatLimit(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
