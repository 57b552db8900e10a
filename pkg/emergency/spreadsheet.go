package emergency

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Spreadsheet cells: a CSV made in an ordinary
// spreadsheet spells ticks, dates and blood types the way people write
// them. SpreadsheetValue reads such a cell into the value a record keeps;
// AllowedValues says, for the template file and for a refusal, what a
// column accepts. Both follow one table of spellings, here.

// Ticked and unticked spellings of a checkbox cell, compared lower-cased.
var (
	tickedSpellings   = []string{"yes", "y", "true", "1", "✓", "✔", "ticked", "checked"}
	uncheckedSpelling = []string{"no", "n", "false", "0"}
)

// dayFirstDate is d/m/yyyy with /, - or . between the parts.
var dayFirstDate = regexp.MustCompile(`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$`)

// SpreadsheetValue is the value a record keeps for cell in f's column:
// a checkbox's yes/no, y/n, 1/0, true/false or ✓ becomes Checked or "";
// a date may be ISO (YYYY-MM-DD) or, when dayFirst (an organisation that
// writes dates day first, as the UK does), DD/MM/YYYY; a choice (blood
// type included) matches its option ignoring case, spaces and the wording
// of a blood type ("o positive", "AB neg"). A cell it cannot read is
// returned as it is, for the record's validation to refuse.
func SpreadsheetValue(f Field, cell string, dayFirst bool) string {
	v := strings.TrimSpace(cell)
	switch {
	case v == "":
		return ""
	case f.Type == FieldCheckbox:
		lower := strings.ToLower(v)
		for _, s := range tickedSpellings {
			if lower == s {
				return Checked
			}
		}
		for _, s := range uncheckedSpelling {
			if lower == s {
				return ""
			}
		}
	case f.Type == FieldDate:
		if m := dayFirstDate.FindStringSubmatch(v); m != nil && dayFirst {
			day, _ := strconv.Atoi(m[1])
			month, _ := strconv.Atoi(m[2])
			year, _ := strconv.Atoi(m[3])
			t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
			// 31/02/1985 would roll over into March: refused instead.
			if t.Day() == day && int(t.Month()) == month {
				return t.Format(time.DateOnly)
			}
		}
	case f.Type == FieldSelect:
		key := choiceKey(v, f.Standard == SlotBloodType)
		for _, o := range f.Options {
			if choiceKey(o, f.Standard == SlotBloodType) == key {
				return o
			}
		}
	}
	return v
}

// SpreadsheetValues is values (by field id) each read as SpreadsheetValue
// reads a cell of its field's column: the one reading of the words people
// and their systems write ("O positive", 31/12/1980, "yes"), shared by the
// CSV import and the API's upserts so that both accept the same values.
// A value of no field of fields is kept as it is (the record's validation
// refuses it).
func SpreadsheetValues(fields []Field, values map[string]string, dayFirst bool) map[string]string {
	byID := make(map[string]Field, len(fields))
	for _, f := range NormalizeFields(fields) {
		byID[f.ID] = f
	}
	out := make(map[string]string, len(values))
	for id, v := range values {
		if f, ok := byID[id]; ok {
			out[id] = SpreadsheetValue(f, v, dayFirst)
		} else {
			out[id] = v
		}
	}
	return out
}

// bloodWords are the words of a blood type's spoken form.
var bloodWords = strings.NewReplacer("positive", "+", "pos", "+", "+ve", "+", "negative", "-", "neg", "-", "-ve", "-", "rh", "", "type", "", "group", "")

// choiceKey compares choices: lower case, without spaces, and for a blood
// type with its words as signs ("o positive" is "o+").
func choiceKey(s string, bloodType bool) string {
	k := strings.Join(strings.Fields(strings.ToLower(s)), "")
	if bloodType {
		k = bloodWords.Replace(k)
	}
	return k
}

// AllowedValues says what a cell of f's column may hold, in the template
// file's hint row and in a refusal ("" where any text goes). It is said
// once: a refusal adds it to what the value is not (NotA), never to a
// message that names a format of its own.
func AllowedValues(f Field, dayFirst bool) string {
	switch f.Type {
	case FieldCheckbox:
		return "yes, no, y, n, 1, 0, true, false or ✓; blank is no"
	case FieldDate:
		if dayFirst {
			return "DD/MM/YYYY or YYYY-MM-DD"
		}
		return "YYYY-MM-DD"
	case FieldSelect:
		return "one of " + strings.Join(NormalizeFields([]Field{f})[0].Options, ", ")
	case FieldNumber:
		if f.Standard == SlotWeight {
			return fmt.Sprintf("a number from %s to %s", formatLimit(Rules.WeightKg.Min), formatLimit(Rules.WeightKg.Max))
		}
		return "digits, such as 42 or 3.5"
	case FieldEmail:
		return "an address such as name@example.com"
	case FieldPhone:
		return "a phone number"
	}
	return ""
}

// NotA says what a value read from a cell of f's column (SpreadsheetValue's)
// should have been, when f does not accept it: "a blood type" for "Z+",
// "a date we can read" for "31/02/1985". It is "" when f accepts the
// value, when it is blank, or when only its length is refused: those keep
// the record's own message.
func NotA(f Field, value string) string {
	if value == "" || valueProblem(f, value) == "" {
		return ""
	}
	switch {
	case f.Standard == SlotBloodType:
		return "a blood type"
	case f.Standard == SlotWeight:
		return "a weight in kg"
	}
	switch f.Type {
	case FieldCheckbox:
		return "yes or no"
	case FieldDate:
		return "a date we can read"
	case FieldSelect:
		return "one of the options"
	case FieldNumber:
		return "a number"
	case FieldEmail:
		return "an e-mail address"
	}
	return "a value this column takes"
}
