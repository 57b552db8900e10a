package service

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/emergency"
)

// API keys. The owner makes and revokes them; every
// member may see their names (to know what is calling in the
// organisation's name), never their secrets, which only the creation
// answer carries.

// APIKeyEntry is a key as its organisation's members see it (never its
// secret), with its state when asked: active, expired or revoked.
type APIKeyEntry struct {
	*cloud.APIKey
	State string
}

func apiKeyEntry(k *cloud.APIKey, now time.Time) APIKeyEntry {
	return APIKeyEntry{APIKey: k, State: k.State(now)}
}

// APIKeyList is the workspace's list, with whether its reader may make
// and revoke keys.
type APIKeyList struct {
	Keys   []APIKeyEntry
	Manage bool
}

// APIKeyRequest is the creation form: ExpiresAt is RFC 3339, or empty for
// a key that does not expire.
type APIKeyRequest struct {
	Name, Scope, ExpiresAt string
}

// APIKeyCreated is the creation answer: the key, and its secret, once.
type APIKeyCreated struct {
	Key    APIKeyEntry
	Secret string
}

// APIKeys lists the organisation's keys, revoked and expired ones too
// (marked so), newest first: its members, and a site admin, read them.
func (s *Service) APIKeys(ctx context.Context, actor *cloud.User, orgID int64) (*APIKeyList, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	keys, err := s.store.ListAPIKeys(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]APIKeyEntry, 0, len(keys))
	for _, k := range keys {
		out = append(out, apiKeyEntry(k, now))
	}
	return &APIKeyList{Keys: out, Manage: isOwner(actor, org.ID)}, nil
}

// CreateAPIKey makes a key: the owner only. The secret is in the answer
// and nowhere else; the store keeps its SHA-256.
func (s *Service) CreateAPIKey(ctx context.Context, actor *cloud.User, orgID int64, req APIKeyRequest) (*APIKeyCreated, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	name, err := apiKeyName(req.Name)
	if err != nil {
		return nil, err
	}
	if req.Scope != cloud.APIKeyScopeRead && req.Scope != cloud.APIKeyScopeWrite {
		return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyScopeInvalid)
	}
	now := s.now()
	var expires time.Time
	if strings.TrimSpace(req.ExpiresAt) != "" {
		expires, err = time.Parse(time.RFC3339, strings.TrimSpace(req.ExpiresAt))
		switch {
		case err != nil:
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyExpiryInvalid)
		case !expires.After(now):
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyExpiryPast)
		case expires.After(now.Add(cloud.APIKeyMaxLifetime)):
			return nil, cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyExpiryTooFar)
		}
		expires = expires.UTC()
	}
	existing, err := s.store.ListAPIKeys(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	live := 0
	for _, k := range existing {
		if k.RevokedAt.IsZero() {
			live++
			if k.Name == name {
				return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAPIKeyNameTaken)
			}
		}
	}
	if live >= cloud.APIKeysPerOrganization {
		return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAPIKeyTooMany)
	}
	random, _, err := newToken()
	if err != nil {
		return nil, err
	}
	prefix := cloud.APIKeyPrefixLive
	if s.development {
		prefix = cloud.APIKeyPrefixTest
	}
	secret := prefix + random
	k := &cloud.APIKey{OrganizationID: org.ID, Name: name, Prefix: secret[:cloud.APIKeyShownPrefix],
		SecretHash: hashToken(secret), Scope: req.Scope, ExpiresAt: expires, CreatedBy: actor.ID, CreatedAt: now}
	if err := s.store.CreateAPIKey(ctx, k); err != nil {
		if cloud.ErrorCode(err) == cloud.ECONFLICT { // the same name, made at the same moment
			return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgAPIKeyNameTaken)
		}
		return nil, err
	}
	s.addActivity(ctx, org.ID, cloud.ActivityAPIKeyCreated, quoted(name)+" ("+req.Scope+")")
	return &APIKeyCreated{Key: apiKeyEntry(k, now), Secret: secret}, nil
}

// apiKeyName is a key's name with the one-line rule every name gets
// (emergency.SingleLine: blanks and line breaks made single spaces,
// bidirectional and other invisible controls removed), or why it cannot be
// one.
func apiKeyName(raw string) (string, error) {
	name := emergency.SingleLine(raw)
	switch {
	case name == "":
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyNameRequired)
	case utf8.RuneCountInString(name) > cloud.APIKeyNameMax:
		return "", cloud.NewError(cloud.EINVALID, cloud.MsgAPIKeyNameTooLong)
	}
	return name, nil
}

// RevokeAPIKey ends a key at once: the owner only. It stays listed, as
// revoked, and its next request is refused with MsgAPIKeyRevoked.
func (s *Service) RevokeAPIKey(ctx context.Context, actor *cloud.User, orgID, keyID int64) (*APIKeyEntry, error) {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	k, err := s.store.RevokeAPIKey(ctx, org.ID, keyID, now)
	if err != nil {
		return nil, err
	}
	if k.RevokedAt.Equal(now) {
		s.addActivity(ctx, org.ID, cloud.ActivityAPIKeyRevoked, quoted(k.Name))
	}
	v := apiKeyEntry(k, now)
	return &v, nil
}

// KeyPrincipal is who a request with an API key acts as: the key, and a
// stand-in member of its organisation that the organisation's routes'
// own checks (organizationFor, isMember) accept. The stand-in is never an
// owner (ownerOf refuses it) nor a site admin, and has no account (ID 0:
// rows it creates name no creator).
type KeyPrincipal struct {
	Key   *cloud.APIKey
	Actor *cloud.User
}

// AuthenticateAPIKey resolves a key's secret: unknown, revoked and expired
// keys are EUNAUTHORIZED with their own message; a key of an organisation
// without a live subscription (trial ended, cancelled) is EFORBIDDEN, for
// reading too (the issue: a key "is refused once the organisation is
// inactive"; its people can still read the workspace, signed in). An
// organisation over its plan is not inactive: its key reads, and the
// routes that create refuse with their own message. LastUsedAt is noted at
// most once a minute.
func (s *Service) AuthenticateAPIKey(ctx context.Context, secret string) (*KeyPrincipal, error) {
	if len(secret) > cloud.TokenMaxBytes || !cloud.IsAPIKeySecret(secret) {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgAPIKeyInvalid)
	}
	k, err := s.store.FindAPIKeyByHash(ctx, hashToken(secret))
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgAPIKeyInvalid)
	}
	if err != nil {
		return nil, err
	}
	now := s.now()
	switch k.State(now) {
	case cloud.APIKeyRevoked:
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgAPIKeyRevoked)
	case cloud.APIKeyExpired:
		return nil, cloud.NewError(cloud.EUNAUTHORIZED, cloud.MsgAPIKeyExpired)
	}
	org, err := s.store.FindOrganization(ctx, k.OrganizationID)
	if err != nil {
		return nil, err
	}
	switch org.Status(now) {
	case cloud.SubscriptionActive, cloud.SubscriptionTrial, cloud.SubscriptionPastDue:
	default:
		return nil, cloud.NewError(cloud.EFORBIDDEN, cloud.MsgAPIKeyOrgInactive)
	}
	if k.LastUsedAt.IsZero() || now.Sub(k.LastUsedAt) >= cloud.APIKeyTouchEvery {
		if err := s.store.TouchAPIKey(ctx, k.ID, now); err != nil {
			return nil, err
		}
	}
	return &KeyPrincipal{Key: k, Actor: &cloud.User{UserType: cloud.UserTypeCorporateAdmin,
		OrganizationID: k.OrganizationID, IsActive: true}}, nil
}

// NoteAPIKeyWrite puts a change made with a key into the organisation's
// Recent Activity under the key's name, with the route it used (the
// pattern, never the raw path).
func (s *Service) NoteAPIKeyWrite(ctx context.Context, k *cloud.APIKey, method, route string) {
	s.addActivity(ctx, k.OrganizationID, cloud.ActivityAPIKeyWrite, fmt.Sprintf("%s: %s %s", quoted(k.Name), method, route))
}
