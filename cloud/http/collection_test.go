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
	"github.com/lifetag/lifetag/cloud/storetest"
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

// officer is a signed-in admin of a fresh organisation.
type officer struct {
	user  *cloud.User
	token string
}

func (e *env) newOfficer(email string) officer {
	e.t.Helper()
	u := e.createCorporateUser(email, "officer-password")
	return officer{user: u, token: e.corporateLogin(email, "officer-password")}
}

func (o officer) path(rest string) string { return orgURL(o.user.OrganizationID, rest) }

func TestCollectionLinksOfficer(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOfficer("officer@acme.example")
		rival := e.newOfficer("officer@rival.example")
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, 'Bridge site', $2)`,
			acme.user.OrganizationID, e.Clock.Now())
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, 'Rival site', $2)`,
			rival.user.OrganizationID, e.Clock.Now())

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
			e.seedSQL(`UPDATE organizations SET subscription_status = 'inactive' WHERE id = $1`, rival.user.OrganizationID)
			resp := e.do("POST", rival.path("/collection-links"), rival.token, map[string]any{})
			if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgCollectionOrgInactive {
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
		org := acme.user.OrganizationID
		now := e.Clock.Now() // 2026-03-01
		e.seedSQL(`INSERT INTO projects (organization_id, name, created_at) VALUES ($1, '=HYPERLINK("x")', $2)`, org, now)
		code := `INSERT INTO organization_qr_codes (organization_id, project_id, name, is_active, source, missing_fields,
			created_at) VALUES ($1, $2, 'Worker', $3, $4, $5, $6)`
		e.seedSQL(code, org, 1, true, cloud.SourceCollection, 1, now)
		e.seedSQL(code, org, 1, false, cloud.SourceManual, 0, now.AddDate(0, -2, 0))
		e.seedSQL(code, org, nil, true, cloud.SourceImport, 0, now.AddDate(-1, 0, 0)) // before the 12 months
		e.seedSQL(code, rival.user.OrganizationID, nil, true, cloud.SourceManual, 4, now)
		run := `INSERT INTO label_print_runs (organization_id, layout, labels, codes, created_at) VALUES ($1, 'avery-5163', $2, 1, $3)`
		e.seedSQL(run, org, 10, now)
		e.seedSQL(run, org, 5, now.Add(time.Hour))
		e.seedSQL(run, rival.user.OrganizationID, 70, now)

		resp := e.do("GET", acme.path("/analytics"), acme.token, nil)
		if resp.Status != http.StatusOK {
			t.Fatalf("analytics: %d %s", resp.Status, resp.Body)
		}
		r := resp.JSON()
		quota := r["quota"].(map[string]any)
		if quota["used"] != 2.0 || quota["max"] != 50.0 || r["incompleteRecords"] != 1.0 || r["scansNote"] != cloud.MsgScansNotCounted {
			t.Fatalf("report %s", resp.Body)
		}
		byProject := fmt.Sprint(r["byProject"])
		if byProject != `[map[active:1 inactive:1 name:=HYPERLINK("x") projectId:1] map[active:1 inactive:0 name:No project projectId:<nil>]]` {
			t.Fatalf("by project %s", byProject)
		}
		if got := fmt.Sprint(r["bySource"]); got != "[map[count:1 source:manual] map[count:0 source:duplicate] map[count:1 source:import] map[count:1 source:collection]]" {
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
				"quota,used,2":                           true,
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
