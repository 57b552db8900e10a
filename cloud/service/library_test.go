package service_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

func workerValues(name string) map[string]string {
	return map[string]string{"fullName": name, "bloodType": "A+", "contact1Name": "Kim", "contact1Phone": "+44 7700 900123"}
}

// TestCodeRecords: batch printing gets each code's record and QR text in
// the order asked, repeats included, and nothing when any id is another
// organisation's.
func TestCodeRecords(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			store, _ := backend.Open(t)
			ctx := context.Background()
			svc := newService(t, store, newKey(t))
			acme := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
			officer := storetest.MustCreateOrganization(t, store, acme)
			rival := &cloud.Organization{Name: "Rival", ContactEmail: "boss@rival.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
			storetest.MustCreateOrganization(t, store, rival)

			ann, err := svc.CreateCode(ctx, officer, acme.ID, service.CodeInput{Values: workerValues("Ann")})
			if err != nil {
				t.Fatal(err)
			}
			// A worker's own submission (nil actor) through a collection link.
			bob, err := svc.CreateCode(ctx, nil, acme.ID, service.CodeInput{Values: workerValues("Bob"), Source: cloud.CodeSourceManual})
			if err != nil || bob.Source != cloud.CodeSourceCollection || bob.CreatedBy != 0 {
				t.Fatalf("worker's code %+v %v", bob, err)
			}
			theirs, err := svc.CreateCode(ctx, nil, rival.ID, service.CodeInput{Values: workerValues("Eve")})
			if err != nil {
				t.Fatal(err)
			}
			got, err := svc.CodeRecords(ctx, officer, acme.ID, []int64{bob.ID, ann.ID, bob.ID})
			if err != nil || len(got) != 3 {
				t.Fatalf("records %+v %v", got, err)
			}
			for i, want := range []string{"Bob", "Ann", "Bob"} {
				if got[i].Code.Name != want || got[i].Record.Values["fullName"] != want || got[i].QRText == "" {
					t.Fatalf("record %d: %+v", i, got[i])
				}
			}
			if _, err := svc.CodeRecords(ctx, officer, acme.ID, []int64{ann.ID, theirs.ID}); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("another organisation's code: %v", err)
			}
			if _, err := svc.CodeRecords(ctx, officer, rival.ID, []int64{theirs.ID}); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("another organisation: %v", err)
			}

			// The worker's update link replaces the values, checked.
			values := workerValues("Bob")
			values["bloodType"] = "Z"
			if _, err := svc.UpdateCodeValues(ctx, nil, acme.ID, bob.ID, values); cloud.ErrorCode(err) != cloud.EINVALID {
				t.Fatalf("invalid update: %v", err)
			}
			values["bloodType"] = "O-"
			if _, err := svc.UpdateCodeValues(ctx, nil, acme.ID, bob.ID, values); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.UpdateCodeValues(ctx, nil, rival.ID, bob.ID, values); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Fatalf("update through another organisation: %v", err)
			}
			got, err = svc.CodeRecords(ctx, officer, acme.ID, []int64{bob.ID})
			if err != nil || got[0].Record.Values["bloodType"] != "O-" {
				t.Fatalf("after the update %+v %v", got, err)
			}
		})
	}
}

// BenchmarkImportPreview checks a full-size CSV import (2000 rows of the
// Standard Emergency Form) without storing it: what an officer waits for
// after Check rows.
func BenchmarkImportPreview(b *testing.B) {
	store, _ := storetest.OpenSQLite(b)
	ctx := context.Background()
	key, _ := aesgcm.GenerateKey()
	raw, _ := aesgcm.ParseKey(key)
	svc, err := service.New(testConfig(b, store, raw))
	if err != nil {
		b.Fatal(err)
	}
	org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "enterprise",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 2000}
	officer := storetest.MustCreateOrganization(b, store, org)
	var csv strings.Builder
	csv.WriteString("Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone,Allergies\r\n")
	for i := range cloud.ImportMaxRows {
		fmt.Fprintf(&csv, "Worker %d,Worker %d,O+,Site office,+44 20 7946 0000,\"Penicillin, latex\"\r\n", i, i)
	}
	req := api.ImportQRCodesRequest{Csv: csv.String()}
	b.ResetTimer()
	for b.Loop() {
		result, err := svc.ImportCodes(ctx, officer, org.ID, req)
		if err != nil || result.Valid != cloud.ImportMaxRows {
			b.Fatalf("%+v %v", result, err)
		}
	}
}

// TestImportPreviewNamesRows checks that the preview names a row whose Name
// cell is blank after its full name, as the import would, even when the row
// has errors: the officer must see which worker to fix.
func TestImportPreviewNamesRows(t *testing.T) {
	store, _ := storetest.OpenSQLite(t)
	svc := newService(t, store, newKey(t))
	org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 10}
	officer := storetest.MustCreateOrganization(t, store, org)
	csv := "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\r\n" +
		",Ann Rider,O+,Bob Rider,\r\n" + // no phone: an error
		",Cy Walker,A-,Di Walker,+44 7700 900125\r\n" +
		"Crane 3,Eve Smith,B+,Fay Smith,+44 7700 900126\r\n"
	result, err := svc.ImportCodes(context.Background(), officer, org.ID, api.ImportQRCodesRequest{Csv: csv})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, row := range result.Rows {
		names = append(names, row.Name)
	}
	if want := []string{"Ann Rider", "Cy Walker", "Crane 3"}; !slices.Equal(names, want) || result.Invalid != 1 {
		t.Fatalf("rows named %q (%d invalid), want %q (1 invalid)", names, result.Invalid, want)
	}
}
