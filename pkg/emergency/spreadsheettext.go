package emergency

import (
	"bytes"
	"errors"
	stdunicode "unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// ErrSpreadsheetText is SpreadsheetText's refusal: the file's bytes are
// not text in any encoding a spreadsheet program saves, or they decode to
// a replacement character or a control character, which would reach a
// label as a garbled name.
var ErrSpreadsheetText = errors.New("the file's text could not be read")

// windows1252Undefined are the bytes Windows-1252 gives no character; a
// file holding one was written in some other encoding.
var windows1252Undefined = []byte{0x81, 0x8d, 0x8f, 0x90, 0x9d}

// SpreadsheetText is the text of a file a spreadsheet program saved, in
// the encodings Excel writes: UTF-8 with or without a byte order mark
// ("CSV UTF-8"), UTF-16 with a byte order mark ("Unicode text"), and
// Windows-1252 (plain "CSV" on a Western Windows) for bytes that are not
// UTF-8. It refuses (ErrSpreadsheetText) rather than guess: a name read
// in the wrong encoding would print wrong on a label, unseen.
func SpreadsheetText(file []byte) (string, error) {
	var text string
	switch {
	case bytes.HasPrefix(file, []byte{0xff, 0xfe}):
		decoded, err := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder().Bytes(file)
		if err != nil {
			return "", ErrSpreadsheetText
		}
		text = string(decoded)
	case bytes.HasPrefix(file, []byte{0xfe, 0xff}):
		decoded, err := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder().Bytes(file)
		if err != nil {
			return "", ErrSpreadsheetText
		}
		text = string(decoded)
	case bytes.HasPrefix(file, []byte("\ufeff")):
		text = string(file[len("\ufeff"):])
		if !utf8.ValidString(text) {
			return "", ErrSpreadsheetText
		}
	case utf8.Valid(file):
		text = string(file)
	default:
		for _, b := range windows1252Undefined {
			if bytes.IndexByte(file, b) >= 0 {
				return "", ErrSpreadsheetText
			}
		}
		decoded, err := charmap.Windows1252.NewDecoder().Bytes(file)
		if err != nil {
			return "", ErrSpreadsheetText
		}
		text = string(decoded)
	}
	for _, r := range text {
		if r == utf8.RuneError || (stdunicode.IsControl(r) && r != '\t' && r != '\r' && r != '\n') {
			return "", ErrSpreadsheetText
		}
	}
	return text, nil
}
