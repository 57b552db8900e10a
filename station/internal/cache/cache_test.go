package cache

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/station/internal/secrets"
)

const account = "http://127.0.0.1:1 admin@station.test"

func openTest(t *testing.T, dir string) *DB {
	t.Helper()
	db, err := Open(filepath.Join(dir, "cache.db"), secrets.File{Dir: filepath.Join(dir, "secrets")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOrdersAreSealedAtRest(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	ctx := context.Background()
	synced := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	record := &emergency.Data{PersonalInfo: emergency.PersonalInfo{FullName: "Zebediah Quill"},
		MedicalInfo: emergency.MedicalInfo{Allergies: "Peanuts-allergy-marker"}}
	orders := []Order{
		{Order: api.AdminOrder{OrderID: "LT-1", Status: "pending", CreatedAt: synced.Add(-time.Hour)}, Record: record},
		{Order: api.AdminOrder{OrderID: "LT-2", Status: "processing", CreatedAt: synced}, Record: record},
	}
	if err := db.ReplaceOrders(ctx, account, orders, synced); err != nil {
		t.Fatal(err)
	}
	got, when, err := db.Orders(ctx, account)
	if err != nil || len(got) != 2 || got[0].Order.OrderID != "LT-2" || !when.Equal(synced) ||
		got[1].Record.MedicalInfo.Allergies != "Peanuts-allergy-marker" {
		t.Fatalf("orders: %+v %v %v", got, when, err)
	}
	if other, _, _ := db.Orders(ctx, "another account"); len(other) != 0 {
		t.Fatal("another account sees this account's orders")
	}
	db.Close()
	for _, name := range []string{"cache.db", "cache.db-wal"} {
		raw, _ := os.ReadFile(filepath.Join(dir, name))
		if bytes.Contains(raw, []byte("Peanuts-allergy-marker")) || bytes.Contains(raw, []byte("Zebediah")) {
			t.Fatalf("%s holds medical data in the clear", name)
		}
	}
	if info, _ := os.Stat(filepath.Join(dir, "cache.db")); info.Mode().Perm() != 0o600 {
		t.Fatalf("cache file mode %v", info.Mode().Perm())
	}
}

func TestARowMovedToAnotherAccountDoesNotOpen(t *testing.T) {
	db := openTest(t, t.TempDir())
	ctx := context.Background()
	db.ReplaceOrders(ctx, account, []Order{{Order: api.AdminOrder{OrderID: "LT-1"}}}, time.Now())
	if _, err := db.sql.Exec(`UPDATE orders SET account = 'thief'`); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.Orders(ctx, "thief"); !errors.Is(err, errSealed) {
		t.Fatalf("got %v, want a row that does not open", err)
	}
}

func TestALostKeyEmptiesTheCache(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir)
	ctx := context.Background()
	db.ReplaceOrders(ctx, account, []Order{{Order: api.AdminOrder{OrderID: "LT-1"}}}, time.Now())
	db.Enqueue(ctx, account, "order-status", map[string]string{"orderId": "LT-1"})
	db.Close()
	os.RemoveAll(filepath.Join(dir, "secrets")) // the keyring was reset

	db2, err := Open(filepath.Join(dir, "cache.db"), secrets.File{Dir: filepath.Join(dir, "secrets")})
	if !errors.Is(err, ErrKeyLost) || db2 == nil {
		t.Fatalf("got %v, want ErrKeyLost and a usable cache", err)
	}
	defer db2.Close()
	if got, _, err := db2.Orders(ctx, account); err != nil || len(got) != 0 {
		t.Fatalf("after a lost key: %v %v", got, err)
	}
}

func TestQueueKeepsOrderAndRefusals(t *testing.T) {
	db := openTest(t, t.TempDir())
	ctx := context.Background()
	a, _ := db.Enqueue(ctx, account, "order-status", map[string]string{"orderId": "LT-1"})
	b, _ := db.Enqueue(ctx, account, "code-create", map[string]string{"name": "Worker"})
	if a.Key == b.Key || len(a.Key) != 32 {
		t.Fatalf("idempotency keys %q %q", a.Key, b.Key)
	}
	pending, err := db.Changes(ctx, account, ChangePending)
	if err != nil || len(pending) != 2 || pending[0].ID != a.ID || string(pending[1].Payload) != `{"name":"Worker"}` {
		t.Fatalf("pending: %+v %v", pending, err)
	}
	db.ChangeSent(ctx, a.ID)
	db.ChangeRefused(ctx, b.ID, "QR code limit reached")
	if n, _ := db.CountChanges(ctx, account, ChangePending); n != 0 {
		t.Fatalf("%d pending", n)
	}
	refused, _ := db.Changes(ctx, account, ChangeRefused)
	if len(refused) != 1 || refused[0].Message != "QR code limit reached" || refused[0].Attempts != 1 {
		t.Fatalf("refused: %+v", refused)
	}
	if err := db.DismissChange(ctx, "another account", b.ID); err == nil {
		t.Fatal("another account dismissed this account's change")
	}
	if err := db.DismissChange(ctx, account, b.ID); err != nil {
		t.Fatal(err)
	}
}

// TestRemoveSetAsideBefore: a damaged cache set aside goes when it is older
// than the days a cache is kept, with its WAL; a newer one, the cache
// itself and other files stay.
func TestRemoveSetAsideBefore(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "station-cache.db")
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	old, recent := path+".damaged-20261001T090000Z", path+".damaged-20261120T090000Z"
	for _, name := range []string{path, old, old + "-wal", recent, filepath.Join(dir, "station.log")} {
		if err := os.WriteFile(name, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	n, err := RemoveSetAsideBefore(path, now.AddDate(0, 0, -30))
	if err != nil || n != 1 {
		t.Fatalf("removed %d, %v", n, err)
	}
	for name, want := range map[string]bool{path: true, old: false, old + "-wal": false, recent: true, filepath.Join(dir, "station.log"): true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s: there %v, want %v", filepath.Base(name), err == nil, want)
		}
	}
}
