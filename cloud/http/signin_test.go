package http_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/fxamacker/cbor/v2"
	"github.com/pquerna/otp/totp"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// TestSecondStepShortcutsAreRefused: with a second factor, a password
// alone opens no session; the step's token is nothing anywhere else; a
// TOTP code, a recovery code, a passkey assertion and a step token each
// work once; resetting the password keeps the factors; a site admin's
// removal is audited; an organisation's rule and the admins' rule make a
// member or admin set one up at sign-in.
func TestSecondStepShortcutsAreRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		const email, password = "ann@example.com", "ann-password"
		e.createUser(email, password)
		session := e.login(email, password)

		secret := e.setUpTOTP(session)
		codes := e.confirmTOTP(session, secret)
		if len(codes) != cloud.RecoveryCodeCount {
			t.Fatalf("recovery codes: %v", codes)
		}

		t.Run("SkippingTheSecondStep", func(t *testing.T) {
			step := e.passwordStep(email, password, cloud.StepSecondFactor)
			for _, try := range []struct {
				name    string
				prepare func(*http.Request)
			}{
				{"as a bearer token", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+step) }},
				{"as the session cookie", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: step}) }},
				{"as its own cookie", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "lifetag_sign_in", Value: step}) }},
			} {
				for _, path := range []string{"/api/user/data?email=" + q(email), "/api/account/security", "/api/account/sessions"} {
					if resp := e.send("GET", path, nil, try.prepare); resp.Status != http.StatusUnauthorized {
						t.Errorf("%s %s: %d %s, want 401", path, try.name, resp.Status, resp.Body)
					}
				}
			}
		})

		t.Run("TOTPCodeOnce", func(t *testing.T) {
			e.Clock.Advance(time.Minute) // past the code that turned the app on
			code := totpCode(t, secret, e.Clock.Now())
			step := e.passwordStep(email, password, cloud.StepSecondFactor)
			if resp := e.secondFactor(step, map[string]any{"method": "totp", "code": code}); resp.Status != 200 || resp.JSON()["sessionToken"] == "" {
				t.Fatalf("first use: %d %s", resp.Status, resp.Body)
			}
			again := e.passwordStep(email, password, cloud.StepSecondFactor)
			if resp := e.secondFactor(again, map[string]any{"method": "totp", "code": code}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("the same code again: %d %s", resp.Status, resp.Body)
			}
			if resp := e.secondFactor(again, map[string]any{"method": "totp", "code": wrongCode(t, secret, e.Clock.Now())}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a wrong code: %d %s", resp.Status, resp.Body)
			}
			// The used step's token is spent, even with a good new code.
			e.Clock.Advance(time.Minute)
			if resp := e.secondFactor(step, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a used step token: %d %s", resp.Status, resp.Body)
			}
		})

		t.Run("RecoveryCodeOnce", func(t *testing.T) {
			step := e.passwordStep(email, password, cloud.StepSecondFactor)
			if resp := e.secondFactor(step, map[string]any{"method": "recovery-code", "code": codes[0]}); resp.Status != 200 {
				t.Fatalf("first use: %d %s", resp.Status, resp.Body)
			}
			again := e.passwordStep(email, password, cloud.StepSecondFactor)
			if resp := e.secondFactor(again, map[string]any{"method": "recovery-code", "code": codes[0]}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("the same recovery code again: %d %s", resp.Status, resp.Body)
			}
		})

		t.Run("PasskeyAssertionOnce", func(t *testing.T) {
			key := newSoftAuthenticator(t)
			e.addPasskey(session, key)

			// As a second step.
			step := e.passwordStep(email, password, cloud.StepSecondFactor)
			options := e.do("POST", "/api/auth/second-factor/passkey-options", "", map[string]any{"signInToken": step})
			assertion := key.assert(t, options)
			if resp := e.secondFactor(step, map[string]any{"method": "passkey", "credential": assertion}); resp.Status != 200 {
				t.Fatalf("first use: %d %s", resp.Status, resp.Body)
			}
			// The same assertion for a new step: its challenge is spent.
			again := e.passwordStep(email, password, cloud.StepSecondFactor)
			e.do("POST", "/api/auth/second-factor/passkey-options", "", map[string]any{"signInToken": again})
			if resp := e.secondFactor(again, map[string]any{"method": "passkey", "credential": assertion}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a replayed assertion: %d %s", resp.Status, resp.Body)
			}
			// A fresh challenge signed with a counter already used (a cloned key).
			options = e.do("POST", "/api/auth/second-factor/passkey-options", "", map[string]any{"signInToken": again})
			key.counter--
			if resp := e.secondFactor(again, map[string]any{"method": "passkey", "credential": key.assert(t, options)}); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a counter that did not go up: %d %s", resp.Status, resp.Body)
			}

			// A passkey alone signs in, once per challenge.
			start := e.send("POST", "/api/auth/passkey-options", nil, bearerClient)
			token, _ := start.JSON()["signInToken"].(string)
			alone := key.assert(t, start)
			if resp := e.send("POST", "/api/auth/passkey", map[string]any{"credential": alone, "signInToken": token}, bearerClient); resp.Status != 200 {
				t.Fatalf("passkey alone: %d %s", resp.Status, resp.Body)
			}
			if resp := e.send("POST", "/api/auth/passkey", map[string]any{"credential": alone, "signInToken": token}, bearerClient); resp.Status != http.StatusUnauthorized {
				t.Fatalf("passkey alone, replayed: %d %s", resp.Status, resp.Body)
			}
		})

		t.Run("PasswordResetKeepsFactors", func(t *testing.T) {
			resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": email})
			token, _ := resp.JSON()["resetToken"].(string)
			if resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": "new-ann-password"}); resp.Status != 200 {
				t.Fatalf("reset: %d %s", resp.Status, resp.Body)
			}
			step := e.passwordStep(email, "new-ann-password", cloud.StepSecondFactor)
			if resp := e.secondFactor(step, map[string]any{"method": "recovery-code", "code": codes[2]}); resp.Status != 200 {
				t.Fatalf("after the reset: %d %s", resp.Status, resp.Body)
			} else {
				session = resp.JSON()["sessionToken"].(string)
			}
		})

		t.Run("AdminRemovesFactorsAudited", func(t *testing.T) {
			e.createAdmin("admin@example.com", "admin-password")
			admin := e.login("admin@example.com", "admin-password")
			user, _ := e.Store.FindUserByEmail(context.Background(), email)
			if resp := e.do("DELETE", fmt.Sprintf("/api/admin/users/%d/second-factors", user.ID), admin, nil); resp.Status != 200 {
				t.Fatalf("removal: %d %s", resp.Status, resp.Body)
			}
			entries, _, err := e.Store.ListAuditEntries(context.Background(), cloud.PageQuery{Limit: 10})
			if err != nil || len(entries) == 0 || entries[0].Action != cloud.AuditSecondFactorsRemoved || entries[0].Target != email {
				t.Fatalf("audit: %+v %v", entries, err)
			}
			if resp := e.do("GET", "/api/account/security", session, nil); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a session from before the removal: %d", resp.Status)
			}
			e.login(email, "new-ann-password") // a password alone again
		})

		t.Run("OrganisationRequiresOne", func(t *testing.T) {
			orgID := e.trialOrganization("Rule Org", "boss@rule-org.example")
			owner := e.corporateLogin("boss@rule-org.example", "owner-password")
			path := fmt.Sprintf("/api/corporate/%d/second-factor-rule", orgID)
			if resp := e.do("PUT", path, owner, map[string]bool{"required": true}); resp.Status != 200 {
				t.Fatalf("rule: %d %s", resp.Status, resp.Body)
			}
			resp := e.send("POST", "/api/corporate/login", map[string]string{"email": "boss@rule-org.example", "password": "owner-password"}, bearerClient)
			if resp.Status != http.StatusAccepted || resp.JSON()["step"] != cloud.StepSetUpSecondFactor {
				t.Fatalf("sign-in under the rule: %d %s", resp.Status, resp.Body)
			}
			step := resp.JSON()["signInToken"].(string)
			setUp := e.do("POST", "/api/auth/set-up/totp", "", map[string]any{"signInToken": step})
			code := totpCode(t, setUp.JSON()["secret"].(string), e.Clock.Now())
			done := e.do("POST", "/api/auth/set-up", "", map[string]any{"signInToken": step, "method": "totp", "code": code})
			if done.Status != 200 || len(done.JSON()["recoveryCodes"].([]any)) != cloud.RecoveryCodeCount {
				t.Fatalf("set-up: %d %s", done.Status, done.Body)
			}
			activity, err := e.Store.ListActivity(context.Background(), orgID, 5)
			if err != nil || len(activity) == 0 || activity[0].Kind != cloud.ActivitySecondFactorAdded {
				t.Fatalf("recent activity: %+v %v", activity, err)
			}
		})

		t.Run("SessionsListedAndEnded", func(t *testing.T) {
			const who, pw = "bea@example.com", "bea-password"
			e.createUser(who, pw)
			here := e.login(who, pw)
			there := e.login(who, pw)
			e.login(who, pw)
			list := e.do("GET", "/api/account/sessions", here, nil)
			sessions, _ := list.JSON()["sessions"].([]any)
			if list.Status != 200 || len(sessions) != 3 {
				t.Fatalf("sessions: %d %s", list.Status, list.Body)
			}
			var other string
			current := 0
			for _, item := range sessions {
				session := item.(map[string]any)
				if session["current"] == true {
					current++
				} else if other == "" {
					other = session["id"].(string)
				}
			}
			if current != 1 {
				t.Fatalf("%d sessions marked current: %s", current, list.Body)
			}
			if resp := e.do("DELETE", "/api/account/sessions/"+other, here, nil); resp.Status != 200 {
				t.Fatalf("sign out one: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("POST", "/api/account/sessions/sign-out-others", here, nil); resp.Status != 200 {
				t.Fatalf("sign out elsewhere: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("GET", "/api/account/sessions", there, nil); resp.Status != http.StatusUnauthorized {
				t.Fatalf("a session signed out elsewhere still works: %d", resp.Status)
			}
			if resp := e.do("GET", "/api/account/sessions", here, nil); len(resp.JSON()["sessions"].([]any)) != 1 {
				t.Fatalf("after signing out everywhere else: %s", resp.Body)
			}
		})
	})
}

// TestAdminsNeedASecondFactorInProduction: a site admin signing in with a
// password alone is asked to set one up.
func TestAdminsNeedASecondFactorInProduction(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{adminSecondFactor: true})
	e.createAdmin("admin@example.com", "admin-password")
	e.passwordStep("admin@example.com", "admin-password", cloud.StepSetUpSecondFactor)
}

func bearerClient(r *http.Request) { r.Header.Set(lhttp.BearerClientHeader, "bearer") }

// passwordStep signs in with a password and expects the step asked for,
// returning its token.
func (e *env) passwordStep(email, password, step string) string {
	e.t.Helper()
	resp := e.send("POST", "/api/auth/login", map[string]string{"email": email, "password": password}, bearerClient)
	if resp.Status != http.StatusAccepted || resp.JSON()["step"] != step {
		e.t.Fatalf("sign-in: %d %s; want 202 %s", resp.Status, resp.Body, step)
	}
	if _, session := resp.JSON()["sessionToken"]; session {
		e.t.Fatalf("a session before the last step: %s", resp.Body)
	}
	return resp.JSON()["signInToken"].(string)
}

func (e *env) secondFactor(step string, body map[string]any) response {
	e.t.Helper()
	body["signInToken"] = step
	return e.send("POST", "/api/auth/second-factor", body, bearerClient)
}

func (e *env) setUpTOTP(session string) string {
	e.t.Helper()
	resp := e.do("POST", "/api/account/totp", session, nil)
	if resp.Status != 200 {
		e.t.Fatalf("start TOTP: %d %s", resp.Status, resp.Body)
	}
	return resp.JSON()["secret"].(string)
}

func (e *env) confirmTOTP(session, secret string) []string {
	e.t.Helper()
	resp := e.do("PUT", "/api/account/totp", session, map[string]string{"code": totpCode(e.t, secret, e.Clock.Now())})
	if resp.Status != 200 {
		e.t.Fatalf("confirm TOTP: %d %s", resp.Status, resp.Body)
	}
	var codes []string
	for _, c := range resp.JSON()["recoveryCodes"].([]any) {
		codes = append(codes, c.(string))
	}
	return codes
}

func (e *env) addPasskey(session string, key *softAuthenticator) {
	e.t.Helper()
	options := e.do("POST", "/api/account/passkey-options", session, nil)
	if options.Status != 200 {
		e.t.Fatalf("passkey options: %d %s", options.Status, options.Body)
	}
	resp := e.do("POST", "/api/account/passkeys", session, map[string]any{
		"registrationToken": options.JSON()["registrationToken"], "name": "Test key", "credential": key.register(e.t, options)})
	if resp.Status != http.StatusCreated {
		e.t.Fatalf("add passkey: %d %s", resp.Status, resp.Body)
	}
}

func totpCode(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// wrongCode is a code of six digits that no step the server accepts at
// `at` (one either side) gives.
func wrongCode(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	for _, candidate := range []string{"000000", "111111", "222222", "333333"} {
		taken := false
		for _, d := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
			taken = taken || totpCode(t, secret, at.Add(d)) == candidate
		}
		if !taken {
			return candidate
		}
	}
	t.Fatal("no wrong code")
	return ""
}

// softAuthenticator is a passkey in software: an ES256 key pair making the
// WebAuthn answers a browser would send for https://lifetag.test ("none"
// attestation, user present and verified), with a signature counter.
type softAuthenticator struct {
	key        *ecdsa.PrivateKey
	id         []byte
	userHandle []byte
	counter    uint32
}

const testOrigin = "https://lifetag.test"

func newSoftAuthenticator(t testing.TB) *softAuthenticator {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &softAuthenticator{key: key, id: id}
}

var b64 = base64.RawURLEncoding

// publicKey reads a ceremony's options from an answer.
func publicKey(t testing.TB, resp response) map[string]any {
	t.Helper()
	if resp.Status != 200 {
		t.Fatalf("passkey options: %d %s", resp.Status, resp.Body)
	}
	options, _ := resp.JSON()["options"].(map[string]any)
	pk, _ := options["publicKey"].(map[string]any)
	if pk == nil {
		t.Fatalf("no publicKey in %s", resp.Body)
	}
	return pk
}

func clientData(kind, challenge string) []byte {
	data, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": testOrigin, "crossOrigin": false})
	return data
}

func (a *softAuthenticator) authData(flags byte, attested []byte) []byte {
	rpHash := sha256.Sum256([]byte("lifetag.test"))
	data := append(rpHash[:], flags)
	data = binary.BigEndian.AppendUint32(data, a.counter)
	return append(data, attested...)
}

func (a *softAuthenticator) register(t testing.TB, resp response) map[string]any {
	t.Helper()
	pk := publicKey(t, resp)
	user, _ := pk["user"].(map[string]any)
	handle, err := b64.DecodeString(user["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	a.userHandle = handle
	cose, err := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1,
		-2: a.key.PublicKey.X.FillBytes(make([]byte, 32)), -3: a.key.PublicKey.Y.FillBytes(make([]byte, 32))})
	if err != nil {
		t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(a.id)))
	attested = append(append(attested, a.id...), cose...)
	object, err := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": a.authData(0x45, attested)})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(clientData("webauthn.create", pk["challenge"].(string))),
			"attestationObject": b64.EncodeToString(object)}}
}

func (a *softAuthenticator) assert(t testing.TB, resp response) map[string]any {
	t.Helper()
	pk := publicKey(t, resp)
	a.counter++
	auth := a.authData(0x05, nil)
	data := clientData("webauthn.get", pk["challenge"].(string))
	dataHash := sha256.Sum256(data)
	digest := sha256.Sum256(append(append([]byte{}, auth...), dataHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(data), "authenticatorData": b64.EncodeToString(auth),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(a.userHandle)}}
}

// TestSecondStepCodesAreLimited: wrong codes count like wrong passwords,
// per account and client address; past the limit even the right code waits.
func TestSecondStepCodesAreLimited(t *testing.T) {
	limits := noRateLimit
	limits.PerAddress = 3
	e := newEnv(t, storetest.Backends[0], envOptions{rateLimit: limits})
	e.createUser("cat@example.com", "cat-password")
	session := e.login("cat@example.com", "cat-password")
	secret := e.setUpTOTP(session)
	e.confirmTOTP(session, secret)
	e.Clock.Advance(time.Minute)

	step := e.passwordStep("cat@example.com", "cat-password", cloud.StepSecondFactor)
	for range 3 {
		if resp := e.secondFactor(step, map[string]any{"method": "totp", "code": wrongCode(t, secret, e.Clock.Now())}); resp.Status != http.StatusUnauthorized {
			t.Fatalf("a wrong code: %d %s", resp.Status, resp.Body)
		}
	}
	resp := e.secondFactor(step, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())})
	if resp.Status != http.StatusTooManyRequests {
		t.Fatalf("the right code past the limit: %d %s", resp.Status, resp.Body)
	}
}
