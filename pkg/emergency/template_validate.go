package emergency

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Validation of form templates and of the records made from them. The
// limits and messages are in rules.json ("templates"), shared with the
// TypeScript twin (frontend/src/lib/emergency/template.ts).

var (
	fieldIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	// numberPattern is a plain decimal: no exponent, hex or infinity, which
	// Go and JavaScript would read differently.
	numberPattern = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
)

// NormalizeFields returns a template's fields as they are saved: in form
// order and numbered from 1, labels, placeholders and options on one line,
// blank options dropped, options only on select fields, and the blood type
// slot's options always the blood types of rules.json.
func NormalizeFields(fields []Field) []Field {
	out := sortedFields(fields)
	for i := range out {
		f := &out[i]
		f.ID = strings.TrimSpace(f.ID)
		f.Type = strings.TrimSpace(f.Type)
		f.Label = SingleLine(f.Label)
		f.Placeholder = SingleLine(f.Placeholder)
		f.Category = strings.TrimSpace(f.Category)
		f.Standard = strings.TrimSpace(f.Standard)
		f.Order = i + 1
		var options []string
		if f.Type == FieldSelect {
			for _, o := range f.Options {
				if o = SingleLine(o); o != "" && !slices.Contains(options, o) {
					options = append(options, o)
				}
			}
		}
		if f.Standard == SlotBloodType {
			options = slices.Clone(Rules.BloodTypes)
		}
		f.Options = options
	}
	return out
}

// SplitOptions reads the Add Field dialog's options, one per line, blank
// lines dropped (docs/design/admin-corporate.md §5).
func SplitOptions(text string) []string {
	var options []string
	for _, line := range strings.FieldsFunc(text, isLineBreak) {
		if line = SingleLine(line); line != "" {
			options = append(options, line)
		}
	}
	return options
}

// ValidateFields checks a template's fields, already normalised, and
// returns nil when they are valid. Errors name the field id, or "fields"
// for the list as a whole; the first error is the one to show.
func ValidateFields(fields []Field) Errors {
	tr := Rules.Templates
	msg := tr.Messages
	var errs Errors
	add := func(field, message string) { errs = append(errs, FieldError{field, message}) }
	switch {
	case len(fields) == 0:
		add("fields", msg.FieldsRequired)
		return errs
	case len(fields) > tr.MaxFields:
		add("fields", fillMessage(msg.TooManyFields, map[string]string{"max": strconv.Itoa(tr.MaxFields)}))
		return errs
	}
	ids := map[string]bool{}
	slots := map[string]bool{}
	for _, f := range fields {
		name := map[string]string{"field": f.Label}
		if f.Label == "" {
			name["field"] = "A field"
		}
		switch {
		case f.ID == "" || len(f.ID) > tr.MaxBytes["id"] || !fieldIDPattern.MatchString(f.ID) || ids[f.ID]:
			add("fields", msg.IDInvalid)
			return errs // later errors would name a field the form cannot point at
		case f.Label == "":
			add(f.ID, msg.LabelRequired)
		case len(f.Label) > tr.MaxBytes["label"]:
			add(f.ID, templateTooLong("Field label", "label"))
		case len(f.Placeholder) > tr.MaxBytes["placeholder"]:
			add(f.ID, templateTooLong("Placeholder", "placeholder"))
		case !slices.Contains(FieldTypes, f.Type):
			add(f.ID, fillMessage(msg.TypeInvalid, name))
		case !slices.Contains(FieldCategories, f.Category):
			add(f.ID, fillMessage(msg.CategoryInvalid, name))
		case f.Type == FieldSelect && len(f.Options) == 0:
			add(f.ID, fillMessage(msg.OptionsRequired, name))
		case len(f.Options) > tr.MaxOptions:
			add(f.ID, fillMessage(msg.TooManyOptions, map[string]string{"field": name["field"], "max": strconv.Itoa(tr.MaxOptions)}))
		case slices.ContainsFunc(f.Options, func(o string) bool { return len(o) > tr.MaxBytes["option"] }):
			add(f.ID, templateTooLong("Each option", "option"))
		case f.Standard != "" && !validSlot(f, slots):
			add(f.ID, fillMessage(msg.StandardInvalid, map[string]string{"field": name["field"], "slot": f.Standard}))
		}
		ids[f.ID] = true
		if f.Standard != "" {
			slots[f.Standard] = true
		}
	}
	if errs != nil {
		return errs
	}
	if n := LargestRecordBytes(fields); n > tr.QRCapacityBytes {
		add("fields", fillMessage(msg.TooLarge, map[string]string{
			"bytes": strconv.Itoa(n), "max": strconv.Itoa(tr.QRCapacityBytes),
		}))
	}
	return errs
}

// validSlot reports whether f may fill its standard slot: a known slot, not
// filled by an earlier field, with a type the slot takes.
func validSlot(f Field, filled map[string]bool) bool {
	rule, ok := ruleOfSlot(f.Standard)
	return ok && !filled[f.Standard] && slices.Contains(rule.types, f.Type)
}

func templateTooLong(name, limitKey string) string {
	return fillMessage(Rules.Templates.Messages.TooLong, map[string]string{
		"field": name, "max": strconv.Itoa(Rules.Templates.MaxBytes[limitKey]),
	})
}

// valueLimit is the byte limit of a field's value and its rules.json
// message, or 0 for values whose form limits them (dates, numbers of a
// standard slot, choices, checkboxes).
func valueLimit(f Field) (int, string) {
	if rule, ok := ruleOfSlot(f.Standard); ok && f.Standard != "" {
		if rule.limitKey == "" {
			return 0, ""
		}
		return Rules.MaxBytes[rule.limitKey], tooLong(rule.limitKey)
	}
	switch f.Type {
	case FieldText, FieldTextarea, FieldNumber, FieldPhone, FieldEmail:
		return Rules.Templates.MaxBytes[f.Type], fillMessage(Rules.Messages.TooLong, map[string]string{
			"field": f.Label, "max": strconv.Itoa(Rules.Templates.MaxBytes[f.Type]),
		})
	}
	return 0, ""
}

// largestValue is the longest value a valid record can hold in f, as it is
// printed: what the QR text's size depends on.
func largestValue(f Field) string {
	switch {
	case f.Standard == SlotWeight:
		return "499.9"
	case f.Type == FieldDate:
		return "2000-12-31" // printed "31 Dec 2000", the longest a date prints
	case f.Type == FieldCheckbox:
		return Checked
	case f.Type == FieldSelect:
		longest := ""
		for _, o := range f.Options {
			if len(o) > len(longest) {
				longest = o
			}
		}
		return longest
	}
	limit, _ := valueLimit(f)
	return strings.Repeat("9", limit)
}

// LargestRecordBytes is the size of the QR text of the largest record the
// fields allow: every value at its limit, on a generation date with a
// two-digit day. A template is valid only if this fits one level-M code.
func LargestRecordBytes(fields []Field) int {
	r := Record{Fields: fields, Values: map[string]string{}}
	for _, f := range fields {
		r.Values[f.ID] = largestValue(f)
	}
	return len(RecordQRText(r, time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), time.UTC))
}

// ValidateRecord checks the values of a record made from fields (a
// template's, already valid) and returns nil when they are valid. Errors
// are keyed by field id. Standard slots follow the individual record's
// rules and messages (docs/design/individual.md §5); the others get required, type
// and byte-limit checks. A contact's name and phone go together: one
// without the other is refused, as on the individual form.
func ValidateRecord(fields []Field, values map[string]string) Errors {
	msg := Rules.Templates.Messages
	var errs Errors
	add := func(field, message string) { errs = append(errs, FieldError{field, message}) }
	norm := NormalizeValues(fields, values)

	known := map[string]bool{}
	bySlot := map[string]Field{}
	for _, f := range fields {
		known[f.ID] = true
		if f.Standard != "" {
			bySlot[f.Standard] = f
		}
	}
	for _, f := range sortedFields(fields) {
		v := norm[f.ID]
		name := map[string]string{"field": f.Label}
		rule, standard := ruleOfSlot(f.Standard)
		standard = standard && f.Standard != ""
		if v == "" {
			required := f.Required
			// A contact's name and phone go together.
			if n, part, ok := parseContactSlot(f.Standard); ok && (part == "name" || part == "phone") {
				other := map[string]string{"name": "phone", "phone": "name"}[part]
				if o, has := bySlot[ContactSlot(n, other)]; has && norm[o.ID] != "" {
					required = true
				}
			}
			switch {
			case !required:
			case standard && rule.required != "":
				add(f.ID, rule.required)
			default:
				add(f.ID, fillMessage(msg.FieldRequired, name))
			}
			continue
		}
		if limit, message := valueLimit(f); limit > 0 && len(v) > limit {
			add(f.ID, message)
			continue
		}
		if problem := valueProblem(f, v); problem != "" {
			add(f.ID, problem)
		}
	}
	ids := make([]string, 0, len(values))
	for id := range values {
		if !known[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		add(id, msg.UnknownField)
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// valueProblem is the message for a value v, not blank, that f's type or
// slot does not accept (a date that is no date, a choice that is no
// option), or "" when f accepts it. Its length is checked apart.
func valueProblem(f Field, v string) string {
	msg := Rules.Templates.Messages
	name := map[string]string{"field": f.Label}
	switch {
	case f.Standard == SlotDateOfBirth:
		if _, ok := parseDate(v); !ok {
			return Rules.Messages.DateOfBirthInvalid
		}
	case f.Standard == SlotBloodType:
		if !slices.Contains(Rules.BloodTypes, v) {
			return Rules.Messages.BloodTypeRequired
		}
	case f.Standard == SlotWeight:
		w, err := strconv.ParseFloat(v, 64)
		if !numberPattern.MatchString(v) || err != nil || !validWeight(w) {
			return fillMessage(Rules.Messages.WeightInvalid, map[string]string{
				"min": formatLimit(Rules.WeightKg.Min), "max": formatLimit(Rules.WeightKg.Max),
			})
		}
	case f.Type == FieldSelect:
		if !slices.Contains(f.Options, v) {
			return fillMessage(msg.ChoiceInvalid, name)
		}
	case f.Type == FieldDate:
		if _, ok := parseDate(v); !ok {
			return fillMessage(msg.DateInvalid, name)
		}
	case f.Type == FieldNumber:
		if !numberPattern.MatchString(v) {
			return fillMessage(msg.NumberInvalid, name)
		}
	case f.Type == FieldCheckbox:
		if v != Checked {
			return fillMessage(msg.CheckboxInvalid, name)
		}
	case f.Type == FieldEmail:
		if !emailPattern.MatchString(v) {
			return fillMessage(msg.EmailInvalid, name)
		}
	}
	return ""
}
