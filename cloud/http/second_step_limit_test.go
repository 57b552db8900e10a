package http_test

import (
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// resetPasswordByMail asks for a reset link and sets password with it, as
// the owner of the mailbox does.
func (e *env) resetPasswordByMail(email, password string) {
	e.t.Helper()
	if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": email}); resp.Status != http.StatusOK {
		e.t.Fatalf("request reset: %d %s", resp.Status, resp.Body)
	}
	e.waitForMail()
	mails := e.mailsTo(email)
	token := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(mails[len(mails)-1].Text)[1]
	if resp := e.do("POST", "/api/auth/reset-password", "", map[string]string{"token": token, "newPassword": password}); resp.Status != http.StatusOK {
		e.t.Fatalf("reset password: %d %s", resp.Status, resp.Body)
	}
}

// userWithAuthenticator makes an account with an authenticator app and
// returns a session of it and the app's secret.
func (e *env) userWithAuthenticator(email, password string) (string, string) {
	e.t.Helper()
	e.createUser(email, password)
	session := e.login(email, password)
	secret := e.setUpTOTP(session)
	e.confirmTOTP(session, secret)
	return session, secret
}

// secondStepMails counts the warnings mailed to the owner.
func (e *env) secondStepMails(to string) int {
	e.t.Helper()
	e.waitForMail()
	n := 0
	for _, m := range e.mailsTo(to) {
		if m.Subject == cloud.MsgSecondStepMailSubject {
			n++
		}
	}
	return n
}

// TestSecondStepGuessesAreCappedPerSignIn: someone with the password sends
// wrong authenticator codes for one half-finished sign-in from 20 client
// addresses at once, 120 in all. Only the first few are checked, however
// the requests interleave; the sign-in is then used up, even for the right
// code, and the owner is mailed once.
func TestSecondStepGuessesAreCappedPerSignIn(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := noRateLimit
		limit.TrustProxy = true
		e := newEnv(t, backend, envOptions{rateLimit: limit})
		_, secret := e.userWithAuthenticator("ann@example.com", "ann-password")
		e.Clock.Advance(time.Minute)
		step := e.passwordStep("ann@example.com", "ann-password", cloud.StepSecondFactor)
		wrong := totpCode(t, secret, e.Clock.Now().Add(time.Hour))

		messages := make(chan string, 120)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for client := range 20 {
			wg.Go(func() {
				<-start
				for range 6 {
					resp := e.send("POST", "/api/auth/second-factor", map[string]any{"signInToken": step, "method": "totp", "code": wrong},
						func(r *http.Request) {
							bearerClient(r)
							r.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", client+1))
						})
					messages <- resp.Message()
				}
			})
		}
		close(start)
		wg.Wait()
		close(messages)
		counts := map[string]int{}
		for m := range messages {
			counts[m]++
		}
		// The last try is answered "used up" rather than "not right".
		if counts[cloud.MsgSecondFactorFailed] != cloud.SecondStepFailuresPerSignIn-1 || counts[cloud.MsgSecondStepUsedUp] < 1 {
			t.Fatalf("120 wrong codes at once from 20 addresses were answered %v: want %d checked and refused, then used up",
				counts, cloud.SecondStepFailuresPerSignIn)
		}
		right := e.secondFactor(step, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())})
		if right.Status != http.StatusUnauthorized {
			t.Fatalf("the right code on a used-up sign-in: %d %s", right.Status, right.Body)
		}
		if n := e.secondStepMails("ann@example.com"); n != 1 {
			t.Fatalf("the owner was mailed %d warnings, want 1", n)
		}
	})
}

// TestSecondStepGuessesAreCappedPerAccount: wrong second steps over many
// sign-ins (authenticator codes, recovery codes and passkeys alike) lock
// the account's second step after cloud.SecondStepFailuresPerAccount in a
// row, even for the right code; the owner is mailed; a password reset
// through the mailed link unlocks it, and a right code clears the count.
func TestSecondStepGuessesAreCappedPerAccount(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		session, secret := e.userWithAuthenticator("ann@example.com", "ann-password")
		e.addPasskey(session, newSoftAuthenticator(t))
		stranger := newSoftAuthenticator(t)
		e.Clock.Advance(time.Minute)
		signIn := func() string { return e.passwordStep("ann@example.com", "ann-password", cloud.StepSecondFactor) }

		// A right code clears the wrong ones before it.
		step := signIn()
		for range cloud.SecondStepFailuresPerSignIn - 1 {
			e.secondFactor(step, map[string]any{"method": "recovery-code", "code": "aaaa-bbbb-cccc-dddd"})
		}
		if resp := e.secondFactor(step, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())}); resp.Status != http.StatusOK {
			t.Fatalf("the right code: %d %s", resp.Status, resp.Body)
		}

		wrongSteps := []map[string]any{
			{"method": "totp", "code": totpCode(t, secret, e.Clock.Now().Add(time.Hour))},
			{"method": "recovery-code", "code": "aaaa-bbbb-cccc-dddd"},
		}
		failures := 0
		for failures < cloud.SecondStepFailuresPerAccount {
			step := signIn()
			for i := range cloud.SecondStepFailuresPerSignIn {
				body := wrongSteps[i%len(wrongSteps)]
				if i == 0 {
					options := e.do("POST", "/api/auth/second-factor/passkey-options", "", map[string]any{"signInToken": step})
					body = map[string]any{"method": "passkey", "credential": stranger.assert(t, options)}
				}
				resp := e.secondFactor(step, body)
				if resp.Status != http.StatusUnauthorized && resp.Status != http.StatusTooManyRequests {
					t.Fatalf("wrong step %d: %d %s", failures+1, resp.Status, resp.Body)
				}
				failures++
			}
		}
		e.Clock.Advance(time.Minute)
		locked := e.secondFactor(signIn(), map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())})
		wantStatus(t, locked, http.StatusTooManyRequests, cloud.MsgSecondStepLocked)
		if n := e.secondStepMails("ann@example.com"); n != cloud.SecondStepFailuresPerAccount/cloud.SecondStepFailuresPerSignIn {
			t.Fatalf("the owner was mailed %d warnings, want one a used-up sign-in, the last one saying it is locked", n)
		}

		e.resetPasswordByMail("ann@example.com", "new-ann-password")
		e.Clock.Advance(time.Minute)
		step = e.passwordStep("ann@example.com", "new-ann-password", cloud.StepSecondFactor)
		if resp := e.secondFactor(step, map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())}); resp.Status != http.StatusOK {
			t.Fatalf("after the reset: %d %s", resp.Status, resp.Body)
		}
	})
}

// TestProvingItAgainCountsTowardsTheCap: a stolen session cannot guess
// the authenticator app's codes at confirm-identity either: they count
// towards the same cap as the second step of a sign-in.
func TestProvingItAgainCountsTowardsTheCap(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		session, secret := e.userWithAuthenticator("ann@example.com", "ann-password")
		wrong := map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now().Add(time.Hour))}
		for range cloud.SecondStepFailuresPerAccount - 1 {
			wantStatus(t, e.confirmIdentity(session, wrong), http.StatusUnauthorized, cloud.MsgSecondFactorFailed)
		}
		wantStatus(t, e.confirmIdentity(session, wrong), http.StatusTooManyRequests, cloud.MsgSecondStepLocked)
		e.Clock.Advance(time.Minute)
		right := map[string]any{"method": "totp", "code": totpCode(t, secret, e.Clock.Now())}
		wantStatus(t, e.confirmIdentity(session, right), http.StatusTooManyRequests, cloud.MsgSecondStepLocked)
		if n := e.secondStepMails("ann@example.com"); n != 1 {
			t.Fatalf("the owner was mailed %d warnings, want the one saying it is locked", n)
		}
	})
}
