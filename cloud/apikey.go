package cloud

import (
	"context"
	"time"
)

// API keys: an organisation's own systems (an HR or
// site-access system) call the organisation's routes with a key instead of
// a person's session. The owner makes and revokes them in the workspace.

// The scopes a key is made with: read answers GET (and HEAD) only; write
// may also change the organisation's library, projects, templates,
// printing and collection links.
const (
	APIKeyScopeRead  = "read"
	APIKeyScopeWrite = "write"
)

// A key's secret is APIKeyPrefixLive or APIKeyPrefixTest followed by 43
// base64url characters (32 random bytes). The fixed prefix lets secret
// scanners (GitHub's, gitleaks) find a leaked key; the test prefix marks
// keys made by a development server, which a production one never knows.
const (
	APIKeyPrefixLive = "lt_live_"
	APIKeyPrefixTest = "lt_test_"
	// APIKeyShownPrefix is how many characters of the secret the list
	// shows people to tell keys apart ("lt_live_AbCd"): the 4 random ones
	// reveal nothing useful of 32 random bytes.
	APIKeyShownPrefix = 12
	// APIKeyNameMax bounds a key's name, in characters.
	APIKeyNameMax = 80
	// APIKeyMaxLifetime is the furthest expiry a key may be given: a key
	// lives at most a year, so a forgotten one does not live for ever.
	APIKeyMaxLifetime = 366 * 24 * time.Hour
	// APIKeyTouchEvery: LastUsedAt is written at most this often per key,
	// so a busy integration does not write a row on every request.
	APIKeyTouchEvery = time.Minute
	// APIKeysPerOrganization bounds the live keys of one organisation.
	APIKeysPerOrganization = 50
)

// IsAPIKeySecret reports whether a bearer token is an API key (by its
// prefix) rather than a session token.
func IsAPIKeySecret(token string) bool {
	return len(token) > len(APIKeyPrefixLive) &&
		(token[:len(APIKeyPrefixLive)] == APIKeyPrefixLive || token[:len(APIKeyPrefixTest)] == APIKeyPrefixTest)
}

// APIKey is one key of an organisation. The secret itself is never stored:
// SecretHash is its SHA-256.
type APIKey struct {
	ID             int64
	OrganizationID int64
	Name           string
	Prefix         string // the first APIKeyShownPrefix characters of the secret
	SecretHash     []byte
	Scope          string
	ExpiresAt      time.Time // zero: never
	CreatedBy      int64
	CreatedAt      time.Time
	LastUsedAt     time.Time // zero: never used
	RevokedAt      time.Time // zero: live
}

// APIKeyState is why a key is not usable at now ("" when it is).
func (k *APIKey) State(now time.Time) string {
	switch {
	case !k.RevokedAt.IsZero():
		return APIKeyRevoked
	case !k.ExpiresAt.IsZero() && !now.Before(k.ExpiresAt):
		return APIKeyExpired
	}
	return APIKeyActive
}

// A key's state, as the list shows it.
const (
	APIKeyActive  = "active"
	APIKeyRevoked = "revoked"
	APIKeyExpired = "expired"
)

// APIKeyStore keeps the keys.
type APIKeyStore interface {
	// CreateAPIKey inserts k and sets its ID. ECONFLICT when a live (not
	// revoked) key of the organisation has the same name, or the hash is
	// taken.
	CreateAPIKey(ctx context.Context, k *APIKey) error
	// ListAPIKeys returns an organisation's keys, revoked ones too, newest first.
	ListAPIKeys(ctx context.Context, organizationID int64) ([]*APIKey, error)
	// FindAPIKeyByHash finds a key by its secret's hash; ENOTFOUND for none.
	FindAPIKeyByHash(ctx context.Context, secretHash []byte) (*APIKey, error)
	// RevokeAPIKey marks the organisation's key revoked at now (kept, so the
	// list still shows it); ENOTFOUND for another organisation's. Revoking
	// twice keeps the first time.
	RevokeAPIKey(ctx context.Context, organizationID, keyID int64, now time.Time) (*APIKey, error)
	// TouchAPIKey sets the key's LastUsedAt to now if it is older than
	// now-APIKeyTouchEvery (or unset), so most requests write nothing.
	TouchAPIKey(ctx context.Context, keyID int64, now time.Time) error
}

// Activity kinds of keys.
const (
	ActivityAPIKeyCreated = "api_key.created"
	ActivityAPIKeyRevoked = "api_key.revoked"
	// ActivityAPIKeyWrite is any change made with a key; its detail names
	// the key and the route ("HR sync": PUT /api/corporate/{orgId}/...).
	ActivityAPIKeyWrite = "api_key.write"
)

// Messages of keys.
const (
	MsgAPIKeyNameRequired    = "Give the API key a name"
	MsgAPIKeyNameTooLong     = "The API key's name must be at most 80 characters"
	MsgAPIKeyNameTaken       = "Another API key of this organisation has this name"
	MsgAPIKeyScopeInvalid    = `The scope must be "read" or "write"`
	MsgAPIKeyExpiryInvalid   = "The expiry must be a date and time such as 2027-01-31T00:00:00Z"
	MsgAPIKeyExpiryPast      = "The expiry must be in the future"
	MsgAPIKeyExpiryTooFar    = "An API key may live at most a year"
	MsgAPIKeyTooMany         = "This organisation has 50 live API keys: revoke one first"
	MsgAPIKeyNotFound        = "API key not found"
	MsgAPIKeyInvalid         = "This API key is not valid"
	MsgAPIKeyRevoked         = "This API key was revoked"
	MsgAPIKeyExpired         = "This API key has expired"
	MsgAPIKeyReadOnly        = "This API key may only read: make a key with the write scope to change data"
	MsgAPIKeyNotHere         = "API keys work only on the organisation's library, projects, templates, printing and collection routes"
	MsgAPIKeyOrgInactive     = "This API key's organisation has no live subscription: choose a plan in the workspace to use its keys again"
	MsgAPIKeyRateLimited     = "Too many requests with this API key: wait a minute and try again"
	MsgAPIKeyTooManyFailures = "Too many requests with a wrong API key from this address: check the key, wait a minute and try again"
	MsgAPIKeyManageBySession = "API keys are managed in the workspace, signed in, not with another key"
)
