package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// templateAnswer is the body of a template save.
type templateAnswer struct {
	Success  bool             `json:"success"`
	Message  string           `json:"message"`
	Template api.FormTemplate `json:"template"`
}

func decodeAnswer[T any](t *testing.T, r response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
	return v
}

func TestFormTemplates(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		officer := e.createCorporateUser("officer@acme.example", "officer-password")
		token := e.corporateLogin("officer@acme.example", "officer-password")
		orgID := officer.OrganizationID
		list := fmt.Sprintf("/api/corporate/%d/form-templates", orgID)
		one := func(id int64) string { return fmt.Sprintf("/api/corporate/form-templates/%d", id) }
		listNames := func(t *testing.T) []string {
			t.Helper()
			resp := e.do("GET", list, token, nil)
			if resp.Status != 200 {
				t.Fatalf("list: %d %s", resp.Status, resp.Body)
			}
			var names []string
			for _, v := range decodeAnswer[struct{ Templates []api.FormTemplate }](t, resp).Templates {
				name := v.Name
				if v.IsDefault {
					name += " *"
				}
				names = append(names, name)
			}
			return names
		}

		t.Run("ListStartsWithTheBuiltInForm", func(t *testing.T) {
			resp := e.do("GET", list, token, nil)
			body := decodeAnswer[struct {
				Success   bool
				Templates []api.FormTemplate
			}](t, resp)
			if resp.Status != 200 || !body.Success || len(body.Templates) != 1 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			std := body.Templates[0]
			if std.ID != 0 || !std.BuiltIn || std.Name != "Standard Emergency Form" || len(std.Fields) != len(emergency.StandardFields()) ||
				std.CreatedAt != nil {
				t.Fatalf("built-in form %+v", std)
			}
		})

		fields := []map[string]any{
			{"id": "field_1_abc", "type": "select", "label": "  Site ", "required": true, "category": "work", "order": 5,
				"options": []string{"North", "", "  ", "South"}},
			{"id": "fullName", "type": "text", "label": "Full Name", "required": true, "category": "personal", "order": 2,
				"standard": "fullName"},
		}
		var created api.FormTemplate
		t.Run("Create", func(t *testing.T) {
			resp := e.do("POST", list, token, map[string]any{"name": " Site crew ", "description": "For site staff",
				"fields": fields, "isDefault": true})
			answer := decodeAnswer[templateAnswer](t, resp)
			if resp.Status != http.StatusCreated || !answer.Success || answer.Message != "Form template created successfully" {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			created = answer.Template
			got := created.Fields
			// Renumbered 1..n in order, label trimmed, blank options dropped.
			if created.Name != "Site crew" || !created.IsDefault || created.BuiltIn || created.ID < 1 || len(got) != 2 ||
				got[0].ID != "fullName" || got[0].Order != 1 || got[1].Label != "Site" || got[1].Order != 2 ||
				strings.Join(got[1].Options, "|") != "North|South" {
				t.Fatalf("created %+v", created)
			}
		})
		t.Run("SetAsDefaultClearsTheOther", func(t *testing.T) {
			resp := e.do("POST", list, token, map[string]any{"name": "Drivers", "description": "",
				"fields": emergency.DefaultFields(), "isDefault": true})
			if resp.Status != http.StatusCreated {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if got := strings.Join(listNames(t), ", "); got != "Standard Emergency Form, Site crew, Drivers *" {
				t.Fatalf("list %s", got)
			}
		})
		t.Run("Update", func(t *testing.T) {
			resp := e.do("PUT", one(created.ID), token, map[string]any{"name": "Site crew 2", "description": "",
				"fields": fields[:1], "isDefault": true})
			answer := decodeAnswer[templateAnswer](t, resp)
			if resp.Status != 200 || answer.Message != "Form template updated successfully" ||
				answer.Template.Name != "Site crew 2" || len(answer.Template.Fields) != 1 || answer.Template.Fields[0].Order != 1 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if got := strings.Join(listNames(t), ", "); got != "Standard Emergency Form, Site crew 2 *, Drivers" {
				t.Fatalf("list %s", got)
			}
		})
		t.Run("TemplateFieldsForCodes", func(t *testing.T) {
			name, got, err := e.Service.TemplateFields(context.Background(), officer, orgID, created.ID)
			if err != nil || name != "Site crew 2" || len(got) != 1 {
				t.Fatalf("%q %+v %v", name, got, err)
			}
			name, got, err = e.Service.TemplateFields(context.Background(), officer, orgID, 0)
			if err != nil || name != "Standard Emergency Form" || len(got) != len(emergency.StandardFields()) {
				t.Fatalf("built in: %q %v", name, err)
			}
		})

		t.Run("Validation", func(t *testing.T) {
			valid := func() map[string]any {
				return map[string]any{"name": "Valid", "description": "", "fields": emergency.DefaultFields(), "isDefault": false}
			}
			label := emergency.DefaultFields()
			label[1].Label = "   "
			tooLarge := emergency.StandardFields()
			for i := range 12 {
				tooLarge = append(tooLarge, emergency.Field{ID: fmt.Sprintf("field_%d", i), Type: emergency.FieldTextarea,
					Label: "Notes", Category: "other", Order: 20 + i})
			}
			cases := []struct {
				name    string
				change  func(body map[string]any)
				message string
			}{
				{"ErrNameRequired", func(b map[string]any) { b["name"] = " \t" }, "Template name is required"},
				{"ErrFieldsRequired", func(b map[string]any) { b["fields"] = []any{} }, "At least one field is required"},
				{"ErrFieldsNull", func(b map[string]any) { b["fields"] = nil }, "At least one field is required"},
				{"ErrLabelRequired", func(b map[string]any) { b["fields"] = label }, "Field label is required"},
				{"ErrSelectWithoutOptions", func(b map[string]any) {
					b["fields"] = []map[string]any{{"id": "f1", "type": "select", "label": "Site", "category": "work", "options": []string{"", " "}}}
				}, "Site needs at least one option, one per line"},
				{"ErrType", func(b map[string]any) {
					b["fields"] = []map[string]any{{"id": "f1", "type": "file", "label": "Upload", "category": "work"}}
				}, "Choose a field type for Upload"},
				{"ErrTooLarge", func(b map[string]any) { b["fields"] = tooLarge }, "These fields could make a QR code too large to scan"},
				{"ErrBuiltInSlotTwice", func(b map[string]any) {
					b["fields"] = append(emergency.DefaultFields(), emergency.Field{ID: "x", Type: "text", Label: "Name", Category: "personal", Order: 7, Standard: "fullName"})
				}, "Name cannot fill the standard slot fullName"},
			}
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					body := valid()
					tc.change(body)
					for _, req := range []struct{ method, path string }{{"POST", list}, {"PUT", one(created.ID)}} {
						resp := e.do(req.method, req.path, token, body)
						if resp.Status != 400 || !strings.HasPrefix(resp.Message(), tc.message) {
							t.Fatalf("%s: %d %s", req.method, resp.Status, resp.Body)
						}
					}
				})
			}
			t.Run("ErrUnknownProperty", func(t *testing.T) {
				body := valid()
				body["fields"] = []map[string]any{{"id": "f1", "type": "text", "label": "A", "category": "work", "onclick": "x"}}
				if resp := e.do("POST", list, token, body); resp.Status != 400 {
					t.Fatalf("%d %s", resp.Status, resp.Body)
				}
			})
			// Nothing was half-written: the list is as before.
			if got := strings.Join(listNames(t), ", "); got != "Standard Emergency Form, Site crew 2 *, Drivers" {
				t.Fatalf("list after refusals %s", got)
			}
		})

		t.Run("ErrBuiltInCannotChange", func(t *testing.T) {
			resp := e.do("PUT", one(0), token, map[string]any{"name": "Mine", "fields": emergency.DefaultFields()})
			if resp.Status != 400 || resp.Message() != cloud.MsgBuiltInReadOnly {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if resp := e.do("DELETE", one(0), token, nil); resp.Status != 400 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if resp := e.do("DELETE", "/api/corporate/form-templates/abc", token, nil); resp.Status != 404 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})

		t.Run("AnotherOrganizationGets404", func(t *testing.T) {
			e.createCorporateUser("rival@rival.example", "rival-password")
			rival := e.corporateLogin("rival@rival.example", "rival-password")
			for _, req := range []struct {
				method, path string
				body         any
			}{
				{"GET", list, nil},
				{"POST", list, map[string]any{"name": "X", "fields": emergency.DefaultFields()}},
				{"PUT", one(created.ID), map[string]any{"name": "X", "fields": emergency.DefaultFields()}},
				{"DELETE", one(created.ID), nil},
			} {
				resp := e.do(req.method, req.path, rival, req.body)
				if resp.Status != 404 || strings.Contains(string(resp.Body), "Site crew") {
					t.Fatalf("%s %s: %d %s", req.method, req.path, resp.Status, resp.Body)
				}
			}
			rivalUser, err := e.Store.FindUserByEmail(context.Background(), "rival@rival.example")
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := e.Service.TemplateFields(context.Background(), rivalUser, rivalUser.OrganizationID, created.ID); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("another organisation's template for a code: %v", err)
			}
		})

		t.Run("DeleteAndActivity", func(t *testing.T) {
			resp := e.do("DELETE", one(created.ID), token, nil)
			if resp.Status != 200 || resp.Message() != cloud.MsgTemplateDeleted {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if resp := e.do("DELETE", one(created.ID), token, nil); resp.Status != 404 {
				t.Fatalf("second delete: %d %s", resp.Status, resp.Body)
			}
			if got := strings.Join(listNames(t), ", "); got != "Standard Emergency Form, Drivers" {
				t.Fatalf("list %s", got)
			}
			resp = e.do("GET", fmt.Sprintf("/api/corporate/%d/dashboard", orgID), token, nil)
			var d api.CorporateDashboard
			if err := json.Unmarshal(resp.Body, &d); err != nil {
				t.Fatal(err)
			}
			kinds := map[string]int{}
			for _, a := range d.RecentActivity {
				kinds[a.Kind]++
			}
			if kinds[cloud.ActivityTemplateCreated] != 2 || kinds[cloud.ActivityTemplateUpdated] != 1 || kinds[cloud.ActivityTemplateDeleted] != 1 {
				t.Fatalf("recent activity %v", kinds)
			}
		})

		t.Run("ErrTooManyTemplates", func(t *testing.T) {
			existing, err := e.Store.ListTemplates(context.Background(), orgID)
			if err != nil {
				t.Fatal(err)
			}
			for i := len(existing); i < cloud.MaxTemplates; i++ {
				tpl := &cloud.Template{OrganizationID: orgID, Name: fmt.Sprintf("Bulk %d", i), Fields: emergency.DefaultFields(),
					CreatedAt: e.Clock.Now()}
				if err := e.Store.CreateTemplate(context.Background(), tpl, &cloud.Activity{OrganizationID: orgID,
					Kind: cloud.ActivityTemplateCreated, CreatedAt: e.Clock.Now()}); err != nil {
					t.Fatal(err)
				}
			}
			resp := e.do("POST", list, token, map[string]any{"name": "One too many", "fields": emergency.DefaultFields()})
			if resp.Status != http.StatusConflict || resp.Message() != fmt.Sprintf(cloud.MsgTooManyTemplates, cloud.MaxTemplates) {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})
		t.Run("AnonymousAndIndividuals", func(t *testing.T) {
			if resp := e.do("GET", list, "", nil); resp.Status != 401 {
				t.Fatalf("%d", resp.Status)
			}
			e.createUser("person@example.com", "person-password")
			person := e.login("person@example.com", "person-password")
			if resp := e.do("POST", list, person, map[string]any{"name": "X", "fields": emergency.DefaultFields()}); resp.Status != 404 {
				t.Fatalf("%d", resp.Status)
			}
		})
	})
}
