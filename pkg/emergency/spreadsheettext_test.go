package emergency

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// encode is text as enc writes it (a byte order mark included when enc
// writes one), the bytes a spreadsheet program saves.
func encode(t *testing.T, enc encoding.Encoding, text string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatalf("encoding %q: %v", text, err)
	}
	return b
}

// ExcelCSV is rows as Excel's "CSV (Comma delimited)" saves them on a
// Windows whose ANSI code page is cp: cells joined by commas, a cell
// holding a comma or a quote quoted, CRLF line ends, and each letter the
// code page lacks written as "?". A letter the code page has only as a
// base letter and a combining mark (Windows-1258's Vietnamese tones) is
// written so.
func ExcelCSV(cp *charmap.Charmap, rows [][]string) []byte {
	var out []byte
	for _, row := range rows {
		for i, cell := range row {
			if i > 0 {
				out = append(out, ',')
			}
			if strings.ContainsAny(cell, ",\"\r\n") {
				cell = `"` + strings.ReplaceAll(cell, `"`, `""`) + `"`
			}
			for _, r := range cell {
				out = append(out, excelBytes(cp, r)...)
			}
		}
		out = append(out, '\r', '\n')
	}
	return out
}

// excelBytes is one letter in cp as Excel writes it.
func excelBytes(cp *charmap.Charmap, r rune) []byte {
	if b, ok := cp.EncodeRune(r); ok {
		return []byte{b}
	}
	// The longest composed start of the letter the page has, then its
	// remaining marks one by one.
	d := []rune(norm.NFD.String(string(r)))
	for k := len(d); k >= 1; k-- {
		base := norm.NFC.String(string(d[:k]))
		if utf8.RuneCountInString(base) != 1 {
			continue
		}
		b, ok := cp.EncodeRune([]rune(base)[0])
		if !ok {
			continue
		}
		out := []byte{b}
		for _, m := range d[k:] {
			mb, ok := cp.EncodeRune(m)
			if !ok {
				return []byte{'?'}
			}
			out = append(out, mb)
		}
		return out
	}
	return []byte{'?'}
}

// sheet is a workers' sheet: the header, then one row per name, each with
// a blood type and a contact whose name has a comma (quoted by Excel).
func sheet(names ...string) [][]string {
	rows := [][]string{{"Name", "Full Name", "Blood Type", "Emergency Contact Name"}}
	for _, n := range names {
		rows = append(rows, []string{"", n, "O+", "Site office, gate 2"})
	}
	return rows
}

// names are the Full Name cells of text as sheet wrote them.
func names(text string) []string {
	var out []string
	for i, line := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
		if i == 0 {
			continue
		}
		cells := strings.SplitN(line, ",", 3)
		if len(cells) < 2 {
			cells = strings.SplitN(line, "\t", 3)
		}
		out = append(out, cells[1])
	}
	return out
}

// TestReadSpreadsheetExcelCodePages reads a sheet of each language saved
// as Excel's plain "CSV" on a Windows of that language, and the Unicode
// saves: the guessed encoding reads every name as written.
func TestReadSpreadsheetExcelCodePages(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cp       *charmap.Charmap
		encoding string
		names    []string
	}{
		{"Western European", charmap.Windows1252, "windows-1252", []string{"Jürgen Schröder", "José Núñez", "François Côté"}},
		{"Spanish", charmap.Windows1252, "windows-1252", []string{"Mª José García", "Iñaki Ibáñez"}},
		{"Danish", charmap.Windows1252, "windows-1252", []string{"Søren Kierkegaard", "Mette Jørgensen"}},
		{"Portuguese", charmap.Windows1252, "windows-1252", []string{"João Silva", "Conceição Gonçalves"}},
		{"Polish", charmap.Windows1250, "windows-1250", []string{"Łukasz Wiśniewski", "Zofia Wójcik", "Grzegorz Brzęczyszczykiewicz"}},
		{"Polish without a letter Windows-1252 lacks", charmap.Windows1250, "windows-1250", []string{"Łukasz Wójcik", "Anna Nowak"}},
		{"Czech", charmap.Windows1250, "windows-1250", []string{"Jiří Dvořák", "Petra Kvitová"}},
		{"Cyrillic", charmap.Windows1251, "windows-1251", []string{"Иван Петров", "Ольга Смирнова"}},
		{"Greek", charmap.Windows1253, "windows-1253", []string{"Γιώργος Παπαδόπουλος", "Ελένη Νικολάου"}},
		{"Turkish", charmap.Windows1254, "windows-1254", []string{"Şükrü Öztürk", "Ayşe Yılmaz", "İsmail Çelik"}},
		{"Hebrew", charmap.Windows1255, "windows-1255", []string{"דוד כהן", "שרה לוי"}},
		{"Arabic", charmap.Windows1256, "windows-1256", []string{"محمد العتيبي", "فاطمة الزهراء", "علي حسن"}},
		{"Baltic", charmap.Windows1257, "windows-1257", []string{"Jānis Bērziņš", "Rūta Šimkutė"}},
		{"Vietnamese", charmap.Windows1258, "windows-1258", []string{"Nguyễn Văn An", "Trần Thị Bình"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := ExcelCSV(tc.cp, sheet(tc.names...))
			got, err := ReadSpreadsheet(file, "")
			if err != nil {
				t.Fatalf("ReadSpreadsheet: %v", err)
			}
			if got.Encoding != tc.encoding || strings.Join(names(got.Text), "|") != strings.Join(tc.names, "|") {
				t.Fatalf("read as %s: %q; want %s: %q", got.Encoding, names(got.Text), tc.encoding, tc.names)
			}
			if len(got.Encodings) == 0 || got.Encodings[0] != (SpreadsheetEncoding{tc.encoding, true}) {
				t.Fatalf("Encodings = %v; want %s first, plausible", got.Encodings, tc.encoding)
			}
			for _, n := range names(got.Text) {
				if Garbled(n) {
					t.Errorf("Garbled(%q) = true; it is a real name", n)
				}
			}
		})
	}

	for _, tc := range []struct {
		name, encoding string
		enc            encoding.Encoding
		names          []string
	}{
		{"Simplified Chinese", "GB18030", simplifiedchinese.GBK, []string{"王伟", "李娜", "张敏"}},
		{"Traditional Chinese", "Big5", traditionalchinese.Big5, []string{"陳大文", "林美玲"}},
		{"Japanese", "Shift_JIS", japanese.ShiftJIS, []string{"山田太郎", "佐藤花子"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadSpreadsheet(encode(t, tc.enc, string(ExcelCSVUTF8(sheet(tc.names...)))), "")
			if err != nil || got.Encoding != tc.encoding || strings.Join(names(got.Text), "|") != strings.Join(tc.names, "|") {
				t.Fatalf("read as %s: %q, %v; want %s: %q", got.Encoding, names(got.Text), err, tc.encoding, tc.names)
			}
		})
	}

	// Korean in EUC-KR is also Chinese in GBK, byte for byte, and the
	// detector is no surer of either for a few names: EUC-KR is offered
	// as plausible, for the officer to choose.
	t.Run("Korean", func(t *testing.T) {
		file := encode(t, korean.EUCKR, string(ExcelCSVUTF8(sheet("김민준", "이서연"))))
		got, err := ReadSpreadsheet(file, "")
		if i := indexOfEncoding(got.Encodings, "EUC-KR"); err != nil || i < 0 || !got.Encodings[i].Plausible {
			t.Fatalf("Encodings = %v, %v; want EUC-KR plausible", got.Encodings, err)
		}
		if got, err := ReadSpreadsheet(file, "euc-kr"); err != nil || names(got.Text)[0] != "김민준" {
			t.Fatalf("ReadSpreadsheet(euc-kr) = %q, %v", names(got.Text), err)
		}
	})

	multilingual := []string{"Łukasz Wiśniewski", "محمد العتيبي", "王伟", "José Núñez", "Nguyễn Văn An"}
	t.Run("Western European save of a multilingual sheet", func(t *testing.T) {
		got, err := ReadSpreadsheet(ExcelCSV(charmap.Windows1252, sheet(multilingual...)), "")
		want := []string{"?ukasz Wi?niewski", "???? ???????", "??", "José Núñez", "Nguy?n V?n An"}
		if err != nil || got.Encoding != "windows-1252" || strings.Join(names(got.Text), "|") != strings.Join(want, "|") {
			t.Fatalf("ReadSpreadsheet = %s %q, %v; want windows-1252 %q", got.Encoding, names(got.Text), err, want)
		}
	})

	unicodeText := "Name\tFull Name\r\n\tŁukasz Wiśniewski\r\n\tمحمد العتيبي\r\n\t王伟\r\n"
	for _, tc := range []struct {
		name, encoding string
		file           []byte
		want           string
	}{
		{"CSV UTF-8 (with a byte order mark)", UTF8, append([]byte("\ufeff"), ExcelCSVUTF8(sheet(multilingual...))...), string(ExcelCSVUTF8(sheet(multilingual...)))},
		{"UTF-8 without a byte order mark", UTF8, ExcelCSVUTF8(sheet(multilingual...)), string(ExcelCSVUTF8(sheet(multilingual...)))},
		{"Unicode text (UTF-16LE with a byte order mark, tabs)", "UTF-16LE", encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), unicodeText), unicodeText},
		{"UTF-16BE with a byte order mark", "UTF-16BE", encode(t, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), unicodeText), unicodeText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadSpreadsheet(tc.file, "")
			if err != nil || got.Encoding != tc.encoding || got.Text != tc.want {
				t.Fatalf("ReadSpreadsheet = %s %q, %v; want %s %q", got.Encoding, got.Text, err, tc.encoding, tc.want)
			}
		})
	}
}

// ExcelCSVUTF8 is rows as Excel's "CSV UTF-8" writes them, without the
// byte order mark.
func ExcelCSVUTF8(rows [][]string) []byte {
	var lines []string
	for _, row := range rows {
		cells := make([]string, len(row))
		for i, c := range row {
			if strings.ContainsAny(c, ",\"") {
				c = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
			cells[i] = c
		}
		lines = append(lines, strings.Join(cells, ",")+"\r\n")
	}
	return []byte(strings.Join(lines, ""))
}

// TestReadSpreadsheetChosenEncoding reads a file in the encoding the
// officer chose, and offers the others it reads in.
func TestReadSpreadsheetChosenEncoding(t *testing.T) {
	file := ExcelCSV(charmap.Windows1250, sheet("Łukasz Wiśniewski", "Zofia Wójcik"))
	got, err := ReadSpreadsheet(file, "Windows-1252")
	if err != nil || got.Encoding != "windows-1252" || names(got.Text)[0] != "£ukasz Wiœniewski" {
		t.Fatalf("ReadSpreadsheet(windows-1252) = %s %q, %v", got.Encoding, names(got.Text), err)
	}
	if got.Encodings[0] != (SpreadsheetEncoding{"windows-1252", false}) {
		t.Fatalf("Encodings = %v; want the chosen windows-1252 first, not plausible", got.Encodings)
	}
	if i := indexOfEncoding(got.Encodings, "windows-1250"); i < 0 || !got.Encodings[i].Plausible {
		t.Fatalf("Encodings = %v; want windows-1250 offered as plausible", got.Encodings)
	}
	if _, err := ReadSpreadsheet(file, "EBCDIC"); !errors.Is(err, ErrUnknownEncoding) {
		t.Fatalf("ReadSpreadsheet(EBCDIC) = %v; want ErrUnknownEncoding", err)
	}
	if _, err := ReadSpreadsheet(file, "UTF-8"); !errors.Is(err, ErrSpreadsheetText) {
		t.Fatalf("ReadSpreadsheet(UTF-8) of Windows-1250 bytes = %v; want ErrSpreadsheetText", err)
	}
}

// TestReadSpreadsheetLargeFile: a file near the import's limit, its one
// Polish name at the end, is read in Windows-1250 (the lines beyond
// ASCII decide, wherever they are).
func TestReadSpreadsheetLargeFile(t *testing.T) {
	rows := sheet()
	for range 15000 {
		rows = append(rows, []string{"", "Anna Nowak", "O+", "Site office"})
	}
	rows = append(rows, []string{"", "Łukasz Wiśniewski", "O+", "Site office"})
	got, err := ReadSpreadsheet(ExcelCSV(charmap.Windows1250, rows), "")
	if n := names(got.Text); err != nil || got.Encoding != "windows-1250" || n[len(n)-1] != "Łukasz Wiśniewski" {
		t.Fatalf("ReadSpreadsheet = %s, %v", got.Encoding, err)
	}
}

func indexOfEncoding(list []SpreadsheetEncoding, name string) int {
	for i, e := range list {
		if e.Name == name {
			return i
		}
	}
	return -1
}

func TestGarbled(t *testing.T) {
	for _, name := range []string{"£ukasz Wiœniewski", "Wiœniewski", "ãÍãÏ ÇáÚÊíÈí", "Úáí", "Èâàí Ïåòðîâ", "JosÃ© NÃºÃ±ez",
		"Ð˜Ð²Ð°Ð½", "Јukasz", "Ayºe", "Brzêczyszczykiewicz¹"} {
		if !Garbled(name) {
			t.Errorf("Garbled(%q) = false; want true", name)
		}
	}
	for _, name := range []string{"Łukasz Wiśniewski", "Łódź", "José Núñez", "McDonald", "O'Brien-Smith", "Jean-Luc Picard", "محمد العتيبي",
		"王伟", "Nguyễn Văn An", "Đỗ Hùng", "Иван Петров", "Γιώργος", "Şükrü Öztürk", "Ann (site B)", "Zoë Ørsted", "Ævar Þór",
		"Mª José García", "约翰·史密斯", "ז׳ק כהן", "Jean–Luc", "O’Neill"} {
		if Garbled(name) {
			t.Errorf("Garbled(%q) = true; want false", name)
		}
	}
}

func TestSpreadsheetTextRefusals(t *testing.T) {
	accented := "Name\r\nŁukasz Wójcik\r\nJosé Núñez\r\n"
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"NUL bytes without a UTF-16 BOM", encode(t, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), accented)},
		{"a control character", []byte("Name\r\nJos\xe9\x07\r\n")},
		{"a replacement character", []byte("Name\r\nJos\ufffd N\ufffd\ufffdez\r\n")},
		{"UTF-8 BOM then bytes that are not UTF-8", append([]byte("\ufeffName\r\n"), "Jos\xe9\r\n"...)},
		{"UTF-16 with a lone surrogate", []byte{0xff, 0xfe, 'N', 0, 0x00, 0xd8, 'x', 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SpreadsheetText(tc.file)
			if !errors.Is(err, ErrSpreadsheetText) {
				t.Fatalf("SpreadsheetText = %q, %v; want ErrSpreadsheetText", got, err)
			}
		})
	}
}
