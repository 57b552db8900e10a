package http_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// apiKey makes a key of the organisation behind the API, as the create
// route would, and returns its secret.
func (e *env) apiKey(orgID int64, name, scope string, expires time.Time) string {
	e.t.Helper()
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		e.t.Fatal(err)
	}
	secret := cloud.APIKeyPrefixTest + base64.RawURLEncoding.EncodeToString(raw)
	hash := sha256.Sum256([]byte(secret))
	k := &cloud.APIKey{OrganizationID: orgID, Name: name, Prefix: secret[:cloud.APIKeyShownPrefix], SecretHash: hash[:],
		Scope: scope, ExpiresAt: expires, CreatedAt: e.Clock.Now()}
	if err := e.Store.CreateAPIKey(context.Background(), k); err != nil {
		e.t.Fatal(err)
	}
	return secret
}

// activeOrganization makes a paying organisation with its owner signed in.
func (e *env) activeOrganization(name, ownerEmail string) (int64, string) {
	e.t.Helper()
	orgID, _, token := e.newOwnedOrganization(name, ownerEmail, &cloud.Organization{Plan: "starter",
		SubscriptionStatus: cloud.SubscriptionActive, MaxQRCodes: 50, StripeSubscriptionID: "sub_" + name})
	return orgID, token
}

// TestAPIKeys: the owner makes a key and sees its secret once; the key
// reads and (write scope) changes the organisation's library, each change
// in Recent Activity under its name; it is refused on every other
// organisation (404) and on every route that is not the organisation's
// data (403); read keys only read; revoked, expired and unknown keys are
// refused 401 with their own message; an inactive organisation's keys 403.
func TestAPIKeys(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		ctx := context.Background()
		orgID, owner := e.activeOrganization("Keys Ltd", "boss@keys.example")
		otherID, otherOwner := e.activeOrganization("Other Ltd", "boss@other.example")
		e.createAdmin("admin@example.com", "admin-password")
		admin := e.login("admin@example.com", "admin-password")

		created := e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": " HR sync ", "scope": "write"})
		wantStatus(t, created, 201, "")
		secret, _ := created.JSON()["secret"].(string)
		key, _ := created.JSON()["key"].(map[string]any)
		if !strings.HasPrefix(secret, cloud.APIKeyPrefixTest) || len(secret) != len(cloud.APIKeyPrefixTest)+43 ||
			key["name"] != "HR sync" || key["prefix"] != secret[:cloud.APIKeyShownPrefix] || key["status"] != "active" ||
			key["scope"] != "write" || key["expiresAt"] != nil || key["lastUsedAt"] != nil {
			t.Fatalf("created key: %s", created.Body)
		}
		writeID := int64(key["id"].(float64))

		t.Run("SecretStoredOnlyAsHash", func(t *testing.T) {
			keys, err := e.Store.ListAPIKeys(ctx, orgID)
			if err != nil || len(keys) != 1 {
				t.Fatalf("stored keys: %v %v", keys, err)
			}
			sum := sha256.Sum256([]byte(secret))
			k := keys[0]
			if string(k.SecretHash) != string(sum[:]) || strings.Contains(fmt.Sprintf("%+v", *k), secret[cloud.APIKeyShownPrefix:]) {
				t.Fatalf("stored key %+v: want only the SHA-256 of the secret", k)
			}
			list := e.do("GET", orgURL(orgID, "/api-keys"), owner, nil)
			wantStatus(t, list, 200, "")
			if strings.Contains(string(list.Body), secret[cloud.APIKeyShownPrefix:]) || list.JSON()["manage"] != true {
				t.Fatalf("the list shows the secret: %s", list.Body)
			}
		})

		t.Run("CreateChecks", func(t *testing.T) {
			for _, c := range []struct {
				body    map[string]any
				status  int
				message string
			}{
				{map[string]any{"name": "  ", "scope": "read"}, 400, cloud.MsgAPIKeyNameRequired},
				{map[string]any{"name": strings.Repeat("x", 81), "scope": "read"}, 400, cloud.MsgAPIKeyNameTooLong},
				{map[string]any{"name": "Admin", "scope": "admin"}, 400, cloud.MsgAPIKeyScopeInvalid},
				{map[string]any{"name": "Later", "scope": "read", "expiresAt": "next week"}, 400, cloud.MsgAPIKeyExpiryInvalid},
				{map[string]any{"name": "Past", "scope": "read", "expiresAt": e.Clock.Now().Add(-time.Hour).Format(time.RFC3339)}, 400, cloud.MsgAPIKeyExpiryPast},
				{map[string]any{"name": "Far", "scope": "read", "expiresAt": e.Clock.Now().AddDate(2, 0, 0).Format(time.RFC3339)}, 400, cloud.MsgAPIKeyExpiryTooFar},
				{map[string]any{"name": "HR sync", "scope": "read"}, 409, cloud.MsgAPIKeyNameTaken},
			} {
				wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), owner, c.body), c.status, c.message)
			}
			// Another organisation's owner, and a site admin, make none here.
			wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), otherOwner, map[string]any{"name": "X", "scope": "write"}), 404, cloud.MsgOrganizationNotFound)
			wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), admin, map[string]any{"name": "X", "scope": "write"}), 404, cloud.MsgOrganizationNotFound)
			// A site admin reads the names, and may not manage them.
			if list := e.do("GET", orgURL(orgID, "/api-keys"), admin, nil); list.Status != 200 || list.JSON()["manage"] != false {
				t.Fatalf("a site admin's list: %d %s", list.Status, list.Body)
			}
			// A key manages no keys, not even its own organisation's.
			wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), secret, map[string]any{"name": "X", "scope": "write"}), 403, cloud.MsgAPIKeyNotHere)
			wantStatus(t, e.do("DELETE", orgURL(orgID, fmt.Sprintf("/api-keys/%d", writeID)), secret, nil), 403, cloud.MsgAPIKeyNotHere)
		})

		t.Run("WriteKeyChangesTheLibraryInItsName", func(t *testing.T) {
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), secret, nil), 200, "")
			wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes"), secret, map[string]any{"name": "Ann", "values": libraryValues("Ann Worker")}), 201, "")
			acts, err := e.Store.ListActivity(ctx, orgID, 10)
			if err != nil {
				t.Fatal(err)
			}
			var sentences []string
			for _, a := range acts {
				sentences = append(sentences, cloud.ActivitySentence(a.Kind, a.Detail))
			}
			want := "A change was made with the API key \u201cHR sync\u201d: POST /api/corporate/{orgId}/qr-codes."
			if !strings.Contains(strings.Join(sentences, "\n"), want) {
				t.Fatalf("recent activity %q lacks %q", sentences, want)
			}
			// Reads are not noted.
			if strings.Count(strings.Join(sentences, "\n"), "with the API key") != 1 {
				t.Fatalf("recent activity %q: want one change by key", sentences)
			}
			list := e.do("GET", orgURL(orgID, "/api-keys"), owner, nil)
			if !strings.Contains(string(list.Body), `"lastUsedAt":"`) {
				t.Fatalf("last use not noted: %s", list.Body)
			}
		})

		t.Run("ReadKeyOnlyReads", func(t *testing.T) {
			read := e.apiKey(orgID, "Reader", cloud.APIKeyScopeRead, time.Time{})
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), read, nil), 200, "")
			wantStatus(t, e.do("GET", fmt.Sprintf("/api/corporate/projects/%d", orgID), read, nil), 200, "")
			wantStatus(t, e.do("POST", orgURL(orgID, "/qr-codes"), read, map[string]any{"name": "Bob", "values": libraryValues("Bob")}), 403, cloud.MsgAPIKeyReadOnly)
			wantStatus(t, e.do("POST", orgURL(orgID, "/projects"), read, map[string]string{"name": "P"}), 403, cloud.MsgAPIKeyReadOnly)
		})

		// A program holding only a key learns its organisation's id, with
		// a read key too.
		t.Run("OwnOrganization", func(t *testing.T) {
			read := e.apiKey(orgID, "Id reader", cloud.APIKeyScopeRead, time.Time{})
			for _, key := range []string{secret, read} {
				resp := e.do("GET", "/api/corporate/organization", key, nil)
				if wantStatus(t, resp, 200, ""); resp.JSON()["id"] != float64(orgID) || resp.JSON()["name"] != "Keys Ltd" {
					t.Fatalf("own organisation with a key: %s", resp.Body)
				}
			}
		})

		t.Run("AnotherOrganizationNotFound", func(t *testing.T) {
			wantStatus(t, e.do("GET", orgURL(otherID, "/qr-codes"), secret, nil), 404, cloud.MsgOrganizationNotFound)
			wantStatus(t, e.do("POST", orgURL(otherID, "/projects"), secret, map[string]string{"name": "P"}), 404, cloud.MsgOrganizationNotFound)
			wantStatus(t, e.do("GET", fmt.Sprintf("/api/corporate/projects/%d", otherID), secret, nil), 404, cloud.MsgOrganizationNotFound)
		})

		t.Run("NeverOnAccountSiteAdminOrIndividualRoutes", func(t *testing.T) {
			for _, c := range []struct{ method, path string }{
				{"GET", "/api/user/data?email=boss@keys.example"},
				{"GET", "/api/sync/emergency-data/boss@keys.example"},
				{"POST", "/api/privacy/export-data"},
				{"GET", "/api/admin/stats"},
				{"GET", "/api/admin/users"},
				{"GET", "/api/corporate/organizations"},
				{"GET", orgURL(orgID, "/dashboard")},
				{"GET", orgURL(orgID, "/team")},
				{"POST", orgURL(orgID, "/team/invite")},
				{"POST", orgURL(orgID, "/billing-portal")},
				{"POST", orgURL(orgID, "/subscribe")},
				{"PUT", orgURL(orgID, "/paper-size")},
				{"GET", orgURL(orgID, "/api-keys")},
				{"PUT", "/api/corporate/form-templates/1"},
				{"POST", "/api/auth/logout"},
			} {
				resp := e.do(c.method, c.path, secret, map[string]string{})
				if resp.Status != 403 || resp.Message() != cloud.MsgAPIKeyNotHere {
					t.Errorf("%s %s with a key: %d %s, want 403 %q", c.method, c.path, resp.Status, resp.Body, cloud.MsgAPIKeyNotHere)
				}
			}
		})

		t.Run("OnlyFromTheAuthorizationHeader", func(t *testing.T) {
			resp := e.send("GET", orgURL(orgID, "/qr-codes"), nil, func(r *http.Request) {
				r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: secret})
			})
			wantStatus(t, resp, 401, "")
		})

		t.Run("MembersListOwnersManage", func(t *testing.T) {
			member := e.newOfficer("admin@members.example") // an admin, not the owner
			e.apiKey(member.orgID, "Their sync", cloud.APIKeyScopeRead, time.Time{})
			list := e.do("GET", member.path("/api-keys"), member.token, nil)
			if list.Status != 200 || list.JSON()["manage"] != false || !strings.Contains(string(list.Body), "Their sync") {
				t.Fatalf("a member's list: %d %s", list.Status, list.Body)
			}
			wantStatus(t, e.do("POST", member.path("/api-keys"), member.token, map[string]any{"name": "Mine", "scope": "write"}), 403, cloud.MsgOwnerOnly)
			wantStatus(t, e.do("DELETE", member.path("/api-keys/1"), member.token, nil), 403, cloud.MsgOwnerOnly)
		})

		t.Run("UnknownKey", func(t *testing.T) {
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), cloud.APIKeyPrefixTest+"not-a-key", nil), 401, cloud.MsgAPIKeyInvalid)
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), cloud.APIKeyPrefixLive+strings.Repeat("A", 300), nil), 401, cloud.MsgAPIKeyInvalid)
		})

		t.Run("Expiry", func(t *testing.T) {
			resp := e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": "Short", "scope": "read",
				"expiresAt": e.Clock.Now().Add(time.Hour).Format(time.RFC3339)})
			wantStatus(t, resp, 201, "")
			short := resp.JSON()["secret"].(string)
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), short, nil), 200, "")
			e.Clock.Advance(2 * time.Hour)
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), short, nil), 401, cloud.MsgAPIKeyExpired)
			if list := e.do("GET", orgURL(orgID, "/api-keys"), owner, nil); !strings.Contains(string(list.Body), `"status":"expired"`) {
				t.Fatalf("the list does not show the expired key: %s", list.Body)
			}
		})

		t.Run("Revoke", func(t *testing.T) {
			victim := e.apiKey(orgID, "Old sync", cloud.APIKeyScopeWrite, time.Time{})
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), victim, nil), 200, "")
			keys, _ := e.Store.ListAPIKeys(ctx, orgID)
			id := keys[0].ID
			wantStatus(t, e.do("DELETE", orgURL(otherID, fmt.Sprintf("/api-keys/%d", id)), otherOwner, nil), 404, cloud.MsgAPIKeyNotFound)
			resp := e.do("DELETE", orgURL(orgID, fmt.Sprintf("/api-keys/%d", id)), owner, nil)
			wantStatus(t, resp, 200, "")
			if resp.JSON()["status"] != "revoked" || resp.JSON()["revokedAt"] == nil {
				t.Fatalf("revoked: %s", resp.Body)
			}
			wantStatus(t, e.do("DELETE", orgURL(orgID, fmt.Sprintf("/api-keys/%d", id)), owner, nil), 200, "")
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), victim, nil), 401, cloud.MsgAPIKeyRevoked)
			wantStatus(t, e.do("DELETE", orgURL(orgID, "/api-keys/999"), owner, nil), 404, cloud.MsgAPIKeyNotFound)
			// The name is free again once revoked.
			wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": "Old sync", "scope": "read"}), 201, "")
		})

		t.Run("InactiveOrganization", func(t *testing.T) {
			trialID := e.trialOrganization("Trial Ltd", "boss@trial.example")
			trialKey := e.apiKey(trialID, "Trial sync", cloud.APIKeyScopeWrite, time.Time{})
			wantStatus(t, e.do("GET", orgURL(trialID, "/qr-codes"), trialKey, nil), 200, "")
			e.Clock.Advance(60 * 24 * time.Hour) // past any trial
			wantStatus(t, e.do("GET", orgURL(trialID, "/qr-codes"), trialKey, nil), 403, cloud.MsgAPIKeyOrgInactive)
			wantStatus(t, e.do("POST", orgURL(trialID, "/projects"), trialKey, map[string]string{"name": "P"}), 403, cloud.MsgAPIKeyOrgInactive)
			// The paying organisation's key still works.
			wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), secret, nil), 200, "")
		})
	})
}

// TestAPIKeyRateLimit: each key has its own allowance; past it, 429 with
// the key's message, and another key of the same organisation still works.
func TestAPIKeyRateLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		// Counted in memory, and in the store (as several instances on
		// PostgreSQL count together).
		for _, shared := range []bool{false, true} {
			t.Run(fmt.Sprintf("shared=%v", shared), func(t *testing.T) {
				limits := noRateLimit
				limits.PerAPIKey = 3
				e := newEnv(t, backend, envOptions{rateLimit: limits, sharedRateLimits: shared})
				orgID, _ := e.activeOrganization("Busy Ltd", "boss@busy.example")
				busy := e.apiKey(orgID, "Busy", cloud.APIKeyScopeRead, time.Time{})
				calm := e.apiKey(orgID, "Calm", cloud.APIKeyScopeRead, time.Time{})
				for i := 0; i < 3; i++ {
					wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), busy, nil), 200, "")
				}
				wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), busy, nil), http.StatusTooManyRequests, cloud.MsgAPIKeyRateLimited)
				wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), calm, nil), 200, "")
			})
		}
	})
}

// TestAPIKeyNameOneLine: a key's name gets the one-line rule every other
// name gets (emergency.SingleLine): a right-to-left override could make
// "txt.exe" read "exe.txt" in the list and in Recent Activity, and a line
// break would split an activity sentence in two.
func TestAPIKeyNameOneLine(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	orgID, owner := e.activeOrganization("Names Ltd", "boss@names.example")
	created := e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": " HR\u202e sync\n  nightly\u200b ", "scope": "read"})
	wantStatus(t, created, 201, "")
	const want = "HR sync nightly"
	if key, _ := created.JSON()["key"].(map[string]any); key["name"] != want {
		t.Fatalf("created key's name %q, want %q", key["name"], want)
	}
	list := e.do("GET", orgURL(orgID, "/api-keys"), owner, nil)
	wantStatus(t, list, 200, "")
	if !strings.Contains(string(list.Body), `"name":"`+want+`"`) {
		t.Fatalf("the list of keys: %s", list.Body)
	}
	dashboard := e.do("GET", orgURL(orgID, "/dashboard"), owner, nil)
	wantStatus(t, dashboard, 200, "")
	sentence := "\u201c" + want + "\u201d"
	var shown []string
	for _, a := range dashboard.JSON()["recentActivity"].([]any) {
		shown = append(shown, a.(map[string]any)["sentence"].(string))
	}
	if !strings.Contains(strings.Join(shown, "\n"), sentence) {
		t.Fatalf("Recent Activity %q does not name the key %s", shown, sentence)
	}
	// The name is the key's identity among its organisation's keys: the
	// same name written with other blanks is taken.
	wantStatus(t, e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": "HR sync\tnightly", "scope": "read"}),
		409, cloud.MsgAPIKeyNameTaken)
}

// TestAPIKeyPrefixInProduction: a production server's keys are lt_live_.
func TestAPIKeyPrefixInProduction(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{production: true})
	orgID, owner := e.activeOrganization("Live Ltd", "boss@live.example")
	resp := e.do("POST", orgURL(orgID, "/api-keys"), owner, map[string]any{"name": "Live", "scope": "read"})
	wantStatus(t, resp, 201, "")
	secret := resp.JSON()["secret"].(string)
	if !strings.HasPrefix(secret, cloud.APIKeyPrefixLive) {
		t.Fatalf("a production key %q, want the %s prefix", secret, cloud.APIKeyPrefixLive)
	}
	wantStatus(t, e.do("GET", orgURL(orgID, "/qr-codes"), secret, nil), 200, "")
}
