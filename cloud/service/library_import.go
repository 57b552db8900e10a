package service

// CSV import of many workers' records: a template file to fill
// in, a preview that lists each row's problems, and an import of every row
// in one transaction, or of none.

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// nameColumn is the import's first column: the code's name. Left blank, a
// row's code is named after the record's full name.
const nameColumn = "Name"

// externalIDField is the id mapColumns gives the employee or badge number
// column (cloud.ImportExternalIDColumn); no field has it (a field's id is
// letters, digits, - and _).
const externalIDField = "#externalId"

// rowColumn keys a problem of the row as a whole in ImportRow.Errors.
const rowColumn = "Row"

// utf8BOM starts the template file so that spreadsheet programs read it as
// UTF-8; a file that starts with it is read without it.
const utf8BOM = "\ufeff"

// importColumns names the import's columns for fields: Name, then each
// field's label in form order. A label that another field (or the Name
// column) also has is followed by its field id in brackets, so every
// column names one field.
func importColumns(fields []emergency.Field) []string {
	seen := map[string]int{strings.ToLower(nameColumn): 1}
	for _, f := range fields {
		seen[strings.ToLower(f.Label)]++
	}
	columns := []string{nameColumn}
	for _, f := range emergency.NormalizeFields(fields) {
		label := f.Label
		if seen[strings.ToLower(label)] > 1 {
			label += " [" + f.ID + "]"
		}
		columns = append(columns, label)
	}
	return columns
}

// ImportTemplateCSV is the file to fill in for a template: its header row
// and a hint row saying what each column allows, which the import skips
// (importHintRow). No example row: a sample person's details, imported by
// mistake, would be printed as a real worker's medical record. A nil
// templateID is the organisation's default template.
func (s *Service) ImportTemplateCSV(ctx context.Context, actor *cloud.User, orgID int64, templateID *int64) ([]byte, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	id, err := s.templateOrDefault(ctx, org.ID, templateID)
	if err != nil {
		return nil, err
	}
	_, fields, err := s.orgTemplateFields(ctx, org.ID, id)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString(utf8BOM)
	w := csv.NewWriter(&out)
	w.UseCRLF = true // what spreadsheet programs write
	if err := w.Write(csvSafe(withExternalID(importColumns(fields), cloud.ImportExternalIDColumn))); err != nil {
		return nil, err
	}
	if err := w.Write(csvSafe(withExternalID(importHintRow(fields, org), cloud.ImportExternalIDHint))); err != nil {
		return nil, err
	}
	w.Flush()
	return out.Bytes(), w.Error()
}

// withExternalID puts the employee or badge number's cell second, after
// the Name column's, in a row of the template file.
func withExternalID(row []string, cell string) []string {
	return append([]string{row[0], cell}, row[1:]...)
}

// importHintRow is the template file's second row: cloud.ImportHintName,
// then what each column allows and whether it is required. A date column
// of an organisation whose country is unknown says its dates are read the
// UK's way.
func importHintRow(fields []emergency.Field, org *cloud.Organization) []string {
	row := []string{cloud.ImportHintName}
	for _, f := range emergency.NormalizeFields(fields) {
		hint := emergency.AllowedValues(f, org.DayFirstDates())
		if hint == "" {
			hint = "text"
		}
		if f.Type == emergency.FieldDate && org.CountryUnknown() {
			hint += " " + cloud.MsgCountryUnknownDates
		}
		if f.Required {
			hint += "; required"
		}
		row = append(row, hint)
	}
	return row
}

// isHintRow reports whether a row is the template file's hint row, left in.
func isHintRow(record, byColumn []string) bool {
	for col, id := range byColumn {
		if id == "" && col < len(record) {
			return strings.TrimSpace(record[col]) == cloud.ImportHintName
		}
	}
	return false
}

// csvSafe escapes each cell of a row (cloud.CSVCell).
func csvSafe(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = cloud.CSVCell(c)
	}
	return out
}

// importedRow is a valid row of an import's file: its index in the
// result's rows, the code it makes and its values by field id.
type importedRow struct {
	row    int
	code   *cloud.CorporateCode
	values map[string]string
}

// ImportCodes reads the file, checks every row with the template's rules,
// and, when req.Commit and every row is valid, inserts every row's code in
// one transaction with the quota checked for the whole batch: all or
// nothing.
func (s *Service) ImportCodes(ctx context.Context, actor *cloud.User, orgID int64, req api.ImportQRCodesRequest) (*api.ImportQRCodesResult, error) {
	org, err := s.organizationFor(ctx, actor, orgID, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return nil, err
	}
	templateID, err := s.templateOrDefault(ctx, org.ID, req.TemplateID) // absent: the default
	if err != nil {
		return nil, err
	}
	templateName, fields, err := s.orgTemplateFields(ctx, org.ID, templateID)
	if err != nil {
		return nil, err
	}
	projectName, err := s.projectName(ctx, org.ID, req.ProjectID)
	if err != nil {
		return nil, err
	}
	records, read, err := readImportFile(req.Csv, req.CsvFile, req.Encoding)
	if err != nil {
		return nil, err
	}
	byColumn, err := mapColumns(records[0], fields)
	if err != nil {
		return nil, s.columnsOfAnotherTemplate(ctx, org.ID, templateID, records[0], err)
	}
	columnOf := map[string]string{} // field id -> column name, for errors
	for i, id := range byColumn {
		if id != "" {
			columnOf[id] = strings.TrimSpace(records[0][i])
		}
	}
	fieldOf := map[string]emergency.Field{}
	for _, f := range emergency.NormalizeFields(fields) {
		fieldOf[f.ID] = f
	}
	// A field of the template may give the rows' employee or badge numbers
	// (the officer's "Employee number" field, say), so that the number the
	// form keeps is the one the import and the HR sync match on.
	numberField := req.ExternalIDField
	if _, ok := fieldOf[numberField]; numberField != "" && !ok {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgExternalIDField)
	}
	dayFirst := org.DayFirstDates()
	result := &api.ImportQRCodesResult{Rows: []api.ImportQRCodesRow{}, Encoding: read.Encoding, Encodings: importEncodings(read)}
	var codes []importedRow
	externalRow := map[string]int{} // external id key -> the row it is first on
	for i, record := range records[1:] {
		if isHintRow(record, byColumn) {
			continue
		}
		in := CodeInput{ProjectID: req.ProjectID, TemplateID: templateID, LabelType: req.LabelType,
			Source: cloud.CodeSourceImport, Values: map[string]string{}}
		read := map[string]string{} // field id -> the cell as written, for refusals
		blank, extra := true, false
		externalCell := ""
		for col, cell := range record {
			if strings.TrimSpace(cell) == "" {
				continue
			}
			blank = false
			if col >= len(byColumn) {
				extra = true // refused below: no value is dropped unseen
				continue
			}
			switch id := byColumn[col]; id {
			case "":
				in.Name = cell
			case externalIDField:
				externalCell = cloud.CSVCellValue(strings.TrimSpace(cell))
			default:
				in.Values[id] = emergency.SpreadsheetValue(fieldOf[id], cell, dayFirst)
				read[id] = strings.TrimSpace(cell)
			}
		}
		if blank {
			continue // an empty line, or one of commas only, is no worker
		}
		// Named as the import would name it, so that a row with errors
		// says whose it is even when its Name cell is blank.
		name := codeName(in.Name, emergency.Record{Fields: fields, Values: in.Values})
		row := api.ImportQRCodesRow{Row: i + 2, Name: emergency.SingleLine(name), Errors: map[string]string{},
			Action: api.ImportQRCodesRowActionNew, ExternalID: externalCell, Changes: []api.ImportQRCodesChange{}}
		if extra {
			row.Errors[rowColumn] = cloud.MsgImportExtraCells
		}
		garbledNames(records[0], record, byColumn, fieldOf, row.Errors)
		numberColumn := externalIDColumnOf(records[0], byColumn)
		if externalCell == "" && numberField != "" {
			externalCell, numberColumn = strings.TrimSpace(in.Values[numberField]), columnOf[numberField]
			if numberColumn == "" {
				numberColumn = fieldOf[numberField].Label // the file lacks its column
			}
			row.ExternalID = externalCell
		}
		if id, err := cloud.NormalizeExternalID(externalCell); err != nil {
			row.Errors[numberColumn] = cloud.ErrorMessage(err)
		} else if first, twice := externalRow[cloud.ExternalIDKey(id)]; twice && id != "" {
			row.Errors[numberColumn] = fmt.Sprintf(cloud.MsgImportDuplicateExternalID, first)
		} else if id != "" {
			externalRow[cloud.ExternalIDKey(id)] = row.Row
			in.ExternalID = id
		}
		code, err := s.newCode(actor, org.ID, in, templateName, fields)
		var e *cloud.Error
		switch {
		case err == nil && len(row.Errors) > 0:
		case err == nil:
			code.ProjectName = projectName
			row.Name = code.Name
			codes = append(codes, importedRow{row: len(result.Rows), code: code, values: in.Values})
		case errors.As(err, &e) && e.Code == cloud.EINVALID:
			if len(e.Fields) == 0 {
				row.Errors[nameColumn] = e.Message // the name or label type
			}
			for _, fe := range e.Fields {
				column := columnOf[fe.Field]
				if column == "" {
					column = importColumns(fieldsByID(fields, fe.Field))[1]
				}
				if _, taken := row.Errors[column]; !taken {
					row.Errors[column] = refusal(fe.Message, fieldOf[fe.Field], read[fe.Field], in.Values[fe.Field], dayFirst)
				}
			}
		default:
			return nil, err
		}
		result.Rows = append(result.Rows, row)
	}
	if len(result.Rows) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportEmpty)
	}

	// One code per worker: a row whose employee or badge number a code
	// has updates that code; a new row without one that looks like a code
	// is marked (lookAlike).
	var ids, names []string
	for _, v := range codes {
		if v.code.ExternalID != "" {
			ids = append(ids, v.code.ExternalID)
		} else {
			names = append(names, v.code.Name)
		}
	}
	existing, err := s.store.FindCodesByExternalID(ctx, org.ID, ids)
	if err != nil {
		return nil, err
	}
	byExternal := byExternalIDKey(existing)
	same, err := s.namesakes(ctx, org.ID, names, 1)
	if err != nil {
		return nil, err
	}
	var creates, updates []*cloud.CorporateCode
	// The file's own new rows without a number, by folded name: two of
	// them can be one worker typed twice.
	earlier := map[string][]importedRow{}
	choices := importChoicesOf(req)
	claimed := map[int64]bool{} // codes a row of this file already updates
	for _, v := range codes {
		row := &result.Rows[v.row]
		old := byExternal[cloud.ExternalIDKey(v.code.ExternalID)]
		if v.code.ExternalID == "" {
			old = matchByName(row, v, fields, same, claimed, choices)
		}
		if old == nil {
			creates = append(creates, v.code)
			if v.code.ExternalID == "" {
				record := emergency.Record{Fields: fields, Values: v.values}
				row.PossibleDuplicate = possibleDuplicate(v.code.Name, record, same)
				if row.PossibleDuplicate == "" {
					row.PossibleDuplicate = possibleDuplicateInFile(v.code.Name, record, fields, earlier, result.Rows)
				}
				key := emergency.FoldForSearch(v.code.Name)
				earlier[key] = append(earlier[key], v)
			}
			continue
		}
		next, err := s.importUpdate(org, old, v, req, row, templateID, templateName, fields, fieldOf, columnOf)
		if err != nil {
			return nil, err
		}
		if next != nil {
			next.ProjectName = projectName
			updates = append(updates, next)
		}
	}
	for _, row := range result.Rows {
		switch {
		case len(row.Errors) > 0:
			result.Invalid++
			continue
		case row.Action == api.ImportQRCodesRowActionUpdate:
			result.Updates++
		case row.Action == api.ImportQRCodesRowActionUnchanged:
			result.Unchanged++
		default:
			result.New++
		}
		result.Valid++
	}
	if !req.Commit {
		used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
		if err != nil {
			return nil, err
		}
		if rows := result.New + result.Invalid; used+rows > org.MaxQRCodes {
			result.QuotaProblem = fmt.Sprintf(cloud.MsgImportQuotaPreview, rows, org.MaxQRCodes, used,
				max(0, org.MaxQRCodes-used))
		}
		return result, nil
	}
	if result.Invalid > 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportHasErrors)
	}
	if err := choicesMade(result.Rows); err != nil {
		return nil, err
	}
	if len(creates)+len(updates) > 0 {
		a := &cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityCodesImported, Detail: strconv.Itoa(len(creates)),
			CreatedAt: s.now()}
		if len(updates) > 0 {
			a.Kind, a.Detail = cloud.ActivityCodesReimported, fmt.Sprintf(cloud.ImportReimportedDetail, len(creates), len(updates))
		}
		if err := s.saveSync(ctx, org.ID, append(plansOf(creates, syncCreated), plansOf(updates, syncUpdated)...), a); err != nil {
			return nil, err
		}
	}
	result.Imported = len(creates)
	return result, nil
}

// importUpdate plans the update of old, the code a valid row v of the
// file updates, and says so in its preview row; nil when the row leaves
// the code as it is or the update is refused (said in the row's errors).
// The file's columns replace their fields' values (a blank cell clears
// one); a field the file has no column for keeps the code's value, such
// as one a worker corrected through an update link.
func (s *Service) importUpdate(org *cloud.Organization, old *cloud.CorporateCode, v importedRow, req api.ImportQRCodesRequest, row *api.ImportQRCodesRow,
	templateID int64, templateName string, fields []emergency.Field, fieldOf map[string]emergency.Field, columnOf map[string]string) (*cloud.CorporateCode, error) {
	kept, err := s.openCodeRecord(old)
	if err != nil {
		return nil, err
	}
	values := maps.Clone(kept.Values)
	for id := range fieldOf {
		if _, inFile := columnOf[id]; inFile {
			values[id] = v.values[id]
		}
	}
	item := BulkUpsertItem{ExternalID: old.ExternalID, Name: v.code.Name, TemplateID: templateID,
		ProjectID: old.ProjectID, LabelType: old.LabelType, Values: values}
	if req.ProjectID != 0 {
		item.ProjectID = req.ProjectID
	}
	if req.LabelType != "" {
		item.LabelType = req.LabelType
	}
	p, err := s.planUpdate(org, old, item, templateName, fields)
	if err != nil {
		if cloud.ErrorCode(err) != cloud.EINVALID {
			return nil, err
		}
		row.Errors[rowColumn] = cloud.ErrorMessage(err)
		return nil, nil
	}
	if p.outcome == syncUnchanged {
		row.Action = api.ImportQRCodesRowActionUnchanged
		return nil, nil
	}
	row.Action = api.ImportQRCodesRowActionUpdate
	if row.Changes, err = s.importChanges(old, p.code); err != nil {
		return nil, err
	}
	return p.code, nil
}

// plansOf are codes as plans of one outcome, for saveSync.
func plansOf(codes []*cloud.CorporateCode, outcome syncOutcome) []planned {
	out := make([]planned, len(codes))
	for i, c := range codes {
		out[i] = planned{code: c, outcome: outcome}
	}
	return out
}

// importChanges lists what an import's update changes in a code: its
// name, then each value that differs, by its field's label in form order.
func (s *Service) importChanges(old, next *cloud.CorporateCode) ([]api.ImportQRCodesChange, error) {
	before, err := s.openCodeRecord(old)
	if err != nil {
		return nil, err
	}
	after, err := s.openCodeRecord(next)
	if err != nil {
		return nil, err
	}
	changes := []api.ImportQRCodesChange{}
	if old.Name != next.Name {
		changes = append(changes, api.ImportQRCodesChange{Field: nameColumn, From: old.Name, To: next.Name})
	}
	seen := map[string]bool{}
	for _, f := range emergency.NormalizeFields(append(slices.Clone(after.Fields), before.Fields...)) {
		if seen[f.ID] {
			continue
		}
		seen[f.ID] = true
		if from, to := before.Values[f.ID], after.Values[f.ID]; from != to {
			changes = append(changes, api.ImportQRCodesChange{Field: f.Label, From: from, To: to, Medical: f.Category == medicalCategory})
		}
	}
	if old.IsActive != next.IsActive {
		changes = append(changes, api.ImportQRCodesChange{Field: "Active", From: strconv.FormatBool(old.IsActive),
			To: strconv.FormatBool(next.IsActive)})
	}
	return changes, nil
}

// externalIDColumnOf is the header's name for the employee or badge number
// column, for its errors.
func externalIDColumnOf(header, byColumn []string) string {
	for i, id := range byColumn {
		if id == externalIDField {
			return strings.TrimSpace(header[i])
		}
	}
	return cloud.ImportExternalIDColumn
}

// columnsOfAnotherTemplate is the refusal of a header that does not fit
// the chosen template (refused): when every column fits another of the
// organisation's templates (the Standard form included), it names that
// template, with its id as the templateId field's error, for the dialog to
// offer the switch.
func (s *Service) columnsOfAnotherTemplate(ctx context.Context, orgID, chosen int64, header []string, refused error) error {
	templates, err := s.store.ListTemplates(ctx, orgID)
	if err != nil {
		return err
	}
	for _, t := range append([]*cloud.Template{cloud.StandardTemplate()}, templates...) {
		if t.ID == chosen {
			continue
		}
		if _, err := mapColumns(header, t.Fields); err == nil {
			e := cloud.Errorf(cloud.EINVALID, cloud.MsgImportOtherTemplate, t.Name)
			e.Fields = emergency.Errors{{Field: "templateId", Message: strconv.FormatInt(t.ID, 10)}}
			return e
		}
	}
	return refused
}

// refusal is a cell's refusal (message, the record's) in f's column with
// what was read and what is allowed, when the cell was not blank and the
// column allows less than any text. A value that is not what the column
// holds (value, as read by emergency.SpreadsheetValue) is said to be
// that, in place of the record's message: "Blood type is required" or
// "must be a real date (YYYY-MM-DD)" would misstate a present value and
// the formats a spreadsheet may use.
func refusal(message string, f emergency.Field, read, value string, dayFirst bool) string {
	allowed := emergency.AllowedValues(f, dayFirst)
	if read == "" && f.Standard == emergency.SlotBloodType {
		return cloud.MsgImportBloodTypeBlank // a blank is refused only as missing
	}
	if read == "" || allowed == "" {
		return message
	}
	shown := []rune(emergency.SingleLine(read))
	if len(shown) > 40 {
		shown = append(shown[:40], '…')
	}
	if notA := emergency.NotA(f, value); notA != "" {
		return fmt.Sprintf(cloud.MsgImportNotA, string(shown), notA, allowed)
	}
	return fmt.Sprintf(cloud.MsgImportCellRefused, message, string(shown), allowed)
}

// fieldsByID is the field with id (a missing column's field), for naming
// its column in an error.
func fieldsByID(fields []emergency.Field, id string) []emergency.Field {
	for _, f := range fields {
		if f.ID == id {
			return []emergency.Field{f}
		}
	}
	return []emergency.Field{{ID: id, Label: id}}
}

// readImportCSV parses the file, given as text or as its bytes, read in
// the encoding readImportFile guesses.
func readImportCSV(text string, file []byte) ([][]string, error) {
	records, _, err := readImportFile(text, file, "")
	return records, err
}

// readImportFile parses the file, given as text or as its bytes (read by
// emergency.ReadSpreadsheet in encoding, or in the one it guesses when
// encoding is "", as Excel may have saved it), within the size limits,
// the header first. CRLF and quoted line breaks are allowed; cells are
// separated by commas, or by tabs when the header has tabs and no commas
// (Excel's "Unicode text"). Text is UTF-8: it has no other encoding.
func readImportFile(text string, file []byte, encoding string) ([][]string, emergency.SpreadsheetFile, error) {
	var read emergency.SpreadsheetFile
	if text != "" && len(file) > 0 {
		return nil, read, cloud.NewError(cloud.EINVALID, cloud.MsgImportCsvAndCsvFile)
	}
	pasted := len(file) == 0
	if pasted {
		file, encoding = []byte(text), ""
	}
	if len(file) > cloud.ImportMaxBytes {
		return nil, read, cloud.NewError(cloud.EINVALID, cloud.MsgImportTooLarge)
	}
	read, err := emergency.ReadSpreadsheet(file, encoding)
	switch {
	case errors.Is(err, emergency.ErrUnknownEncoding):
		return nil, read, cloud.Errorf(cloud.EINVALID, cloud.MsgImportUnknownEncoding, emergency.SingleLine(encoding))
	case err != nil && encoding != "":
		return nil, read, cloud.Errorf(cloud.EINVALID, cloud.MsgImportUnreadableAs, emergency.SingleLine(encoding))
	case err != nil:
		return nil, read, cloud.NewError(cloud.EINVALID, cloud.MsgImportUndecodable)
	}
	if pasted {
		read.Encodings = nil // pasted text is no file's bytes: nothing to choose
	}
	records, err := parseImportCSV(read.Text)
	return records, read, err
}

// parseImportCSV is the records of a file's text.
func parseImportCSV(text string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = -1 // short rows are rows with blank cells
	if header, _, _ := strings.Cut(text, "\n"); strings.Contains(header, "\t") && !strings.Contains(header, ",") {
		r.Comma = '\t'
	}
	var records [][]string
	for {
		record, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportUnreadable, err.Error())
		}
		records = append(records, record)
		if len(records) > cloud.ImportMaxRows+1 {
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportTooLarge)
		}
	}
	if len(records) < 2 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportEmpty)
	}
	return records, nil
}

// acceptedColumns lists a form's columns for a refusal, quoted and cut
// short to fit an error's message.
func acceptedColumns(columns []string) string {
	quoted := make([]string, len(columns))
	for i, c := range columns {
		quoted[i] = strconv.Quote(c)
	}
	list := strings.Join(quoted, ", ")
	if runes := []rune(list); len(runes) > 700 {
		list = string(runes[:700]) + "…"
	}
	return list
}

// shortened is a cell on one line, cut to at most n letters and "…", for
// a message that quotes it within its length.
func shortened(cell string, n int) string {
	shown := []rune(emergency.SingleLine(cell))
	if len(shown) > n {
		shown = append(shown[:n], '…')
	}
	return string(shown)
}

// importEncodings are the encodings a file reads in, for the preview.
func importEncodings(read emergency.SpreadsheetFile) []api.ImportEncoding {
	out := make([]api.ImportEncoding, len(read.Encodings))
	for i, e := range read.Encodings {
		out[i] = api.ImportEncoding{Name: e.Name, Plausible: e.Plausible}
	}
	return out
}

// medicalCategory is the form's section of medical facts: a change to one
// of its fields (a blood type, an allergy) is set apart in the preview.
const medicalCategory = "medical"

// garbledNames refuses each name cell of a row (the Name column, the full
// name's and the contacts' names, a text field whose label says name)
// that holds "?" (Excel's stand-in for a letter its code page lacks) or
// letters as a wrong code page reads them: either would print on a label
// as the worker's name. errors is keyed by the header's column names.
func garbledNames(header, record, byColumn []string, fieldOf map[string]emergency.Field, errors map[string]string) {
	for col, cell := range record {
		if col >= len(byColumn) || col >= len(header) {
			continue
		}
		id := byColumn[col]
		f, isField := fieldOf[id]
		isName := id == "" || (isField && (f.Standard == emergency.SlotFullName || strings.HasSuffix(f.Standard, ".name") ||
			(f.Type == emergency.FieldText && strings.Contains(strings.ToLower(f.Label), "name"))))
		cell = strings.TrimSpace(cell)
		if !isName || id == externalIDField || cell == "" || !(strings.Contains(cell, "?") || emergency.Garbled(cell)) {
			continue
		}
		errors[strings.TrimSpace(header[col])] = fmt.Sprintf(cloud.MsgImportGarbledName, shortened(cell, 24))
	}
}

// mapColumns maps each header cell to a field id ("" for the Name column),
// by column name, ignoring case and surrounding spaces.
func mapColumns(header []string, fields []emergency.Field) ([]string, error) {
	normalized := emergency.NormalizeFields(fields)
	want := map[string]string{strings.ToLower(cloud.ImportExternalIDColumn): externalIDField, "externalid": externalIDField}
	for i, column := range importColumns(fields) {
		id := ""
		if i > 0 {
			id = normalized[i-1].ID
		}
		want[strings.ToLower(column)] = id
	}
	out := make([]string, len(header))
	seen := map[string]bool{}
	hasName := false
	for i, cell := range header {
		key := strings.ToLower(cloud.CSVCellValue(strings.TrimSpace(cell)))
		id, ok := want[key]
		switch {
		case !ok:
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportUnknownColumn, shortened(cell, 60),
				acceptedColumns(withExternalID(importColumns(fields), cloud.ImportExternalIDColumn)))
		case seen[key]:
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportDuplicateColumn, emergency.SingleLine(cell))
		}
		if id == externalIDField {
			key = externalIDField // both names are one column
			if seen[key] {
				return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportDuplicateColumn, emergency.SingleLine(cell))
			}
		}
		seen[key] = true
		hasName = hasName || id == ""
		out[i] = id
	}
	if !hasName {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportNoNameColumn)
	}
	return out, nil
}
