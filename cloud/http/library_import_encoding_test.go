package http_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestLibraryImportEncodings: a file in each encoding Excel saves is
// previewed with its names as they will print and imported with them; a
// file whose text cannot be read cleanly is refused, never imported with
// replacement characters in its names.
func TestLibraryImportEncodings(t *testing.T) {
	// sheet is a file of workers, its cells separated by sep.
	sheet := func(sep string, names ...string) string {
		rows := []string{strings.Join([]string{"Name", "Full Name", "Blood Type", "Emergency Contact Name", "Emergency Contact Phone"}, sep)}
		for _, name := range names {
			rows = append(rows, strings.Join([]string{"", name, "O+", "Ann Rider", "+44 7700 900123"}, sep))
		}
		return strings.Join(rows, "\r\n") + "\r\n"
	}
	encode := func(enc encoding.Encoding, text string) []byte {
		b, err := enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatalf("encoding %q: %v", text, err)
		}
		return b
	}
	polish := []string{"Łukasz Wójcik", "Zofia Wiśniewska", "José Núñez"}
	western := []string{"Jürgen Schröder", "José Núñez", "François Côté"} // all in Windows-1252
	utf16LE := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	utf16BE := unicode.UTF16(unicode.BigEndian, unicode.UseBOM)

	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		for _, tc := range []struct {
			name  string
			file  []byte
			names []string
		}{
			{"UTF8", []byte(sheet(",", polish...)), polish},
			{"UTF8WithBOM", []byte("\ufeff" + sheet(",", polish...)), polish},
			{"Windows1252", encode(charmap.Windows1252, sheet(",", western...)), western},
			{"UTF16LEUnicodeTextWithTabs", encode(utf16LE, sheet("\t", polish...)), polish},
			{"UTF16BE", encode(utf16BE, sheet(",", polish...)), polish},
		} {
			t.Run(tc.name, func(t *testing.T) {
				o := e.newOfficer(strings.ToLower(tc.name) + "@acme.example")
				import_ := func(commit bool) response {
					return e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csvFile": tc.file, "commit": commit})
				}
				preview := import_(false)
				wantStatus(t, preview, 200, "")
				var shown []string
				for _, row := range preview.JSON()["rows"].([]any) {
					shown = append(shown, row.(map[string]any)["name"].(string))
				}
				if !slices.Equal(shown, tc.names) || preview.JSON()["valid"] != float64(len(tc.names)) {
					t.Fatalf("preview shows %q, want %q: %s", shown, tc.names, preview.Body)
				}
				wantStatus(t, import_(true), 200, "")
				var imported []string
				for _, c := range e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any) {
					imported = append(imported, c.(map[string]any)["name"].(string))
				}
				slices.Sort(imported)
				want := slices.Sorted(slices.Values(tc.names))
				if !slices.Equal(imported, want) {
					t.Fatalf("imported %q, want %q", imported, want)
				}
			})
		}

		t.Run("Refused", func(t *testing.T) {
			o := e.newOfficer("refused@acme.example")
			for _, tc := range []struct {
				name string
				body map[string]any
			}{
				// UTF-16 without its byte order mark: NUL bytes.
				{"UTF16WithoutBOM", map[string]any{"csvFile": encode(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), sheet(",", polish...))}},
				// What a file read in the wrong encoding shows, sent as text.
				{"ReplacementCharacterInText", map[string]any{"csv": sheet(",", "Jos\ufffd N\ufffd\ufffdez")}},
				{"ReplacementCharacterInFile", map[string]any{"csvFile": []byte(sheet(",", "Jos\ufffd N\ufffd\ufffdez"))}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					for _, commit := range []bool{false, true} {
						tc.body["commit"] = commit
						wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token, tc.body), 400, cloud.MsgImportUndecodable)
					}
				})
			}
			wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token,
				map[string]any{"csv": sheet(",", polish...), "csvFile": []byte(sheet(",", polish...))}), 400, cloud.MsgImportCsvAndCsvFile)
			// The limit is the file's, before it is decoded.
			wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token,
				map[string]any{"csvFile": []byte(sheet(",", polish...) + strings.Repeat(" ", cloud.ImportMaxBytes))}), 400, cloud.MsgImportTooLarge)
			if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 0 {
				t.Fatalf("a refused file imported %d codes", n)
			}
		})
	})
}
