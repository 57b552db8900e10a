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
	Templates TemplateRules `json:"templates"`
}

// TemplateRules are the limits and messages of corporate form templates
// (template.go).
type TemplateRules struct {
	// QRCapacityBytes is what one level-M code holds (version 40, byte
	// mode); the largest record a template allows must fit in it.
	QRCapacityBytes int `json:"qrCapacityBytes"`
	// BatchCapacityBytes is what the code on the largest batch label holds
	// legibly (pkg/sheet's TestBatchCapacityBytesRule): a template whose
	// largest record is longer is warned, not refused, in the builder.
	BatchCapacityBytes int            `json:"batchCapacityBytes"`
	MaxFields          int            `json:"maxFields"`
	MaxOptions         int            `json:"maxOptions"`
	MaxBytes           map[string]int `json:"maxBytes"`
	Messages           struct {
		NameRequired    string `json:"nameRequired"`
		FieldsRequired  string `json:"fieldsRequired"`
		LabelRequired   string `json:"labelRequired"`
		TooManyFields   string `json:"tooManyFields"`
		TooLong         string `json:"tooLong"`
		TypeInvalid     string `json:"typeInvalid"`
		CategoryInvalid string `json:"categoryInvalid"`
		OptionsRequired string `json:"optionsRequired"`
		TooManyOptions  string `json:"tooManyOptions"`
		IDInvalid       string `json:"idInvalid"`
		StandardInvalid string `json:"standardInvalid"`
		TooLarge        string `json:"tooLarge"`
		FieldRequired   string `json:"fieldRequired"`
		ChoiceInvalid   string `json:"choiceInvalid"`
		NumberInvalid   string `json:"numberInvalid"`
		DateInvalid     string `json:"dateInvalid"`
		CheckboxInvalid string `json:"checkboxInvalid"`
		EmailInvalid    string `json:"emailInvalid"`
		UnknownField    string `json:"unknownField"`
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
