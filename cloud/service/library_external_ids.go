package service

// Attaching employee or badge numbers to codes that exist: a file of codes
// (by name or by id) and their numbers, previewed, then saved all at once,
// so that the import and the organisation's own system (which match on the
// number) find the codes rather than making second ones.

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// AttachExternalIDsRequest is the body of POST .../qr-codes/external-ids
// (pkg/api).
type AttachExternalIDsRequest = api.AttachExternalIDsRequest

// AttachExternalIDsResult is its preview or outcome (pkg/api).
type AttachExternalIDsResult = api.AttachExternalIDsResult

// The file's columns besides cloud.ImportExternalIDColumn (and "externalId").
const (
	attachCodeIDColumn = "QR code ID"
)

// AttachExternalIDs reads the file, finds each row's code and checks its
// number (valid, given once in the file, no other code's), and when
// req.Commit and every row is valid saves every number in one transaction.
func (s *Service) AttachExternalIDs(ctx context.Context, actor *cloud.User, orgID int64, req AttachExternalIDsRequest) (*AttachExternalIDsResult, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	records, err := readImportCSV(req.Csv, req.CsvFile)
	if err != nil {
		return nil, err
	}
	codeCol, nameCol, idCol := -1, -1, -1
	for i, cell := range records[0] {
		switch strings.ToLower(cloud.CSVCellValue(strings.TrimSpace(cell))) {
		case strings.ToLower(attachCodeIDColumn):
			codeCol = i
		case strings.ToLower(nameColumn):
			nameCol = i
		case strings.ToLower(cloud.ImportExternalIDColumn), "externalid":
			idCol = i
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
	result := &AttachExternalIDsResult{Rows: []api.AttachExternalIDsRow{}}
	var updates []*cloud.CorporateCode
	givenOn := map[string]int{} // number key -> the row giving it
	codeOn := map[int64]int{}   // code id -> the row naming it
	for i, record := range records[1:] {
		name, codeText, idText := cell(record, nameCol), cell(record, codeCol), cell(record, idCol)
		if name == "" && codeText == "" && idText == "" {
			continue
		}
		row := api.AttachExternalIDsRow{Row: i + 2, Name: emergency.SingleLine(name), ExternalID: idText, Errors: map[string]string{}}
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
				row.Errors[nameColumn] = fmt.Sprintf(cloud.MsgAttachNameTwice, len(found), emergency.SingleLine(name), attachCodeIDColumn)
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
	if result.Invalid > 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAttachHasErrors)
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
	return result, nil
}
