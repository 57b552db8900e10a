package service_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// countingHasher counts the (deliberately slow) password hashes asked of it.
type countingHasher struct {
	cloud.PasswordHasher
	hashes atomic.Int64
}

func (h *countingHasher) Hash(password string) (string, error) {
	h.hashes.Add(1)
	return h.PasswordHasher.Hash(password)
}

// TestPasswordTokenCheckedBeforeHashing (attack 7): a made-up
// reset or set-password token costs a look-up, never a password hash.
func TestPasswordTokenCheckedBeforeHashing(t *testing.T) {
	store, _ := storetest.Backends[0].Open(t)
	config := testConfig(t, store, newKey(t))
	hasher := &countingHasher{PasswordHasher: config.Passwords}
	config.Passwords = hasher
	svc := newServiceWith(t, config)
	ctx := context.Background()
	if err := svc.SeedAdmins(ctx, []string{"boss@example.com"}); err != nil {
		t.Fatal(err)
	}
	before := hasher.hashes.Load()
	if err := svc.ResetPassword(ctx, "made-up-token", "new-password-1", ""); cloud.ErrorCode(err) != cloud.EINVALID {
		t.Fatalf("reset with a made-up token: %v", err)
	}
	if err := svc.SetPassword(ctx, "boss@example.com", "made-up-token", "new-password-1"); cloud.ErrorCode(err) != cloud.EINVALID {
		t.Fatalf("set-password with a made-up token: %v", err)
	}
	if n := hasher.hashes.Load() - before; n != 0 {
		t.Fatalf("%d password hashes for made-up tokens", n)
	}
}
