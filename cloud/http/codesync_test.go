package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// Corporate integration: codes by external id, bulk upsert and
// the changes feed, as an organisation's own system calls them.

func (e *env) activityCount(orgID int64) int {
	e.t.Helper()
	a, err := e.Store.ListActivity(context.Background(), orgID, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(a)
}

func workers(from, n int, active *bool) []any {
	items := make([]any, 0, n)
	for i := from; i < from+n; i++ {
		item := map[string]any{"externalId": fmt.Sprintf("E-%d", i), "values": libraryValues(fmt.Sprintf("Worker %d", i))}
		if active != nil {
			item["isActive"] = *active
		}
		items = append(items, item)
	}
	return items
}

func TestUpsertByExternalID(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		other := e.newOfficer("officer@other.example")
		body := map[string]any{"values": libraryValues("Ann Rider"), "labelType": "gear"}

		resp := e.do("PUT", o.path("/qr-codes/by-external-id/E-1001"), o.token, body)
		wantStatus(t, resp, http.StatusCreated, "")
		code := resp.JSON()["qrCode"].(map[string]any)
		if code["externalId"] != "E-1001" || code["name"] != "Ann Rider" || code["labelType"] != "gear" || resp.JSON()["changed"] != true {
			t.Fatalf("created %s", resp.Body)
		}
		activities := e.activityCount(o.orgID)

		// The same data again: nothing written, no activity, same updatedAt.
		e.Clock.Advance(time.Minute)
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/E-1001"), o.token, body)
		wantStatus(t, resp, http.StatusOK, "")
		again := resp.JSON()["qrCode"].(map[string]any)
		if resp.JSON()["changed"] != false || again["updatedAt"] != code["updatedAt"] || again["id"] != code["id"] {
			t.Fatalf("re-sent: %s (first %v)", resp.Body, code)
		}
		if n := e.activityCount(o.orgID); n != activities {
			t.Fatalf("re-sending logged activity: %d, was %d", n, activities)
		}

		// Changed values update the same code.
		body["values"] = libraryValues("Ann Rider-Smith")
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/E-1001"), o.token, body)
		wantStatus(t, resp, http.StatusOK, "")
		updated := resp.JSON()["qrCode"].(map[string]any)
		if resp.JSON()["changed"] != true || updated["id"] != code["id"] || updated["name"] != "Ann Rider-Smith" ||
			updated["updatedAt"] == code["updatedAt"] {
			t.Fatalf("updated %s", resp.Body)
		}

		// Bad ids, bad values, another organisation.
		wantStatus(t, e.do("PUT", o.path("/qr-codes/by-external-id/"+url.PathEscape("E 1")), o.token, body),
			http.StatusBadRequest, cloud.MsgExternalIDInvalid)
		wantStatus(t, e.do("PUT", o.path("/qr-codes/by-external-id/E-2"), o.token, map[string]any{"values": map[string]string{}}),
			http.StatusBadRequest, "")
		wantStatus(t, e.do("PUT", o.path("/qr-codes/by-external-id/E-2"), o.token,
			map[string]any{"templateId": 999, "values": libraryValues("X")}), http.StatusNotFound, cloud.MsgTemplateNotFound)
		wantStatus(t, e.do("PUT", o.path("/qr-codes/by-external-id/E-1001"), other.token, body), http.StatusNotFound, "")
		wantStatus(t, e.do("POST", o.path("/qr-codes/by-external-id/E-1001/deactivate"), other.token, nil), http.StatusNotFound, "")
		wantStatus(t, e.do("GET", o.path("/qr-codes/changes"), other.token, nil), http.StatusNotFound, "")

		// External ids are unique within an organisation, not across.
		wantStatus(t, e.do("PUT", other.path("/qr-codes/by-external-id/E-1001"), other.token, body), http.StatusCreated, "")
		resp = e.do("PUT", o.path("/qr-codes/by-external-id/E-1002"), o.token, map[string]any{"values": libraryValues("Bob")})
		wantStatus(t, resp, http.StatusCreated, "")
		second := int64(resp.JSON()["qrCode"].(map[string]any)["id"].(float64))
		wantStatus(t, e.do("PUT", o.path(fmt.Sprintf("/qr-codes/%d", second)), o.token, map[string]any{"externalId": "E-1001"}),
			http.StatusConflict, fmt.Sprintf(cloud.MsgExternalIDTaken, "E-1001"))
		// The library's edit sets, trims and removes it; the list filters by it.
		resp = e.do("PUT", o.path(fmt.Sprintf("/qr-codes/%d", second)), o.token, map[string]any{"externalId": " B-7 "})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["qrCode"].(map[string]any)["externalId"] != "B-7" {
			t.Fatalf("edit: %s", resp.Body)
		}
		list := e.do("GET", o.path("/qr-codes?externalId=B-7"), o.token, nil).JSON()["qrCodes"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["externalId"] != "B-7" {
			t.Fatalf("filtered: %v", list)
		}
		resp = e.do("PUT", o.path(fmt.Sprintf("/qr-codes/%d", second)), o.token, map[string]any{"externalId": ""})
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["qrCode"].(map[string]any)["externalId"] != nil {
			t.Fatalf("removed: %s", resp.Body)
		}

		// Deactivating keeps the record; again is no change; activating brings it back.
		resp = e.do("POST", o.path("/qr-codes/by-external-id/E-1001/deactivate"), o.token, nil)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["qrCode"].(map[string]any)["isActive"] != false || resp.JSON()["changed"] != true {
			t.Fatalf("deactivate: %s", resp.Body)
		}
		if resp = e.do("POST", o.path("/qr-codes/by-external-id/E-1001/deactivate"), o.token, nil); resp.JSON()["changed"] != false {
			t.Fatalf("deactivate again: %s", resp.Body)
		}
		wantStatus(t, e.do("POST", o.path("/qr-codes/by-external-id/NOPE/activate"), o.token, nil), http.StatusNotFound,
			fmt.Sprintf(cloud.MsgExternalIDNotFound, "NOPE"))
		resp = e.do("POST", o.path("/qr-codes/by-external-id/E-1001/activate"), o.token, nil)
		if wantStatus(t, resp, http.StatusOK, ""); resp.JSON()["qrCode"].(map[string]any)["isActive"] != true {
			t.Fatalf("activate: %s", resp.Body)
		}
	})
}

func TestBulkUpsert(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		e.setOrganization(o.orgID, 10, cloud.SubscriptionActive)
		bulk := func(items []any) response {
			return e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": items})
		}
		counts := func(resp response) string {
			j := resp.JSON()
			return fmt.Sprintf("%v/%v/%v/%v", j["created"], j["updated"], j["unchanged"], j["deactivated"])
		}
		resp := bulk(workers(1, 4, nil))
		if wantStatus(t, resp, http.StatusOK, ""); counts(resp) != "4/0/0/0" {
			t.Fatalf("first: %s", resp.Body)
		}
		if resp = bulk(workers(1, 4, nil)); counts(resp) != "0/0/4/0" {
			t.Fatalf("re-sent: %s", resp.Body)
		}
		// All or nothing: one bad worker among good ones writes nothing.
		items := workers(5, 3, nil)
		items = append(items, map[string]any{"externalId": "E-1", "values": map[string]string{"bloodType": "Q"}},
			map[string]any{"externalId": "bad id", "values": libraryValues("X")}, workers(5, 1, nil)[0])
		resp = bulk(items)
		wantStatus(t, resp, http.StatusBadRequest, cloud.MsgSyncHasErrors)
		rows := resp.JSON()["rows"].([]any)
		if len(rows) != 3 || rows[0].(map[string]any)["index"] != 3.0 || rows[0].(map[string]any)["externalId"] != "E-1" ||
			rows[1].(map[string]any)["message"] != cloud.MsgExternalIDInvalid || rows[2].(map[string]any)["message"] != cloud.MsgSyncDuplicateExternal {
			t.Fatalf("rows: %s", resp.Body)
		}
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 4 {
			t.Fatalf("a refused batch wrote: %d codes", n)
		}
		// Deactivating by isActive false, and one update.
		off := false
		items = workers(1, 2, &off)
		items = append(items, map[string]any{"externalId": "E-3", "values": libraryValues("Worker Three")})
		if resp = bulk(items); counts(resp) != "0/3/0/2" {
			t.Fatalf("deactivate: %s", resp.Body)
		}
		// The quota counts the whole batch: 4 used of 10, 7 new refused whole.
		wantStatus(t, bulk(workers(100, 7, nil)), http.StatusConflict, "Importing 7 QR codes would exceed your plan's 10 (4 already used). Nothing was imported.")
		wantStatus(t, bulk(nil), http.StatusBadRequest, cloud.MsgSyncEmpty)
		wantStatus(t, bulk(workers(1, cloud.SyncMaxCodes+1, nil)), http.StatusBadRequest, cloud.MsgSyncTooMany)

		// Two batches at once cannot pass the plan together: 4 used of 10
		// (inactive codes count), room for one batch of 4, not two.
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range statuses {
			wg.Go(func() { statuses[i] = bulk(workers(200+10*i, 4, nil)).Status })
		}
		wg.Wait()
		if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
			t.Fatalf("concurrent batches: %v", statuses)
		}
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 8 {
			t.Fatalf("after the race: %d codes, want 8", n)
		}
	})
}

func TestCodeChanges(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		for i := 1; i <= 5; i++ {
			wantStatus(t, e.do("PUT", o.path(fmt.Sprintf("/qr-codes/by-external-id/E-%d", i)), o.token,
				map[string]any{"values": libraryValues(fmt.Sprintf("Worker %d", i))}), http.StatusCreated, "")
			e.Clock.Advance(time.Second)
		}
		since := e.Clock.Now().UTC().Format(time.RFC3339Nano)
		e.Clock.Advance(time.Second)
		wantStatus(t, e.do("POST", o.path("/qr-codes/by-external-id/E-2/deactivate"), o.token, nil), http.StatusOK, "")

		// Every code, two a page, in the order they changed: E-2 last.
		var seen []string
		cursor := ""
		for page := 0; ; page++ {
			path := "/qr-codes/changes?limit=2"
			if cursor != "" {
				path += "&cursor=" + url.QueryEscape(cursor)
			}
			resp := e.do("GET", o.path(path), o.token, nil)
			wantStatus(t, resp, http.StatusOK, "")
			for _, c := range resp.JSON()["qrCodes"].([]any) {
				if _, has := c.(map[string]any)["record"]; has {
					t.Fatalf("a record without include=record: %s", resp.Body)
				}
				seen = append(seen, c.(map[string]any)["externalId"].(string))
			}
			next, _ := resp.JSON()["nextCursor"].(string)
			if next == "" || page > 5 {
				break
			}
			cursor = next
		}
		if fmt.Sprint(seen) != "[E-1 E-3 E-4 E-5 E-2]" {
			t.Fatalf("changes: %v", seen)
		}
		// Only what changed since, with its record when asked.
		resp := e.do("GET", o.path("/qr-codes/changes?include=record&updatedSince="+url.QueryEscape(since)), o.token, nil)
		changed := resp.JSON()["qrCodes"].([]any)
		if len(changed) != 1 || changed[0].(map[string]any)["externalId"] != "E-2" || changed[0].(map[string]any)["isActive"] != false ||
			changed[0].(map[string]any)["record"] == nil || resp.JSON()["nextCursor"] != nil {
			t.Fatalf("since: %s", resp.Body)
		}
		wantStatus(t, e.do("GET", o.path("/qr-codes/changes?cursor=nope"), o.token, nil), http.StatusBadRequest, cloud.MsgChangesCursorInvalid)
		wantStatus(t, e.do("GET", o.path("/qr-codes/changes?updatedSince=yesterday"), o.token, nil), http.StatusBadRequest, cloud.MsgChangesSinceInvalid)
		wantStatus(t, e.do("GET", o.path("/qr-codes/changes?limit=501"), o.token, nil), http.StatusBadRequest, cloud.MsgChangesLimitInvalid)
		// A cursor that went blank is refused, not read as "from the start".
		for _, query := range []string{"cursor=", "cursor=&limit=2", "updatedSince=", "limit="} {
			name, _, _ := strings.Cut(query, "=")
			wantStatus(t, e.do("GET", o.path("/qr-codes/changes?"+query), o.token, nil), http.StatusBadRequest,
				fmt.Sprintf(cloud.MsgPagingValueEmpty, name))
		}
	})
}

func TestIdempotencyKey(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		other := e.newOfficer("officer@other.example")
		withKey := func(method, path, token, key string, body any) response {
			return e.send(method, path, body, func(r *http.Request) {
				r.Header.Set("Authorization", "Bearer "+token)
				r.Header.Set("Idempotency-Key", key)
			})
		}
		count := func() int { return len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)) }
		body := map[string]any{"values": libraryValues("Ann Rider")}

		first := withKey("POST", o.path("/qr-codes"), o.token, "key-1", body)
		wantStatus(t, first, http.StatusCreated, "")
		again := withKey("POST", o.path("/qr-codes"), o.token, "key-1", body)
		if again.Status != http.StatusCreated || string(again.Body) != string(first.Body) || count() != 1 {
			t.Fatalf("replay: %d %s (first %s), %d codes", again.Status, again.Body, first.Body, count())
		}
		// The kept answer carries the worker's record: it is sealed, as the
		// record is, never kept readable (in text or in hex).
		rows := e.Dump(t)["idempotency_keys"]
		if len(rows) != 1 {
			t.Fatalf("idempotency_keys: %d rows", len(rows))
		}
		for column, value := range rows[0] {
			if strings.Contains(value, "Ann Rider") || strings.Contains(strings.ToLower(value), hex.EncodeToString([]byte("Ann Rider"))) {
				t.Errorf("idempotency_keys.%s holds the record readable: %.80q", column, value)
			}
		}
		wantStatus(t, withKey("POST", o.path("/qr-codes"), o.token, "key-1", map[string]any{"values": libraryValues("Bob")}),
			http.StatusConflict, cloud.MsgIdempotencyKeyMismatch)
		wantStatus(t, withKey("POST", o.path("/qr-codes"), o.token, "bad key", body), http.StatusBadRequest, cloud.MsgIdempotencyKeyInvalid)

		// The same key in another organisation is another key.
		wantStatus(t, withKey("POST", other.path("/qr-codes"), other.token, "key-1", body), http.StatusCreated, "")

		// The bulk upsert and the PUT replay too; a day later the key is new.
		bulk := map[string]any{"qrCodes": workers(1, 3, nil)}
		b1 := withKey("POST", o.path("/qr-codes/bulk-upsert"), o.token, "bulk-1", bulk)
		b2 := withKey("POST", o.path("/qr-codes/bulk-upsert"), o.token, "bulk-1", bulk)
		if b1.Status != 200 || string(b2.Body) != string(b1.Body) || count() != 4 {
			t.Fatalf("bulk replay: %s / %s, %d codes", b1.Body, b2.Body, count())
		}
		dup := withKey("POST", o.path(fmt.Sprintf("/qr-codes/%d/duplicate", int64(first.JSON()["qrCode"].(map[string]any)["id"].(float64)))),
			o.token, "dup-1", nil)
		wantStatus(t, dup, http.StatusCreated, "")
		if string(withKey("POST", o.path(fmt.Sprintf("/qr-codes/%d/duplicate", int64(first.JSON()["qrCode"].(map[string]any)["id"].(float64)))),
			o.token, "dup-1", nil).Body) != string(dup.Body) || count() != 5 {
			t.Fatalf("duplicate replay: %d codes", count())
		}
		e.Clock.Advance(cloud.IdempotencyTTL + time.Minute)
		o.token = e.corporateLogin("officer@acme.example", "officer-password") // sessions last a day too
		wantStatus(t, withKey("POST", o.path("/qr-codes"), o.token, "key-1", body), http.StatusCreated, "")
		if count() != 6 {
			t.Fatalf("an expired key replayed: %d codes", count())
		}
		if n, err := e.Service.PurgeIdempotencyKeys(context.Background()); err != nil || n != 3 {
			t.Fatalf("purged %d, %v; want the 3 older ones (bulk-1, dup-1, the other organisation's key-1)", n, err)
		}

		// Ten requests at once with one key: one creates, the others
		// replay it or are told it is still running; never two codes.
		var wg sync.WaitGroup
		statuses := make([]int, 10)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = withKey("PUT", o.path("/qr-codes/by-external-id/RACE-1"), o.token, "race-1", body).Status
			})
		}
		wg.Wait()
		created := 0
		for _, s := range statuses {
			switch s {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if created < 1 || count() != 7 {
			t.Fatalf("statuses %v, %d codes", statuses, count())
		}
	})
}

func TestLabelsByExternalID(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		other := e.newOfficer("officer@other.example")
		wantStatus(t, e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": workers(1, 3, nil)}), 200, "")
		print := func(token string, ids ...string) response {
			return e.do("POST", o.path("/qr-codes/labels-by-external-id.pdf"), token,
				map[string]any{"externalIds": ids, "layout": map[string]string{"id": "avery-5163"}})
		}
		resp := print(o.token, "E-1", "E-3", "E-1")
		if resp.Status != 200 || !strings.HasPrefix(string(resp.Body), "%PDF") {
			t.Fatalf("print: %d %.200s", resp.Status, resp.Body)
		}
		wantStatus(t, print(o.token, "E-1", "E-9", "E-10", "E-9"), http.StatusBadRequest, fmt.Sprintf(cloud.MsgPrintExternalIDsUnknown, "E-9, E-10"))
		wantStatus(t, print(o.token), http.StatusBadRequest, cloud.MsgPrintExternalIDsEmpty)
		wantStatus(t, e.do("POST", o.path("/qr-codes/by-external-id/E-2/deactivate"), o.token, nil), 200, "")
		wantStatus(t, print(o.token, "E-1", "E-2"), http.StatusBadRequest, fmt.Sprintf(cloud.MsgPrintExternalIDsInactive, "E-2"))
		wantStatus(t, print(other.token, "E-1"), http.StatusNotFound, "")
	})
}

// TestQuotaHoldsForKeysAndPeopleAtOnce: an HR system's write key sending a
// batch and a person creating codes in the browser at the same moment
// cannot pass the plan together, and every code made is one a request was
// told it made.
func TestQuotaHoldsForKeysAndPeopleAtOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@quota.example")
		const plan = 6
		e.setOrganization(o.orgID, plan, cloud.SubscriptionActive)
		key := e.apiKey(o.orgID, "HR sync", cloud.APIKeyScopeWrite, time.Time{})

		var wg sync.WaitGroup
		var batch int
		singles := make([]int, 4)
		wg.Go(func() {
			batch = e.do("POST", o.path("/qr-codes/bulk-upsert"), key, map[string]any{"qrCodes": workers(1, 4, nil)}).Status
		})
		for i := range singles {
			wg.Go(func() {
				singles[i] = e.do("POST", o.path("/qr-codes"), o.token,
					map[string]any{"values": libraryValues(fmt.Sprintf("Walk-in %d", i))}).Status
			})
		}
		wg.Wait()

		made := 0
		switch batch {
		case http.StatusOK:
			made += 4
		case http.StatusConflict:
		default:
			t.Fatalf("the key's batch answered %d", batch)
		}
		for _, status := range singles {
			switch status {
			case http.StatusCreated:
				made++
			case http.StatusConflict, http.StatusForbidden:
			default:
				t.Fatalf("a person's create answered %d", status)
			}
		}
		total := e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["total"]
		if made > plan || total != float64(made) || made == 0 {
			t.Fatalf("plan %d: the answers made %d codes, the library holds %v (batch %d, singles %v)", plan, made, total, batch, singles)
		}
	})
}

// TestUpsertDefaultTemplate: an upsert that names no template uses the
// organisation's default template, as a create does (single and bulk, new
// code and existing one); templateId 0 names the Standard form.
func TestUpsertDefaultTemplate(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		resp := e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Site crew",
			"fields": emergency.DefaultFields(), "isDefault": true})
		wantStatus(t, resp, 201, "")
		site := resp.JSON()["template"].(map[string]any)["id"].(float64)
		values := map[string]string{"fullName": "Ann Rider", "email": "ann@acme.example", "phone": "+44 7700 900001",
			"emergencyContact": "Bob Rider", "emergencyPhone": "+44 7700 900123"}
		templateOf := func(resp response) any {
			t.Helper()
			return resp.JSON()["qrCode"].(map[string]any)["templateId"]
		}

		created := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": values})
		if wantStatus(t, created, 201, ""); templateOf(created) != site {
			t.Fatalf("a create without templateId: %s", created.Body)
		}
		upserted := e.do("PUT", o.path("/qr-codes/by-external-id/E-1"), o.token, map[string]any{"values": values})
		if wantStatus(t, upserted, 201, ""); templateOf(upserted) != site {
			t.Fatalf("an upsert without templateId: %s", upserted.Body)
		}
		// The Standard form, named: the same code moves to it.
		standard := e.do("PUT", o.path("/qr-codes/by-external-id/E-1"), o.token,
			map[string]any{"templateId": 0, "values": libraryValues("Ann Rider")})
		if wantStatus(t, standard, 200, ""); templateOf(standard) != nil {
			t.Fatalf("an upsert with templateId 0: %s", standard.Body)
		}
		// Without templateId again, an existing code takes the default too.
		back := e.do("PUT", o.path("/qr-codes/by-external-id/E-1"), o.token, map[string]any{"values": values})
		if wantStatus(t, back, 200, ""); templateOf(back) != site {
			t.Fatalf("an update without templateId: %s", back.Body)
		}
		bulk := e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": []any{
			map[string]any{"externalId": "E-2", "values": values},
			map[string]any{"externalId": "E-3", "templateId": 0, "values": libraryValues("Cy Rider")}}})
		if wantStatus(t, bulk, 200, ""); bulk.JSON()["created"] != float64(2) {
			t.Fatalf("bulk: %s", bulk.Body)
		}
		for id, want := range map[string]any{"E-2": site, "E-3": nil} {
			list := e.do("GET", o.path("/qr-codes?externalId="+id), o.token, nil).JSON()["qrCodes"].([]any)
			if len(list) != 1 || list[0].(map[string]any)["templateId"] != want {
				t.Fatalf("%s: %v, want template %v", id, list, want)
			}
		}
	})
}

// TestIdempotencyKeyOfDeadRequest: a request that died holding its key (its
// instance crashed after the claim: the claim is left running, nothing of
// its writes) is run again by a retry once the claim's lease has run out,
// and only then; the retry's answer is kept and replayed.
func TestIdempotencyKeyOfDeadRequest(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		u, err := e.Store.FindUserByEmail(context.Background(), "officer@acme.example")
		if err != nil {
			t.Fatal(err)
		}
		path := o.path("/qr-codes/by-external-id/E-7")
		body := map[string]any{"values": libraryValues("Ann Rider")}
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		hash := sha256.Sum256([]byte("PUT\n" + path + "\n" + string(raw)))
		// The dead request's claim, as the middleware makes it.
		if kept, _, err := e.Service.ClaimIdempotencyKey(context.Background(), fmt.Sprintf("user:%d", u.ID), o.orgID,
			"dies-1", hash[:]); err != nil || kept != nil {
			t.Fatalf("claim: %+v %v", kept, err)
		}
		retry := func() response {
			return e.send("PUT", path, body, func(r *http.Request) {
				r.Header.Set("Authorization", "Bearer "+o.token)
				r.Header.Set("Idempotency-Key", "dies-1")
			})
		}
		wantStatus(t, retry(), http.StatusConflict, cloud.MsgIdempotencyInProgress)
		e.Clock.Advance(cloud.IdempotencyLease + time.Second)
		first := retry()
		wantStatus(t, first, http.StatusCreated, "")
		again := retry()
		if again.Status != http.StatusCreated || string(again.Body) != string(first.Body) {
			t.Fatalf("replay: %d %s (first %s)", again.Status, again.Body, first.Body)
		}
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); n != 1 {
			t.Fatalf("%d codes, want 1", n)
		}
	})
}

// TestRacingUpsertsConverge: parallel upserts of one new worker (each with
// its own Idempotency-Key, as separate syncs send them) create one code
// and update it; none answers 409, and a retry of each replays its answer.
func TestRacingUpsertsConverge(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		const workersRacing, racers = 5, 8
		for w := range workersRacing {
			path := o.path(fmt.Sprintf("/qr-codes/by-external-id/NEW-%d", w))
			put := func(i int) response {
				return e.send("PUT", path, map[string]any{"values": libraryValues(fmt.Sprintf("Racer %d", i))}, func(r *http.Request) {
					r.Header.Set("Authorization", "Bearer "+o.token)
					r.Header.Set("Idempotency-Key", fmt.Sprintf("race-%d-%d", w, i))
				})
			}
			answers := make([]response, racers)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range answers {
				wg.Go(func() {
					<-start
					answers[i] = put(i)
				})
			}
			close(start)
			wg.Wait()
			created := 0
			for i, a := range answers {
				switch a.Status {
				case http.StatusCreated:
					created++
				case http.StatusOK:
				default:
					t.Fatalf("worker %d, upsert %d: %d %s, want 200 or 201", w, i, a.Status, a.Body)
				}
				if again := put(i); again.Status != a.Status || again.Header.Get("Idempotent-Replayed") != "true" {
					t.Fatalf("worker %d, retry of upsert %d: %d %s, want its answer %d replayed", w, i, again.Status, again.Body, a.Status)
				}
			}
			codes := e.do("GET", o.path("/qr-codes?externalId="+fmt.Sprintf("NEW-%d", w)), o.token, nil).JSON()["qrCodes"].([]any)
			if created != 1 || len(codes) != 1 {
				t.Fatalf("worker %d: %d created, %d codes; want one of each", w, created, len(codes))
			}
		}
	})
}
