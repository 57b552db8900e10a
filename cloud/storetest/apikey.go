package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// testAPIKeys: an organisation's API keys.
func testAPIKeys(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	acme, other := twoOrganizations(t, s)
	key := func(orgID int64, name, hash string) *cloud.APIKey {
		return &cloud.APIKey{OrganizationID: orgID, Name: name, Prefix: "lt_test_abcd", SecretHash: []byte(hash),
			Scope: cloud.APIKeyScopeWrite, CreatedBy: 7, CreatedAt: T0}
	}
	hr := key(acme.ID, "HR sync", "hash-hr")
	hr.ExpiresAt = T0.Add(24 * time.Hour)
	must(t, s.CreateAPIKey(ctx, hr))
	reader := key(acme.ID, "Reader", "hash-reader")
	reader.Scope = cloud.APIKeyScopeRead
	reader.CreatedAt = T0.Add(time.Minute)
	must(t, s.CreateAPIKey(ctx, reader))

	t.Run("FindKeepsEveryField", func(t *testing.T) {
		k, err := s.FindAPIKeyByHash(ctx, []byte("hash-hr"))
		must(t, err)
		if k.ID != hr.ID || k.OrganizationID != acme.ID || k.Name != "HR sync" || k.Prefix != "lt_test_abcd" ||
			k.Scope != cloud.APIKeyScopeWrite || !k.ExpiresAt.Equal(hr.ExpiresAt) || k.CreatedBy != 7 ||
			!k.CreatedAt.Equal(T0) || !k.LastUsedAt.IsZero() || !k.RevokedAt.IsZero() {
			t.Fatalf("found %+v, want %+v", k, hr)
		}
		_, err = s.FindAPIKeyByHash(ctx, []byte("no-such-hash"))
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrSameLiveNameOrHash", func(t *testing.T) {
		wantCode(t, s.CreateAPIKey(ctx, key(acme.ID, "HR sync", "hash-other")), cloud.ECONFLICT)
		wantCode(t, s.CreateAPIKey(ctx, key(other.ID, "Elsewhere", "hash-hr")), cloud.ECONFLICT)
		// Another organisation may use the name.
		must(t, s.CreateAPIKey(ctx, key(other.ID, "HR sync", "hash-other-hr")))
	})
	t.Run("ListNewestFirstOfOneOrganization", func(t *testing.T) {
		keys, err := s.ListAPIKeys(ctx, acme.ID)
		must(t, err)
		if len(keys) != 2 || keys[0].ID != reader.ID || keys[1].ID != hr.ID {
			t.Fatalf("keys %+v, want Reader then HR sync", keys)
		}
	})
	t.Run("TouchAtMostOnceAMinute", func(t *testing.T) {
		must(t, s.TouchAPIKey(ctx, reader.ID, T0.Add(time.Hour)))
		must(t, s.TouchAPIKey(ctx, reader.ID, T0.Add(time.Hour+30*time.Second)))
		k, err := s.FindAPIKeyByHash(ctx, []byte("hash-reader"))
		must(t, err)
		if !k.LastUsedAt.Equal(T0.Add(time.Hour)) {
			t.Fatalf("last used %v, want the first touch", k.LastUsedAt)
		}
		must(t, s.TouchAPIKey(ctx, reader.ID, T0.Add(time.Hour+time.Minute)))
		k, _ = s.FindAPIKeyByHash(ctx, []byte("hash-reader"))
		if !k.LastUsedAt.Equal(T0.Add(time.Hour + time.Minute)) {
			t.Fatalf("last used %v, want a minute later", k.LastUsedAt)
		}
	})
	t.Run("Revoke", func(t *testing.T) {
		_, err := s.RevokeAPIKey(ctx, other.ID, hr.ID, T0.Add(time.Hour))
		wantCode(t, err, cloud.ENOTFOUND)
		k, err := s.RevokeAPIKey(ctx, acme.ID, hr.ID, T0.Add(time.Hour))
		must(t, err)
		if !k.RevokedAt.Equal(T0.Add(time.Hour)) || k.Name != "HR sync" {
			t.Fatalf("revoked %+v", k)
		}
		k, err = s.RevokeAPIKey(ctx, acme.ID, hr.ID, T0.Add(2*time.Hour))
		must(t, err)
		if !k.RevokedAt.Equal(T0.Add(time.Hour)) {
			t.Fatalf("revoked again: %v, want the first time kept", k.RevokedAt)
		}
		// The name of a revoked key is free again.
		must(t, s.CreateAPIKey(ctx, key(acme.ID, "HR sync", "hash-hr-2")))
	})
	t.Run("GoneWithItsOrganization", func(t *testing.T) {
		must(t, s.InCorporateTx(ctx, func(tx cloud.CorporateTx) error { return tx.DeleteOrganization(other.ID) }))
		_, err := s.FindAPIKeyByHash(ctx, []byte("hash-other-hr"))
		wantCode(t, err, cloud.ENOTFOUND)
	})
}
