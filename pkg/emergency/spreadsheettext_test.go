package emergency

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
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

func TestSpreadsheetText(t *testing.T) {
	accented := "Name\r\nŁukasz Wójcik\r\nJosé Núñez\r\n"
	western := "Name\r\nJürgen Schröder\r\nJosé Núñez\r\nFrançois Côté\r\n" // all in Windows-1252
	tabbed := "Name\tFull Name\r\nŁukasz Wójcik\tŁukasz Wójcik\r\n"
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"UTF-8", []byte(accented), accented},
		{"UTF-8 with BOM", append([]byte("\ufeff"), accented...), accented},
		{"Windows-1252", encode(t, charmap.Windows1252, western), western},
		{"UTF-16LE with BOM (Excel's Unicode text)", encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), tabbed), tabbed},
		{"UTF-16BE with BOM", encode(t, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), accented), accented},
		{"empty", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SpreadsheetText(tc.file)
			if err != nil || got != tc.want {
				t.Fatalf("SpreadsheetText = %q, %v; want %q", got, err, tc.want)
			}
		})
	}

	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"a byte Windows-1252 leaves undefined", []byte("Name\r\nJos\xe9 \x81\r\n")},
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
