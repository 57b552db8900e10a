package service_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/argon2id"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/cloud/stripe"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
)

func newKey(t testing.TB) []byte {
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
	return newServiceWith(t, testConfig(t, store, current, previous...))
}

// testConfig is a service of the tests: fast password hashes, the test
// clock, mail kept in memory, the local test checkout.
func testConfig(t testing.TB, store cloud.Store, current []byte, previous ...[]byte) service.Config {
	t.Helper()
	sealer, err := aesgcm.New(current, previous...)
	if err != nil {
		t.Fatal(err)
	}
	outbox, _ := mail.NewOutbox("", slog.New(slog.DiscardHandler))
	return service.Config{Store: store, Sealer: sealer, Mailer: outbox,
		Passwords: argon2id.New(argon2id.Params{Time: 1, MemoryKiB: 64, Threads: 1}, 0),
		Logger:    slog.New(slog.DiscardHandler), Now: func() time.Time { return storetest.T0 },
		Payments: stripe.LocalCheckout{}}
}

// newServiceWith starts a service with its mail queue on the store.
func newServiceWith(t *testing.T, c service.Config) *service.Service {
	t.Helper()
	queue, startQueue := storetest.Queue(t, c.Store)
	c.Queue = queue
	svc, err := service.New(c)
	if err != nil {
		t.Fatal(err)
	}
	river.AddWorker(queue.Workers(), svc.MailWorker())
	startQueue()
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

			// A checkout not yet paid holds its address until fulfilment.
			address := &api.ShippingAddress{Email: "c@example.com", FullName: "C", AddressLine1: "1 Lane",
				City: "Leeds", County: "West Yorkshire", Postcode: "LS1 1AA"}
			if _, err := before.CreateCheckout(ctx, nil, api.PaymentIntentRequest{Type: cloud.PaymentPhysical,
				Email: "c@example.com", LabelType: "wallet", ShippingAddress: address}); err != nil {
				t.Fatal(err)
			}

			// A library code's record, sealed like an individual's.
			org := &cloud.Organization{Name: "Acme", ContactEmail: "boss@acme.example", Plan: "starter",
				SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50}
			officer := storetest.MustCreateOrganization(t, store, org)
			code, err := before.CreateCode(ctx, officer, org.ID, service.CodeInput{Values: map[string]string{
				"fullName": "Ann Worker", "bloodType": "B-", "contact1Name": "Bob", "contact1Phone": "+44 7700 900123",
				"medications": "Insulin"}})
			if err != nil {
				t.Fatal(err)
			}

			// An authenticator app's secret, sealed like medical data.
			app, err := before.StartTOTP(ctx, users[0])
			if err != nil {
				t.Fatal(err)
			}

			newOnly := newService(t, store, newKey)
			if _, err := newOnly.CodeRecords(ctx, officer, org.ID, []int64{code.ID}); err == nil {
				t.Fatal("the new key alone opened a library record sealed under the old one")
			}
			if _, err := newOnly.PullEmergencyData(ctx, users[0], users[0].Email); err == nil {
				t.Fatal("the new key alone opened data sealed under the old one")
			}

			rotating := newService(t, store, newKey, oldKey)
			n, err := rotating.ResealAll(ctx)
			if err != nil || n != 7 {
				t.Fatalf("resealed %d rows (%v), want 7", n, err)
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
				if err != nil || len(export.PhysicalOrders) != 1 || !bytes.Contains(export.PhysicalOrders[0].ShippingAddress, []byte("Leeds")) {
					t.Fatalf("export after rotation: %+v %v", export, err)
				}
			}

			code1, err := totp.GenerateCode(app.Secret, storetest.T0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := newOnly.ConfirmTOTP(ctx, users[0], code1); err != nil {
				t.Fatalf("the authenticator app after rotation: %v", err)
			}

			records, err := newOnly.CodeRecords(ctx, officer, org.ID, []int64{code.ID, code.ID})
			if err != nil || len(records) != 2 || records[1].Record.Values["medications"] != "Insulin" ||
				!strings.Contains(records[0].QRText, "Medications: Insulin") {
				t.Fatalf("library record after rotation: %+v %v", records, err)
			}

			// The re-sealed checkout is fulfilled with the new key alone.
			payments, err := store.ListPaymentAddresses(ctx, 0, 10)
			if err != nil || len(payments) != 1 {
				t.Fatalf("pending checkouts with an address: %d (%v)", len(payments), err)
			}
			p, _ := store.FindPaymentByRef(ctx, payments[0].Ref)
			outcome, err := newOnly.ApplyPaymentEvent(ctx, cloud.PaymentEvent{ID: "evt_rotated", Type: cloud.EventPaymentSucceeded,
				IntentID: p.IntentID, PaymentRef: p.Ref, AmountPence: p.AmountPence, Currency: p.Currency})
			if err != nil || outcome != service.EventApplied {
				t.Fatalf("fulfilment after rotation: %q %v", outcome, err)
			}
			buyer, _ := store.FindUserByEmail(ctx, "c@example.com")
			export, err := newOnly.ExportData(ctx, buyer, buyer.Email)
			if err != nil || len(export.PhysicalOrders) != 1 || !bytes.Contains(export.PhysicalOrders[0].ShippingAddress, []byte("LS1 1AA")) {
				t.Fatalf("the order keeps the address: %+v %v", export, err)
			}
			if left, _ := store.ListPaymentAddresses(ctx, 0, 10); len(left) != 0 {
				t.Fatal("a fulfilled payment must drop its copy of the address")
			}
		})
	}
}
