package service

// Attaching employee or badge numbers to codes that exist: a file of codes
// (by name or by id) and their numbers, previewed, then the rows that are
// certain saved together, so that the import and the organisation's own
// system (which match on the number) find the codes rather than making
// second ones. Where several codes have a row's name, the row's date of
// birth or phone tells them apart by the one rule of look-alikes
// (lookAlike); a row they do not settle lists the codes of that name for
// the officer to pick one.

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// The file's columns besides cloud.ImportExternalIDColumn (and "externalId").
const (
	attachCodeIDColumn = "QR code ID"
	// attachDateOfBirthColumn and a column whose header holds
	// attachPhoneWord tell namesakes apart.
	attachDateOfBirthColumn = "Date of Birth"
	attachPhoneWord         = "phone"
)

// attachRowFields are the fields of the record a row's date of birth and
// phone make, for lookAlike to compare with each namesake's record.
var attachRowFields = []emergency.Field{
	{ID: "dateOfBirth", Type: emergency.FieldDate, Standard: emergency.SlotDateOfBirth},
	{ID: "phone", Type: emergency.FieldPhone},
}

// AttachExternalIDs reads the file, finds each row's code and checks its
// number (valid, given once in the file, no other code's), and when
// req.Commit saves the valid rows' numbers in one transaction, leaving out
// the rows with problems (each says why).
func (s *Service) AttachExternalIDs(ctx context.Context, actor *cloud.User, orgID int64, req api.AttachExternalIDsRequest) (*api.AttachExternalIDsResult, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	records, err := readImportCSV(req.Csv, req.CsvFile)
	if err != nil {
		return nil, err
	}
	codeCol, nameCol, idCol, dobCol, phoneCol := -1, -1, -1, -1, -1
	for i, cell := range records[0] {
		switch header := strings.ToLower(cloud.CSVCellValue(strings.TrimSpace(cell))); {
		case header == strings.ToLower(attachCodeIDColumn):
			codeCol = i
		case header == strings.ToLower(nameColumn):
			nameCol = i
		case header == strings.ToLower(cloud.ImportExternalIDColumn), header == "externalid":
			idCol = i
		case header == strings.ToLower(attachDateOfBirthColumn), header == "dateofbirth":
			dobCol = i
		case strings.Contains(header, attachPhoneWord) && phoneCol < 0:
			phoneCol = i
		}
	}
	if idCol < 0 || (codeCol < 0 && nameCol < 0) {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAttachColumns)
	}
	idColumn := strings.TrimSpace(records[0][idCol])
	codes, err := s.store.ListCodes(ctx, org.ID, cloud.CodeFilter{})
	if err != nil {
		return nil, err
	}
	byID := map[int64]*cloud.CorporateCode{}
	byName := map[string][]*cloud.CorporateCode{}
	byKey := map[string]*cloud.CorporateCode{}
	for _, c := range codes {
		byID[c.ID] = c
		byName[emergency.FoldForSearch(c.Name)] = append(byName[emergency.FoldForSearch(c.Name)], c)
		if c.ExternalID != "" {
			byKey[cloud.ExternalIDKey(c.ExternalID)] = c
		}
	}
	cell := func(record []string, col int) string {
		if col < 0 || col >= len(record) {
			return ""
		}
		return cloud.CSVCellValue(strings.TrimSpace(record[col]))
	}
	// The records of the codes whose names more than one code has, to
	// tell them apart by the rows' dates of birth and phones.
	var names []string
	if codeCol < 0 {
		for _, record := range records[1:] {
			names = append(names, cell(record, nameCol))
		}
	}
	same, err := s.namesakes(ctx, org.ID, names, 2)
	if err != nil {
		return nil, err
	}
	picked := map[int]int64{}
	for _, p := range req.Picks {
		picked[p.Row] = p.CodeID
	}
	result := &api.AttachExternalIDsResult{Rows: []api.AttachExternalIDsRow{}}
	var updates []*cloud.CorporateCode
	givenOn := map[string]int{} // number key -> the row giving it
	codeOn := map[int64]int{}   // code id -> the row naming it
	for i, record := range records[1:] {
		name, codeText, idText := cell(record, nameCol), cell(record, codeCol), cell(record, idCol)
		if name == "" && codeText == "" && idText == "" {
			continue
		}
		row := api.AttachExternalIDsRow{Row: i + 2, Name: emergency.SingleLine(name), ExternalID: idText,
			Errors: map[string]string{}, Candidates: []api.AttachExternalIDsCandidate{}}
		// The code: by id when the file has that column, else by name.
		var code *cloud.CorporateCode
		if codeCol >= 0 {
			id, err := strconv.ParseInt(codeText, 10, 64)
			if code = byID[id]; err != nil || code == nil {
				row.Errors[strings.TrimSpace(records[0][codeCol])] = cloud.MsgCodeNotFound
			}
		} else {
			switch found := byName[emergency.FoldForSearch(name)]; {
			case len(found) == 1:
				code = found[0]
			case len(found) == 0:
				row.Errors[nameColumn] = fmt.Sprintf(cloud.MsgAttachNoSuchName, emergency.SingleLine(name))
			default:
				group := same[emergency.FoldForSearch(name)]
				rowRecord := emergency.Record{Fields: attachRowFields, Values: map[string]string{
					"dateOfBirth": emergency.SpreadsheetValue(attachRowFields[0], cell(record, dobCol), org.DayFirstDates()),
					"phone":       cell(record, phoneCol),
				}}
				// Listed whether or not the row settles it, so that the
				// officer sees which code it found and can pick another.
				row.Candidates = attachCandidates(group)
				if code = pickNamesake(name, rowRecord, group, picked[row.Row]); code == nil {
					message := cloud.MsgAttachPickCode
					if id, ok := picked[row.Row]; ok {
						message = fmt.Sprintf(cloud.MsgAttachPickNotNamed, id)
					}
					row.Errors[nameColumn] = fmt.Sprintf(cloud.MsgAttachNameTwice, len(found), emergency.SingleLine(name), message)
				}
			}
		}
		if code != nil {
			id := code.ID
			row.CodeID, row.Name, row.Current = &id, code.Name, code.ExternalID
			if first, ok := codeOn[code.ID]; ok {
				row.Errors[rowColumn] = fmt.Sprintf(cloud.MsgAttachCodeTwice, first)
			}
			codeOn[code.ID] = row.Row
		}
		// The number: valid, once in the file, no other code's.
		id, err := cloud.NormalizeExternalID(idText)
		key := cloud.ExternalIDKey(id)
		switch {
		case err != nil:
			row.Errors[idColumn] = cloud.ErrorMessage(err)
		case id == "":
			row.Errors[idColumn] = cloud.MsgExternalIDRequired
		case givenOn[key] != 0:
			row.Errors[idColumn] = fmt.Sprintf(cloud.MsgImportDuplicateExternalID, givenOn[key])
		case byKey[key] != nil && (code == nil || byKey[key].ID != code.ID):
			row.Errors[idColumn] = fmt.Sprintf(cloud.MsgExternalIDTaken, id)
		}
		if id != "" && givenOn[key] == 0 {
			givenOn[key] = row.Row
		}
		if len(row.Errors) > 0 {
			result.Invalid++
		} else {
			result.Valid++
			if code.ExternalID != id {
				next := *code
				next.ExternalID, next.UpdatedAt = id, s.now()
				updates = append(updates, &next)
			}
		}
		result.Rows = append(result.Rows, row)
	}
	if len(result.Rows) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportEmpty)
	}
	if !req.Commit {
		return result, nil
	}
	if len(updates) > 0 {
		// A number another code has is refused on its row above (a swap
		// takes two files: the numbers removed, then given), so the unique
		// index refuses only a number taken meanwhile (ECONFLICT).
		err := s.store.SaveCodes(ctx, org.ID, nil, updates, &cloud.Activity{OrganizationID: org.ID,
			Kind: cloud.ActivityExternalIDsAttached, Detail: strconv.Itoa(len(updates)), CreatedAt: s.now()})
		if cloud.ErrorCode(err) == cloud.ENOTFOUND {
			return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgSyncConflict)
		} else if err != nil {
			return nil, err
		}
	}
	result.Saved = len(updates)
	for i := range result.Rows {
		result.Rows[i].Attached = len(result.Rows[i].Errors) == 0
	}
	return result, nil
}

// pickNamesake is the code among group (the codes of the row's name) that
// the officer picked (pick, when one of them), or else the only one that
// looks like the row's record (the same date of birth, or a phone number
// in common); nil when none or several do.
func pickNamesake(name string, row emergency.Record, group []openedCode, pick int64) *cloud.CorporateCode {
	if pick != 0 {
		for _, o := range group {
			if o.code.ID == pick {
				return o.code
			}
		}
		return nil
	}
	var found *cloud.CorporateCode
	for _, o := range group {
		if lookAlike(name, row, o.code.Name, o.record) != "" {
			if found != nil {
				return nil
			}
			found = o.code
		}
	}
	return found
}

// attachCandidates are the codes of a row's name, with what tells them
// apart, for the officer to pick one.
func attachCandidates(group []openedCode) []api.AttachExternalIDsCandidate {
	out := make([]api.AttachExternalIDsCandidate, 0, len(group))
	for _, o := range group {
		phone := ""
		for _, f := range o.record.Fields {
			if f.Type == emergency.FieldPhone && strings.TrimSpace(o.record.Values[f.ID]) != "" {
				phone = emergency.SingleLine(o.record.Values[f.ID])
				break
			}
		}
		out = append(out, api.AttachExternalIDsCandidate{ID: o.code.ID, Name: o.code.Name,
			DateOfBirth: o.record.Data().PersonalInfo.DateOfBirth, Phone: phone,
			ExternalID: o.code.ExternalID, CreatedAt: o.code.CreatedAt})
	}
	// Oldest first, as the library's ids run.
	slices.SortFunc(out, func(a, b api.AttachExternalIDsCandidate) int { return cmp.Compare(a.ID, b.ID) })
	return out
}
