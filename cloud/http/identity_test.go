package http_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// One code per worker: the external id matches whatever its case at
// every door that takes one (the single create, a code's edit, the PUT by
// external id, the bulk upsert), and the API reads values as the CSV
// import reads cells.

func TestExternalIDAnyCaseAtEveryDoor(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")

		// The single create keeps the id as given.
		resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("José Núñez"), "externalId": "BF-0101"})
		wantStatus(t, resp, http.StatusCreated, "")
		first := resp.JSON()["qrCode"].(map[string]any)
		if first["externalId"] != "BF-0101" || first["source"] != cloud.CodeSourceManual {
			t.Fatalf("created %s", resp.Body)
		}
		// Another create or edit with the id in another case is refused.
		wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Other"), "externalId": "bf-0101"}),
			http.StatusConflict, fmt.Sprintf(cloud.MsgExternalIDTaken, "bf-0101"))
		resp = e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Bob")})
		wantStatus(t, resp, http.StatusCreated, "")
		bob := int64(resp.JSON()["qrCode"].(map[string]any)["id"].(float64))
		wantStatus(t, e.do("PUT", o.path(fmt.Sprintf("/qr-codes/%d", bob)), o.token, map[string]any{"externalId": "Bf-0101"}),
			http.StatusConflict, fmt.Sprintf(cloud.MsgExternalIDTaken, "Bf-0101"))

		// The PUT by id in lower case updates the same code, which keeps its
		// id's first spelling.
		body := map[string]any{"values": libraryValues("José Núñez")}
		body["values"].(map[string]string)["contact1Phone"] = "+44 7700 900999"
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/bf-0101"), o.token, body)
		wantStatus(t, resp, http.StatusOK, "")
		if got := resp.JSON()["qrCode"].(map[string]any); got["id"] != first["id"] || got["externalId"] != "BF-0101" {
			t.Fatalf("put bf-0101: %s", resp.Body)
		}
		// The library's filter and the batch print find it in any case.
		list := e.do("GET", o.path("/qr-codes?externalId=bf-0101"), o.token, nil).JSON()["qrCodes"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["id"] != first["id"] {
			t.Fatalf("filtered: %v", list)
		}

		// The bulk upsert: the same id twice in two cases is one worker
		// named twice; a known id in another case updates; nothing new.
		twice := []any{
			map[string]any{"externalId": "E-7", "values": libraryValues("A")},
			map[string]any{"externalId": "e-7", "values": libraryValues("B")},
		}
		resp = e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": twice})
		wantStatus(t, resp, http.StatusBadRequest, "")
		if rows := resp.JSON()["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["message"] != cloud.MsgSyncDuplicateExternal {
			t.Fatalf("twice: %s", resp.Body)
		}
		values := libraryValues("José Núñez")
		values["contact1Phone"] = "+44 7700 900111"
		resp = e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": []any{
			map[string]any{"externalId": "bF-0101", "values": values}}})
		wantStatus(t, resp, http.StatusOK, "")
		if got := resp.JSON(); got["created"] != 0.0 || got["updated"] != 1.0 {
			t.Fatalf("bulk: %s", resp.Body)
		}
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 2 {
			t.Fatalf("%d codes after the syncs, want 2", n)
		}
	})
}

func TestUpsertReadsValuesAsTheImport(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		values := libraryValues("Ann Rider")
		values["bloodType"], values["dateOfBirth"] = "O positive", "31/12/1980"

		resp := e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": []any{
			map[string]any{"externalId": "E-1", "values": values}}})
		wantStatus(t, resp, http.StatusOK, "")
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/E-2"), o.token, map[string]any{"values": values})
		wantStatus(t, resp, http.StatusCreated, "")
		code := resp.JSON()["qrCode"].(map[string]any)
		record := code["record"].(map[string]any)["values"].(map[string]any)
		// Made by a program: labelled and counted as the API's, not as a CSV import.
		if record["bloodType"] != "O+" || record["dateOfBirth"] != "1980-12-31" || code["source"] != cloud.CodeSourceAPI {
			t.Fatalf("read as %s", resp.Body)
		}
		// A value not understood is refused saying what was read.
		values["bloodType"] = "Z positive"
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/E-3"), o.token, map[string]any{"values": values})
		wantStatus(t, resp, http.StatusBadRequest, `"Z positive" is not a blood type (allowed: one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown)`)
	})
}

func TestImportUpdatesByExternalID(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		header := "Name,Employee or badge number,Full Name,Date of Birth,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n"
		file := header +
			",BF-0101,José Núñez,31/12/1980,O positive,Ana Núñez,+44 7700 900101\r\n" +
			",BF-0102,Łukasz Wójcik,01/02/1990,A+,Ola Wójcik,+44 7700 900102\r\n"
		imp := func(csv string, commit bool) response {
			return e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": csv, "commit": commit})
		}
		resp := imp(file, true)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["imported"] != 2.0 || resp.JSON()["new"] != 2.0 {
			t.Fatalf("first import %s", resp.Body)
		}

		// Again, one phone changed and the id in lower case: one update,
		// field by field, one unchanged, nothing new.
		changed := strings.Replace(strings.Replace(file, "900101", "900199", 1), "BF-0101", "bf-0101", 1)
		resp = imp(changed, false)
		wantStatus(t, resp, http.StatusOK, "")
		got := resp.JSON()
		if got["new"] != 0.0 || got["updates"] != 1.0 || got["unchanged"] != 1.0 || got["invalid"] != 0.0 {
			t.Fatalf("preview %s", resp.Body)
		}
		rows := got["rows"].([]any)
		first := rows[0].(map[string]any)
		wantChanges := `[map[field:Emergency Contact Phone from:+44 7700 900101 medical:false to:+44 7700 900199]]`
		if first["action"] != "update" || fmt.Sprint(first["changes"]) != wantChanges || rows[1].(map[string]any)["action"] != "unchanged" {
			t.Fatalf("rows %v", rows)
		}
		resp = imp(changed, true)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["imported"] != 0.0 || resp.JSON()["updates"] != 1.0 {
			t.Fatalf("second import %s", resp.Body)
		}
		list := e.do("GET", o.path("/qr-codes?records=1"), o.token, nil).JSON()["qrCodes"].([]any)
		if len(list) != 2 {
			t.Fatalf("%d codes after re-importing, want 2", len(list))
		}
		for _, c := range list {
			code := c.(map[string]any)
			if code["externalId"] == "BF-0101" &&
				code["record"].(map[string]any)["values"].(map[string]any)["contact1Phone"] != "+44 7700 900199" {
				t.Fatalf("not updated: %v", code)
			}
		}

		// The same id twice in a file is refused on its second row.
		resp = imp(header+",E-1,A,,O+,B,+44 7700 900001\r\n,e-1,C,,O+,D,+44 7700 900002\r\n", false)
		wantStatus(t, resp, http.StatusOK, "")
		second := resp.JSON()["rows"].([]any)[1].(map[string]any)["errors"].(map[string]any)
		if second["Employee or badge number"] != fmt.Sprintf(cloud.MsgImportDuplicateExternalID, 2) {
			t.Fatalf("twice: %s", resp.Body)
		}

		// A row without an id that looks like a code (same name and date of
		// birth), added as a new worker all the same, is marked in the
		// preview, and once imported both codes are marked in the library.
		lookalike := header + ",,jose nunez,31/12/1980,O+,Someone,+44 7700 900555\r\n"
		asNew := func(commit bool) response {
			return e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": lookalike, "commit": commit, "newWorkerRows": []int{2}})
		}
		resp = asNew(false)
		wantStatus(t, resp, http.StatusOK, "")
		row := resp.JSON()["rows"].([]any)[0].(map[string]any)
		if row["action"] != "new" || !strings.Contains(row["possibleDuplicate"].(string), cloud.LookAlikeDateOfBirth) {
			t.Fatalf("look-alike preview %s", resp.Body)
		}
		wantStatus(t, asNew(true), http.StatusOK, "")
		marked := 0
		for _, c := range e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any) {
			if c.(map[string]any)["possibleDuplicateOf"] != nil {
				marked++
			}
		}
		if marked != 2 {
			t.Fatalf("%d codes marked as possible duplicates, want 2", marked)
		}

		// Two new rows of one file that look like one worker: the second
		// is marked with the first's row number.
		twice := header + ",,Mary Smith,01/02/1990,O+,A,+44 7700 900601\r\n,,MARY SMITH,,O+,B,+44 (7700) 900601\r\n"
		resp = imp(twice, false)
		wantStatus(t, resp, http.StatusOK, "")
		rows = resp.JSON()["rows"].([]any)
		if rows[0].(map[string]any)["possibleDuplicate"] != "" ||
			rows[1].(map[string]any)["possibleDuplicate"] != fmt.Sprintf(cloud.MsgImportPossibleDuplicateRow, 2, cloud.LookAlikePhone) {
			t.Fatalf("look-alike rows of one file %s", resp.Body)
		}
	})
}

func TestAttachExternalIDs(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		ids := map[string]int64{}
		for _, name := range []string{"José Núñez", "Ann Rider", "Twin", "Twin"} {
			resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues(name)})
			wantStatus(t, resp, http.StatusCreated, "")
			ids[name] = int64(resp.JSON()["qrCode"].(map[string]any)["id"].(float64))
		}
		attach := func(csv string, commit bool) response {
			return e.do("POST", o.path("/qr-codes/external-ids"), o.token, map[string]any{"csv": csv, "commit": commit})
		}
		// By name (accents and case aside); a name two codes have, an
		// unknown name and a number twice are refused on their rows.
		resp := attach("Name,Employee or badge number\r\njose nunez,BF-0101\r\nTwin,BF-0103\r\nNobody,BF-0104\r\nAnn Rider,bf-0101\r\n", false)
		wantStatus(t, resp, http.StatusOK, "")
		rows := resp.JSON()["rows"].([]any)
		errs := func(i int) map[string]any { return rows[i].(map[string]any)["errors"].(map[string]any) }
		if rows[0].(map[string]any)["codeId"] != float64(ids["José Núñez"]) || len(errs(0)) != 0 ||
			errs(1)["Name"] != fmt.Sprintf(cloud.MsgAttachNameTwice, 2, "Twin", cloud.MsgAttachPickCode) ||
			errs(2)["Name"] != fmt.Sprintf(cloud.MsgAttachNoSuchName, "Nobody") ||
			errs(3)["Employee or badge number"] != fmt.Sprintf(cloud.MsgImportDuplicateExternalID, 2) {
			t.Fatalf("preview %s", resp.Body)
		}
		resp = attach("Name,Employee or badge number\r\nTwin,BF-0103\r\n", true)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["saved"] != 0.0 {
			t.Fatalf("an unsettled row saved %s", resp.Body)
		}

		// By id and by name, saved together; then the HR sync finds them.
		resp = attach(fmt.Sprintf("QR code ID,Name,externalId\r\n%d,,BF-0101\r\n%d,,BF-0103\r\n", ids["José Núñez"], ids["Twin"]), true)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["saved"] != 2.0 {
			t.Fatalf("attach %s", resp.Body)
		}
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/bf-0101"), o.token, map[string]any{"values": libraryValues("José Núñez")})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["qrCode"].(map[string]any)["id"] != float64(ids["José Núñez"]) {
			t.Fatalf("sync after attaching %s", resp.Body)
		}
		// A number another code has is refused.
		resp = attach("Name,Employee or badge number\r\nAnn Rider,BF-0103\r\n", false)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["invalid"] != 1.0 {
			t.Fatalf("taken %s", resp.Body)
		}
	})
}

// Where two codes share a name, the row's date of birth or phone finds the
// right one; a row they do not settle lists its candidates, with what tells
// them apart, for the officer to pick one by its id; the certain rows are
// saved and the rest are listed with why.
func TestAttachExternalIDsTellsNamesakesApart(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		create := func(name, dob, phone string) int64 {
			values := libraryValues(name)
			values["dateOfBirth"], values["contact1Phone"] = dob, phone
			resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": values})
			wantStatus(t, resp, http.StatusCreated, "")
			return int64(resp.JSON()["qrCode"].(map[string]any)["id"].(float64))
		}
		samOld := create("Sam Lee", "1980-01-02", "+44 7700 900111")
		samYoung := create("Sam Lee", "1991-05-06", "+44 7700 900222")
		twinA := create("Ann Twin", "", "+44 7700 900333")
		twinB := create("Ann Twin", "", "+44 7700 900444")
		rider := create("Ann Rider", "", "+44 7700 900555")
		attach := func(csv string, commit bool, picks ...map[string]any) response {
			return e.do("POST", o.path("/qr-codes/external-ids"), o.token,
				map[string]any{"csv": csv, "commit": commit, "picks": picks})
		}
		file := "Name,Date of Birth,Mobile phone,Employee or badge number\r\n" +
			"Sam Lee,1991-05-06,,E-2\r\n" +
			"sam lee,,+44 (7700) 900111,E-1\r\n" +
			"Ann Twin,,,E-3\r\n" +
			"Ann Rider,,,E-4\r\n" +
			"Nobody,,,E-5\r\n"
		resp := attach(file, false)
		wantStatus(t, resp, http.StatusOK, "")
		var preview api.AttachExternalIDsResult
		if err := json.Unmarshal(resp.Body, &preview); err != nil {
			t.Fatal(err)
		}
		codeOf := func(r api.AttachExternalIDsRow) int64 {
			if r.CodeID == nil {
				return 0
			}
			return *r.CodeID
		}
		if preview.Valid != 3 || preview.Invalid != 2 || codeOf(preview.Rows[0]) != samYoung || codeOf(preview.Rows[1]) != samOld ||
			codeOf(preview.Rows[3]) != rider || preview.Rows[2].CodeID != nil {
			t.Fatalf("namesakes not told apart by date of birth and phone: %s", resp.Body)
		}
		twins := preview.Rows[2]
		if twins.Errors["Name"] != fmt.Sprintf(cloud.MsgAttachNameTwice, 2, "Ann Twin", cloud.MsgAttachPickCode) ||
			len(twins.Candidates) != 2 || twins.Candidates[0].ID != twinA || twins.Candidates[1].ID != twinB ||
			twins.Candidates[1].Phone != "+44 7700 900444" || twins.Candidates[0].CreatedAt.IsZero() {
			t.Fatalf("the unsettled row's candidates %+v", twins)
		}
		if len(preview.Rows[0].Candidates) != 2 || preview.Rows[0].Candidates[1].DateOfBirth != "1991-05-06" {
			t.Fatalf("a settled row lists its namesakes to pick another: %+v", preview.Rows[0])
		}

		// Saved: what is certain; listed: the rest, with why.
		resp = attach(file, true)
		wantStatus(t, resp, http.StatusOK, "")
		var saved api.AttachExternalIDsResult
		if err := json.Unmarshal(resp.Body, &saved); err != nil {
			t.Fatal(err)
		}
		attached := []bool{}
		for _, r := range saved.Rows {
			attached = append(attached, r.Attached)
		}
		if saved.Saved != 3 || !slices.Equal(attached, []bool{true, true, false, true, false}) ||
			saved.Rows[4].Errors["Name"] != fmt.Sprintf(cloud.MsgAttachNoSuchName, "Nobody") {
			t.Fatalf("partial save %s", resp.Body)
		}
		numbers := func() map[int64]string {
			out := map[int64]string{}
			for _, c := range e.library(o) {
				if c.ExternalID != nil {
					out[c.ID] = *c.ExternalID
				}
			}
			return out
		}
		if n := numbers(); n[samYoung] != "E-2" || n[samOld] != "E-1" || n[rider] != "E-4" || n[twinA] != "" || n[twinB] != "" {
			t.Fatalf("numbers after the partial save %v", n)
		}

		// The officer picks the twin by its id; a code not of that name is refused.
		twinRow := "Name,Employee or badge number\r\nAnn Twin,E-3\r\n"
		resp = attach(twinRow, true, map[string]any{"row": 2, "codeId": rider})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["saved"] != 0.0 ||
			!strings.Contains(string(resp.Body), fmt.Sprintf(cloud.MsgAttachPickNotNamed, rider)) {
			t.Fatalf("a pick of another name's code %s", resp.Body)
		}
		resp = attach(twinRow, true, map[string]any{"row": 2, "codeId": twinB})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["saved"] != 1.0 {
			t.Fatalf("picked %s", resp.Body)
		}
		if n := numbers(); n[twinB] != "E-3" || n[twinA] != "" {
			t.Fatalf("numbers after the pick %v", n)
		}
	})
}

// A template's own "Employee number" field gives the rows' numbers when the
// officer maps it, so the form's number and the sync's are one.
func TestImportMapsATemplateFieldToTheNumber(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		fields := []emergency.Field{
			{ID: "fullName", Type: emergency.FieldText, Label: "Full Name", Required: true, Category: "personal", Order: 1, Standard: emergency.SlotFullName},
			{ID: "employeeNumber", Type: emergency.FieldText, Label: "Employee number", Category: "work", Order: 2},
			{ID: "site", Type: emergency.FieldText, Label: "Site", Category: "work", Order: 3},
		}
		resp := e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Crew", "fields": fields, "isDefault": true})
		wantStatus(t, resp, 201, "")
		file := "Name,Full Name,Employee number,Site\r\n,José Núñez,BF-0101,North\r\n"
		imp := func(csv string, commit bool) response {
			return e.do("POST", o.path("/qr-codes/import"), o.token,
				map[string]any{"csv": csv, "commit": commit, "externalIdField": "employeeNumber"})
		}
		wantStatus(t, imp(file, true), http.StatusOK, "")
		list := e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["externalId"] != "BF-0101" {
			t.Fatalf("mapped: %v", list)
		}
		// A file without the Site column updates the name and keeps the site.
		renamed := "Name,Full Name,Employee number\r\n,José Núñez Ruiz,bf-0101\r\n"
		resp = imp(renamed, false)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["updates"] != 1.0 || resp.JSON()["new"] != 0.0 {
			t.Fatalf("again: %s", resp.Body)
		}
		wantStatus(t, imp(renamed, true), http.StatusOK, "")
		list = e.do("GET", o.path("/qr-codes?records=1"), o.token, nil).JSON()["qrCodes"].([]any)
		code := list[0].(map[string]any)
		values := code["record"].(map[string]any)["values"].(map[string]any)
		if len(list) != 1 || code["name"] != "José Núñez Ruiz" || values["site"] != "North" {
			t.Fatalf("after the second file: %v", list)
		}
		resp = e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": file, "externalIdField": "nope"})
		wantStatus(t, resp, http.StatusBadRequest, cloud.MsgExternalIDField)
	})
}

// A shared collection link whose number field is mapped gives each
// worker's code that number, and a number another code has (in any case)
// is refused on that field instead of making a second code for the worker.
func TestCollectionLinkCarriesTheNumber(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{rateLimit: collectNoLimit})
		o := e.newOfficer("officer@acme.example")
		fields := []emergency.Field{
			{ID: "fullName", Type: emergency.FieldText, Label: "Full Name", Required: true, Category: "personal", Order: 1, Standard: emergency.SlotFullName},
			{ID: "employeeNumber", Type: emergency.FieldText, Label: "Employee number", Category: "work", Order: 2},
		}
		resp := e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Crew", "fields": fields})
		wantStatus(t, resp, 201, "")
		templateID := resp.JSON()["template"].(map[string]any)["id"]

		resp = e.do("POST", o.path("/collection-links"), o.token, map[string]any{"templateId": templateID, "externalIdField": "nope"})
		wantStatus(t, resp, http.StatusBadRequest, cloud.MsgExternalIDField)
		token := e.newLink(o, map[string]any{"templateId": templateID, "externalIdField": "employeeNumber"})
		links := e.do("GET", o.path("/collection-links"), o.token, nil).JSON()["links"].([]any)
		if links[0].(map[string]any)["externalIdField"] != "employeeNumber" {
			t.Fatalf("link %v", links[0])
		}

		submit := func(name, number string) response {
			return e.do("POST", "/api/collect/"+token, "", map[string]any{
				"values": map[string]string{"fullName": name, "employeeNumber": number}, "consent": true})
		}
		wantStatus(t, submit("José Núñez", "BF-0101"), http.StatusCreated, "")
		resp = submit("Jose Nunez", "bf-0101")
		if resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgCollectionNumberTaken ||
			!strings.Contains(string(resp.Body), `"field":"employeeNumber"`) {
			t.Fatalf("the same number again: %d %s", resp.Status, resp.Body)
		}
		wantStatus(t, submit("Ann Rider", "not a number!"), http.StatusBadRequest, "")
		wantStatus(t, submit("Bob Rider", ""), http.StatusCreated, "")
		codes := e.library(o)
		if len(codes) != 2 {
			t.Fatalf("%d codes, want 2", len(codes))
		}
		numbers := map[string]string{}
		for _, c := range codes {
			if c.ExternalID != nil {
				numbers[c.Name] = *c.ExternalID
			}
		}
		if numbers["José Núñez"] != "BF-0101" || numbers["Bob Rider"] != "" {
			t.Fatalf("numbers %v", numbers)
		}
		// The link's count holds only the two that made codes.
		links = e.do("GET", o.path("/collection-links"), o.token, nil).JSON()["links"].([]any)
		if links[0].(map[string]any)["submissions"] != 2.0 {
			t.Fatalf("link after refusals %v", links[0])
		}
	})
}
