package service_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
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
	err = svc.ExportUsers(ctx, admin, func(service.AdminUserView) error { exported++; return nil })
	if err == nil || exported != 0 {
		t.Fatalf("export without its audit entry: %d rows, %v", exported, err)
	}
}
