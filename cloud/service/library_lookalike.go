package service

// Possible duplicates: two codes, or an import's row and a code, that look
// like one worker although no employee or badge number says so. The rule
// is one place, lookAlike, for the import's preview and the library's list.

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// lookAlike says why two records look like one worker ("" when they do
// not): the same name (ignoring case and accents) and the same date of
// birth, or the same name and a phone number in common (digits compared).
func lookAlike(nameA string, a emergency.Record, nameB string, b emergency.Record) string {
	if emergency.FoldForSearch(nameA) != emergency.FoldForSearch(nameB) || emergency.FoldForSearch(nameA) == "" {
		return ""
	}
	if dob := a.Data().PersonalInfo.DateOfBirth; dob != "" && dob == b.Data().PersonalInfo.DateOfBirth {
		return cloud.LookAlikeDateOfBirth
	}
	phonesB := recordPhones(b)
	for _, p := range recordPhones(a) {
		if slices.Contains(phonesB, p) {
			return cloud.LookAlikePhone
		}
	}
	return ""
}

// recordPhones are the digits of every phone number of a record.
func recordPhones(r emergency.Record) []string {
	var out []string
	for _, f := range r.Fields {
		if f.Type != emergency.FieldPhone {
			continue
		}
		digits := strings.Map(func(c rune) rune {
			if c >= '0' && c <= '9' {
				return c
			}
			return -1
		}, r.Values[f.ID])
		if len(digits) >= 6 {
			out = append(out, digits)
		}
	}
	return out
}

// openedCode is a code with its record open.
type openedCode struct {
	code   *cloud.CorporateCode
	record emergency.Record
}

// namesakes opens the records of the organisation's codes whose names
// fold to one of names (the only codes lookAlike can match), by folded
// name, for the names at least atLeast codes have (the library's list asks
// for 2: a code alone with its name looks like no other).
func (s *Service) namesakes(ctx context.Context, orgID int64, names []string, atLeast int) (map[string][]openedCode, error) {
	want := map[string]bool{}
	for _, n := range names {
		if k := emergency.FoldForSearch(n); k != "" {
			want[k] = true
		}
	}
	out := map[string][]openedCode{}
	if len(want) == 0 {
		return out, nil
	}
	// Only the codes with one of these names: the stored folded name
	// (search_name) is the same fold.
	codes, err := s.store.ListCodes(ctx, orgID, cloud.CodeFilter{FoldedNames: slices.Collect(maps.Keys(want))})
	if err != nil {
		return nil, err
	}
	folded := make([]string, len(codes))
	count := map[string]int{}
	for i, c := range codes {
		folded[i] = emergency.FoldForSearch(c.Name)
		count[folded[i]]++
	}
	for i, c := range codes {
		k := folded[i]
		if !want[k] || count[k] < atLeast {
			continue
		}
		r, err := s.openCodeRecord(c)
		if err != nil {
			return nil, err
		}
		out[k] = append(out[k], openedCode{code: c, record: r})
	}
	return out, nil
}

// possibleDuplicate is the preview's note for a new row (name, record)
// that looks like one of the organisation's codes, "" when none.
func possibleDuplicate(name string, r emergency.Record, namesakes map[string][]openedCode) string {
	for _, o := range namesakes[emergency.FoldForSearch(name)] {
		if why := lookAlike(name, r, o.code.Name, o.record); why != "" {
			return fmt.Sprintf(cloud.MsgImportPossibleDuplicate, o.code.Name, o.code.ID, why)
		}
	}
	return ""
}

// possibleDuplicateInFile is the preview's note for a new row (name,
// record) that looks like an earlier new row of the same file, "" when none.
func possibleDuplicateInFile(name string, r emergency.Record, fields []emergency.Field, earlier map[string][]importedRow, rows []api.ImportQRCodesRow) string {
	for _, e := range earlier[emergency.FoldForSearch(name)] {
		if why := lookAlike(name, r, e.code.Name, emergency.Record{Fields: fields, Values: e.values}); why != "" {
			return fmt.Sprintf(cloud.MsgImportPossibleDuplicateRow, rows[e.row].Row, why)
		}
	}
	return ""
}

// markLookAlikes sets, for each listed code, another of the organisation's
// codes that looks like the same worker when at least one of the two has
// no external id.
func (s *Service) markLookAlikes(ctx context.Context, orgID int64, views []api.LibraryCode) error {
	names := make([]string, len(views))
	for i, v := range views {
		names[i] = v.Name
	}
	same, err := s.namesakes(ctx, orgID, names, 2)
	if err != nil {
		return err
	}
	for i := range views {
		group := same[emergency.FoldForSearch(views[i].Name)]
		if len(group) < 2 {
			continue
		}
		var self *openedCode
		for j := range group {
			if group[j].code.ID == views[i].ID {
				self = &group[j]
			}
		}
		if self == nil {
			continue
		}
		for _, o := range group {
			if o.code.ID == self.code.ID || (self.code.ExternalID != "" && o.code.ExternalID != "") {
				continue
			}
			if lookAlike(self.code.Name, self.record, o.code.Name, o.record) != "" {
				id := o.code.ID
				views[i].PossibleDuplicateOf = &id
				break
			}
		}
	}
	return nil
}

// importChoices are the officer's choices for import rows whose name is
// one code's name: the code a row updates, and the rows to add as new
// workers, by spreadsheet row number.
type importChoices struct {
	update    map[int]int64
	newWorker map[int]bool
}

func importChoicesOf(req api.ImportQRCodesRequest) importChoices {
	c := importChoices{update: map[int]int64{}, newWorker: map[int]bool{}}
	for _, u := range req.Updates {
		c.update[u.Row] = u.QrCodeID
	}
	for _, r := range req.NewWorkerRows {
		c.newWorker[r] = true
	}
	return c
}

// matchByName is the code a valid import row without an employee or badge
// number updates: the one code of the organisation with the row's name
// (folded as search folds), which no earlier row of the file updates.
// Where the date of birth or a phone number also agrees (lookAlike) the
// row updates it unless the officer chose a new worker; where only the
// name agrees the officer must choose. The row's match says which; nil
// when the row makes a new code (or waits for the choice).
func matchByName(row *api.ImportQRCodesRow, v importedRow, fields []emergency.Field, same map[string][]openedCode, claimed map[int64]bool, choices importChoices) *cloud.CorporateCode {
	wanted, chose := choices.update[row.Row]
	namesakes := same[emergency.FoldForSearch(v.code.Name)]
	if len(namesakes) != 1 || claimed[namesakes[0].code.ID] {
		if chose {
			row.Errors[rowColumn] = fmt.Sprintf(cloud.MsgImportChoiceNotMatched, wanted)
		}
		return nil
	}
	o := namesakes[0]
	if chose && wanted != o.code.ID {
		row.Errors[rowColumn] = fmt.Sprintf(cloud.MsgImportChoiceNotMatched, wanted)
		return nil
	}
	reason := lookAlike(v.code.Name, emergency.Record{Fields: fields, Values: v.values}, o.code.Name, o.record)
	match := &api.ImportQRCodesMatch{QrCodeID: o.code.ID, Name: o.code.Name, Reason: reason,
		Choice: api.ImportQRCodesMatchChoiceUpdate}
	if reason == "" {
		match.Reason = cloud.LookAlikeNameOnly
	}
	row.Match = match
	switch {
	case choices.newWorker[row.Row]:
		match.Choice = api.ImportQRCodesMatchChoiceNew
		return nil
	case reason == "" && !chose:
		match.Choice = api.ImportQRCodesMatchChoiceRequired
		return nil
	}
	claimed[o.code.ID] = true
	return o.code
}

// choicesMade refuses an import while a row whose only likeness to a code
// is its name waits for the officer's choice.
func choicesMade(rows []api.ImportQRCodesRow) error {
	var waiting []string
	for _, r := range rows {
		if r.Match != nil && r.Match.Choice == api.ImportQRCodesMatchChoiceRequired {
			waiting = append(waiting, strconv.Itoa(r.Row))
		}
	}
	if len(waiting) == 0 {
		return nil
	}
	return cloud.Errorf(cloud.EINVALID, cloud.MsgImportChoiceRequired, strings.Join(waiting, ", "))
}
