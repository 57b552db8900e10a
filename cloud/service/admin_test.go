package service_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/api"
)

// auditlessStore is a real store whose audit log cannot be written.
type auditlessStore struct{ cloud.Store }

func (auditlessStore) CreateAuditEntry(context.Context, *cloud.AuditEntry) error {
	return errors.New("audit log unavailable")
}

// TestAdminReadNeedsItsAuditEntry: an admin's read of a customer's data
// that cannot be recorded is not made.
func TestAdminReadNeedsItsAuditEntry(t *testing.T) {
	store, _ := storetest.Backends[0].Open(t)
	svc := newServiceWith(t, testConfig(t, auditlessStore{store}, newKey(t)))
	ctx := context.Background()
	customer := storetest.MustCreateUser(t, store, "ann@example.com")
	admin := &cloud.User{ID: customer.ID + 1, Email: "admin@example.com", IsAdmin: true, IsActive: true}

	data, err := svc.CustomerData(ctx, admin, strconv.FormatInt(customer.ID, 10))
	if err == nil || data != nil {
		t.Fatalf("customer data without its audit entry: %+v, %v", data, err)
	}
	exported := 0
	err = svc.ExportUsers(ctx, admin, func(api.AdminUser) error { exported++; return nil })
	if err == nil || exported != 0 {
		t.Fatalf("export without its audit entry: %d rows, %v", exported, err)
	}
}

// TestAdminOrganizationIsTheDocumentedShape: the admin's organisation list
// answers service.OrganizationView (the corporate side's view), which the
// contract describes as AdminOrganization; the two must name the same
// fields, or the list would send what the document does not say.
func TestAdminOrganizationIsTheDocumentedShape(t *testing.T) {
	keys := func(v any) []string {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return slices.Sorted(maps.Keys(m))
	}
	sent, documented := keys(api.CorporateOrganization{}), keys(api.AdminOrganization{})
	if !slices.Equal(sent, documented) {
		t.Errorf("OrganizationView sends %v; the document's AdminOrganization has %v", sent, documented)
	}
}
