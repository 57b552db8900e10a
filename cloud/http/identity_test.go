package http_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
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
