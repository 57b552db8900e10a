package service_test

import (
	"bytes"
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func newKey(t *testing.T) []byte {
	t.Helper()
	text, err := aesgcm.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	key, _ := aesgcm.ParseKey(text)
	return key
}

func newService(t *testing.T, store cloud.Store, current []byte, previous ...[]byte) *service.Service {
	t.Helper()
	sealer, err := aesgcm.New(current, previous...)
	if err != nil {
		t.Fatal(err)
	}
	outbox, _ := mail.NewOutbox("", slog.New(slog.DiscardHandler))
	svc, err := service.New(service.Config{Store: store, Sealer: sealer, Mailer: outbox,
		Passwords: argon2id.New(argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}, 0),
		Logger:    slog.New(slog.DiscardHandler), Now: func() time.Time { return storetest.T0 }})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestKeyRotation: data sealed under an old key is re-sealed under the new
// one, after which the old key is no longer needed.
func TestKeyRotation(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			store, _ := backend.Open(t)
			ctx := context.Background()
			oldKey, newKey := newKey(t), newKey(t)

			before := newService(t, store, oldKey)
			var users []*cloud.User
			for _, email := range []string{"a@example.com", "b@example.com"} {
				u := storetest.MustCreateUser(t, store, email)
				users = append(users, u)
				d := emergency.Data{
					PersonalInfo:      emergency.PersonalInfo{FullName: "Name " + email, Email: email, BloodType: "A+"},
					EmergencyContacts: []emergency.Contact{{ID: "1", Name: "C", Phone: "123"}},
					MedicalInfo:       emergency.MedicalInfo{Notes: "notes of " + email},
				}
				if _, err := before.PushEmergencyData(ctx, u, email, &d); err != nil {
					t.Fatal(err)
				}
				address, err := before.SealShippingAddress(u.ID, map[string]string{"city": "Leeds"})
				if err != nil {
					t.Fatal(err)
				}
				if err := store.CreateOrder(ctx, &cloud.Order{OrderID: "LT-" + email, UserID: u.ID, LabelType: "helmet", Quantity: 1,
					PricePence: 999, ShippingAddress: address, Status: "pending", CreatedAt: storetest.T0}); err != nil {
					t.Fatal(err)
				}
			}

			newOnly := newService(t, store, newKey)
			if _, err := newOnly.PullEmergencyData(ctx, users[0], users[0].Email); err == nil {
				t.Fatal("the new key alone opened data sealed under the old one")
			}

			rotating := newService(t, store, newKey, oldKey)
			n, err := rotating.ResealAll(ctx)
			if err != nil || n != 4 {
				t.Fatalf("resealed %d rows (%v), want 4", n, err)
			}
			if n, err := rotating.ResealAll(ctx); err != nil || n != 0 {
				t.Fatalf("second run resealed %d rows (%v), want 0", n, err)
			}

			for _, u := range users {
				d, err := newOnly.PullEmergencyData(ctx, u, u.Email)
				if err != nil || d.MedicalInfo.Notes != "notes of "+u.Email {
					t.Fatalf("after rotation: %+v %v", d, err)
				}
				export, err := newOnly.ExportData(ctx, u, u.Email)
				if err != nil || len(export.Orders) != 1 || !bytes.Contains(export.Orders[0].ShippingAddress, []byte("Leeds")) {
					t.Fatalf("export after rotation: %+v %v", export, err)
				}
			}
		})
	}
}
