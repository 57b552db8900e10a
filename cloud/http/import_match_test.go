package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// A sheet without employee numbers imported again (the same three workers,
// one phone changed) updates their codes: by default where the date of
// birth or a phone also agrees, by the officer's choice where only the
// name does, and the import waits for that choice.
func TestReimportWithoutNumbersMatchesByName(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		header := "Name,Full Name,Date of Birth,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n"
		file := header +
			",José Núñez,31/12/1980,O+,Ana Núñez,+44 7700 900101\r\n" + // the date of birth agrees
			",Łukasz Wójcik,,A+,Ola Wójcik,+44 7700 900102\r\n" + // the phone agrees
			",Nguyễn Văn An,,B+,Mai Nguyễn,+44 7700 900103\r\n" // only the name will agree
		imp := func(csv string, commit bool, extra map[string]any) response {
			body := map[string]any{"csv": csv, "commit": commit}
			for k, v := range extra {
				body[k] = v
			}
			return e.do("POST", o.path("/qr-codes/import"), o.token, body)
		}
		resp := imp(file, true, nil)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["imported"] != 3.0 {
			t.Fatalf("first import %s", resp.Body)
		}
		ids := map[string]float64{}
		for _, c := range e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any) {
			ids[c.(map[string]any)["name"].(string)] = c.(map[string]any)["id"].(float64)
		}

		// Again, in other case and accents, José's and An's phones changed.
		again := strings.NewReplacer("José Núñez", "jose nunez", "900101", "900199", "900103", "900193").Replace(file)
		resp = imp(again, false, nil)
		wantStatus(t, resp, http.StatusOK, "")
		got := resp.JSON()
		rows := got["rows"].([]any)
		match := func(i int) map[string]any { m, _ := rows[i].(map[string]any)["match"].(map[string]any); return m }
		action := func(i int) any { return rows[i].(map[string]any)["action"] }
		if got["new"] != 1.0 || got["updates"] != 1.0 || got["unchanged"] != 1.0 ||
			action(0) != "update" || match(0)["qrCodeId"] != ids["José Núñez"] || match(0)["reason"] != cloud.LookAlikeDateOfBirth || match(0)["choice"] != "update" ||
			action(1) != "unchanged" || match(1)["reason"] != cloud.LookAlikePhone ||
			action(2) != "new" || match(2)["qrCodeId"] != ids["Nguyễn Văn An"] || match(2)["reason"] != cloud.LookAlikeNameOnly || match(2)["choice"] != "required" {
			t.Fatalf("preview %s", resp.Body)
		}

		// The import waits for the name-only row's choice.
		wantStatus(t, imp(again, true, nil), http.StatusBadRequest, fmt.Sprintf(cloud.MsgImportChoiceRequired, "4"))
		// A choice of a code the row's name does not match is refused on its row.
		resp = imp(again, false, map[string]any{"updates": []any{map[string]any{"row": 4, "qrCodeId": ids["José Núñez"]}}})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["invalid"] != 1.0 {
			t.Fatalf("wrong code %s", resp.Body)
		}
		// Chosen: three codes still, each updated.
		resp = imp(again, true, map[string]any{"updates": []any{map[string]any{"row": 4, "qrCodeId": ids["Nguyễn Văn An"]}}})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["imported"] != 0.0 || resp.JSON()["updates"] != 2.0 {
			t.Fatalf("re-import %s", resp.Body)
		}
		list := e.do("GET", o.path("/qr-codes?records=1"), o.token, nil).JSON()["qrCodes"].([]any)
		if len(list) != 3 {
			t.Fatalf("%d codes after re-importing, want 3", len(list))
		}
		for _, c := range list {
			code := c.(map[string]any)
			phone := code["record"].(map[string]any)["values"].(map[string]any)["contact1Phone"]
			if code["possibleDuplicateOf"] != nil || (code["id"] == ids["Nguyễn Văn An"] && phone != "+44 7700 900193") ||
				(code["id"] == ids["José Núñez"] && phone != "+44 7700 900199") {
				t.Fatalf("after re-importing: %v", code)
			}
		}

		// The officer may instead add a namesake as a new worker.
		namesake := header + ",Nguyễn Văn An,02/03/1999,AB+,Someone Else,+44 7700 900555\r\n"
		resp = imp(namesake, true, map[string]any{"newWorkerRows": []any{2}})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["imported"] != 1.0 {
			t.Fatalf("new worker %s", resp.Body)
		}
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 4 {
			t.Fatalf("%d codes after adding the namesake, want 4", n)
		}
	})
}
