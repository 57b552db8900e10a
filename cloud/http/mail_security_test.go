package http_test

// Mail nobody can abuse, addresses nobody
// can squat or mimic, a collection link nobody can close for the others.
// Each test failed on the code before its fix.

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/mail/smtptest"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// newOwner makes an organisation called name, as the trial form makes one,
// gives its owner (email) a password and signs them in.
func (e *env) newOwner(name, email string) officer {
	e.t.Helper()
	orgID := e.trialOrganization(name, email)
	return officer{token: e.corporateLogin(email, "owner-password"), orgID: orgID}
}

// mailsTo waits for the mail on its way and returns what reached to.
func (e *env) mailsTo(to string) []cloud.Mail {
	e.t.Helper()
	e.waitForMail()
	var got []cloud.Mail
	for _, m := range e.Outbox.Messages() {
		if m.To == to {
			got = append(got, m)
		}
	}
	return got
}

// hostileOrgName is an organisation name written to pose as us: a second
// line with a lookalike link, a right-to-left override and an isolate.
const hostileOrgName = "Acme\r\nLifetag Security: your account is locked, sign in at https://lifetag.test.account-check.example/login\u202e\u2066 now"

// TestMailUserTextCannotPoseAsOurs: the organisation's name is one
// line without invisible characters, and a mail carries it only quoted,
// inside a sentence of ours after our own first line, never in a header.
func TestMailUserTextCannotPoseAsOurs(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOwner(hostileOrgName, "boss@acme.example")
		seedLibrary(t, e, acme.orgID)
		e.createUser("ann@example.com", "ann-password") // an account elsewhere

		org, err := e.Store.FindOrganization(context.Background(), acme.orgID)
		if err != nil {
			t.Fatal(err)
		}
		wantName := "Acme Lifetag Security: your account is locked, sign in at https://lifetag.test.account-check.example/login now"
		if org.Name != wantName {
			t.Fatalf("stored name %+q, want %+q", org.Name, wantName)
		}

		if resp := e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": "worker@example.com"}); resp.Status != http.StatusCreated {
			t.Fatalf("update link: %d %s", resp.Status, resp.Body)
		}
		// Both invitations: to an address with an account (inviteExistingMailText)
		// and to a new one (inviteMailText, which also quotes the inviter).
		for _, to := range []string{"ann@example.com", "new@example.com"} {
			if resp := e.do("POST", acme.path("/team/invite"), acme.token, map[string]any{"email": to}); resp.Status != http.StatusCreated {
				t.Fatalf("invitation of %s: %d %s", to, resp.Status, resp.Body)
			}
		}
		mails := append(e.mailsTo("worker@example.com"), e.mailsTo("ann@example.com")...)
		mails = append(mails, e.mailsTo("new@example.com")...)
		if len(mails) != 3 || !strings.Contains(mails[2].Text, "/corporate-password-setup?token=") ||
			!strings.Contains(mails[2].Text, "from \u201cboss@acme.example\u201d, for the organisation named") {
			t.Fatalf("mails %+v", mails)
		}
		for _, m := range mails {
			if strings.Contains(m.Subject, "Acme") || strings.ContainsAny(m.Subject, "\r\n") {
				t.Errorf("user text in the subject %q", m.Subject)
			}
			lines := strings.Split(m.Text, "\n")
			if strings.Contains(lines[0], "Acme") || !strings.Contains(lines[0], "Lifetag") {
				t.Errorf("first line %q is not ours", lines[0])
			}
			if strings.ContainsAny(m.Text, "\r\u202e\u2066") {
				t.Errorf("a control or bidi character reached the mail: %+q", m.Text)
			}
			quotedName := "\u201c" + wantName + "\u201d"
			for i, line := range lines {
				if !strings.Contains(line, "account-check") && !strings.Contains(line, "Acme") {
					continue
				}
				// The only line with the name holds it quoted, after words of ours.
				if !strings.Contains(line, "named "+quotedName) || strings.HasPrefix(line, "\u201c") || i == 0 {
					t.Errorf("line %d %q: the name is not quoted in a sentence of ours", i, line)
				}
			}
			if n := strings.Count(m.Text, "account-check"); n != 1 {
				t.Errorf("the lookalike link appears %d times: %q", n, m.Text)
			}
		}
	})
}

// TestShippingMailQuotesTheTrackingNumber: the one other mail with
// text a person wrote (an admin's tracking number) quotes it on its line,
// without the bidi characters that could reorder it.
func TestShippingMailQuotesTheTrackingNumber(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		tracking := "RM12\u202e34 https://lifetag.test.parcel-check.example/\u2066"
		resp := a.do("PUT", "/api/admin/physical-orders/"+a.orderID, a.admin, map[string]string{"status": "shipped", "trackingNumber": tracking})
		if resp.Status != http.StatusOK {
			t.Fatalf("ship: %d %s", resp.Status, resp.Body)
		}
		mails := a.mailsTo("ann@example.com")
		if len(mails) != 1 || mails[0].Subject != cloud.MsgShippedMailSubject || strings.ContainsAny(mails[0].Text, "\u202e\u2066") ||
			!strings.Contains(mails[0].Text, "\nTracking number: \u201cRM1234 https://lifetag.test.parcel-check.example/\u201d\n") {
			t.Fatalf("shipping mail %+q", mails)
		}
	})
}

// mailLimitEnv is a cloud whose mail limits are tight (the others generous).
func mailLimitEnv(t *testing.T, backend storetest.Backend, perRecipient, perCaller, perOrganization int) *env {
	limit := noRateLimit
	limit.MailPerRecipient, limit.MailPerCaller, limit.MailPerOrganization = perRecipient, perCaller, perOrganization
	return newEnv(t, backend, envOptions{rateLimit: limit, sharedRateLimits: backend.Name == "postgres"})
}

// TestMailLimits: every mail a caller can ask for counts
// per recipient, per caller and per organisation; past a limit the answer
// is 429 with that limit's message and nothing is mailed or made.
func TestMailLimits(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		t.Run("PerRecipient", func(t *testing.T) {
			e := mailLimitEnv(t, backend, 2, 1000, 1000)
			e.createUser("ann@example.com", "ann-password")
			acme := e.newOwner("Acme", "boss@acme.example")
			seedLibrary(t, e, acme.orgID)
			// Two reset links from anyone, then nothing more to that
			// address, whoever asks and however.
			for range 2 {
				if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"}); resp.Status != http.StatusOK {
					t.Fatalf("reset: %d %s", resp.Status, resp.Body)
				}
			}
			for name, resp := range map[string]response{
				"reset":       e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "Ann@Example.com"}),
				"update link": e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": "ann@example.com"}),
				"invitation":  e.do("POST", acme.path("/team/invite"), acme.token, map[string]any{"email": "ann@example.com"}),
			} {
				if resp.Status != http.StatusTooManyRequests || resp.Message() != cloud.MsgMailRecipientLimit {
					t.Errorf("%s past the recipient's limit: %d %s", name, resp.Status, resp.Body)
				}
			}
			// An address without an account is limited alike: the limit
			// tells nothing about accounts.
			for i := range 3 {
				resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "nobody@example.com"})
				if want := []int{200, 200, 429}[i]; resp.Status != want {
					t.Fatalf("reset %d for an address without an account: %d %s", i, resp.Status, resp.Body)
				}
			}
			if n := len(e.mailsTo("ann@example.com")); n != 2 {
				t.Fatalf("%d mails reached the address, want 2", n)
			}
		})
		t.Run("PerCaller", func(t *testing.T) {
			e := mailLimitEnv(t, backend, 1000, 3, 1000)
			acme := e.newOwner("Acme", "boss@acme.example")
			seedLibrary(t, e, acme.orgID)
			for i := range 3 {
				resp := e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": fmt.Sprintf("w%d@example.com", i)})
				if resp.Status != http.StatusCreated {
					t.Fatalf("update link %d: %d %s", i, resp.Status, resp.Body)
				}
			}
			resp := e.do("POST", acme.path("/team/invite"), acme.token, map[string]any{"email": "new@acme.example"})
			if resp.Status != http.StatusTooManyRequests || resp.Message() != cloud.MsgMailCallerLimit {
				t.Fatalf("past the caller's limit: %d %s", resp.Status, resp.Body)
			}
			team := e.do("GET", acme.path("/team"), acme.token, nil).JSON()["members"].([]any)
			if len(team) != 1 || len(e.mailsTo("new@acme.example")) != 0 {
				t.Fatalf("a refused invitation made a member or a mail: %v", team)
			}
			// Anonymous callers are known by their address.
			for i := range 4 {
				resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": fmt.Sprintf("r%d@example.com", i)})
				if want := []int{200, 200, 200, 429}[i]; resp.Status != want {
					t.Fatalf("anonymous reset %d: %d %s", i, resp.Status, resp.Body)
				}
			}
		})
		t.Run("PerOrganization", func(t *testing.T) {
			e := mailLimitEnv(t, backend, 1000, 1000, 2)
			acme := e.newOwner("Acme", "boss@acme.example")
			rival := e.newOwner("Rival", "boss@rival.example")
			seedLibrary(t, e, acme.orgID)
			seedLibrary(t, e, rival.orgID)
			// A stranger's requests for acme's codes are refused before
			// they count, so they cannot use up acme's allowance.
			for range 5 {
				if resp := e.do("POST", acme.path("/qr-codes/1/update-link"), rival.token, map[string]any{"email": "x@example.com"}); resp.Status != http.StatusNotFound {
					t.Fatalf("rival on acme's code: %d %s", resp.Status, resp.Body)
				}
			}
			for i := range 2 {
				if resp := e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": fmt.Sprintf("w%d@example.com", i)}); resp.Status != http.StatusCreated {
					t.Fatalf("update link %d: %d %s", i, resp.Status, resp.Body)
				}
			}
			resp := e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": "w9@example.com"})
			if resp.Status != http.StatusTooManyRequests || resp.Message() != cloud.MsgMailOrganizationLimit {
				t.Fatalf("past the organisation's limit: %d %s", resp.Status, resp.Body)
			}
			rivalCode := fmt.Sprintf("/qr-codes/%d/update-link", e.library(rival)[0].ID)
			if resp := e.do("POST", rival.path(rivalCode), rival.token, map[string]any{"email": "w9@example.com"}); resp.Status != http.StatusCreated {
				t.Fatalf("another organisation: %d %s", resp.Status, resp.Body)
			}
		})
	})
}

// TestTrialAndResendMailsCountOnTheMailLimits: a trial's link and the
// landing page's resend are mails an anonymous caller asks for, so they
// count on the shared limits per recipient and per caller (TestMailLimits)
// besides their own; a mailbox's own trial limit says it is the address's.
func TestTrialAndResendMailsCountOnTheMailLimits(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		register := func(e *env, email, client string) response {
			return e.send("POST", "/api/corporate/register", map[string]string{"name": "Mail Ltd", "contactEmail": email,
				"subscriptionTier": "starter"}, func(r *http.Request) { r.Header.Set("X-Forwarded-For", client) })
		}
		resend := func(e *env, ref string) response {
			return e.do("POST", "/api/corporate/resend-setup", "", map[string]string{"registrationId": ref})
		}
		t.Run("PerRecipient", func(t *testing.T) {
			e := mailLimitEnv(t, backend, 2, 1000, 1000)
			ref := register(e, "ann@example.org", "198.51.100.1").JSON()["registrationId"].(string)
			wantStatus(t, resend(e, ref), 200, cloud.MsgSetupMailResent)
			// The registration may send a third mail; the address may not.
			wantStatus(t, resend(e, ref), 429, cloud.MsgMailRecipientLimit)
			wantStatus(t, register(e, "ann@example.org", "198.51.100.2"), 429, cloud.MsgMailRecipientLimit)
			wantStatus(t, e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.org"}),
				429, cloud.MsgMailRecipientLimit)
			if n := len(e.mailsTo("ann@example.org")); n != 2 {
				t.Fatalf("%d mails reached the address, want 2", n)
			}
		})
		t.Run("PerCaller", func(t *testing.T) {
			e := mailLimitEnv(t, backend, 1000, 2, 1000)
			ref := register(e, "one@example.org", "198.51.100.1").JSON()["registrationId"].(string)
			wantStatus(t, register(e, "two@example.org", "198.51.100.1"), 200, cloud.MsgTrialMailSent)
			// The trials' own limit is 3 a day from here; the mail limit is 2.
			wantStatus(t, register(e, "three@example.org", "198.51.100.1"), 429, cloud.MsgMailCallerLimit)
			wantStatus(t, resend(e, ref), 429, cloud.MsgMailCallerLimit)
			if n := len(e.mailsTo("three@example.org")) + len(e.mailsTo("one@example.org")); n != 1 {
				t.Fatalf("%d mails past the caller's limit", n-1)
			}
		})
		t.Run("MailboxTrialLimitSaysSo", func(t *testing.T) {
			limits := noRateLimit
			limits.TrustProxy = true
			e := newEnv(t, backend, envOptions{rateLimit: limits})
			for i := range cloud.TrialRegistrationsADay {
				wantStatus(t, register(e, fmt.Sprintf("mia+%d@example.org", i), fmt.Sprintf("198.51.100.%d", i+1)), 200, cloud.MsgTrialMailSent)
			}
			// From a fourth place: it is the mailbox's limit, not this client's.
			wantStatus(t, register(e, "mia@example.org", "203.0.113.9"), 429, cloud.MsgTooManyTrialsForMailbox)
		})
	})
}

// TestInviteAnswersAlike: an invitation answers the same whether
// or not the address has an account, the person is mailed either way, and
// afterwards the team list, its seats, resend and remove are alike too.
func TestInviteAnswersAlike(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		acme := e.newOwner("Acme", "boss@acme.example")
		e.createUser("ann@example.com", "ann-password")
		e.createCorporateUser("cat@other.example", "cat-password")

		invite := func(email string) response {
			return e.do("POST", acme.path("/team/invite"), acme.token, map[string]any{"email": email})
		}
		answers := map[string]response{}
		for _, email := range []string{"ann@example.com", "new@example.com"} {
			answers[email] = invite(email)
		}
		want := answers["new@example.com"]
		if want.Status != http.StatusCreated || want.Message() != cloud.MsgInviteSent {
			t.Fatalf("invitation of a new address: %d %s", want.Status, want.Body)
		}
		for email, resp := range answers {
			if resp.Status != want.Status || string(resp.Body) != string(want.Body) {
				t.Errorf("%s: %d %s, a new address got %d %s", email, resp.Status, resp.Body, want.Status, want.Body)
			}
		}

		// The team list shows both invitations alike: the same fields, ids
		// of one kind (a pending invitation's), nothing but the address to
		// tell them apart.
		pending := func() map[string]map[string]any {
			t.Helper()
			out := map[string]map[string]any{}
			for _, m := range e.do("GET", acme.path("/team"), acme.token, nil).JSON()["members"].([]any) {
				member := m.(map[string]any)
				if member["email"] != "boss@acme.example" {
					out[member["email"].(string)] = member
				}
			}
			return out
		}
		listed := pending()
		ann, fresh := listed["ann@example.com"], listed["new@example.com"]
		if len(listed) != 2 || ann == nil || fresh == nil {
			t.Fatalf("team list %v", listed)
		}
		if ann["id"].(float64) >= 0 || fresh["id"].(float64) >= 0 || math.Abs(ann["id"].(float64)-fresh["id"].(float64)) != 1 {
			t.Errorf("ids tell the invitations apart: %v and %v", ann["id"], fresh["id"])
		}
		for _, m := range []map[string]any{ann, fresh} {
			for _, key := range []string{"email", "id", "createdAt"} {
				delete(m, key)
			}
		}
		if !reflect.DeepEqual(ann, fresh) {
			t.Errorf("the address with an account is listed as %v, the new one as %v", ann, fresh)
		}
		// Each holds a seat: the owner and two invitations fill the team,
		// and the dashboard counts both.
		wantStatus(t, invite("cat@other.example"), http.StatusConflict, cloud.MsgTeamFull)
		if n := e.do("GET", acme.path("/dashboard"), acme.token, nil).JSON()["teamMembers"]; n != float64(3) {
			t.Errorf("the dashboard counts %v team members, want 3", n)
		}

		for _, email := range []string{"ann@example.com", "new@example.com"} {
			mails := e.mailsTo(email)
			if len(mails) != 1 {
				t.Fatalf("%s was mailed %+v", email, mails)
			}
		}
		if mails := e.mailsTo("ann@example.com"); mails[0].Subject != cloud.MsgInviteExistingMailSubject ||
			!strings.Contains(mails[0].Text, "already has a Lifetag account") || strings.Contains(mails[0].Text, "token=") {
			t.Errorf("ann was mailed %+v", mails)
		}
		if mails := e.mailsTo("new@example.com"); !strings.Contains(mails[0].Text, "/corporate-password-setup?token=") {
			t.Errorf("the new address was mailed %+v", mails)
		}

		// Resend and remove answer alike, by the listed ids.
		ids := map[string]int64{}
		for email, m := range pending() {
			ids[email] = int64(m["id"].(float64))
		}
		for _, email := range []string{"ann@example.com", "new@example.com"} {
			wantStatus(t, e.do("POST", acme.path(fmt.Sprintf("/team/%d/resend", ids[email])), acme.token, nil), 200, cloud.MsgInviteSent)
		}
		if a, n := e.mailsTo("ann@example.com"), e.mailsTo("new@example.com"); len(a) != 2 || len(n) != 2 ||
			a[1].Subject != cloud.MsgInviteExistingMailSubject || !strings.Contains(n[1].Text, "/corporate-password-setup?token=") {
			t.Errorf("resent: ann %+v, new %+v", a, n)
		}
		for _, email := range []string{"ann@example.com", "new@example.com"} {
			wantStatus(t, e.do("DELETE", acme.path(fmt.Sprintf("/team/%d", ids[email])), acme.token, nil), 200, cloud.MsgMemberRemoved)
			wantStatus(t, e.do("DELETE", acme.path(fmt.Sprintf("/team/%d", ids[email])), acme.token, nil), 404, cloud.MsgMemberNotFound)
		}
		if listed := pending(); len(listed) != 0 {
			t.Fatalf("removed invitations still listed: %v", listed)
		}
		// The new address's member row went with its invitation; the
		// accounts that exist are untouched.
		if _, err := e.Store.FindUserByEmail(context.Background(), "new@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
			t.Errorf("the removed invitation's member row: %v", err)
		}
		for _, email := range []string{"ann@example.com", "cat@other.example"} {
			u, err := e.Store.FindUserByEmail(context.Background(), email)
			if err != nil || u.OrganizationID == acme.orgID {
				t.Errorf("%s: %+v %v", email, u, err)
			}
		}
		// The seats are free again; another organisation's member is invited alike.
		wantStatus(t, invite("cat@other.example"), http.StatusCreated, cloud.MsgInviteSent)
	})
}

// TestCollectLinkCountsOnlyAcceptedSubmissions: refused posts from
// one client address never close a link for the others; they are limited
// per client address instead.
func TestCollectLinkCountsOnlyAcceptedSubmissions(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := collectNoLimit
		limit.CollectPerLink, limit.CollectMalformedPerIP, limit.Window, limit.TrustProxy = 3, 5, time.Hour, true
		e := newEnv(t, backend, envOptions{rateLimit: limit, sharedRateLimits: backend.Name == "postgres"})
		acme := e.newOfficer("officer@acme.example")
		token := e.newLink(acme, map[string]any{})
		from := func(client string, body any) response {
			return e.send("POST", "/api/collect/"+token, body, func(r *http.Request) { r.Header.Set("X-Forwarded-For", client) })
		}
		bad := []any{
			`{"values": `, // not JSON
			map[string]any{"values": workerRecord("Ann Worker")},        // no consent
			map[string]any{"values": workerRecord(""), "consent": true}, // no name
			map[string]any{"values": map[string]string{"bloodType": "Z"}, "consent": true},
		}
		for i := range 20 {
			resp := from("203.0.113.9", bad[i%len(bad)])
			if want := http.StatusBadRequest; i >= 5 {
				want = http.StatusTooManyRequests
				if resp.Status != want || resp.Message() != cloud.MsgTooManyRequests {
					t.Fatalf("refused post %d past the client's limit: %d %s", i, resp.Status, resp.Body)
				}
			} else if resp.Status != want {
				t.Fatalf("refused post %d: %d %s", i, resp.Status, resp.Body)
			}
		}
		// Three workers elsewhere still submit; the link's own limit holds.
		for i := range 4 {
			resp := from(fmt.Sprintf("198.51.100.%d", i+1), map[string]any{"values": workerRecord(fmt.Sprintf("Worker %d", i)), "consent": true})
			if want := []int{201, 201, 201, 429}[i]; resp.Status != want {
				t.Fatalf("worker %d: %d %s", i, resp.Status, resp.Body)
			}
		}
		if n := len(e.library(acme)); n != 3 {
			t.Fatalf("%d codes, want 3", n)
		}
	})
}

// addressesIn finds what looks like an e-mail address in a log.
func addressesIn(log string) []string {
	return regexp.MustCompile(`[a-z0-9._+-]+@[a-z0-9.-]+\.[a-z]+`).FindAllString(log, -1)
}

// TestMailLogHoldsNoAddress: a recipient the mail server refuses
// is logged without its address (the request id says which request), and a
// string that is not exactly one mailbox is refused, never "sent".
func TestMailLogHoldsNoAddress(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		sink := smtptest.Start(t)
		sink.Refuse("gone@example.com")
		sender, err := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host, Port: sink.Port, From: "Lifetag <no-reply@lifetag.test>", TLS: mail.TLSNone})
		if err != nil {
			t.Fatal(err)
		}
		var logs clienttest.LogBuffer
		logger := lhttp.WithRequestIDs(slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
		e := newEnv(t, backend, envOptions{mailer: sender, logger: logger})
		e.createUser("gone@example.com", "gone-password")
		acme := e.newOfficer("officer@acme.example")
		seedLibrary(t, e, acme.orgID)

		reset := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "gone@example.com"})
		if reset.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", reset.Status, reset.Body)
		}
		for _, two := range []string{"a@x.example,b@y.example", "a@x.example;b@y.example", "A <a@x.example>, b@y.example"} {
			if resp := e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": two}); resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgEmailInvalid {
				t.Errorf("reset for %q: %d %s", two, resp.Status, resp.Body)
			}
			if resp := e.do("POST", acme.path("/qr-codes/1/update-link"), acme.token, map[string]any{"email": two}); resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgValidEmailRequired {
				t.Errorf("update link for %q: %d %s", two, resp.Status, resp.Body)
			}
		}
		e.waitForMail() // the refused mail has been tried and logged
		log := logs.String()
		if !strings.Contains(log, `"msg":"mail not sent"`) || !strings.Contains(log, reset.Header.Get(lhttp.RequestIDHeader)) {
			t.Fatalf("no failure line with the request's id in the log:\n%s", log)
		}
		var leaked []string
		for _, a := range addressesIn(log) {
			if !strings.HasSuffix(a, "lifetag.test") { // our own sender is not personal
				leaked = append(leaked, a)
			}
		}
		if len(leaked) != 0 {
			t.Fatalf("addresses in the log %q:\n%s", leaked, log)
		}
	})
}

// invisibleAddresses look like ann@example.com in a list.
var invisibleAddresses = []string{
	"ann\u200b@example.com", // zero-width space
	"an\u200dn@example.com", // zero-width joiner
	"ann\u2060@example.com", // word joiner
	"ann@\u202eexample.com", // right-to-left override
	"\u2066ann@example.com", // left-to-right isolate
	"ann\u00ad@example.com", // soft hyphen
	"\ufeffann@example.com", // byte-order mark
	"ann@example.com\u200e", // left-to-right mark
}

// TestInvisibleAddressesRefusedAtEveryDoor: every route that takes
// an address refuses one with an invisible character, with that door's
// message from the spec, and makes nothing.
func TestInvisibleAddressesRefusedAtEveryDoor(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		admin := e.createAdmin("admin@lifetag.test", "admin-password")
		adminToken := e.login(admin.Email, "admin-password")
		acme := e.newOwner("Acme", "boss@acme.example")
		seedLibrary(t, e, acme.orgID)
		ann := e.createUser("ann@example.com", "ann-password")
		annToken := e.login(ann.Email, "ann-password")

		doors := []struct {
			name, method, path, token string
			body                      func(email string) any
			message                   string
		}{
			{"check-user", "POST", "/api/auth/check-user", "", func(a string) any { return map[string]string{"email": a} }, cloud.MsgEmailInvalid},
			{"request-reset", "POST", "/api/auth/request-reset", "", func(a string) any { return map[string]string{"email": a} }, cloud.MsgEmailInvalid},
			{"checkout", "POST", "/api/create-payment-intent", "", func(a string) any { return printCheckout(a) }, cloud.MsgPaymentEmailRequired},
			{"shipping", "POST", "/api/create-payment-intent", annToken, func(a string) any {
				body := physicalCheckout("ann@example.com")
				shippingAddress := shipping()
				shippingAddress["email"] = a
				body["shippingAddress"] = shippingAddress
				return body
			}, cloud.MsgEmailInvalid},
			{"admin create user", "POST", "/api/admin/users/create", adminToken, func(a string) any { return map[string]any{"email": a} }, cloud.MsgEmailInvalid},
			{"corporate checkout", "POST", "/api/corporate/create-payment-intent", "", func(a string) any { return registrationBody(a) }, cloud.MsgValidEmailRequired},
			{"trial", "POST", "/api/corporate/register", "", func(a string) any {
				return map[string]string{"name": "Lookalike Ltd", "contactEmail": a}
			}, cloud.MsgValidEmailRequired},
			{"invitation", "POST", acme.path("/team/invite"), acme.token, func(a string) any { return map[string]string{"email": a} }, cloud.MsgValidEmailRequired},
			{"update link", "POST", acme.path("/qr-codes/1/update-link"), acme.token, func(a string) any { return map[string]string{"email": a} }, cloud.MsgValidEmailRequired},
			{"admin hand-over", "POST", fmt.Sprintf("/api/admin/organizations/%d/hand-over", acme.orgID), adminToken,
				func(a string) any { return map[string]string{"email": a} }, cloud.MsgValidEmailRequired},
		}
		for _, door := range doors {
			for _, address := range invisibleAddresses {
				resp := e.do(door.method, door.path, door.token, door.body(address))
				if resp.Status != http.StatusBadRequest || resp.Message() != door.message {
					t.Errorf("%s with %+q: %d %s", door.name, address, resp.Status, resp.Body)
				}
			}
		}
		e.waitForMail()
		if n := len(e.Outbox.Messages()); n != 1 { // the owner's setup mail only
			for _, m := range e.Outbox.Messages() {
				t.Logf("mail to %+q: %s", m.To, m.Subject)
			}
			t.Fatalf("%d mails", n)
		}
		for _, address := range invisibleAddresses {
			if _, err := e.Store.FindUserByEmail(context.Background(), cloud.NormalizeEmail(address)); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Errorf("an account for %+q: %v", address, err)
			}
		}
	})
}
