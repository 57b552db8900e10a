package emergency

import "strings"

// Text normalisation, shared rule for rule with the TypeScript twin:
//
//   - A single-line field (name, phone, ...) has every run of blank runes
//     (white space and control characters, including line breaks) replaced by
//     one space, then leading and trailing spaces removed.
//
//   - A multi-line field (the medical texts) is split into lines at \r\n, \r,
//     \n, U+2028 and U+2029; each line is normalised as a single-line field;
//     empty lines are dropped; the rest are joined with \n.
//
//   - Before either, invisible format characters are removed (isInvisible):
//     bidirectional controls could make a label read "A+" where the code says
//     "B+", or reorder a phone number, and nothing on screen would show it.
//
// A field that normalises to "" is absent. The blank set is written out here
// rather than taken from unicode.IsSpace because Go and JavaScript disagree on
// U+0085 and U+FEFF, and the QR text must be byte-identical in both.
func isBlank(r rune) bool {
	switch {
	case r <= 0x1F, r >= 0x7F && r <= 0x9F: // C0 controls, DEL, C1 controls (NEL)
		return true
	case r == ' ', r == 0xA0, r == 0x1680, r >= 0x2000 && r <= 0x200A,
		r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000, r == 0xFEFF:
		return true
	}
	return false
}

// isInvisible is the set of format characters that change how text reads or
// hide inside it without being seen: the bidirectional embeddings, overrides
// and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E,
// U+200F, U+061C), zero-width space, word joiner and invisible operators
// (U+200B, U+2060-U+2064), the deprecated format controls (U+206A-U+206F),
// the soft hyphen, the Mongolian vowel separator and the interlinear
// annotation controls. Zero-width (non-)joiners (U+200C, U+200D) stay: emoji
// sequences and several scripts need them.
func isInvisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069,
		r == 0x200E, r == 0x200F, r == 0x061C,
		r == 0x200B, r >= 0x2060 && r <= 0x2064, r >= 0x206A && r <= 0x206F,
		r == 0x00AD, r == 0x180E, r >= 0xFFF9 && r <= 0xFFFB:
		return true
	}
	return false
}

// dropInvisible removes every isInvisible character.
func dropInvisible(s string) string {
	return strings.Map(func(r rune) rune {
		if isInvisible(r) {
			return -1
		}
		return r
	}, s)
}

// SingleLine normalises a one-line field.
func SingleLine(s string) string {
	return strings.Join(strings.FieldsFunc(dropInvisible(s), isBlank), " ")
}

func isLineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// MultiLine normalises a free-text field, keeping its non-empty lines.
func MultiLine(s string) string {
	var lines []string
	for _, line := range strings.FieldsFunc(s, isLineBreak) {
		if line = SingleLine(line); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// Normalized returns a copy of d with every text field normalised, the form
// in which it is validated, stored and encoded.
func (d Data) Normalized() Data {
	out := d
	p := &out.PersonalInfo
	p.FullName = SingleLine(p.FullName)
	p.Email = SingleLine(p.Email)
	p.DateOfBirth = SingleLine(p.DateOfBirth)
	p.BloodType = SingleLine(p.BloodType)
	if p.Weight != nil {
		w := *p.Weight
		p.Weight = &w
	}
	out.EmergencyContacts = make([]Contact, len(d.EmergencyContacts))
	for i, c := range d.EmergencyContacts {
		out.EmergencyContacts[i] = Contact{
			ID:           SingleLine(c.ID),
			Name:         SingleLine(c.Name),
			Relationship: SingleLine(c.Relationship),
			Phone:        SingleLine(c.Phone),
		}
	}
	m := &out.MedicalInfo
	m.Allergies = MultiLine(m.Allergies)
	m.Medications = MultiLine(m.Medications)
	m.Conditions = MultiLine(m.Conditions)
	m.Notes = MultiLine(m.Notes)
	out.LastModified = SingleLine(d.LastModified)
	return out
}
