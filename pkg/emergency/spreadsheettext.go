package emergency

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	stdunicode "unicode"
	"unicode/utf8"

	"github.com/saintfish/chardet"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// ErrSpreadsheetText is SpreadsheetText's refusal: the file's bytes are
// not text in any encoding a spreadsheet program saves, or they decode to
// a replacement character or a control character, which would reach a
// label as a garbled name.
var ErrSpreadsheetText = errors.New("the file's text could not be read")

// ErrUnknownEncoding refuses an encoding name that is none of
// SpreadsheetEncodingNames.
var ErrUnknownEncoding = errors.New("unknown encoding")

// UTF8 is the name of the encoding of "CSV UTF-8" and of pasted text.
const UTF8 = "UTF-8"

// spreadsheetEncoding is an encoding a spreadsheet program may save a file
// in, by the name the import shows and takes.
type spreadsheetEncoding struct {
	name string
	enc  encoding.Encoding // nil for UTF-8
}

// spreadsheetEncodings are the encodings Excel saves text in: Unicode
// ("CSV UTF-8", "Unicode text"), then the ANSI code page of each Windows
// language (plain "CSV"), then the ISO and other code pages older systems
// export. The order breaks ties between equally plausible readings: the
// Windows code pages come first, as plain "CSV" on Windows writes them.
var spreadsheetEncodings = []spreadsheetEncoding{
	{UTF8, nil},
	{"UTF-16LE", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"UTF-16BE", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{"windows-1252", charmap.Windows1252},
	{"windows-1250", charmap.Windows1250},
	{"windows-1251", charmap.Windows1251},
	{"windows-1253", charmap.Windows1253},
	{"windows-1254", charmap.Windows1254},
	{"windows-1255", charmap.Windows1255},
	{"windows-1256", charmap.Windows1256},
	{"windows-1257", charmap.Windows1257},
	{"windows-1258", charmap.Windows1258},
	{"windows-874", charmap.Windows874},
	{"Shift_JIS", japanese.ShiftJIS},
	{"GBK", simplifiedchinese.GBK},
	{"GB18030", simplifiedchinese.GB18030},
	{"Big5", traditionalchinese.Big5},
	{"EUC-KR", korean.EUCKR},
	{"EUC-JP", japanese.EUCJP},
	{"ISO-8859-1", charmap.ISO8859_1},
	{"ISO-8859-2", charmap.ISO8859_2},
	{"ISO-8859-3", charmap.ISO8859_3},
	{"ISO-8859-4", charmap.ISO8859_4},
	{"ISO-8859-5", charmap.ISO8859_5},
	{"ISO-8859-6", charmap.ISO8859_6},
	{"ISO-8859-7", charmap.ISO8859_7},
	{"ISO-8859-8", charmap.ISO8859_8},
	{"ISO-8859-9", charmap.ISO8859_9},
	{"ISO-8859-10", charmap.ISO8859_10},
	{"ISO-8859-13", charmap.ISO8859_13},
	{"ISO-8859-14", charmap.ISO8859_14},
	{"ISO-8859-15", charmap.ISO8859_15},
	{"ISO-8859-16", charmap.ISO8859_16},
	{"KOI8-R", charmap.KOI8R},
	{"KOI8-U", charmap.KOI8U},
}

// SpreadsheetEncodingNames are the names of the encodings
// ReadSpreadsheet reads, in its order.
func SpreadsheetEncodingNames() []string {
	names := make([]string, len(spreadsheetEncodings))
	for i, e := range spreadsheetEncodings {
		names[i] = e.name
	}
	return names
}

// chardetNames are the detector's names of the encodings it knows by
// another name here.
var chardetNames = map[string]string{"GB-18030": "GB18030", "ISO-8859-8-I": "ISO-8859-8"}

// windowsOf is the Windows code page that holds each ISO code page's
// letters at the same bytes: the detector names the ISO page when a file
// has no byte of the Windows page's own, but Excel wrote the Windows one.
var windowsOf = map[string]string{"iso-8859-1": "windows-1252", "iso-8859-7": "windows-1253",
	"iso-8859-8": "windows-1255", "iso-8859-9": "windows-1254"}

// SpreadsheetEncoding is an encoding a file can be read in: Plausible
// when its names read as names (no letter of a wrong code page).
type SpreadsheetEncoding struct {
	Name      string
	Plausible bool
}

// SpreadsheetFile is a file's text, the encoding it was read in, and every
// encoding its lines beyond ASCII (evidence) read in without a control or
// replacement character, the likeliest first (Encoding among them).
type SpreadsheetFile struct {
	Text      string
	Encoding  string
	Encodings []SpreadsheetEncoding
}

// SpreadsheetText is the text of a file a spreadsheet program saved,
// read in the encoding ReadSpreadsheet guesses.
func SpreadsheetText(file []byte) (string, error) {
	read, err := ReadSpreadsheet(file, "")
	return read.Text, err
}

// ReadSpreadsheet reads a file a spreadsheet program saved in the encoding
// named (one of SpreadsheetEncodingNames, ignoring case), or, for "", the
// one it guesses: a byte order mark's (UTF-8, UTF-16), UTF-8 when the
// bytes are UTF-8, or else the code page whose reading looks most like
// names, the detector's ranking breaking ties. Short files of names defeat
// a detector that counts letter sequences of prose, so what decides is
// how the names read (Garbled). A reading holding a replacement or control
// character is refused (ErrSpreadsheetText): such a name would print as
// garbage on a label.
func ReadSpreadsheet(file []byte, name string) (SpreadsheetFile, error) {
	if name != "" {
		e, known := encodingNamed(name)
		if !known {
			return SpreadsheetFile{}, ErrUnknownEncoding
		}
		text, ok := decodeSpreadsheet(file, e)
		if !ok {
			return SpreadsheetFile{}, ErrSpreadsheetText
		}
		return SpreadsheetFile{Text: text, Encoding: e.name, Encodings: rankEncodings(evidence(file), e.name)}, nil
	}
	if bom := byteOrderMark(file); bom != "" {
		e, _ := encodingNamed(bom)
		text, ok := decodeSpreadsheet(file, e)
		if !ok {
			return SpreadsheetFile{}, ErrSpreadsheetText
		}
		// A byte order mark says the encoding: nothing else is offered.
		return SpreadsheetFile{Text: text, Encoding: bom, Encodings: []SpreadsheetEncoding{{bom, true}}}, nil
	}
	if utf8.Valid(file) {
		// UTF-8 that holds a replacement or control character lost its
		// letters before it was saved: no other reading brings them back.
		if _, ok := decodeSpreadsheet(file, spreadsheetEncodings[0]); !ok {
			return SpreadsheetFile{}, ErrSpreadsheetText
		}
	}
	// Ranked on the lines that tell encodings apart; the likeliest that
	// reads the whole file cleanly is the guess.
	ranked := rankEncodings(evidence(file), "")
	for i, r := range ranked {
		e, _ := encodingNamed(r.Name)
		if text, ok := decodeSpreadsheet(file, e); ok {
			return SpreadsheetFile{Text: text, Encoding: e.name, Encodings: ranked[i:]}, nil
		}
	}
	return SpreadsheetFile{}, ErrSpreadsheetText
}

// encodingNamed is the encoding of that name (ignoring case).
func encodingNamed(name string) (spreadsheetEncoding, bool) {
	i := slices.IndexFunc(spreadsheetEncodings, func(e spreadsheetEncoding) bool { return strings.EqualFold(e.name, name) })
	if i < 0 {
		return spreadsheetEncoding{}, false
	}
	return spreadsheetEncodings[i], true
}

// evidenceBytes bounds the lines rankEncodings reads each file's bytes
// in: a megabyte read in every code page would keep the officer waiting.
const evidenceBytes = 32 << 10

// evidence is the file's first lines that hold a byte beyond ASCII, up
// to evidenceBytes (the whole file when it is smaller): only they read
// differently in different encodings. A file of ASCII gives its start.
func evidence(file []byte) []byte {
	if len(file) <= evidenceBytes {
		return file
	}
	var out []byte
	for rest := file; len(rest) > 0 && len(out) < evidenceBytes; {
		line, after, _ := bytes.Cut(rest, []byte{'\n'})
		rest = after
		for _, b := range line {
			if b >= utf8.RuneSelf {
				out = append(append(out, line...), '\n')
				break
			}
		}
	}
	if len(out) == 0 {
		return file[:evidenceBytes]
	}
	return out
}

// byteOrderMark is the encoding a file's byte order mark names, or "".
func byteOrderMark(file []byte) string {
	switch {
	case bytes.HasPrefix(file, []byte{0xff, 0xfe}):
		return "UTF-16LE"
	case bytes.HasPrefix(file, []byte{0xfe, 0xff}):
		return "UTF-16BE"
	case bytes.HasPrefix(file, []byte("\ufeff")):
		return UTF8
	}
	return ""
}

// decodeSpreadsheet is the file's text in e, without its byte order mark,
// in composed form (Windows-1258 writes Vietnamese tones as combining
// marks); ok is false when a byte is not text in e or reads as a control
// or replacement character.
func decodeSpreadsheet(file []byte, e spreadsheetEncoding) (text string, ok bool) {
	if e.enc == nil {
		text = string(bytes.TrimPrefix(file, []byte("\ufeff")))
		if !utf8.ValidString(text) {
			return "", false
		}
	} else {
		switch e.name {
		case "UTF-16LE":
			file = bytes.TrimPrefix(file, []byte{0xff, 0xfe})
		case "UTF-16BE":
			file = bytes.TrimPrefix(file, []byte{0xfe, 0xff})
		}
		decoded, err := e.enc.NewDecoder().Bytes(file)
		if err != nil {
			return "", false
		}
		text = string(decoded)
	}
	for _, r := range text {
		if r == utf8.RuneError || (stdunicode.IsControl(r) && r != '\t' && r != '\r' && r != '\n') {
			return "", false
		}
	}
	return norm.NFC.String(text), true
}

// rankEncodings is every encoding the file reads in cleanly, the likeliest
// first: UTF-8 when the bytes are UTF-8 (a code page's reading of UTF-8
// multi-byte letters is mojibake), then fewest garbled words, then the
// detector's confidence, then spreadsheetEncodings' order. Chosen, when
// not "", is listed first whatever its rank. A reading no different from
// a likelier one's (an ASCII file read in any code page) is left out.
func rankEncodings(file []byte, chosen string) []SpreadsheetEncoding {
	confidence := map[string]int{}
	if results, err := chardet.NewTextDetector().DetectAll(file); err == nil {
		for _, r := range results {
			n := r.Charset
			if alias, ok := chardetNames[n]; ok {
				n = alias
			}
			n = strings.ToLower(n)
			confidence[n] = max(confidence[n], r.Confidence)
			if w, ok := windowsOf[n]; ok {
				confidence[w] = max(confidence[w], r.Confidence)
			}
		}
	}
	type reading struct {
		index, garbled, odd, confidence int
		name, text                      string
	}
	var readings []reading
	for i, e := range spreadsheetEncodings {
		if strings.HasPrefix(e.name, "UTF-16") && e.name != chosen {
			continue // Excel's UTF-16 starts with a byte order mark
		}
		text, ok := decodeSpreadsheet(file, e)
		if !ok {
			continue
		}
		garbled, odd := readingScore(text)
		readings = append(readings, reading{index: i, garbled: garbled, odd: odd,
			confidence: confidence[strings.ToLower(e.name)], name: e.name, text: text})
	}
	slices.SortStableFunc(readings, func(a, b reading) int {
		switch {
		case a.name == chosen != (b.name == chosen):
			if a.name == chosen {
				return -1
			}
			return 1
		case (a.name == UTF8) != (b.name == UTF8):
			if a.name == UTF8 {
				return -1
			}
			return 1
		case a.garbled != b.garbled:
			return a.garbled - b.garbled
		case a.odd != b.odd:
			return a.odd - b.odd
		case a.confidence != b.confidence:
			return b.confidence - a.confidence
		}
		return a.index - b.index
	})
	seen := map[string]bool{}
	var out []SpreadsheetEncoding
	for _, r := range readings {
		if seen[r.text] && r.name != chosen {
			continue
		}
		seen[r.text] = true
		out = append(out, SpreadsheetEncoding{Name: r.name, Plausible: r.garbled == 0})
	}
	return out
}

// garbledWords counts the words of text that Garbled finds wrong.
func garbledWords(text string) int {
	n, _ := readingScore(text)
	return n
}

// readingScore counts the words of a reading that are garbled
// (garbledWord) and, of the others, those that are odd (oddWord): two
// code pages can both read a file as letters, Czech "Jiří" as "Jiøí".
func readingScore(text string) (garbled, odd int) {
	for _, word := range strings.FieldsFunc(text, isWordBreak) {
		switch {
		case garbledWord(word):
			garbled++
		case oddWord(word):
			odd++
		}
	}
	return garbled, odd
}

// alphabets are the letters beyond ASCII of the languages written in
// Latin letters whose names a company's sheet holds (with the ordinal
// signs of "Mª José" where they are written); a word's letters fit one of
// them. Vietnamese is told apart by its marks (vietnamese).
var alphabets = []string{
	"ąćęłńóśźż",         // Polish
	"áčďéěíňóřšťúůýž",   // Czech
	"áäčďéíĺľňóôŕšťúýž", // Slovak
	"áéíóöőúüű",         // Hungarian
	"ăâîșțşţ",           // Romanian
	"čćđšž",             // Croatian, Serbian, Slovene, Bosnian
	"äöüß",              // German
	"àâæçéèêëîïôœùûüÿ",  // French
	"áéíñóúüªº",         // Spanish
	"áâãàçéêíóôõúªº",    // Portuguese
	"àèéìíòóùúªº",       // Italian
	"àçèéíïòóúüªº",      // Catalan
	"æøåé",              // Danish, Norwegian
	"åäöé",              // Swedish, Finnish
	"áðéíóúýþæö",        // Icelandic
	"çğıiöşüâîû",        // Turkish
	"āčēģīķļņšūž",       // Latvian
	"ąčęėįšųūž",         // Lithuanian
	"šžõäöü",            // Estonian
	"çë",                // Albanian
	"éëïóè",             // Dutch
}

// oddWord reports whether a word's letters are in no one language's
// alphabet ("Jiøí" mixes Danish ø and Czech í), it is a word of Greek
// or Cyrillic letters with no capital (Hebrew read as Greek: "γεγ λδο"),
// or it holds the half-width katakana of old Japanese systems, which a
// name typed in a spreadsheet does not.
func oddWord(word string) bool {
	lower := []rune(strings.ToLower(word))
	var beyond []rune
	capital, greekOrCyrillic := false, false
	for _, r := range []rune(word) {
		if r >= 0xff61 && r <= 0xff9f {
			return true // half-width katakana: Korean EUC-KR read as Shift_JIS
		}
		capital = capital || stdunicode.IsUpper(r)
		greekOrCyrillic = greekOrCyrillic || stdunicode.In(r, stdunicode.Greek, stdunicode.Cyrillic)
	}
	if greekOrCyrillic {
		return !capital && len(lower) > 1
	}
	for _, r := range lower {
		if r >= utf8.RuneSelf && stdunicode.Is(stdunicode.Latin, r) {
			beyond = append(beyond, r)
		}
	}
	if len(beyond) == 0 || vietnamese(beyond) {
		return false
	}
	for _, a := range alphabets {
		if !slices.ContainsFunc(beyond, func(r rune) bool { return !strings.ContainsRune(a, r) }) {
			return false
		}
	}
	return true
}

// vietnamese reports whether letters are Vietnamese ones: đ, or vowels
// with its tone marks and its circumflex, breve and horn.
func vietnamese(letters []rune) bool {
	for _, r := range letters {
		if r == 'đ' {
			continue
		}
		d := []rune(norm.NFD.String(string(r)))
		if !strings.ContainsRune("aeiouy", d[0]) {
			return false
		}
		for _, m := range d[1:] {
			if !strings.ContainsRune("\u0300\u0301\u0303\u0309\u0323\u0302\u0306\u031b", m) {
				return false
			}
		}
	}
	return true
}

// isWordBreak separates a file's words: spaces, and the CSV's commas,
// semicolons, tabs and quotes.
func isWordBreak(r rune) bool {
	return stdunicode.IsSpace(r) || r == ',' || r == ';' || r == '"'
}

// Garbled reports whether a name holds letters as a file read in the
// wrong code page shows them: "£ukasz Wiœniewski" (Polish read as Western
// European), "ãÍãÏ ÇáÚÊíÈí" (Arabic read so), "Ð˜Ð²Ð°Ð½" (UTF-8 read so).
func Garbled(name string) bool {
	return garbledWords(name) > 0
}

// codePageLetters are letters that are almost never in a name but are what
// another code page's common letters read as: œ for Polish ś, Ÿ for
// Polish ź, ƒ, and Ð for the lead byte of Cyrillic in UTF-8.
const codePageLetters = "œŒŸƒÐ"

// ordinals are letters a name has only after a letter ("Mª José", a
// Spanish María), but Turkish Ş and ş read as Western European put
// inside a word ("Ayºe").
const ordinals = "ªº"

// garbledWord reports whether one word reads as a code page's mojibake:
// a symbol or unusual sign beside a letter ("£ukasz", "Wi¶niewski",
// "JosÃ©"), letters of two scripts ("Јukasz"), a lower-case letter then a
// capital where either is not ASCII ("ãÍãÏ"; "McDonald" is fine), a
// word of three or more Latin letters none of them ASCII ("Èâàí" for
// Cyrillic), or one of codePageLetters.
func garbledWord(word string) bool {
	runes := []rune(word)
	script := ""
	latinLetters, asciiLetters := 0, 0
	for i, r := range runes {
		if stdunicode.IsLetter(r) {
			if strings.ContainsRune(codePageLetters, r) {
				return true
			}
			if strings.ContainsRune(ordinals, r) && i > 0 && i+1 < len(runes) && stdunicode.IsLetter(runes[i-1]) && stdunicode.IsLetter(runes[i+1]) {
				return true
			}
			s := scriptOf(r)
			if s != "" && script != "" && s != script {
				return true
			}
			if s != "" {
				script = s
			}
			if s == "Latin" {
				latinLetters++
				if r < utf8.RuneSelf {
					asciiLetters++
				}
			}
			if i > 0 && stdunicode.IsLower(runes[i-1]) && stdunicode.IsUpper(r) && (r >= utf8.RuneSelf || runes[i-1] >= utf8.RuneSelf) {
				return true
			}
			continue
		}
		if !oddSign(r) {
			continue
		}
		if (i > 0 && stdunicode.IsLetter(runes[i-1])) || (i+1 < len(runes) && stdunicode.IsLetter(runes[i+1])) {
			return true
		}
	}
	return latinLetters >= 3 && asciiLetters == 0 && script == "Latin"
}

// oddSign is a sign a name does not hold beside a letter: a symbol (£ ¥ ©
// ¤ ± ¦), a superscript or fraction (¹ ³ ½), or punctuation Western
// European code pages put where other alphabets have letters (¿ ¡ « » ·
// ‚ „ † ‡ ‰ ‹ › •). Hyphens, apostrophes, full stops and brackets are a
// name's own.
func oddSign(r rune) bool {
	if r < utf8.RuneSelf {
		return false // ASCII signs are typed, not mis-read
	}
	switch {
	case stdunicode.IsSymbol(r), stdunicode.Is(stdunicode.No, r):
		return true
	case stdunicode.IsPunct(r):
		return !strings.ContainsRune(namePunctuation, r)
	}
	return false
}

// namePunctuation are the signs beyond ASCII that names hold beside their
// letters: hyphens and dashes, curly apostrophes, the middle dots between
// the parts of a foreign name in Chinese or Japanese ("约翰·史密斯") and
// the Hebrew geresh and gershayim ("ז׳ק").
const namePunctuation = "‐‑–—’‘·・‧׳״"

// scriptOf is the script of a letter for telling two alphabets apart in
// one word, "" for one of no single script; the scripts names are not
// written in are one, "Other".
func scriptOf(r rune) string {
	for _, s := range []string{"Latin", "Cyrillic", "Greek", "Arabic", "Hebrew", "Thai", "Han", "Hiragana", "Katakana", "Hangul", "Armenian", "Georgian", "Devanagari"} {
		if stdunicode.Is(stdunicode.Scripts[s], r) {
			switch s {
			case "Hiragana", "Katakana":
				return "Han" // Japanese writes the three together
			}
			return s
		}
	}
	if stdunicode.In(r, stdunicode.Common, stdunicode.Inherited) {
		return ""
	}
	return "Other" // Bopomofo from Big5, say: no name mixes it with Latin
}
