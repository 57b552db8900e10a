package http_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

// seedSQL lays down rows (projects, codes, print runs) whose routes belong
// to other parts of the corporate workspace.
func (e *env) seedSQL(query string, args ...any) {
	e.t.Helper()
	sd, ok := e.Store.(interface {
		SeedRows(ctx context.Context, query string, args ...any) error
	})
	if !ok {
		e.t.Fatalf("%T cannot seed rows", e.Store)
	}
	if err := sd.SeedRows(context.Background(), query, args...); err != nil {
		e.t.Fatal(err)
	}
}

// officer, newOfficer: library_test.go.

func TestCollectionLinksOfficer(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOfficer("officer@acme.example")
		rival := e.newOfficer("officer@rival.example")
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, 'Bridge site', $2)`,
			acme.orgID, e.Clock.Now())
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, 'Rival site', $2)`,
			rival.orgID, e.Clock.Now())

		t.Run("Create", func(t *testing.T) {
			resp := e.do("POST", acme.path("/collection-links"), acme.token, map[string]any{"templateId": 0, "projectId": 1})
			if resp.Status != http.StatusCreated {
				t.Fatalf("create: %d %s", resp.Status, resp.Body)
			}
			link := resp.JSON()["link"].(map[string]any)
			url, _ := link["url"].(string)
			if !strings.HasPrefix(url, "https://lifetag.test/collect/") || len(url) < len("https://lifetag.test/collect/")+40 {
				t.Fatalf("url %q", url)
			}
			wantExpiry := e.Clock.Now().Add(30 * 24 * time.Hour).UTC().Format(time.RFC3339)
			if link["templateName"] != "Standard Emergency Form" || link["projectName"] != "Bridge site" ||
				link["status"] != "active" || link["expiresAt"] != wantExpiry {
				t.Fatalf("link %v (want expiry %s)", link, wantExpiry)
			}
			// Only the token's hash is stored.
			token := url[strings.LastIndex(url, "/")+1:]
			for _, row := range e.Dump(t)["collection_links"] {
				for _, v := range row {
					if strings.Contains(v, token) {
						t.Fatalf("the token is stored: %v", row)
					}
				}
			}
		})
		t.Run("ExpiryChoices", func(t *testing.T) {
			resp := e.do("POST", acme.path("/collection-links"), acme.token, map[string]any{"expiresInDays": 0})
			if resp.Status != http.StatusCreated || resp.JSON()["link"].(map[string]any)["expiresAt"] != nil {
				t.Fatalf("never: %d %s", resp.Status, resp.Body)
			}
			resp = e.do("POST", acme.path("/collection-links"), acme.token, map[string]any{"expiresInDays": 8})
			if resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgCollectionExpiryInvalid {
				t.Fatalf("8 days: %d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrOtherOrganizationsProjectOrTemplate", func(t *testing.T) {
			for _, body := range []map[string]any{{"projectId": 2}, {"templateId": 1}, {"projectId": -1}} {
				resp := e.do("POST", acme.path("/collection-links"), acme.token, body)
				if resp.Status != http.StatusNotFound {
					t.Fatalf("%v: %d %s", body, resp.Status, resp.Body)
				}
			}
		})
		t.Run("ListAndRevoke", func(t *testing.T) {
			resp := e.do("GET", acme.path("/collection-links"), acme.token, nil)
			links := resp.JSON()["links"].([]any)
			if resp.Status != http.StatusOK || len(links) != 2 {
				t.Fatalf("list: %d %s", resp.Status, resp.Body)
			}
			newest := links[0].(map[string]any)
			if _, hasURL := newest["url"]; hasURL {
				t.Fatalf("the list shows a URL: %v", newest)
			}
			id := int64(newest["id"].(float64))
			path := acme.path(fmt.Sprintf("/collection-links/%d", id))
			if resp := e.do("DELETE", rival.path(fmt.Sprintf("/collection-links/%d", id)), rival.token, nil); resp.Status != http.StatusNotFound {
				t.Fatalf("rival revokes in its own organisation: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("DELETE", path, rival.token, nil); resp.Status != http.StatusNotFound {
				t.Fatalf("rival revokes acme's: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("DELETE", path, acme.token, nil); resp.Status != http.StatusOK || resp.Message() != cloud.MsgCollectionLinkRevoked {
				t.Fatalf("revoke: %d %s", resp.Status, resp.Body)
			}
			resp = e.do("GET", acme.path("/collection-links"), acme.token, nil)
			if got := resp.JSON()["links"].([]any)[0].(map[string]any)["status"]; got != "revoked" {
				t.Fatalf("status after revoke %v", got)
			}
			e.Clock.Advance(31 * 24 * time.Hour)
			acme.token = e.corporateLogin("officer@acme.example", "officer-password") // sessions last a day
			rival.token = e.corporateLogin("officer@rival.example", "officer-password")
			resp = e.do("GET", acme.path("/collection-links"), acme.token, nil)
			if got := resp.JSON()["links"].([]any)[1].(map[string]any)["status"]; got != "expired" {
				t.Fatalf("status after 31 days %v", got)
			}
		})
		t.Run("ErrInactiveOrganization", func(t *testing.T) {
			e.seedSQL(`UPDATE organizations SET subscription_status = 'inactive' WHERE id = $1`, rival.orgID)
			resp := e.do("POST", rival.path("/collection-links"), rival.token, map[string]any{})
			if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgOrganizationInactive {
				t.Fatalf("inactive: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("GET", rival.path("/collection-links"), rival.token, nil); resp.Status != http.StatusOK {
				t.Fatalf("an inactive organisation reads its links: %d %s", resp.Status, resp.Body)
			}
		})
	})
}

func TestOrgReport(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOfficer("officer@acme.example")
		rival := e.newOfficer("officer@rival.example")
		org := acme.orgID
		now := e.Clock.Now() // 2026-03-01
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, '=HYPERLINK("x")', $2)`, org, now)
		code := `INSERT INTO organization_qr_codes (organization_id, project_id, name, is_active, source, missing_fields,
			created_at) VALUES ($1, $2, 'Worker', $3, $4, $5, $6)`
		e.seedSQL(code, org, 1, true, cloud.CodeSourceCollection, 1, now)
		e.seedSQL(code, org, 1, false, cloud.CodeSourceManual, 0, now.AddDate(0, -2, 0))
		e.seedSQL(code, org, nil, true, cloud.CodeSourceImport, 0, now.AddDate(-1, 0, 0)) // before the 12 months
		e.seedSQL(code, rival.orgID, nil, true, cloud.CodeSourceManual, 4, now)
		run := `INSERT INTO label_print_runs (organization_id, layout, labels, codes, created_at) VALUES ($1, 'avery-5163', $2, 1, $3)`
		e.seedSQL(run, org, 10, now)
		e.seedSQL(run, org, 5, now.Add(time.Hour))
		e.seedSQL(run, rival.orgID, 70, now)

		resp := e.do("GET", acme.path("/analytics"), acme.token, nil)
		if resp.Status != http.StatusOK {
			t.Fatalf("analytics: %d %s", resp.Status, resp.Body)
		}
		r := resp.JSON()
		quota := r["quota"].(map[string]any)
		if quota["used"] != 3.0 || quota["max"] != 50.0 || r["incompleteRecords"] != 1.0 || r["scansNote"] != cloud.MsgScansNotCounted {
			t.Fatalf("report %s", resp.Body)
		}
		byProject := fmt.Sprint(r["byProject"])
		if byProject != `[map[active:1 inactive:1 name:=HYPERLINK("x") projectId:1] map[active:1 inactive:0 name:No project projectId:<nil>]]` {
			t.Fatalf("by project %s", byProject)
		}
		if got := fmt.Sprint(r["bySource"]); got != "[map[count:1 source:manual] map[count:0 source:duplicate] map[count:1 source:import] map[count:0 source:api] map[count:1 source:collection]]" {
			t.Fatalf("by source %s", got)
		}
		created := r["codesCreatedByMonth"].([]any)
		printed := r["labelsPrintedByMonth"].([]any)
		if len(created) != 12 || fmt.Sprint(created[0]) != "map[count:0 month:2025-04]" ||
			fmt.Sprint(created[9]) != "map[count:1 month:2026-01]" || fmt.Sprint(created[11]) != "map[count:1 month:2026-03]" {
			t.Fatalf("created %v", created)
		}
		if len(printed) != 12 || fmt.Sprint(printed[11]) != "map[count:15 month:2026-03]" || fmt.Sprint(printed[10]) != "map[count:0 month:2026-02]" {
			t.Fatalf("printed %v", printed)
		}

		t.Run("CSV", func(t *testing.T) {
			resp := e.do("GET", acme.path("/analytics/report.csv"), acme.token, nil)
			if resp.Status != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") ||
				resp.Header.Get("Content-Disposition") != `attachment; filename="lifetag-analytics-2026-03-01.csv"` {
				t.Fatalf("csv: %d %v %s", resp.Status, resp.Header, resp.Body)
			}
			rows, err := csv.NewReader(strings.NewReader(string(resp.Body))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{
				"section,item,value":                     true,
				"quota,used,3":                           true,
				"records,incomplete,1":                   true,
				`project active,'=HYPERLINK("x"),1`:      true,
				"project inactive,No project,0":          true,
				"source,collection,1":                    true,
				"codes created,2026-03,1":                true,
				"labels printed,2026-03,15":              true,
				"note,scans," + cloud.MsgScansNotCounted: true,
			}
			for _, row := range rows {
				delete(want, strings.Join(row, ","))
			}
			if len(want) != 0 {
				t.Fatalf("rows missing %v from %s", want, resp.Body)
			}
		})
		t.Run("ErrOtherOrganization", func(t *testing.T) {
			for _, path := range []string{"/analytics", "/analytics/report.csv"} {
				if resp := e.do("GET", acme.path(path), rival.token, nil); resp.Status != http.StatusNotFound {
					t.Fatalf("%s as another organisation: %d %s", path, resp.Status, resp.Body)
				}
			}
		})
	})
}

// workerValues is a worker's standard form, filled in.
func workerRecord(name string) map[string]string {
	return map[string]string{"fullName": name, "bloodType": "O+", "contact1Name": "Sam Doe",
		"contact1Phone": "+44 7700 900123", "conditions": "Type 1 diabetes"}
}

// tokenOf is the token at the end of a collection URL.
func tokenOf(url string) string { return url[strings.LastIndex(url, "/")+1:] }

func (e *env) newLink(o officer, body map[string]any) string {
	e.t.Helper()
	resp := e.do("POST", o.path("/collection-links"), o.token, body)
	if resp.Status != http.StatusCreated {
		e.t.Fatalf("create link: %d %s", resp.Status, resp.Body)
	}
	return tokenOf(resp.JSON()["link"].(map[string]any)["url"].(string))
}

func (e *env) library(o officer) []api.LibraryCode {
	e.t.Helper()
	// Read as a site admin may: behind the API, records included.
	lib, err := e.Service.ListLibrary(context.Background(), &cloud.User{IsAdmin: true}, o.orgID, service.LibraryQuery{WithRecords: true})
	if err != nil {
		e.t.Fatal(err)
	}
	return lib.QrCodes
}

// generous collection limits for tests that are not about them
var collectNoLimit = lhttp.RateLimit{PerIP: 1_000_000, PerAddress: 1_000_000, AnalyticsPerIP: 1_000_000,
	CollectPerIP: 1_000_000, CollectPerLink: 1_000_000, APIPerClient: 1_000_000, Window: time.Minute}

func TestCollectWorker(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{rateLimit: collectNoLimit})
		acme := e.newOfficer("officer@acme.example")
		rival := e.newOfficer("officer@rival.example")
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, 'Bridge site', $2)`,
			acme.orgID, e.Clock.Now())
		org, err := e.Store.FindOrganization(context.Background(), acme.orgID)
		if err != nil {
			t.Fatal(err)
		}
		token := e.newLink(acme, map[string]any{"projectId": 1})

		t.Run("Form", func(t *testing.T) {
			resp := e.do("GET", "/api/collect/"+token, "", nil)
			if resp.Status != http.StatusOK {
				t.Fatalf("form: %d %s", resp.Status, resp.Body)
			}
			f := resp.JSON()
			if f["organizationName"] != org.Name || f["projectName"] != "Bridge site" || f["templateName"] != "Standard Emergency Form" ||
				f["consent"] != fmt.Sprintf(cloud.CollectionConsent, org.Name) || f["update"] != false || f["values"] != nil {
				t.Fatalf("form %s", resp.Body)
			}
			if fields := f["fields"].([]any); len(fields) != len(emergencyStandardFieldIDs()) {
				t.Fatalf("fields %v", fields)
			}
		})
		t.Run("ErrConsentRequired", func(t *testing.T) {
			resp := e.do("POST", "/api/collect/"+token, "", map[string]any{"values": workerRecord("Ann Worker")})
			if resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgCollectionConsentRequired {
				t.Fatalf("no consent: %d %s", resp.Status, resp.Body)
			}
		})
		t.Run("ErrInvalidValues", func(t *testing.T) {
			values := workerRecord("")
			resp := e.do("POST", "/api/collect/"+token, "", map[string]any{"values": values, "consent": true})
			if resp.Status != http.StatusBadRequest || !strings.Contains(string(resp.Body), `"field":"fullName"`) {
				t.Fatalf("no name: %d %s", resp.Status, resp.Body)
			}
		})
		if n := len(e.library(acme)); n != 0 {
			t.Fatalf("refused submissions made %d codes", n)
		}
		t.Run("Submit", func(t *testing.T) {
			resp := e.do("POST", "/api/collect/"+token, "", map[string]any{"values": workerRecord("Ann Worker"), "consent": true})
			if resp.Status != http.StatusCreated || resp.Message() != fmt.Sprintf(cloud.MsgCollectionThanks, org.Name) {
				t.Fatalf("submit: %d %s", resp.Status, resp.Body)
			}
			codes := e.library(acme)
			if len(codes) != 1 || codes[0].Name != "Ann Worker" || codes[0].Source != cloud.CodeSourceCollection ||
				codes[0].ProjectName != "Bridge site" || codes[0].Record.Values["conditions"] != "Type 1 diabetes" {
				t.Fatalf("library %+v", codes)
			}
			if n := len(e.library(rival)); n != 0 {
				t.Fatalf("acme's link made %d codes for rival", n)
			}
			links := e.do("GET", acme.path("/collection-links"), acme.token, nil).JSON()["links"].([]any)
			if l := links[0].(map[string]any); l["submissions"] != 1.0 || l["lastSubmissionAt"] == nil {
				t.Fatalf("link after a submission (the refused ones not counted) %v", l)
			}
			d := e.do("GET", acme.path("/dashboard"), acme.token, nil)
			if !strings.Contains(string(d.Body), cloud.ActivityCollectionSubmitted) || strings.Contains(string(d.Body), "diabetes") {
				t.Fatalf("recent activity %s", d.Body)
			}
		})
		t.Run("ErrQuotaFull", func(t *testing.T) {
			e.seedSQL(`UPDATE organizations SET max_qr_codes = 1 WHERE id = $1`, org.ID)
			defer e.seedSQL(`UPDATE organizations SET max_qr_codes = 50 WHERE id = $1`, org.ID)
			for _, method := range []string{"GET", "POST"} {
				resp := e.do(method, "/api/collect/"+token, "", map[string]any{"values": workerRecord("Bob Worker"), "consent": true})
				// The worker is told why, in their words, before typing anything.
				if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgCollectionPlanFull {
					t.Fatalf("%s with the quota full: %d %s", method, resp.Status, resp.Body)
				}
			}
			if n := len(e.library(acme)); n != 1 {
				t.Fatalf("%d codes after a refused submission", n)
			}
		})
		t.Run("ErrInactiveOrganization", func(t *testing.T) {
			e.seedSQL(`UPDATE organizations SET subscription_status = 'inactive' WHERE id = $1`, org.ID)
			defer e.seedSQL(`UPDATE organizations SET subscription_status = 'trial' WHERE id = $1`, org.ID)
			for _, method := range []string{"GET", "POST"} {
				resp := e.do(method, "/api/collect/"+token, "", map[string]any{"values": workerRecord("Bob Worker"), "consent": true})
				if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgCollectionClosed {
					t.Fatalf("%s for an inactive organisation: %d %s", method, resp.Status, resp.Body)
				}
			}
		})
		t.Run("ErrUnknownToken", func(t *testing.T) {
			for _, tok := range []string{"nope", strings.Repeat("x", 200), token[:len(token)-1]} {
				if resp := e.do("GET", "/api/collect/"+tok, "", nil); resp.Status != http.StatusNotFound || resp.Message() != cloud.MsgCollectionLinkGone {
					t.Fatalf("token %q: %d %s", tok, resp.Status, resp.Body)
				}
			}
		})
		t.Run("ErrRevoked", func(t *testing.T) {
			revoked := e.newLink(acme, map[string]any{})
			links := e.do("GET", acme.path("/collection-links"), acme.token, nil).JSON()["links"].([]any)
			id := int64(links[0].(map[string]any)["id"].(float64))
			e.do("DELETE", acme.path(fmt.Sprintf("/collection-links/%d", id)), acme.token, nil)
			for _, method := range []string{"GET", "POST"} {
				resp := e.do(method, "/api/collect/"+revoked, "", map[string]any{"values": workerRecord("Bob Worker"), "consent": true})
				if resp.Status != http.StatusGone || resp.Message() != cloud.MsgCollectionLinkGone {
					t.Fatalf("%s on a revoked link: %d %s", method, resp.Status, resp.Body)
				}
			}
		})
		t.Run("UpdateLink", func(t *testing.T) {
			code := e.library(acme)[0]
			path := acme.path(fmt.Sprintf("/qr-codes/%d/update-link", code.ID))
			if resp := e.do("POST", path, rival.token, map[string]any{}); resp.Status != http.StatusNotFound {
				t.Fatalf("rival's update link for acme's code: %d %s", resp.Status, resp.Body)
			}
			rivalPath := rival.path(fmt.Sprintf("/qr-codes/%d/update-link", code.ID))
			if resp := e.do("POST", rivalPath, rival.token, map[string]any{}); resp.Status != http.StatusNotFound {
				t.Fatalf("acme's code through rival's organisation: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("POST", path, acme.token, map[string]any{"email": "not-an-address"}); resp.Status != http.StatusBadRequest {
				t.Fatalf("bad address: %d %s", resp.Status, resp.Body)
			}
			resp := e.do("POST", path, acme.token, map[string]any{"email": "ann@worker.example"})
			if resp.Status != http.StatusCreated || resp.Message() != cloud.MsgUpdateLinkSent {
				t.Fatalf("update link: %d %s", resp.Status, resp.Body)
			}
			link := resp.JSON()["link"].(map[string]any)
			url := link["url"].(string)
			wantExpiry := e.Clock.Now().Add(cloud.UpdateLinkValidity).UTC().Format(time.RFC3339)
			if link["expiresAt"] != wantExpiry {
				t.Fatalf("update link expires %v, want %s", link["expiresAt"], wantExpiry)
			}
			e.waitForMail() // waits for the mail
			mails := e.Outbox.Messages()
			if len(mails) == 0 {
				t.Fatal("no mail")
			}
			m := mails[len(mails)-1]
			// The organisation is named in the body, quoted; never in the subject.
			if m.To != "ann@worker.example" || !strings.Contains(m.Text, url) || !strings.Contains(m.Text, "\u201c"+org.Name+"\u201d") ||
				m.Subject != cloud.MsgUpdateLinkMailSubject ||
				strings.Contains(m.Text+m.Subject, "Ann Worker") || strings.Contains(m.Text, "diabetes") {
				t.Fatalf("mail %+v", m)
			}
			upd := tokenOf(url)
			f := e.do("GET", "/api/collect/"+upd, "", nil).JSON()
			if f["update"] != true || f["values"].(map[string]any)["conditions"] != "Type 1 diabetes" {
				t.Fatalf("update form %v", f)
			}
			values := workerRecord("Ann Worker")
			values["conditions"] = "Type 1 diabetes, insulin pump"
			if resp := e.do("POST", "/api/collect/"+upd, "", map[string]any{"values": values, "consent": true}); resp.Status != http.StatusCreated {
				t.Fatalf("update: %d %s", resp.Status, resp.Body)
			}
			codes := e.library(acme)
			if len(codes) != 1 || codes[0].Record.Values["conditions"] != "Type 1 diabetes, insulin pump" {
				t.Fatalf("library after the update %+v", codes)
			}
			for _, method := range []string{"GET", "POST"} {
				resp := e.do(method, "/api/collect/"+upd, "", map[string]any{"values": workerRecord("Mallory"), "consent": true})
				if resp.Status != http.StatusGone || resp.Message() != cloud.MsgCollectionLinkUsed {
					t.Fatalf("%s on a used update link: %d %s", method, resp.Status, resp.Body)
				}
			}
			if codes := e.library(acme); codes[0].Name != "Ann Worker" {
				t.Fatalf("a used link changed the code: %+v", codes[0])
			}
		})
		t.Run("ErrExpired", func(t *testing.T) {
			week := e.newLink(acme, map[string]any{"expiresInDays": 7})
			e.Clock.Advance(7 * 24 * time.Hour)
			if resp := e.do("GET", "/api/collect/"+week, "", nil); resp.Status != http.StatusGone || resp.Message() != cloud.MsgCollectionLinkGone {
				t.Fatalf("expired: %d %s", resp.Status, resp.Body)
			}
		})
	})
}

func emergencyStandardFieldIDs() []string {
	var ids []string
	for _, f := range cloud.StandardTemplate().Fields {
		ids = append(ids, f.ID)
	}
	return ids
}

func TestCollectRateLimits(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := collectNoLimit
		limit.CollectPerLink, limit.CollectPerIP, limit.Window = 2, 6, time.Hour
		e := newEnv(t, backend, envOptions{rateLimit: limit})
		acme := e.newOfficer("officer@acme.example")
		first, second := e.newLink(acme, map[string]any{}), e.newLink(acme, map[string]any{})
		submit := func(token, name string) response {
			return e.do("POST", "/api/collect/"+token, "", map[string]any{"values": workerRecord(name), "consent": true})
		}
		for i, name := range []string{"One", "Two"} {
			if resp := submit(first, name); resp.Status != http.StatusCreated {
				t.Fatalf("submission %d: %d %s", i, resp.Status, resp.Body)
			}
		}
		if resp := submit(first, "Three"); resp.Status != http.StatusTooManyRequests || resp.Message() != cloud.MsgTooManyRequests {
			t.Fatalf("third on one link: %d %s", resp.Status, resp.Body)
		}
		if resp := submit(second, "Four"); resp.Status != http.StatusCreated {
			t.Fatalf("another link: %d %s", resp.Status, resp.Body)
		}
		// 4 requests from this address so far; 2 more pass, then it is refused.
		for range 2 {
			e.do("GET", "/api/collect/"+second, "", nil)
		}
		if resp := e.do("GET", "/api/collect/"+second, "", nil); resp.Status != http.StatusTooManyRequests {
			t.Fatalf("past the per-address limit: %d %s", resp.Status, resp.Body)
		}
		if n := len(e.library(acme)); n != 3 {
			t.Fatalf("%d codes, want 3", n)
		}
	})
}
