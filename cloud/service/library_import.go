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
	"strconv"
	"strings"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// nameColumn is the import's first column: the code's name. Left blank, a
// row's code is named after the record's full name.
const nameColumn = "Name"

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
	if err := w.Write(csvSafe(importColumns(fields))); err != nil {
		return nil, err
	}
	if err := w.Write(csvSafe(importHintRow(fields, org))); err != nil {
		return nil, err
	}
	w.Flush()
	return out.Bytes(), w.Error()
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

// ImportRequest is the body of POST .../qr-codes/import. Commit false is
// the preview (pkg/api: ImportQRCodesRequest).
type ImportRequest = api.ImportQRCodesRequest

// ImportRow is one row of the file and its problems, by column name; Row
// is the spreadsheet's row number, the header being row 1 (pkg/api:
// ImportQRCodesRow).
type ImportRow = api.ImportQRCodesRow

// ImportResult is the preview, or the import's outcome. QuotaProblem, in
// the preview, says the rows would not fit in what is left of the plan
// (the import itself would be refused); empty when they fit (pkg/api:
// ImportQRCodesResult).
type ImportResult = api.ImportQRCodesResult

// ImportCodes reads the file, checks every row with the template's rules,
// and, when req.Commit and every row is valid, inserts every row's code in
// one transaction with the quota checked for the whole batch: all or
// nothing.
func (s *Service) ImportCodes(ctx context.Context, actor *cloud.User, orgID int64, req ImportRequest) (*ImportResult, error) {
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
	records, err := readImportCSV(req.Csv, req.CsvFile)
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
	dayFirst := org.DayFirstDates()
	result := &ImportResult{Rows: []ImportRow{}}
	var codes []*cloud.CorporateCode
	for i, record := range records[1:] {
		if isHintRow(record, byColumn) {
			continue
		}
		in := CodeInput{ProjectID: req.ProjectID, TemplateID: templateID, LabelType: req.LabelType,
			Source: cloud.CodeSourceImport, Values: map[string]string{}}
		read := map[string]string{} // field id -> the cell as written, for refusals
		blank, extra := true, false
		for col, cell := range record {
			if strings.TrimSpace(cell) == "" {
				continue
			}
			blank = false
			if col >= len(byColumn) {
				extra = true // refused below: no value is dropped unseen
				continue
			}
			if id := byColumn[col]; id == "" {
				in.Name = cell
			} else {
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
		row := ImportRow{Row: i + 2, Name: emergency.SingleLine(name), Errors: map[string]string{}}
		if extra {
			row.Errors[rowColumn] = cloud.MsgImportExtraCells
		}
		code, err := s.newCode(actor, org.ID, in, templateName, fields)
		var e *cloud.Error
		switch {
		case err == nil && extra:
		case err == nil:
			code.ProjectName = projectName
			row.Name = code.Name
			codes = append(codes, code)
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
		if len(row.Errors) == 0 {
			result.Valid++
		} else {
			result.Invalid++
		}
		result.Rows = append(result.Rows, row)
	}
	if len(result.Rows) == 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportEmpty)
	}
	if !req.Commit {
		used, err := s.store.CountCodes(ctx, org.ID, cloud.CodeFilter{})
		if err != nil {
			return nil, err
		}
		if rows := len(result.Rows); used+rows > org.MaxQRCodes {
			result.QuotaProblem = fmt.Sprintf(cloud.MsgImportQuotaPreview, rows, org.MaxQRCodes, used,
				max(0, org.MaxQRCodes-used))
		}
		return result, nil
	}
	if result.Invalid > 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportHasErrors)
	}
	if err := s.insertCodes(ctx, codes, cloud.ActivityCodesImported, strconv.Itoa(len(codes))); err != nil {
		return nil, err
	}
	result.Imported = len(codes)
	return result, nil
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

// readImportCSV parses the file, given as text or as its bytes
// (decoded by emergency.SpreadsheetText, as Excel may have saved it),
// within the size limits, the header first. CRLF and quoted line breaks
// are allowed; cells are separated by commas, or by tabs when the header
// has tabs and no commas (Excel's "Unicode text").
func readImportCSV(text string, file []byte) ([][]string, error) {
	if text != "" && len(file) > 0 {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportCsvAndCsvFile)
	}
	if len(file) == 0 {
		file = []byte(text)
	}
	if len(file) > cloud.ImportMaxBytes {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportTooLarge)
	}
	text, err := emergency.SpreadsheetText(file)
	if err != nil {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgImportUndecodable)
	}
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

// mapColumns maps each header cell to a field id ("" for the Name column),
// by column name, ignoring case and surrounding spaces.
func mapColumns(header []string, fields []emergency.Field) ([]string, error) {
	normalized := emergency.NormalizeFields(fields)
	want := map[string]string{}
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
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportUnknownColumn, emergency.SingleLine(cell))
		case seen[key]:
			return nil, cloud.Errorf(cloud.EINVALID, cloud.MsgImportDuplicateColumn, emergency.SingleLine(cell))
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
