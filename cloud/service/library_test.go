package service_test

import (
	"context"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
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
