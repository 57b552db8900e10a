package client_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// workerValues fills the standard form's required fields.
func workerValues(name, phone string) map[string]string {
	return map[string]string{"fullName": name, "bloodType": "A+", "contact1Name": "Site office",
		"contact1Phone": phone, "allergies": "Bee stings"}
}

func TestCorporateWorkspaceThroughTheClient(t *testing.T) {
	cloud := clienttest.Start(t, cloudBinary)
	ctx := context.Background()
	password := cloud.CorporateTrial("Acme Builders", "safety@acme.test", "starter")
	anon := newClient(t, cloud)
	signIn, err := anon.CorporateLogin(ctx, "safety@acme.test", password)
	if err != nil {
		t.Fatal(err)
	}
	c, org := anon.WithToken(signIn.SessionToken), signIn.OrganizationID

	templates, err := c.FormTemplates(ctx, org)
	if err != nil {
		t.Fatal(err)
	}
	if len(templates) == 0 || !templates[0].BuiltIn || templates[0].ID != client.StandardTemplateID || len(templates[0].Fields) == 0 {
		t.Fatalf("templates: %+v", templates)
	}
	if projects, err := c.Projects(ctx, org); err != nil || len(projects) != 0 {
		t.Fatalf("projects: %+v %v", projects, err)
	}

	created, err := c.CreateQRCode(ctx, org, api.CreateQRCodeRequest{Name: "Ann Fitter", LabelType: "helmet",
		Values: workerValues("Ann Fitter", "+44 7700 900001")})
	if err != nil {
		t.Fatal(err)
	}
	if created.ID == 0 || created.Record.Values["fullName"] != "Ann Fitter" || !strings.Contains(created.QrText, "Name: Ann Fitter") {
		t.Fatalf("created: %+v", created)
	}

	lib, err := c.Library(ctx, org)
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.QrCodes) != 1 || lib.Quota != (api.LibraryQuota{Used: 1, Max: 50}) || lib.QrCodes[0].QrText != created.QrText ||
		len(lib.QrCodes[0].Record.Fields) == 0 {
		t.Fatalf("library: %+v", lib)
	}

	name := "Ann Fitter (site B)"
	values := workerValues("Ann Fitter", "+44 7700 900002")
	edited, err := c.UpdateQRCode(ctx, org, created.ID, api.UpdateQRCodeRequest{Name: &name, Values: values})
	if err != nil {
		t.Fatal(err)
	}
	if edited.Name != name || !strings.Contains(edited.QrText, "+44 7700 900002") {
		t.Fatalf("edited: %+v", edited)
	}
	t.Run("ErrDeletedCode", func(t *testing.T) {
		_, err := c.UpdateQRCode(ctx, org, created.ID+1000, api.UpdateQRCodeRequest{Name: &name})
		if client.StatusOf(err) != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})
	t.Run("ErrAnotherOrganisation", func(t *testing.T) {
		if _, err := c.Library(ctx, org+1); client.StatusOf(err) != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})

	csv := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\n" +
		"Bob Rigger,Bob Rigger,O-,Site office,+44 7700 900003\n" +
		"No Blood,No Blood,,Site office,+44 7700 900004\n"
	checked, err := c.ImportCSV(ctx, org, api.ImportQRCodesRequest{Csv: csv, LabelType: "helmet"})
	if err != nil {
		t.Fatal(err)
	}
	if checked.Valid != 1 || checked.Invalid != 1 || checked.Imported != 0 || len(checked.Rows) != 2 || len(checked.Rows[1].Errors) == 0 {
		t.Fatalf("checked import: %+v", checked)
	}
	imported, err := c.ImportCSV(ctx, org, api.ImportQRCodesRequest{Csv: csv[:strings.LastIndex(csv[:len(csv)-1], "\n")+1], Commit: true, LabelType: "helmet"})
	if err != nil {
		t.Fatal(err)
	}
	if imported.Imported != 1 {
		t.Fatalf("import: %+v", imported)
	}

	if err := c.RecordPrintRun(ctx, org, api.PrintRunRequest{Layout: "avery-5163", Labels: 2, CodeIds: []int64{created.ID}}); err != nil {
		t.Fatal(err)
	}
	t.Run("ErrPrintRunOfAnotherCode", func(t *testing.T) {
		err := c.RecordPrintRun(ctx, org, api.PrintRunRequest{Layout: "avery-5163", Labels: 1, CodeIds: []int64{created.ID + 1000}})
		if s := client.StatusOf(err); s != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})
}
