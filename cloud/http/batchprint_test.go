package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/scantest"
	"github.com/lifetag/lifetag/pkg/sheet"
)

// workerValues is a realistic worker's record on the Standard Emergency
// Form, different for each i.
func workerValues(i int) map[string]string {
	return map[string]string{
		"fullName":      fmt.Sprintf("Worker %02d Okafor-Smith", i),
		"dateOfBirth":   "1987-04-12",
		"bloodType":     []string{"O+", "A-", "B+", "AB+"}[i%4],
		"contact1Name":  "Grace Okafor",
		"contact1Phone": fmt.Sprintf("+44 7700 900%03d", i),
		"allergies":     "Penicillin",
		"conditions":    "Type 1 diabetes",
	}
}

// batchEnv is an organisation (a trial) with n codes, a member's session,
// and a code of another organisation.
type batchEnv struct {
	*env
	officer *cloud.User
	token   string
	codes   []int64
	foreign int64
}

func newBatchEnv(t *testing.T, backend storetest.Backend, n int) *batchEnv {
	e := newEnv(t, backend, envOptions{})
	ctx := context.Background()
	officer := e.createCorporateUser("officer@acme.example", "officer-password")
	b := &batchEnv{env: e, officer: officer, token: e.corporateLogin("officer@acme.example", "officer-password")}
	for i := range n {
		c, err := e.Service.CreateCode(ctx, officer, officer.OrganizationID, service.CodeInput{Values: workerValues(i)})
		if err != nil {
			t.Fatal(err)
		}
		b.codes = append(b.codes, c.ID)
	}
	rival := e.createCorporateUser("rival@bravo.example", "rival-password")
	c, err := e.Service.CreateCode(ctx, rival, rival.OrganizationID, service.CodeInput{Values: workerValues(99)})
	if err != nil {
		t.Fatal(err)
	}
	b.foreign = c.ID
	return b
}

// paper is the paper the officer's organisation prints on.
func (b *batchEnv) paper() string {
	b.t.Helper()
	org, err := b.Store.FindOrganization(context.Background(), b.officer.OrganizationID)
	if err != nil {
		b.t.Fatal(err)
	}
	return org.Paper()
}

func (b *batchEnv) batchPath() string {
	return fmt.Sprintf("/api/corporate/%d/batch-print.pdf", b.officer.OrganizationID)
}

func (b *batchEnv) runs() []*cloud.PrintRun {
	b.t.Helper()
	runs, err := b.Store.ListPrintRuns(context.Background(), b.officer.OrganizationID, time.Time{})
	if err != nil {
		b.t.Fatal(err)
	}
	return runs
}

// pdfPages matches each page object of a PDF (not the /Pages tree).
var pdfPages = regexp.MustCompile(`/Type /Page\b[^s]`)

func batchBody(ids []int64, layout string, start int, preview bool) map[string]any {
	return map[string]any{"codeIds": ids, "layout": map[string]string{"id": layout}, "startPosition": start, "preview": preview}
}

func TestBatchPrint(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		b := newBatchEnv(t, backend, 31)

		t.Run("Layouts", func(t *testing.T) {
			resp := b.do("GET", "/api/labels/batch-layouts", "", nil)
			if resp.Status != 200 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			layouts := resp.JSON()["layouts"].([]any)
			first := layouts[0].(map[string]any)
			if len(layouts) != 10 || first["id"] != "avery-5160" || first["perSheet"] != 30.0 ||
				first["cols"] != 3.0 || first["rows"] != 10.0 || first["labelHeight"] != 25.4 {
				t.Fatalf("layouts %s", resp.Body)
			}
		})
		t.Run("CatalogueSearch", func(t *testing.T) {
			resp := b.do("GET", "/api/labels/catalogue?q=avery+5163", "", nil)
			sheets := resp.JSON()["sheets"].([]any)
			if resp.Status != 200 || len(sheets) == 0 || sheets[0].(map[string]any)["id"] != "Avery 5163" {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrEmptyQueue", func(t *testing.T) {
			resp := b.do("POST", b.batchPath(), b.token, batchBody(nil, "avery-5163", 1, false))
			if resp.Status != 400 || resp.Message() != cloud.MsgNoQRCodes {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrAnotherOrganizationsCode", func(t *testing.T) {
			resp := b.do("POST", b.batchPath(), b.token, batchBody([]int64{b.codes[0], b.foreign}, "avery-5163", 1, false))
			if resp.Status != 404 || strings.Contains(string(resp.Body), "Worker 99") {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrUnknownLayout", func(t *testing.T) {
			resp := b.do("POST", b.batchPath(), b.token, batchBody(b.codes[:1], "Nobody 1234", 1, false))
			if resp.Status != 400 || resp.Message() != cloud.MsgBatchLayoutUnknown {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrStartPosition", func(t *testing.T) {
			resp := b.do("POST", b.batchPath(), b.token, batchBody(b.codes[:1], "avery-5163", 11, false))
			if resp.Status != 400 || resp.Message() != fmt.Sprintf(cloud.MsgStartPositionInvalid, 10, "Avery 5163 (10 per sheet)") {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrTooManyLabels", func(t *testing.T) {
			ids := make([]int64, cloud.MaxBatchLabels+1)
			for i := range ids {
				ids[i] = b.codes[0]
			}
			resp := b.do("POST", b.batchPath(), b.token, batchBody(ids, "avery-5163", 1, false))
			if resp.Status != 400 || resp.Message() != cloud.MsgBatchTooLarge {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		if len(b.runs()) != 0 {
			t.Fatal("a refused batch recorded a print run")
		}

		t.Run("PreviewRecordsNothing", func(t *testing.T) {
			resp := b.do("POST", b.batchPath(), b.token, batchBody(b.codes[:2], "avery-c32015", 1, true))
			if resp.Status != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(resp.Body), "%PDF-") {
				t.Fatalf("%d %s", resp.Status, resp.Header)
			}
			if runs := b.runs(); len(runs) != 0 {
				t.Fatalf("a preview recorded %+v", runs[0])
			}
		})

		// The lead's journey: 31 codes (one queued twice), from the tenth
		// slot of the first sheet; every code on the printed PDF reads back
		// as its record's exact QR text, as often as it was queued, and the
		// 9 skipped slots make it 5 sheets of 10, not 4.
		t.Run("PrintDecodesAndRecordsOneRun", func(t *testing.T) {
			queue := append([]int64{b.codes[0]}, b.codes...)
			resp := b.do("POST", b.batchPath(), b.token, batchBody(queue, "avery-5163", 10, false))
			if resp.Status != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if pages := pdfPages.FindAll(resp.Body, -1); len(pages) != 5 {
				t.Fatalf("%d pages, want 5", len(pages))
			}
			records, err := b.Service.CodeRecords(context.Background(), b.officer, b.officer.OrganizationID, queue)
			if err != nil {
				t.Fatal(err)
			}
			decoded := scantest.DecodePDF(t, resp.Body)
			total := 0
			for i, r := range records {
				// zbarimg -Sbinary writes the codes one after another, as
				// they are; no text is another's part (names differ).
				total += len(r.QRText)
				want := 1
				if i < 2 {
					want = 2 // queued twice
				}
				if got := strings.Count(decoded, r.QRText); got != want {
					t.Fatalf("code %d (%s) read %d times, want %d", i, r.Code.Name, got, want)
				}
			}
			if len(decoded) != total {
				t.Fatalf("decoded %d bytes, want exactly the %d codes' texts", len(decoded), len(queue))
			}
			runs := b.runs()
			if len(runs) != 1 {
				t.Fatalf("runs %+v", runs)
			}
			if r := runs[0]; r.Labels != 32 || r.Codes != 31 || r.Layout != "Avery 5163 (10 per sheet)" || r.UserID != b.officer.ID {
				t.Fatalf("run %+v", r)
			}
		})

		t.Run("ErrCodeTooDenseForTheLabel", func(t *testing.T) {
			values := workerValues(50)
			// Every free-text field at its longest (rules.json maxBytes).
			values["allergies"] = strings.Repeat("Penicillin, latex. ", 7)[:120]
			values["medications"] = strings.Repeat("Insulin glargine 20u. ", 6)[:120]
			values["conditions"] = strings.Repeat("Type 1 diabetes, asthma. ", 5)[:120]
			values["notes"] = strings.Repeat("Adrenaline pen in left chest pocket. ", 4)[:140]
			values["contact2Name"] = strings.Repeat("Second Contact Name ", 2)[:36]
			values["contact2Phone"] = "+44 7700 900999"
			values["contact2Relationship"] = "Sister-in-law"
			values["contact1Relationship"] = "Wife"
			c, err := b.Service.CreateCode(context.Background(), b.officer, b.officer.OrganizationID,
				service.CodeInput{Name: "Dense Record", Values: values})
			if err != nil {
				t.Fatal(err)
			}
			// The densest record the template allows holds more than any
			// batch label prints legibly (sheet.BatchMinModule).
			resp := b.do("POST", b.batchPath(), b.token, batchBody([]int64{b.codes[0], c.ID}, "avery-5163", 1, false))
			if resp.Status != 400 || !strings.HasPrefix(resp.Message(), `"Dense Record" holds too much text for a legible QR code on any batch layout`) {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if len(b.runs()) != 1 {
				t.Fatal("a refused print recorded a run")
			}
			// A realistic worker's record is too dense for Avery 5160's
			// one-inch labels.
			worker := b.codes[0]
			resp = b.do("POST", b.batchPath(), b.token, batchBody([]int64{worker}, "avery-5160", 1, false))
			if resp.Status != 400 || !strings.Contains(resp.Message(), "holds too much text for a legible QR code on Avery 5160 (30 per sheet) labels") {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			// On every layout it either prints and reads back at 150 DPI
			// (arm's length), or is refused; the refusal names exactly the
			// layouts that print it.
			records, err := b.Service.CodeRecords(context.Background(), b.officer, b.officer.OrganizationID, []int64{worker})
			if err != nil {
				t.Fatal(err)
			}
			layouts, err := service.BatchLayouts()
			if err != nil {
				t.Fatal(err)
			}
			// The refusal offers the layouts on the organisation's paper
			// (A4, a UK organisation's) that print the record.
			var printed []string
			for _, l := range layouts {
				resp := b.do("POST", b.batchPath(), b.token, batchBody([]int64{worker}, l.ID, 1, true))
				switch resp.Status {
				case 200:
					if l.PaperSize == b.paper() {
						printed = append(printed, l.Name)
					}
					if got := scantest.DecodePDFAt(t, resp.Body, 150); got != records[0].QRText {
						t.Errorf("%s: read %q at 150 DPI", l.Name, got)
					}
				case 400:
				default:
					t.Fatalf("%s: %d %s", l.Name, resp.Status, resp.Body)
				}
			}
			if len(printed) == 0 || !strings.Contains(resp.Message(), "("+strings.Join(printed, "; ")+")") {
				t.Fatalf("printed on %q; the refusal says %s", printed, resp.Message())
			}
		})

		// The batch page asks, before any preview, which layouts hold the
		// queue; the answer is what printing does on each, and a refusal
		// names every code too dense for the layout.
		t.Run("FitAnswersWhatPrintingDoes", func(t *testing.T) {
			values := workerValues(60)
			values["notes"] = strings.Repeat("Adrenaline pen in left chest pocket. ", 4)[:140]
			long, err := b.Service.CreateCode(context.Background(), b.officer, b.officer.OrganizationID,
				service.CodeInput{Name: "Long Notes", Values: values})
			if err != nil {
				t.Fatal(err)
			}
			// Seven workers, one of them twice, and the longer record.
			queue := append(append([]int64{}, b.codes[:7]...), b.codes[0], long.ID)
			records, err := b.Service.CodeRecords(context.Background(), b.officer, b.officer.OrganizationID, queue)
			if err != nil {
				t.Fatal(err)
			}
			name := map[int64]string{}
			for _, r := range records {
				name[r.Code.ID] = r.Code.Name
			}
			fitPath := fmt.Sprintf("/api/corporate/%d/batch-print/fit", b.officer.OrganizationID)
			for _, bad := range []struct {
				ids    []int64
				status int
			}{{nil, 400}, {[]int64{b.codes[0], b.foreign}, 404}} {
				if resp := b.do("POST", fitPath, b.token, map[string]any{"codeIds": bad.ids}); resp.Status != bad.status {
					t.Fatalf("%v: %d %s", bad.ids, resp.Status, resp.Body)
				}
			}
			resp := b.do("POST", fitPath, b.token, map[string]any{"codeIds": queue})
			if resp.Status != 200 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			var fit struct {
				Layouts []struct {
					ID, Name       string
					RefusedCodeIds []int64
				}
			}
			if err := json.Unmarshal(resp.Body, &fit); err != nil {
				t.Fatal(err)
			}
			layouts, err := service.BatchLayouts()
			if err != nil || len(fit.Layouts) != len(layouts) {
				t.Fatalf("%d layouts answered for %d: %s", len(fit.Layouts), len(layouts), resp.Body)
			}
			// Those offered instead are on the organisation's paper.
			var holding []string
			partly := false
			for i, l := range fit.Layouts {
				if l.ID != layouts[i].ID || l.Name != layouts[i].Name {
					t.Fatalf("layout %d is %s, want %s", i, l.ID, layouts[i].ID)
				}
				if len(l.RefusedCodeIds) == 0 && layouts[i].PaperSize == b.paper() {
					holding = append(holding, l.Name)
				}
				partly = partly || len(l.RefusedCodeIds) == 1
			}
			if !partly || len(holding) == 0 {
				t.Fatalf("no layout refuses only the long record, or none holds all: %s", resp.Body)
			}
			for _, l := range fit.Layouts {
				printed := b.do("POST", b.batchPath(), b.token, batchBody(queue, l.ID, 1, true))
				refused := l.RefusedCodeIds
				switch {
				case len(refused) == 0:
					if printed.Status != 200 {
						t.Errorf("%s holds the queue, printing gave %d %s", l.Name, printed.Status, printed.Body)
					}
					continue
				case printed.Status != 400:
					t.Errorf("%s refuses %v, printing gave %d", l.Name, refused, printed.Status)
					continue
				}
				msg := printed.Message()
				if len(refused) == 1 {
					if !strings.HasPrefix(msg, fmt.Sprintf("%q holds too much text for a legible QR code on %s labels", name[refused[0]], l.Name)) {
						t.Errorf("%s: %s", l.Name, msg)
					}
					continue
				}
				// Every refused code named (the first five, then how many more).
				if !strings.HasPrefix(msg, fmt.Sprintf("%d codes hold too much text for legible QR codes on %s labels", len(refused), l.Name)) {
					t.Errorf("%s: %s", l.Name, msg)
				}
				for j, id := range refused {
					if named := strings.Contains(msg, fmt.Sprintf("%q", name[id])); named != (j < 5) {
						t.Errorf("%s: %q named %v: %s", l.Name, name[id], named, msg)
					}
				}
				if more := len(refused) - 5; more > 0 && !strings.Contains(msg, fmt.Sprintf(" and %d more.", more)) {
					t.Errorf("%s: %s", l.Name, msg)
				}
				if !strings.Contains(msg, "Choose a layout that holds them all ("+strings.Join(holding, "; ")+")") {
					t.Errorf("%s: %s, want the layouts %q", l.Name, msg, holding)
				}
			}
			// Avery 5160's one-inch labels hold none of these records.
			if got := fit.Layouts[0]; got.ID != "avery-5160" || len(got.RefusedCodeIds) != 8 {
				t.Errorf("Avery 5160 refuses %v", got.RefusedCodeIds)
			}
		})

		// A sheet found in the catalogue is weighed as the named layouts
		// are, after them and under its name: Avery L7163 (A4, 99.1 x
		// 38.1 mm) holds no realistic worker's record, and printing on it
		// refuses exactly those codes. A sheet the catalogue lacks is
		// refused.
		t.Run("FitWeighsCatalogueSheets", func(t *testing.T) {
			fitPath := fmt.Sprintf("/api/corporate/%d/batch-print/fit", b.officer.OrganizationID)
			values := workerValues(70)
			values["medications"] = "Insulin glargine 20u nightly; salbutamol inhaler"
			values["notes"] = strings.Repeat("Adrenaline pen in left chest pocket. ", 4)[:140]
			long, err := b.Service.CreateCode(context.Background(), b.officer, b.officer.OrganizationID,
				service.CodeInput{Name: "Long Record", Values: values})
			if err != nil {
				t.Fatal(err)
			}
			queue := []int64{b.codes[0], long.ID}
			resp := b.do("POST", fitPath, b.token, map[string]any{"codeIds": queue, "sheets": []string{"Avery L7163"}})
			var fit struct {
				Layouts []struct {
					ID, Name       string
					RefusedCodeIds []int64
				}
			}
			if resp.Status != 200 || json.Unmarshal(resp.Body, &fit) != nil {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			layouts, err := service.BatchLayouts()
			if err != nil || len(fit.Layouts) != len(layouts)+1 {
				t.Fatalf("%d answers for %d layouts and a sheet: %s", len(fit.Layouts), len(layouts), resp.Body)
			}
			got := fit.Layouts[len(layouts)]
			if got.ID != "Avery L7163" || !slices.Equal(got.RefusedCodeIds, []int64{long.ID}) {
				t.Fatalf("Avery L7163: %+v", got)
			}
			printed := b.do("POST", b.batchPath(), b.token, batchBody(queue, "Avery L7163", 1, true))
			if printed.Status != 400 {
				t.Fatalf("printing on L7163: %d", printed.Status)
			}
			if msg := printed.Message(); !strings.HasPrefix(msg, `"Long Record" holds too much text for a legible QR code on Avery L7163 labels`) ||
				!strings.Contains(msg, "A4") || strings.Contains(msg, "US Letter") || strings.Contains(msg, "Avery 5163") {
				t.Errorf("printing on L7163: %s", msg)
			}
			resp = b.do("POST", fitPath, b.token, map[string]any{"codeIds": queue, "sheets": []string{"Avery L7163", "Nobody 0000"}})
			if resp.Status != 400 || resp.Message() != cloud.MsgBatchLayoutUnknown {
				t.Errorf("unknown sheet: %d %s", resp.Status, resp.Body)
			}
		})
		t.Run("StationRecordsARun", func(t *testing.T) {
			path := fmt.Sprintf("/api/corporate/%d/print-runs", b.officer.OrganizationID)
			bad := []struct {
				body   map[string]any
				status int
				msg    string
			}{
				{map[string]any{"layout": "avery-5160", "labels": 1, "codeIds": []int64{}}, 400, cloud.MsgNoQRCodes},
				{map[string]any{"layout": "avery-5160", "labels": 1, "codeIds": b.codes[:2]}, 400, cloud.MsgPrintRunLabelsInvalid},
				{map[string]any{"layout": "avery-5160", "labels": 2001, "codeIds": b.codes[:2]}, 400, cloud.MsgPrintRunLabelsInvalid},
				{map[string]any{"layout": "", "labels": 2, "codeIds": b.codes[:2]}, 400, cloud.MsgBatchLayoutUnknown},
				{map[string]any{"layout": "avery-5160", "labels": 2, "codeIds": []int64{b.foreign, b.codes[0]}}, 404, ""},
			}
			for _, c := range bad {
				resp := b.do("POST", path, b.token, c.body)
				if resp.Status != c.status || (c.msg != "" && resp.Message() != c.msg) {
					t.Fatalf("%v: %d %s", c.body, resp.Status, resp.Body)
				}
			}
			resp := b.do("POST", path, b.token, map[string]any{"layout": "Avery L7160", "labels": 42, "codeIds": []int64{b.codes[0], b.codes[1], b.codes[0]}})
			if resp.Status != 201 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			runs := b.runs()
			if len(runs) != 2 || runs[0].Labels != 42 || runs[0].Codes != 2 || runs[0].Layout != "Avery L7160" {
				t.Fatalf("runs %+v", runs)
			}
		})

		// Last: it ends every trial of the environment.
		t.Run("ErrInactiveOrganization", func(t *testing.T) {
			if _, err := b.Store.ExpireTrials(context.Background(), b.Clock.Now().Add(365*24*time.Hour)); err != nil {
				t.Fatal(err)
			}
			before := len(b.runs())
			resp := b.do("POST", b.batchPath(), b.token, batchBody(b.codes[:1], "avery-5163", 1, true))
			if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgOrganizationInactive {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			resp = b.do("POST", fmt.Sprintf("/api/corporate/%d/print-runs", b.officer.OrganizationID), b.token,
				map[string]any{"layout": "avery-5163", "labels": 1, "codeIds": b.codes[:1]})
			if resp.Status != http.StatusForbidden || len(b.runs()) != before {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
	})
}

// A deactivated code (a worker who left) never prints: the batch, its
// preview and the code's own label and image are refused, naming the code,
// so no helmet label goes missing unseen; nothing is recorded as printed.
// Asking which layouts hold the queue prints nothing and still answers.
func TestBatchPrintRefusesDeactivatedCodes(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		b := newBatchEnv(t, backend, 0)
		ctx := context.Background()
		var ids []int64
		for i, name := range []string{"José Núñez", "Łukasz Wójcik", "Ann Okafor"} {
			c, err := b.Service.CreateCode(ctx, b.officer, b.officer.OrganizationID,
				service.CodeInput{Name: name, Values: workerValues(i)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID)
		}
		codePath := func(id int64, rest string) string {
			return fmt.Sprintf("/api/corporate/%d/qr-codes/%d%s", b.officer.OrganizationID, id, rest)
		}
		setActive := func(id int64, active bool) {
			t.Helper()
			wantStatus(t, b.do("PUT", codePath(id, ""), b.token, map[string]any{"isActive": active}), 200, "")
		}
		setActive(ids[0], false)

		one := fmt.Sprintf(sheet.MsgBatchCodeInactive, `"José Núñez"`)
		wantStatus(t, b.do("POST", b.batchPath(), b.token, batchBody([]int64{ids[2], ids[0]}, "avery-c32015", 1, false)), 400, one)
		wantStatus(t, b.do("POST", b.batchPath(), b.token, batchBody([]int64{ids[0]}, "avery-c32015", 1, true)), 400, one)
		single := fmt.Sprintf(cloud.MsgCodeLabelInactive, `"José Núñez"`)
		wantStatus(t, b.do("GET", codePath(ids[0], "/label.pdf"), b.token, nil), 400, single)
		wantStatus(t, b.do("GET", codePath(ids[0], "/label.png"), b.token, nil), 400, single)

		setActive(ids[1], false)
		queue := []int64{ids[0], ids[2], ids[1], ids[0]}
		several := fmt.Sprintf(sheet.MsgBatchCodesInactive, 2, `"José Núñez", "Łukasz Wójcik"`)
		wantStatus(t, b.do("POST", b.batchPath(), b.token, batchBody(queue, "avery-c32015", 1, false)), 400, several)
		if runs := b.runs(); len(runs) != 0 {
			t.Fatalf("a refused batch recorded %+v", runs[0])
		}

		fit := fmt.Sprintf("/api/corporate/%d/batch-print/fit", b.officer.OrganizationID)
		wantStatus(t, b.do("POST", fit, b.token, map[string]any{"codeIds": queue}), 200, "")

		// Reactivated, the worker's label prints again.
		setActive(ids[0], true)
		setActive(ids[1], true)
		resp := b.do("POST", b.batchPath(), b.token, batchBody(queue, "avery-c32015", 1, false))
		if resp.Status != 200 || !strings.HasPrefix(string(resp.Body), "%PDF-") {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		wantStatus(t, b.do("GET", codePath(ids[0], "/label.png"), b.token, nil), 200, "")
	})
}
