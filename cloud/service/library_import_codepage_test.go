package service_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

// excelCSV is a sheet of workers as Excel's plain "CSV (Comma delimited)"
// saves it on a Windows whose code page is cp: CRLF line ends, a cell
// with a comma quoted, and "?" for each letter the code page lacks.
func excelCSV(cp *charmap.Charmap, header []string, rows ...[]string) []byte {
	var out []byte
	for _, row := range append([][]string{header}, rows...) {
		for i, cell := range row {
			if i > 0 {
				out = append(out, ',')
			}
			if strings.ContainsAny(cell, ",\"") {
				cell = `"` + strings.ReplaceAll(cell, `"`, `""`) + `"`
			}
			for _, r := range cell {
				b, ok := cp.EncodeRune(r)
				if !ok {
					b = '?'
				}
				out = append(out, b)
			}
		}
		out = append(out, '\r', '\n')
	}
	return out
}

var importHeader = []string{"Name", "Full Name", "Blood Type", "Emergency Contact Name", "Emergency Contact Phone"}

// workerRows are a row per name, its contact "Site office, gate 2".
func workerRows(names ...string) [][]string {
	var rows [][]string
	for i, n := range names {
		rows = append(rows, []string{"", n, "O+", "Site office, gate 2", fmt.Sprintf("+44 7700 9001%02d", i)})
	}
	return rows
}

func importOrg(t *testing.T) (*service.Service, *cloud.User, *cloud.Organization) {
	t.Helper()
	store, _ := storetest.OpenSQLite(t)
	svc := newService(t, store, newKey(t))
	org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
	return svc, storetest.MustCreateOrganization(t, store, org), org
}

// TestImportExcelCodePages: a sheet saved as plain "CSV" on a Polish,
// Arabic or Russian Windows previews its names as written, says which
// encoding it was read in and which others fit; a Western save of a
// multilingual sheet, whose letters Excel replaced with "?", and a file
// read in a code page the officer wrongly chose, have their names
// refused row by row.
func TestImportExcelCodePages(t *testing.T) {
	svc, officer, org := importOrg(t)
	ctx := context.Background()
	for _, tc := range []struct {
		cp       *charmap.Charmap
		encoding string
		names    []string
	}{
		{charmap.Windows1250, "windows-1250", []string{"Łukasz Wiśniewski", "Zofia Wójcik", "Grzegorz Brzęczyszczykiewicz"}},
		{charmap.Windows1250, "windows-1250", []string{"Łukasz Nowak", "Anna Kowalska"}}, // no letter Windows-1252 lacks
		{charmap.Windows1256, "windows-1256", []string{"محمد العتيبي", "فاطمة الزهراء"}},
		{charmap.Windows1251, "windows-1251", []string{"Иван Петров", "Ольга Смирнова"}},
		{charmap.Windows1253, "windows-1253", []string{"Γιώργος Παπαδόπουλος"}},
		{charmap.Windows1254, "windows-1254", []string{"Ayşe Yılmaz", "Şükrü Öztürk"}},
		{charmap.Windows1252, "windows-1252", []string{"Jürgen Schröder", "José Núñez"}},
	} {
		t.Run(tc.encoding+"/"+tc.names[0], func(t *testing.T) {
			result, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: excelCSV(tc.cp, importHeader, workerRows(tc.names...)...)})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, row := range result.Rows {
				names = append(names, row.Name)
			}
			if !slices.Equal(names, tc.names) || result.Invalid != 0 || result.Encoding != tc.encoding {
				t.Fatalf("read as %s: %q (%d invalid: %+v); want %s: %q", result.Encoding, names, result.Invalid, result.Rows, tc.encoding, tc.names)
			}
			if len(result.Encodings) == 0 || result.Encodings[0].Name != tc.encoding || !result.Encodings[0].Plausible {
				t.Fatalf("encodings %+v; want %s first and plausible", result.Encodings, tc.encoding)
			}
		})
	}

	t.Run("QuestionMarks", func(t *testing.T) {
		file := excelCSV(charmap.Windows1252, importHeader, workerRows("Łukasz Wiśniewski", "王伟", "José Núñez")...)
		result, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{fmt.Sprintf(cloud.MsgImportGarbledName, "?ukasz Wi?niewski"), fmt.Sprintf(cloud.MsgImportGarbledName, "??"), ""}
		for i, row := range result.Rows {
			if row.Errors["Full Name"] != want[i] {
				t.Fatalf("row %d errors %q; want Full Name: %q", row.Row, row.Errors, want[i])
			}
		}
		if result.Invalid != 2 {
			t.Fatalf("%d invalid rows, want 2", result.Invalid)
		}
		// A long name is quoted cut short: the message fits a row's error.
		long := excelCSV(charmap.Windows1252, importHeader, workerRows(strings.Repeat("王", 80))...)
		result, err = svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: long})
		if msg := result.Rows[0].Errors["Full Name"]; err != nil || msg != fmt.Sprintf(cloud.MsgImportGarbledName, strings.Repeat("?", 24)+"…") || len([]rune(msg)) > 200 {
			t.Fatalf("long \"?\" name: %q, %v", msg, err)
		}
		if _, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file, Commit: true}); cloud.ErrorMessage(err) != cloud.MsgImportHasErrors {
			t.Fatalf("import of \"?\" names: %v; want %q", err, cloud.MsgImportHasErrors)
		}
	})

	t.Run("ChosenEncoding", func(t *testing.T) {
		file := excelCSV(charmap.Windows1250, importHeader, workerRows("Łukasz Wiśniewski")...)
		result, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file, Encoding: "windows-1252"})
		if err != nil {
			t.Fatal(err)
		}
		if result.Encoding != "windows-1252" || result.Rows[0].Errors["Full Name"] != fmt.Sprintf(cloud.MsgImportGarbledName, "£ukasz Wiœniewski") {
			t.Fatalf("read as %s, row %+v; want windows-1252 and the name refused", result.Encoding, result.Rows[0])
		}
		if i := slices.IndexFunc(result.Encodings, func(e api.ImportEncoding) bool { return e.Name == "windows-1250" }); i < 0 || !result.Encodings[i].Plausible {
			t.Fatalf("encodings %+v; want windows-1250 plausible", result.Encodings)
		}
		result, err = svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file, Encoding: "windows-1250", Commit: true})
		if err != nil || result.Imported != 1 {
			t.Fatalf("import as windows-1250: %+v, %v", result, err)
		}
		_, err = svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file, Encoding: "EBCDIC"})
		if want := fmt.Sprintf(cloud.MsgImportUnknownEncoding, "EBCDIC"); cloud.ErrorMessage(err) != want {
			t.Fatalf("encoding EBCDIC: %v; want %q", err, want)
		}
		_, err = svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{CsvFile: file, Encoding: "UTF-8"})
		if want := fmt.Sprintf(cloud.MsgImportUnreadableAs, "UTF-8"); cloud.ErrorMessage(err) != want {
			t.Fatalf("encoding UTF-8: %v; want %q", err, want)
		}
	})
}

// TestImportDialogMessages: an unknown column names the columns the form
// takes; a blank blood type points to Unknown; a re-import's blood type
// change is marked medical, a name's change is not.
func TestImportDialogMessages(t *testing.T) {
	svc, officer, org := importOrg(t)
	ctx := context.Background()
	t.Run("UnknownColumn", func(t *testing.T) {
		_, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{Csv: "Name,Full Name,Shoe size\r\n,Ann Rider,42\r\n"})
		if msg := cloud.ErrorMessage(err); !strings.HasPrefix(msg, `Unknown column "Shoe size". This form's columns are: "Name", "Employee or badge number", "Full Name",`) ||
			!strings.Contains(msg, `"Blood Type"`) {
			t.Fatalf("unknown column: %q", msg)
		}
	})

	t.Run("BlankBloodType", func(t *testing.T) {
		result, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{
			Csv: "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n,Ann Rider,,Bob Rider,+44 7700 900123\r\n"})
		if err != nil || result.Rows[0].Errors["Blood Type"] != cloud.MsgImportBloodTypeBlank {
			t.Fatalf("blank blood type: %+v, %v; want %q", result, err, cloud.MsgImportBloodTypeBlank)
		}
	})

	t.Run("MedicalChange", func(t *testing.T) {
		first := "Name,Employee or badge number,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n" +
			",E1,Ann Rider,O+,Bob Rider,+44 7700 900123\r\n,E2,Cy Walker,A+,Di Walker,+44 7700 900124\r\n"
		if _, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{Csv: first, Commit: true}); err != nil {
			t.Fatal(err)
		}
		again := strings.Replace(strings.Replace(first, "Ann Rider,O+", "Ann Rider,AB-", 1), "Bob Rider", "Bob Ryder", 1)
		result, err := svc.ImportCodes(ctx, officer, org.ID, api.ImportQRCodesRequest{Csv: again})
		if err != nil {
			t.Fatal(err)
		}
		changes := map[string]bool{}
		for _, c := range result.Rows[0].Changes {
			changes[c.Field] = c.Medical
		}
		if medical, ok := changes["Blood Type"]; !ok || !medical || changes["Emergency Contact Name"] || result.Updates != 1 || result.Unchanged != 1 {
			t.Fatalf("re-import: %+v; want the blood type change medical, the contact's not, 1 update, 1 unchanged", result)
		}
	})
}
