package http_test

import (
	"context"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/scantest"
)

// libraryValues is a valid Standard Emergency Form record for name.
func libraryValues(name string) map[string]string {
	return map[string]string{"fullName": name, "bloodType": "O+", "contact1Name": "Bob Rider",
		"contact1Phone": "+44 7700 900123", "allergies": "Penicillin"}
}

// seedLibrary gives an organisation project 1 and code 1, behind the API.
func seedLibrary(t *testing.T, e *env, orgID int64) {
	t.Helper()
	ctx := context.Background()
	p := &cloud.Project{OrganizationID: orgID, Name: "Seeded", Status: cloud.ProjectActive, CreatedAt: e.Clock.Now()}
	if err := e.Store.CreateProject(ctx, p, &cloud.Activity{OrganizationID: orgID, Kind: cloud.ActivityProjectCreated,
		CreatedAt: e.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	// A nil actor: a worker's own submission, as a collection link makes it.
	if _, err := e.Service.CreateCode(ctx, nil, orgID, service.CodeInput{ProjectID: p.ID, Values: libraryValues("Seeded Worker")}); err != nil {
		t.Fatal(err)
	}
}

// officer is a corporate admin of a fresh trial organisation, signed in.
type officer struct {
	token string
	orgID int64
}

func (e *env) newOfficer(email string) officer {
	e.t.Helper()
	u := e.createCorporateUser(email, "officer-password")
	return officer{token: e.corporateLogin(email, "officer-password"), orgID: u.OrganizationID}
}

func (o officer) path(rest string) string { return fmt.Sprintf("/api/corporate/%d%s", o.orgID, rest) }

// setOrganization changes an organisation's quota and status behind the API.
func (e *env) setOrganization(orgID int64, max int, status string) {
	e.t.Helper()
	err := e.Store.InCorporateTx(context.Background(), func(tx cloud.CorporateTx) error {
		o, err := tx.LockOrganization(orgID)
		if err != nil {
			return err
		}
		o.MaxQRCodes, o.SubscriptionStatus = max, status
		return tx.UpdateSubscription(o)
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

func wantStatus(t testing.TB, resp response, status int, message string) {
	t.Helper()
	if resp.Status != status || (message != "" && resp.Message() != message) {
		t.Fatalf("got %d %s, want %d %q", resp.Status, resp.Body, status, message)
	}
}

func TestLibraryProjects(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		them := e.newOfficer("officer@rival.example")
		seedLibrary(t, e, them.orgID) // their project 1

		wantStatus(t, e.do("POST", o.path("/projects"), o.token, map[string]string{"name": "  "}), 400, cloud.MsgProjectNameRequired)
		resp := e.do("POST", o.path("/projects"), o.token, map[string]string{"name": " North site ", "description": "Scaffolders"})
		wantStatus(t, resp, 201, "")
		project := resp.JSON()["project"].(map[string]any)
		id := int64(project["id"].(float64))
		if project["name"] != "North site" || project["status"] != cloud.ProjectActive || project["codeCount"] != 0.0 {
			t.Fatalf("created %v", project)
		}
		projectPath := fmt.Sprintf("/projects/%d", id)

		t.Run("RenameAndStatus", func(t *testing.T) {
			wantStatus(t, e.do("PUT", o.path(projectPath), o.token, map[string]string{"status": "paused"}), 400, cloud.MsgProjectStatusInvalid)
			wantStatus(t, e.do("PUT", o.path(projectPath), o.token, map[string]string{"name": ""}), 400, cloud.MsgProjectNameRequired)
			resp := e.do("PUT", o.path(projectPath), o.token, map[string]string{"name": "South site", "status": cloud.ProjectCompleted})
			wantStatus(t, resp, 200, "")
			got := resp.JSON()["project"].(map[string]any)
			if got["name"] != "South site" || got["status"] != cloud.ProjectCompleted || got["description"] != "Scaffolders" {
				t.Fatalf("updated %v", got)
			}
		})
		t.Run("ListWithCodeCounts", func(t *testing.T) {
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": "Ann", "projectId": id,
				"values": libraryValues("Ann Rider")}), 201, "")
			resp := e.do("GET", fmt.Sprintf("/api/corporate/projects/%d", o.orgID), o.token, nil)
			wantStatus(t, resp, 200, "")
			list := resp.JSON()["projects"].([]any)
			if len(list) != 1 || list[0].(map[string]any)["codeCount"] != 1.0 || list[0].(map[string]any)["name"] != "South site" {
				t.Fatalf("projects %v", list)
			}
		})
		// Project names are unique in the organisation whatever
		// their case; an empty project can be deleted, one with codes is
		// archived instead. Also: start and end dates.
		t.Run("NamesAreUniqueIgnoringCase", func(t *testing.T) {
			wantStatus(t, e.do("POST", o.path("/projects"), o.token, map[string]string{"name": "SOUTH SITE"}),
				409, fmt.Sprintf(cloud.MsgProjectNameTaken, "SOUTH SITE"))
			resp := e.do("POST", o.path("/projects"), o.token, map[string]string{"name": "East site"})
			wantStatus(t, resp, 201, "")
			east := fmt.Sprintf("/projects/%d", int64(resp.JSON()["project"].(map[string]any)["id"].(float64)))
			wantStatus(t, e.do("PUT", o.path(east), o.token, map[string]string{"name": "south Site"}),
				409, fmt.Sprintf(cloud.MsgProjectNameTaken, "south Site"))
			// Its own name in another case is no clash.
			wantStatus(t, e.do("PUT", o.path(east), o.token, map[string]string{"name": "EAST site"}), 200, "")
			// Another organisation may use the name.
			wantStatus(t, e.do("POST", them.path("/projects"), them.token, map[string]string{"name": "South Site"}), 201, "")
		})
		t.Run("Dates", func(t *testing.T) {
			wantStatus(t, e.do("PUT", o.path(projectPath), o.token, map[string]string{"startDate": "12/04/2026"}),
				400, fmt.Sprintf(cloud.MsgProjectDateInvalid, "Start date"))
			wantStatus(t, e.do("PUT", o.path(projectPath), o.token, map[string]string{"startDate": "2026-05-01", "endDate": "2026-04-30"}),
				400, cloud.MsgProjectEndBeforeStart)
			resp := e.do("PUT", o.path(projectPath), o.token, map[string]string{"startDate": "2026-05-01", "endDate": "2026-09-30"})
			wantStatus(t, resp, 200, "")
			if got := resp.JSON()["project"].(map[string]any); got["startDate"] != "2026-05-01" || got["endDate"] != "2026-09-30" {
				t.Fatalf("dates %v", got)
			}
		})
		t.Run("DeleteEmptyArchiveWithCodes", func(t *testing.T) {
			wantStatus(t, e.do("DELETE", o.path(projectPath), o.token, nil), 409, fmt.Sprintf(cloud.MsgProjectHasCodes, 1))
			wantStatus(t, e.do("PUT", o.path(projectPath), o.token, map[string]string{"status": cloud.ProjectArchived}), 200, "")
			resp := e.do("POST", o.path("/projects"), o.token, map[string]string{"name": "Empty"})
			wantStatus(t, resp, 201, "")
			empty := fmt.Sprintf("/projects/%d", int64(resp.JSON()["project"].(map[string]any)["id"].(float64)))
			wantStatus(t, e.do("DELETE", o.path(empty), o.token, nil), 200, "")
			wantStatus(t, e.do("DELETE", o.path(empty), o.token, nil), 404, cloud.MsgProjectNotFound)
			wantStatus(t, e.do("DELETE", o.path("/projects/1"), o.token, nil), 404, cloud.MsgProjectNotFound) // theirs
			// The freed name can be used again.
			wantStatus(t, e.do("POST", o.path("/projects"), o.token, map[string]string{"name": "empty"}), 201, "")
		})
		t.Run("AnotherOrganizationsProjectIs404", func(t *testing.T) {
			// Their project 1, asked for through our own organisation's path.
			wantStatus(t, e.do("PUT", o.path("/projects/1"), o.token, map[string]string{"name": "Mine now"}), 404, cloud.MsgProjectNotFound)
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": "X", "projectId": 1,
				"values": libraryValues("X")}), 404, cloud.MsgProjectNotFound)
			wantStatus(t, e.do("GET", fmt.Sprintf("/api/corporate/projects/%d", them.orgID), o.token, nil), 404, cloud.MsgOrganizationNotFound)
		})
		t.Run("RecentActivity", func(t *testing.T) {
			resp := e.do("GET", o.path("/dashboard"), o.token, nil)
			wantStatus(t, resp, 200, "")
			kinds := ""
			for _, a := range resp.JSON()["recentActivity"].([]any) {
				kinds += a.(map[string]any)["kind"].(string) + " "
			}
			for _, kind := range []string{cloud.ActivityProjectCreated, cloud.ActivityProjectUpdated, cloud.ActivityProjectDeleted, cloud.ActivityCodeCreated} {
				if !strings.Contains(kinds, kind) {
					t.Fatalf("recent activity %q lacks %s", kinds, kind)
				}
			}
			if resp.JSON()["projects"] != 3.0 || resp.JSON()["organization"].(map[string]any)["currentQrCodes"] != 1.0 {
				t.Fatalf("dashboard figures %s", resp.Body)
			}
		})
	})
}

func TestLibraryCodes(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		them := e.newOfficer("officer@rival.example")
		seedLibrary(t, e, them.orgID) // their code 1

		t.Run("InvalidRecordListsEveryField", func(t *testing.T) {
			resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": "Ann", "values": map[string]string{"fullName": "Ann"}})
			wantStatus(t, resp, 400, emergency.Rules.Messages.BloodTypeRequired)
			if errs := resp.JSON()["errors"].([]any); len(errs) != 3 {
				t.Fatalf("errors %v", errs)
			}
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"labelType": "mug", "values": libraryValues("Ann")}),
				400, cloud.MsgLabelTypeInvalid)
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"templateId": 999, "values": libraryValues("Ann")}),
				404, cloud.MsgTemplateNotFound)
		})

		resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": "", "labelType": "gear",
			"values": libraryValues("Ann Rider")})
		wantStatus(t, resp, 201, "")
		code := resp.JSON()["qrCode"].(map[string]any)
		id := int64(code["id"].(float64))
		codePath := fmt.Sprintf("/qr-codes/%d", id)
		if code["name"] != "Ann Rider" || code["labelType"] != "gear" || code["templateId"] != nil || code["projectId"] != nil ||
			code["templateName"] != emergency.StandardFormName || code["source"] != cloud.CodeSourceManual || code["isActive"] != true ||
			code["missingFields"] != 0.0 {
			t.Fatalf("created %v", code)
		}

		t.Run("SealedAtRest", func(t *testing.T) {
			for _, row := range e.Dump(t)["organization_qr_codes"] {
				if strings.Contains(row["emergency_data"], "Penicillin") || strings.Contains(row["emergency_data"], fmt.Sprintf("%x", "Penicillin")) {
					t.Fatalf("a record is stored in the clear: %v", row)
				}
			}
		})
		t.Run("ReadWithRecordAndQRText", func(t *testing.T) {
			resp := e.do("GET", o.path(codePath), o.token, nil)
			wantStatus(t, resp, 200, "")
			got := resp.JSON()["qrCode"].(map[string]any)
			record := got["record"].(map[string]any)
			if record["values"].(map[string]any)["allergies"] != "Penicillin" || len(record["fields"].([]any)) != len(emergency.StandardFields()) {
				t.Fatalf("record %v", record)
			}
			want := emergency.RecordQRText(emergency.Record{Fields: emergency.StandardFields(), Values: libraryValues("Ann Rider")},
				e.Clock.Now(), mustLocation(t, "Europe/London"))
			if got["qrText"] != want {
				t.Fatalf("qrText %q, want %q", got["qrText"], want)
			}
			list := e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()
			first := list["qrCodes"].([]any)[0].(map[string]any)
			if _, has := first["record"]; has || list["quota"].(map[string]any)["used"] != 1.0 || list["quota"].(map[string]any)["max"] != 50.0 {
				t.Fatalf("list %v", list)
			}
			withRecords := e.do("GET", o.path("/qr-codes?records=1"), o.token, nil).JSON()
			if withRecords["qrCodes"].([]any)[0].(map[string]any)["qrText"] != want {
				t.Fatalf("list with records %v", withRecords)
			}
		})
		t.Run("UpdateDeactivateAndMissingFields", func(t *testing.T) {
			values := libraryValues("Ann Rider")
			delete(values, "contact1Phone")
			delete(values, "contact1Name")
			wantStatus(t, e.do("PUT", o.path(codePath), o.token, map[string]any{"values": values}), 400, "")
			values["bloodType"] = "Unknown"
			values["contact1Name"], values["contact1Phone"] = "Bob", "+44 7700 900124"
			resp := e.do("PUT", o.path(codePath), o.token, map[string]any{"name": "Ann R.", "isActive": false, "values": values})
			wantStatus(t, resp, 200, "")
			got := resp.JSON()["qrCode"].(map[string]any)
			if got["name"] != "Ann R." || got["isActive"] != false || got["labelType"] != "gear" ||
				got["record"].(map[string]any)["values"].(map[string]any)["contact1Phone"] != "+44 7700 900124" {
				t.Fatalf("updated %v", got)
			}
			wantStatus(t, e.do("PUT", o.path(codePath), o.token, map[string]any{"isActive": true}), 200, "")
			renamed := e.do("PUT", o.path(codePath), o.token, map[string]any{"name": " "}).JSON()["qrCode"].(map[string]any)
			if renamed["name"] != "Ann Rider" {
				t.Fatalf("a blank name is the record's full name: %v", renamed["name"])
			}
			wantStatus(t, e.do("PUT", o.path(codePath), o.token, map[string]any{"name": "Ann R."}), 200, "")
		})
		t.Run("Duplicate", func(t *testing.T) {
			resp := e.do("POST", o.path(codePath+"/duplicate"), o.token, nil)
			wantStatus(t, resp, 201, "")
			copied := resp.JSON()["qrCode"].(map[string]any)
			if copied["name"] != "Ann R. (Copy)" || copied["source"] != cloud.CodeSourceDuplicate ||
				copied["record"].(map[string]any)["values"].(map[string]any)["contact1Name"] != "Bob" {
				t.Fatalf("copy %v", copied)
			}
		})
		t.Run("AnotherOrganizationsCodeIs404", func(t *testing.T) {
			for _, req := range []struct{ method, path string }{
				{"GET", "/qr-codes/1"}, {"PUT", "/qr-codes/1"}, {"DELETE", "/qr-codes/1"}, {"POST", "/qr-codes/1/duplicate"},
				{"GET", "/qr-codes/1/label.pdf"}, {"GET", "/qr-codes/1/label.png"},
			} {
				var body any
				if req.method == "PUT" {
					body = map[string]any{"name": "Mine"}
				}
				wantStatus(t, e.do(req.method, o.path(req.path), o.token, body), 404, cloud.MsgCodeNotFound)
			}
			if _, err := e.Store.FindCode(context.Background(), them.orgID, 1); err != nil {
				t.Fatalf("their code after our attempts: %v", err)
			}
		})
		t.Run("QuotaAndInactive", func(t *testing.T) {
			e.setOrganization(o.orgID, 2, cloud.SubscriptionActive) // two codes: full
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Cy")}),
				409, "Your plan allows 2 QR codes. Delete unused codes or upgrade your plan.")
			wantStatus(t, e.do("POST", o.path(codePath+"/duplicate"), o.token, nil), 409, "")
			e.setOrganization(o.orgID, 50, cloud.SubscriptionInactive)
			wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Cy")}), 403, cloud.MsgOrganizationInactive)
			wantStatus(t, e.do("GET", o.path(codePath+"/label.pdf"), o.token, nil), 403, cloud.MsgOrganizationInactive)
			wantStatus(t, e.do("GET", o.path("/qr-codes"), o.token, nil), 200, "")
			wantStatus(t, e.do("DELETE", o.path(codePath), o.token, nil), 200, "")
			wantStatus(t, e.do("GET", o.path(codePath), o.token, nil), 404, cloud.MsgCodeNotFound)
			e.setOrganization(o.orgID, 50, cloud.SubscriptionActive)
		})
	})
}

func mustLocation(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestLibraryLabel decodes the downloaded label back to the record's exact
// QR text, as a phone would read it.
func TestLibraryLabel(t *testing.T) {
	scantest.RequireTool(t, "zbarimg")
	e := newEnv(t, storetest.Backends[0], envOptions{})
	o := e.newOfficer("officer@acme.example")
	resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": "Ann", "values": libraryValues("Ann Rider")})
	wantStatus(t, resp, 201, "")
	code := resp.JSON()["qrCode"].(map[string]any)
	id := int64(code["id"].(float64))
	want := code["qrText"].(string)

	pdf := e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d/label.pdf?preset=wallet&paper=letter", id)), o.token, nil)
	if pdf.Status != 200 || pdf.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("pdf: %d %s", pdf.Status, pdf.Body)
	}
	if got := strings.TrimSuffix(scantest.DecodePDF(t, pdf.Body), "\n"); got != want {
		t.Fatalf("the PDF's code reads %q, want %q", got, want)
	}
	png := e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d/label.png", id)), o.token, nil)
	if png.Status != 200 || png.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("png: %d %s", png.Status, png.Body)
	}
	if got := strings.TrimSuffix(scantest.DecodePNG(t, png.Body), "\n"); got != want {
		t.Fatalf("the PNG reads %q, want %q", got, want)
	}
	wantStatus(t, e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d/label.pdf?paper=a5", id)), o.token, nil), 400, cloud.MsgPaperSizeInvalid)
	wantStatus(t, e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d/label.pdf?preset=custom", id)), o.token, nil), 400, cloud.MsgLabelTypeInvalid)
}

// A downloaded label is named after its worker in their own script, for
// every browser (filename*, UTF-8), with an ASCII name by the code's id for
// clients that read only filename; a name with no letters falls back to the
// id too.
func TestLabelDownloadKeepsTheWorkersName(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	o := e.newOfficer("officer@acme.example")
	for _, c := range []struct{ name, want string }{
		{"王秀英", "lifetag-王秀英"},
		{"محمد علي", "lifetag-محمد-علي"},
		{"Łukasz Wiśniewski", "lifetag-łukasz-wiśniewski"},
		{"Ann Rider", "lifetag-ann-rider"},
		{"../*?", ""},
		{strings.Repeat("王秀英", 10), "lifetag-" + strings.Repeat("王秀英", 5) + "王"},
	} {
		resp := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"name": c.name, "values": libraryValues("Ann Rider")})
		wantStatus(t, resp, 201, "")
		id := int64(resp.JSON()["qrCode"].(map[string]any)["id"].(float64))
		fallback := fmt.Sprintf("lifetag-qr-code-%d", id)
		want := c.want
		if want == "" {
			want = fallback
		}
		for _, ext := range []string{"pdf", "png"} {
			got := e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d/label.%s", id, ext)), o.token, nil)
			wantStatus(t, got, 200, "")
			header := got.Header.Get("Content-Disposition")
			_, params, err := mime.ParseMediaType(header)
			if err != nil {
				t.Fatalf("%q: %v", header, err)
			}
			// mime gives filename* (decoded) as filename when both are there.
			if params["filename"] != want+"."+ext {
				t.Errorf("%s: the %s downloads as %q (%s), want %q", c.name, ext, params["filename"], header, want+"."+ext)
			}
			if len(header) > 255 {
				t.Errorf("%s: the header is %d characters, more than the contract's 255", c.name, len(header))
			}
			if !strings.Contains(header, `filename="`+fallback+"."+ext+`"`) {
				t.Errorf("%s: no ASCII fallback in %s", c.name, header)
			}
		}
	}
}

func TestLibraryImport(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		count := func() int {
			t.Helper()
			return len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any))
		}

		t.Run("Template", func(t *testing.T) {
			resp := e.do("GET", o.path("/qr-codes/import-template.csv"), o.token, nil)
			wantStatus(t, resp, 200, "")
			want := "\ufeffName," + cloud.ImportExternalIDColumn + ",Full Name,Date of Birth,Blood Type,Weight (kg),Emergency Contact Name,Relationship," +
				"Emergency Contact Phone,Second Contact Name,Second Contact Relationship,Second Contact Phone,Allergies," +
				"Medications,Medical Conditions,Notes\r\n" +
				cloud.ImportHintName + ",\"" + cloud.ImportExternalIDHint + "\",text; required,\"DD/MM/YYYY or YYYY-MM-DD " + cloud.MsgCountryUnknownDates + "\"," +
				"\"one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown; required\",a number from 1 to 500,text; required,text," +
				"a phone number; required,text,text,a phone number,text,text,text,text\r\n"
			if string(resp.Body) != want {
				t.Fatalf("template %q, want %q", resp.Body, want)
			}
			wantStatus(t, e.do("GET", o.path("/qr-codes/import-template.csv?templateId=77"), o.token, nil), 404, cloud.MsgTemplateNotFound)
			wantStatus(t, e.do("GET", o.path("/qr-codes/import-template.csv?templateId=x"), o.token, nil), 404, cloud.MsgTemplateNotFound)
		})

		header := "\ufeffName,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone,Allergies\r\n"
		good := header +
			"Ann,Ann Rider,O+,Bob Rider,+44 7700 900123,\"Penicillin\r\nand latex\"\r\n" +
			",Cy Walker,A-,Di Walker,+44 7700 900125,\r\n" +
			",,,,,\r\n" // a blank row is no worker
		bad := header +
			"Ann,Ann Rider,O+,Bob Rider,+44 7700 900123,\r\n" +
			"Eve,Eve Smith,Z+,,,\r\n"
		import_ := func(csv string, commit bool) response {
			return e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": csv, "commit": commit})
		}

		t.Run("PreviewListsEachRowsErrors", func(t *testing.T) {
			resp := import_(bad, false)
			wantStatus(t, resp, 200, "")
			got := resp.JSON()
			rows := got["rows"].([]any)
			if got["valid"] != 1.0 || got["invalid"] != 1.0 || got["imported"] != 0.0 || len(rows) != 2 {
				t.Fatalf("preview %s", resp.Body)
			}
			eve := rows[1].(map[string]any)
			errs := eve["errors"].(map[string]any)
			if eve["row"] != 3.0 || eve["name"] != "Eve" || errs["Blood Type"] != `"Z+" is not a blood type (allowed: one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown)` ||
				errs["Emergency Contact Name"] == nil || errs["Emergency Contact Phone"] == nil {
				t.Fatalf("Eve's row %v", eve)
			}
			if count() != 0 {
				t.Fatal("a preview imported codes")
			}
		})
		t.Run("ABadRowImportsNothing", func(t *testing.T) {
			wantStatus(t, import_(bad, true), 400, cloud.MsgImportHasErrors)
			if count() != 0 {
				t.Fatal("a file with a bad row imported codes")
			}
		})
		t.Run("BadFiles", func(t *testing.T) {
			wantStatus(t, import_("Full Name\r\nAnn\r\n", false), 400, cloud.MsgImportNoNameColumn)
			// The refusal names the columns the form takes.
			unknown := import_("Name,Shoe size\r\nAnn,9\r\n", false)
			wantStatus(t, unknown, 400, "")
			want, _, _ := strings.Cut(fmt.Sprintf(cloud.MsgImportUnknownColumn, "Shoe size", "\x00"), "\x00")
			if want += `"Name", "Employee or badge number", "Full Name", `; !strings.HasPrefix(unknown.Message(), want) {
				t.Fatalf("unknown column: %q, want it to start %q", unknown.Message(), want)
			}
			wantStatus(t, import_(header, false), 400, cloud.MsgImportEmpty)
			wantStatus(t, import_("Name,Full Name\r\n\"Ann,Ann\r\n", false), 400, "")
			wantStatus(t, import_(header+strings.Repeat(",x,O+,B,+44 7700 900123,\r\n", cloud.ImportMaxRows+1), false), 400, cloud.MsgImportTooLarge)
			wantStatus(t, import_(header+"Ann,Ann Rider,O+,Bob,+44 7700 900123,,extra\r\n", false), 200, "")
		})
		t.Run("QuotaOverflowImportsNothing", func(t *testing.T) {
			e.setOrganization(o.orgID, 1, cloud.SubscriptionActive)
			wantStatus(t, import_(good, true), 409,
				"Importing 2 QR codes would exceed your plan's 1 (0 already used). Nothing was imported.")
			if count() != 0 {
				t.Fatal("an import over the quota imported codes")
			}
			e.setOrganization(o.orgID, 50, cloud.SubscriptionActive)
		})
		// A file as an ordinary spreadsheet writes it:
		// UK dates, lower-case and spoken blood types, the hint row left
		// in; a cell that still cannot be read says what was read and
		// what the column allows.
		t.Run("SpreadsheetSpellings", func(t *testing.T) {
			sheet := "Name,Full Name,Date of Birth,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n" +
				cloud.ImportHintName + ",text,x,y,z,w\r\n" +
				",Gus Fitter,12/04/1985,o positive,Hal Fitter,+44 7700 900130\r\n" +
				",Ivy Rigger,1985-04-12,ab neg,Jo Rigger,+44 7700 900131\r\n" +
				",Kim Welder,31/02/1985,b+,Lu Welder,+44 7700 900132\r\n"
			resp := import_(sheet, false)
			wantStatus(t, resp, 200, "")
			got := resp.JSON()
			rows := got["rows"].([]any)
			if got["valid"] != 2.0 || got["invalid"] != 1.0 || len(rows) != 3 {
				t.Fatalf("preview %s", resp.Body)
			}
			kim := rows[2].(map[string]any)["errors"].(map[string]any)
			// What was read, what it is not, what is allowed: the format
			// said once (not "must be a real date (YYYY-MM-DD)" as well).
			want := `"31/02/1985" is not a date we can read (allowed: DD/MM/YYYY or YYYY-MM-DD)`
			if len(kim) != 1 || kim["Date of Birth"] != want {
				t.Fatalf("Kim's row %v, want %q", kim, want)
			}
		})
		t.Run("ImportsEveryRowInOneGo", func(t *testing.T) {
			resp := import_(good, true)
			wantStatus(t, resp, 200, "")
			if resp.JSON()["imported"] != 2.0 {
				t.Fatalf("import %s", resp.Body)
			}
			list := e.do("GET", o.path("/qr-codes?records=1"), o.token, nil).JSON()["qrCodes"].([]any)
			if len(list) != 2 {
				t.Fatalf("%d codes", len(list))
			}
			byName := map[string]map[string]any{}
			for _, c := range list {
				byName[c.(map[string]any)["name"].(string)] = c.(map[string]any)
			}
			ann, cy := byName["Ann"], byName["Cy Walker"]
			if ann == nil || cy == nil || ann["source"] != cloud.CodeSourceImport ||
				ann["record"].(map[string]any)["values"].(map[string]any)["allergies"] != "Penicillin\nand latex" {
				t.Fatalf("imported %v", byName)
			}
			activity := e.do("GET", o.path("/dashboard"), o.token, nil).JSON()["recentActivity"].([]any)[0].(map[string]any)
			if activity["kind"] != cloud.ActivityCodesImported || activity["detail"] != "2" {
				t.Fatalf("activity %v", activity)
			}
		})
	})
}

// TestLibraryQuotaRaceHTTP: 20 concurrent creates through HTTP for an
// organisation with room for 5 leave exactly its quota.
func TestLibraryQuotaRaceHTTP(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		e.setOrganization(o.orgID, 5, cloud.SubscriptionActive)
		var wg sync.WaitGroup
		statuses := make([]int, 20)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues(fmt.Sprintf("Worker %d", i))}).Status
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
		if n := len(e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any)); created != 5 || n != 5 {
			t.Fatalf("%d created, %d stored; want 5", created, n)
		}
	})
}

// TestLibraryCustomTemplate: a code made from an organisation's own
// template keeps its fields after the template is deleted; another
// organisation's template is not found.
func TestLibraryCustomTemplate(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		them := e.newOfficer("officer@rival.example")
		fields := append(emergency.DefaultFields(), emergency.Field{ID: "site", Type: emergency.FieldText, Label: "Site",
			Category: "work", Order: 7})
		resp := e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Site crew", "fields": fields})
		wantStatus(t, resp, 201, "")
		templateID := int64(resp.JSON()["template"].(map[string]any)["id"].(float64))
		values := map[string]string{"fullName": "Ann Rider", "email": "ann@acme.example", "phone": "+44 7700 900001",
			"emergencyContact": "Bob Rider", "emergencyPhone": "+44 7700 900123", "site": "North"}

		wantStatus(t, e.do("POST", them.path("/qr-codes"), them.token, map[string]any{"templateId": templateID, "values": values}),
			404, cloud.MsgTemplateNotFound)
		wantStatus(t, e.do("GET", them.path(fmt.Sprintf("/qr-codes/import-template.csv?templateId=%d", templateID)), them.token, nil),
			404, cloud.MsgTemplateNotFound)

		csvTemplate := e.do("GET", o.path(fmt.Sprintf("/qr-codes/import-template.csv?templateId=%d", templateID)), o.token, nil)
		if string(csvTemplate.Body) != "\ufeffName,"+cloud.ImportExternalIDColumn+",Full Name,Email,Phone,Emergency Contact,Emergency Phone,Medical Conditions,Site\r\n"+
			cloud.ImportHintName+",\""+cloud.ImportExternalIDHint+"\",text; required,an address such as name@example.com; required,a phone number; required,text; required,a phone number; required,text,text\r\n" {
			t.Fatalf("template %q", csvTemplate.Body)
		}
		// The file imported with the Standard form chosen: its columns are
		// Site crew's, and the refusal says so with that template's id.
		file := string(csvTemplate.Body) + "Ann,,Ann Rider,ann@acme.example,+44 7700 900001,Bob Rider,+44 7700 900123,,North\r\n"
		resp = e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": file})
		wantStatus(t, resp, 400, fmt.Sprintf(cloud.MsgImportOtherTemplate, "Site crew"))
		if errs := resp.JSON()["errors"].([]any); len(errs) != 1 ||
			errs[0].(map[string]any)["field"] != "templateId" || errs[0].(map[string]any)["message"] != fmt.Sprint(templateID) {
			t.Fatalf("errors %s", resp.Body)
		}
		wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": file, "templateId": templateID, "commit": true}), 200, "")

		resp = e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"templateId": templateID, "values": values})
		wantStatus(t, resp, 201, "")
		code := resp.JSON()["qrCode"].(map[string]any)
		if code["templateId"] != float64(templateID) || code["templateName"] != "Site crew" ||
			!strings.Contains(code["qrText"].(string), "ADDITIONAL INFORMATION:\nPhone: +44 7700 900001\nSite: North") {
			t.Fatalf("code %v", code)
		}
		wantStatus(t, e.do("DELETE", fmt.Sprintf("/api/corporate/form-templates/%d", templateID), o.token, nil), 200, "")
		got := e.do("GET", o.path(fmt.Sprintf("/qr-codes/%d", int64(code["id"].(float64)))), o.token, nil).JSON()["qrCode"].(map[string]any)
		if got["templateId"] != nil || got["templateName"] != "Site crew" || got["qrText"] != code["qrText"] {
			t.Fatalf("after the template's deletion %v", got)
		}
	})
}

// TestLibraryPaging: the library's list pages, searches and filters on the
// server; without page or pageSize it is every code the
// filters pick (the station's cache, the batch picker's select-all).
func TestLibraryPaging(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		them := e.newOfficer("officer@rival.example")
		seedLibrary(t, e, them.orgID)
		project := e.do("POST", o.path("/projects"), o.token,
			map[string]any{"name": "North Site"})
		wantStatus(t, project, 201, "")
		projectID := int64(project.JSON()["project"].(map[string]any)["id"].(float64))
		// Worker 01 is the oldest: the last page, newest first.
		csv := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n"
		for i := 1; i <= 25; i++ {
			csv += fmt.Sprintf("Worker %02d,Worker %02d,O+,Bob Rider,+44 7700 900123\r\n", i, i)
		}
		wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": csv, "commit": true}), 200, "")
		ids := map[string]int64{}
		for _, c := range e.do("GET", o.path("/qr-codes"), o.token, nil).JSON()["qrCodes"].([]any) {
			ids[c.(map[string]any)["name"].(string)] = int64(c.(map[string]any)["id"].(float64))
		}
		// Workers 01 to 03 in the project, 02 inactive.
		for _, name := range []string{"Worker 01", "Worker 02", "Worker 03"} {
			wantStatus(t, e.do("PUT", o.path(fmt.Sprintf("/qr-codes/%d", ids[name])), o.token,
				map[string]any{"projectId": projectID, "isActive": name != "Worker 02"}), 200, "")
		}
		names := func(list map[string]any) []string {
			var out []string
			for _, c := range list["qrCodes"].([]any) {
				out = append(out, c.(map[string]any)["name"].(string))
			}
			return out
		}
		get := func(t *testing.T, query string) map[string]any {
			t.Helper()
			resp := e.do("GET", o.path("/qr-codes?"+query), o.token, nil)
			wantStatus(t, resp, 200, "")
			return resp.JSON()
		}

		for _, tc := range []struct {
			query string
			want  []string
			total float64
		}{
			{"page=1&pageSize=10", []string{"Worker 25", "Worker 24", "Worker 23", "Worker 22", "Worker 21",
				"Worker 20", "Worker 19", "Worker 18", "Worker 17", "Worker 16"}, 25},
			{"page=3&pageSize=10", []string{"Worker 05", "Worker 04", "Worker 03", "Worker 02", "Worker 01"}, 25},
			{"page=1&pageSize=10&search=worker%2001", []string{"Worker 01"}, 1},
			{"page=1&pageSize=10&search=NORTH", []string{"Worker 03", "Worker 02", "Worker 01"}, 3},
			{"page=1&pageSize=10&project=" + fmt.Sprint(projectID) + "&status=active", []string{"Worker 03", "Worker 01"}, 2},
			{"page=2&pageSize=1&project=" + fmt.Sprint(projectID) + "&status=active&search=worker", []string{"Worker 01"}, 2},
			{"page=1&pageSize=10&status=inactive", []string{"Worker 02"}, 1},
			{"page=1&pageSize=2&project=organization&search=worker%202", []string{"Worker 25", "Worker 24"}, 6},
			{"page=9&pageSize=10", nil, 25},
			{"status=inactive", []string{"Worker 02"}, 1},
		} {
			t.Run(tc.query, func(t *testing.T) {
				list := get(t, tc.query)
				if got := names(list); fmt.Sprint(got) != fmt.Sprint(tc.want) {
					t.Fatalf("codes %q, want %q", got, tc.want)
				}
				quota := list["quota"].(map[string]any)
				if list["total"] != tc.total || quota["used"] != 25.0 {
					t.Fatalf("total %v, quota %v", list["total"], quota)
				}
			})
		}
		t.Run("PageAndSizeComeBack", func(t *testing.T) {
			list := get(t, "page=2&pageSize=5")
			if list["page"] != 2.0 || list["pageSize"] != 5.0 {
				t.Fatalf("page %v size %v", list["page"], list["pageSize"])
			}
		})
		t.Run("AnotherOrganizationsCodesNeverCome", func(t *testing.T) {
			if got := names(get(t, "search=seeded")); len(got) != 0 {
				t.Fatalf("found %q", got)
			}
		})
		t.Run("BadInputIsRefusedByName", func(t *testing.T) {
			for query, message := range map[string]string{
				"page=0&pageSize=10":  cloud.MsgPageInvalid,
				"page=1&pageSize=201": cloud.MsgPageInvalid,
				"page=x":              cloud.MsgPageInvalid,
				"project=north":       cloud.MsgLibraryFilterInvalid,
				"project=-3":          cloud.MsgLibraryFilterInvalid,
				"status=deleted":      cloud.MsgLibraryFilterInvalid,
				"search=" + strings.Repeat("a", cloud.AdminSearchMaxBytes+1): cloud.MsgSearchTooLong,
			} {
				wantStatus(t, e.do("GET", o.path("/qr-codes?"+query), o.token, nil), 400, message)
			}
		})
	})
}

// TestOmittedTemplateIsTheDefault: a create, an import
// and the import's template file that name no templateId use the
// organisation's default template; 0 still names the Standard form, and
// an organisation without a default gets the Standard form.
func TestOmittedTemplateIsTheDefault(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		plain := e.newOfficer("officer@plain.example")
		fields := []emergency.Field{
			{ID: "fullName", Type: emergency.FieldText, Label: "Full Name", Required: true, Category: "personal", Order: 1, Standard: emergency.SlotFullName},
			{ID: "site", Type: emergency.FieldText, Label: "Site", Category: "work", Order: 2},
		}
		resp := e.do("POST", o.path("/form-templates"), o.token, map[string]any{"name": "Scaffolders", "fields": fields, "isDefault": true})
		wantStatus(t, resp, 201, "")
		templateID := resp.JSON()["template"].(map[string]any)["id"].(float64)
		values := map[string]string{"fullName": "Ann Rider", "site": "North"}

		created := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": values})
		wantStatus(t, created, 201, "")
		if code := created.JSON()["qrCode"].(map[string]any); code["templateId"] != templateID || code["templateName"] != "Scaffolders" {
			t.Fatalf("a create without templateId: %v", code)
		}
		wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"templateId": 0, "values": values}), 400, "")

		file := e.do("GET", o.path("/qr-codes/import-template.csv"), o.token, nil)
		if !strings.HasPrefix(string(file.Body), "\ufeffName,"+cloud.ImportExternalIDColumn+",Full Name,Site\r\n") {
			t.Fatalf("the import template without templateId: %q", file.Body)
		}
		preview := e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": "Name,Full Name,Site\r\n,Bob Fitter,South\r\n"})
		wantStatus(t, preview, 200, "")
		if preview.JSON()["valid"] != 1.0 {
			t.Fatalf("an import without templateId: %s", preview.Body)
		}

		// No default: the Standard form, as before.
		standard := e.do("POST", plain.path("/qr-codes"), plain.token, map[string]any{"values": map[string]string{"fullName": "Cy Walker",
			"bloodType": "O+", "contact1Name": "Di Walker", "contact1Phone": "+44 7700 900125"}})
		wantStatus(t, standard, 201, "")
		if code := standard.JSON()["qrCode"].(map[string]any); code["templateId"] != nil || code["templateName"] != emergency.StandardFormName {
			t.Fatalf("a create without templateId and no default: %v", code)
		}
	})
}

// TestLibrarySearchIgnoresAccents: a name written by any door (the CSV
// import, a single create, an edit, a worker's own submission, the API's
// upsert and bulk upsert) is found by a search typed without its accents or
// in any case, as the library page and the batch picker search.
func TestLibrarySearchIgnoresAccents(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		o := e.newOfficer("officer@acme.example")
		e.setOrganization(o.orgID, 20, cloud.SubscriptionActive)

		csv := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n" +
			"José Núñez,José Núñez,O+,Bob Rider,+44 7700 900123\r\n"
		wantStatus(t, e.do("POST", o.path("/qr-codes/import"), o.token, map[string]any{"csv": csv, "commit": true}), 200, "")
		wantStatus(t, e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Jürgen Schröder")}), 201, "")
		created := e.do("POST", o.path("/qr-codes"), o.token, map[string]any{"values": libraryValues("Ann Rider")})
		wantStatus(t, created, 201, "")
		renamed := fmt.Sprintf("/qr-codes/%d", int64(created.JSON()["qrCode"].(map[string]any)["id"].(float64)))
		wantStatus(t, e.do("PUT", o.path(renamed), o.token, map[string]any{"name": "Zoë Ørsted"}), 200, "")
		if _, err := e.Service.CreateCode(context.Background(), nil, o.orgID,
			service.CodeInput{Values: libraryValues("Đorđe Stanković"), Source: cloud.CodeSourceCollection}); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, e.do("PUT", o.path("/qr-codes/by-external-id/E-1"), o.token,
			map[string]any{"values": libraryValues("Łukasz Wiśniewski")}), http.StatusCreated, "")
		wantStatus(t, e.do("POST", o.path("/qr-codes/bulk-upsert"), o.token, map[string]any{"qrCodes": []any{
			map[string]any{"externalId": "E-2", "values": libraryValues("Søren Straße")}}}), http.StatusOK, "")

		for search, want := range map[string]string{
			"nunez":        "José Núñez",
			"jose":         "José Núñez",
			"NÚÑEZ":        "José Núñez",
			"schroder":     "Jürgen Schröder",
			"zoe orsted":   "Zoë Ørsted",
			"dorde stank":  "Đorđe Stanković",
			"lukasz":       "Łukasz Wiśniewski",
			"soren strass": "Søren Straße",
			"rider":        "",
		} {
			t.Run(search, func(t *testing.T) {
				resp := e.do("GET", o.path("/qr-codes?search="+url.QueryEscape(search)), o.token, nil)
				wantStatus(t, resp, 200, "")
				var got []string
				for _, c := range resp.JSON()["qrCodes"].([]any) {
					got = append(got, c.(map[string]any)["name"].(string))
				}
				if want == "" && len(got) != 0 || want != "" && fmt.Sprint(got) != fmt.Sprint([]string{want}) {
					t.Fatalf("found %q, want %q", got, want)
				}
			})
		}
	})
}
