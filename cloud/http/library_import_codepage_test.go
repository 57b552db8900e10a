package http_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestLibraryImportExcelCodePages: over HTTP, a Polish office's plain
// "CSV" (Windows-1250) is previewed and imported with its names as
// written and says the encoding it was read in; a Western save whose
// letters Excel replaced with "?" is refused row by row until fixed; a
// wrongly chosen encoding shows the names refused, the right one imports.
func TestLibraryImportExcelCodePages(t *testing.T) {
	// excel is the sheet as plain "CSV" on a Windows of code page cp:
	// CRLF, quoted commas, "?" for a letter cp lacks.
	excel := func(cp *charmap.Charmap, names ...string) []byte {
		text := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n"
		for i, n := range names {
			text += fmt.Sprintf(",%s,O+,\"Site office, gate 2\",+44 7700 9001%02d\r\n", n, i)
		}
		var out []byte
		for _, r := range text {
			b, ok := cp.EncodeRune(r)
			if !ok {
				b = '?'
			}
			out = append(out, b)
		}
		return out
	}
	polish := []string{"Łukasz Wiśniewski", "Zofia Wójcik"}
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("polish@acme.example")
		import_ := func(body map[string]any) response {
			return e.do("POST", o.path("/qr-codes/import"), o.token, body)
		}
		rowsOf := func(r response) (names, errors []string) {
			for _, row := range r.JSON()["rows"].([]any) {
				row := row.(map[string]any)
				names = append(names, row["name"].(string))
				for col, msg := range row["errors"].(map[string]any) {
					errors = append(errors, col+": "+msg.(string))
				}
			}
			return names, errors
		}

		preview := import_(map[string]any{"csvFile": excel(charmap.Windows1250, polish...)})
		wantStatus(t, preview, 200, "")
		names, errors := rowsOf(preview)
		if !slices.Equal(names, polish) || len(errors) > 0 || preview.JSON()["encoding"] != "windows-1250" {
			t.Fatalf("preview of a Windows-1250 file: %s", preview.Body)
		}
		if first := preview.JSON()["encodings"].([]any)[0].(map[string]any); first["name"] != "windows-1250" || first["plausible"] != true {
			t.Fatalf("encodings: %s", preview.Body)
		}

		wrong := import_(map[string]any{"csvFile": excel(charmap.Windows1250, polish...), "encoding": "windows-1252"})
		wantStatus(t, wrong, 200, "")
		if _, errors := rowsOf(wrong); !slices.Contains(errors, "Full Name: "+fmt.Sprintf(cloud.MsgImportGarbledName, "£ukasz Wiœniewski")) {
			t.Fatalf("Windows-1250 read as Windows-1252: %s", wrong.Body)
		}
		wantStatus(t, import_(map[string]any{"csvFile": excel(charmap.Windows1250, polish...), "encoding": "windows-1252", "commit": true}), 400, cloud.MsgImportHasErrors)
		wantStatus(t, import_(map[string]any{"csvFile": excel(charmap.Windows1250, polish...), "encoding": "windows-1250", "commit": true}), 200, "")

		questions := import_(map[string]any{"csvFile": excel(charmap.Windows1252, "Łukasz Wiśniewski", "王伟")})
		wantStatus(t, questions, 200, "")
		if _, errors := rowsOf(questions); len(errors) != 2 || questions.JSON()["invalid"] != float64(2) ||
			!strings.Contains(errors[0], `Save the sheet as "CSV UTF-8 (Comma delimited)"`) {
			t.Fatalf("\"?\" names: %s", questions.Body)
		}
		wantStatus(t, import_(map[string]any{"csvFile": excel(charmap.Windows1252, "Łukasz Wiśniewski", "王伟"), "commit": true}), 400, cloud.MsgImportHasErrors)
		wantStatus(t, import_(map[string]any{"csvFile": excel(charmap.Windows1250, polish...), "encoding": "EBCDIC"}), 400,
			fmt.Sprintf(cloud.MsgImportUnknownEncoding, "EBCDIC"))

		var imported []string
		for _, c := range e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any) {
			imported = append(imported, c.(map[string]any)["name"].(string))
		}
		if slices.Sort(imported); !slices.Equal(imported, slices.Sorted(slices.Values(polish))) {
			t.Fatalf("imported %q, want %q", imported, polish)
		}
	})
}
