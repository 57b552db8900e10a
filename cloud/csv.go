package cloud

import "strings"

// csvFormulaStarts are the first characters that make a spreadsheet read a
// cell as a formula (OWASP "CSV injection").
const csvFormulaStarts = "=+-@\t\r"

// CSVCell escapes a cell of a file people open in a spreadsheet: one that
// starts with = + - @ (or tab or carriage return) gets a leading apostrophe.
func CSVCell(v string) string {
	if v != "" && strings.ContainsRune(csvFormulaStarts, rune(v[0])) {
		return "'" + v
	}
	return v
}

// CSVCellValue is the value CSVCell escaped: a cell read back from such a
// file loses the apostrophe CSVCell added.
func CSVCellValue(cell string) string {
	if len(cell) > 1 && cell[0] == '\'' && strings.ContainsRune(csvFormulaStarts, rune(cell[1])) {
		return cell[1:]
	}
	return cell
}
