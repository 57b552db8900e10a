package http_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// saveRecord makes email's account and saves a record on it.
func (e *env) saveRecord(email string) {
	e.t.Helper()
	e.createUser(email, "review-password")
	e.save(email)
}

// save saves email's record again, signed in at the clock's time.
func (e *env) save(email string) response {
	e.t.Helper()
	resp := e.do("POST", "/api/sync/emergency-data", e.signIn(email), map[string]any{"email": email, "emergencyData": sampleData(email)})
	if resp.Status != 200 {
		e.t.Fatalf("save %s: %d %s", email, resp.Status, resp.Body)
	}
	return resp
}

// signIn signs saveRecord's account in at the clock's time (the tests move
// it past a session's life).
func (e *env) signIn(email string) string {
	e.t.Helper()
	return e.login(email, "review-password")
}

// userData is GET /api/user/data of email, signed in.
func (e *env) userData(email string) map[string]any {
	e.t.Helper()
	resp := e.do("GET", "/api/user/data?email="+email, e.signIn(email), nil)
	if resp.Status != 200 {
		e.t.Fatalf("user data %s: %d %s", email, resp.Status, resp.Body)
	}
	return resp.JSON()
}

// sendReminders runs the periodic check at the clock's time and waits
// until its mail has been sent; it returns how many reminders it queued.
func (e *env) sendReminders() int64 {
	e.t.Helper()
	n, err := e.Service.SendReviewReminders(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	e.waitForMail()
	return n
}

// reminders are the review reminders mailed to to so far.
func (e *env) reminders(to string) []cloud.Mail {
	var out []cloud.Mail
	for _, m := range e.Outbox.Messages() {
		if m.To == to && m.Subject == cloud.MsgReviewReminderSubject {
			out = append(out, m)
		}
	}
	return out
}

var (
	confirmLink     = regexp.MustCompile(`https://lifetag\.test/review/confirm\?token=([A-Za-z0-9_-]+)`)
	unsubscribeLink = regexp.MustCompile(`https://lifetag\.test/review/unsubscribe\?token=([A-Za-z0-9_-]+)`)
)

// reminderTokens are the confirm and unsubscribe tokens of a reminder.
func reminderTokens(t *testing.T, m cloud.Mail) (confirm, unsubscribe string) {
	t.Helper()
	c, u := confirmLink.FindStringSubmatch(m.Text), unsubscribeLink.FindStringSubmatch(m.Text)
	if c == nil || u == nil {
		t.Fatalf("no confirm or unsubscribe link in %q", m.Text)
	}
	return c[1], u[1]
}

func timeField(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	parsed, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("not a time: %v", v)
	}
	return parsed
}

// A save confirms the record; "My details are still right" confirms it
// again and changes nothing else; the account's answer carries both the
// date and the reminder period, which its owner chooses.
func TestIndividualReviewDate(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.saveRecord("ann@example.com")
		saved := e.userData("ann@example.com")
		if got := timeField(t, saved["reviewedAt"]); !got.Equal(storetest.T0) || saved["reviewReminderMonths"] != float64(12) {
			t.Fatalf("after a save: reviewedAt %v, months %v; want %v and 12", got, saved["reviewReminderMonths"], storetest.T0)
		}

		e.Clock.Advance(40 * 24 * time.Hour)
		resp := e.do("POST", "/api/user/review", e.signIn("ann@example.com"), nil)
		if resp.Status != 200 || resp.Message() != cloud.MsgReviewConfirmed || !timeField(t, resp.JSON()["reviewedAt"]).Equal(e.Clock.Now()) {
			t.Fatalf("confirm: %d %s", resp.Status, resp.Body)
		}
		confirmed := e.userData("ann@example.com")
		if got := timeField(t, confirmed["reviewedAt"]); !got.Equal(e.Clock.Now()) {
			t.Fatalf("reviewedAt %v after confirming at %v", got, e.Clock.Now())
		}
		if before, after := mustJSON(t, saved["emergencyData"]), mustJSON(t, confirmed["emergencyData"]); before != after {
			t.Fatalf("confirming changed the record:\n%s\n%s", before, after)
		}

		e.Clock.Advance(time.Hour)
		resp = e.save("ann@example.com")
		if !timeField(t, resp.JSON()["reviewedAt"]).Equal(e.Clock.Now()) {
			t.Fatalf("a second save: %d %s, want reviewedAt %v", resp.Status, resp.Body, e.Clock.Now())
		}

		t.Run("Period", func(t *testing.T) {
			token := e.signIn("ann@example.com")
			for _, months := range []int{6, 0, 12} {
				resp := e.do("PUT", "/api/user/review-reminders", token, map[string]int{"months": months})
				if resp.Status != 200 || resp.JSON()["months"] != float64(months) {
					t.Fatalf("set %d months: %d %s", months, resp.Status, resp.Body)
				}
				if got := e.userData("ann@example.com")["reviewReminderMonths"]; got != float64(months) {
					t.Fatalf("months %v after setting %d", got, months)
				}
			}
			for _, bad := range []any{map[string]int{"months": 7}, map[string]int{}} {
				if resp := e.do("PUT", "/api/user/review-reminders", token, bad); resp.Status != 400 || resp.Message() != cloud.MsgReviewIntervalInvalid {
					t.Fatalf("%v: %d %s", bad, resp.Status, resp.Body)
				}
			}
			if got := e.userData("ann@example.com")["reviewReminderMonths"]; got != float64(12) {
				t.Fatalf("months %v after refused changes, want 12", got)
			}
		})
		t.Run("ErrNoRecord", func(t *testing.T) {
			e.createUser("empty@example.com", "review-password")
			if resp := e.do("POST", "/api/user/review", e.signIn("empty@example.com"), nil); resp.Status != 404 || resp.Message() != cloud.MsgEmergencyNotFound {
				t.Fatalf("confirm without a record: %d %s", resp.Status, resp.Body)
			}
			if got := e.userData("empty@example.com")["reviewedAt"]; got != nil {
				t.Fatalf("reviewedAt %v without a record", got)
			}
		})
	})
}

// The reminders' schedule: each at the end of the person's own period,
// once a period however often the check runs, none for those who asked
// for none, and a save or confirmation starts the period again.
func TestReviewReminderSchedule(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		for _, email := range []string{"yearly@example.com", "half@example.com", "never@example.com"} {
			e.saveRecord(email)
		}
		for email, months := range map[string]int{"half@example.com": 6, "never@example.com": 0} {
			if resp := e.do("PUT", "/api/user/review-reminders", e.signIn(email), map[string]int{"months": months}); resp.Status != 200 {
				t.Fatalf("set %d months: %d %s", months, resp.Status, resp.Body)
			}
		}
		counts := func() [3]int {
			return [3]int{len(e.reminders("yearly@example.com")), len(e.reminders("half@example.com")), len(e.reminders("never@example.com"))}
		}
		step := func(to time.Time, wantQueued int64, want [3]int) {
			t.Helper()
			e.Clock.Advance(to.Sub(e.Clock.Now()))
			if n := e.sendReminders(); n != wantQueued || counts() != want {
				t.Fatalf("at %v: queued %d, mailed (yearly, half, never) %v; want %d and %v", to, n, counts(), wantQueued, want)
			}
		}
		sixMonths, year := storetest.T0.AddDate(0, 6, 0), storetest.T0.AddDate(1, 0, 0)
		step(sixMonths.Add(-time.Minute), 0, [3]int{0, 0, 0})
		step(sixMonths, 1, [3]int{0, 1, 0})
		step(sixMonths, 0, [3]int{0, 1, 0}) // the same check again
		step(year.Add(-time.Minute), 0, [3]int{0, 1, 0})
		step(year, 1, [3]int{1, 1, 0}) // half's period was reminded of already
		step(year.AddDate(5, 0, 0), 0, [3]int{1, 1, 0})

		// A save starts half's period again, from now.
		saved := e.Clock.Now()
		e.save("half@example.com")
		step(saved.AddDate(0, 6, 0).Add(-time.Minute), 0, [3]int{1, 1, 0})
		step(saved.AddDate(0, 6, 0), 1, [3]int{1, 2, 0})

		m := e.reminders("half@example.com")[1]
		if m.ListUnsubscribe == "" || !strings.HasPrefix(m.ListUnsubscribe, "https://lifetag.test/api/review-links/") ||
			!strings.Contains(m.Text, "https://lifetag.test/login?return=%2F") || !strings.Contains(m.Text, saved.Format("2 January 2006")) {
			t.Fatalf("reminder: List-Unsubscribe %q, text %q", m.ListUnsubscribe, m.Text)
		}
		if strings.Contains(m.Text, "Penicillin") || strings.Contains(m.Text, "Bob Rider") {
			t.Fatalf("the reminder carries the record: %q", m.Text)
		}
	})
}

// A reminder's links work without a sign-in: confirm once, unsubscribe
// (again and again, as mail programs may); an altered, cut or expired
// link is refused with a message that says which.
func TestReviewReminderLinks(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.saveRecord("ann@example.com")
		e.saveRecord("late@example.com")
		e.Clock.Advance(storetest.T0.AddDate(1, 0, 0).Sub(e.Clock.Now()))
		if n := e.sendReminders(); n != 2 {
			t.Fatalf("queued %d reminders, want 2", n)
		}
		confirm, unsubscribe := reminderTokens(t, e.reminders("ann@example.com")[0])
		lateConfirm, lateUnsubscribe := reminderTokens(t, e.reminders("late@example.com")[0])
		post := func(path string) response { t.Helper(); return e.do("POST", path, "", nil) }
		wantRefused := func(resp response, status int, message string) {
			t.Helper()
			if resp.Status != status || resp.Message() != message {
				t.Fatalf("got %d %s, want %d %q", resp.Status, resp.Body, status, message)
			}
		}
		altered := func(token string) string {
			last := "A"
			if strings.HasSuffix(token, "A") {
				last = "B"
			}
			return token[:len(token)-1] + last
		}

		t.Run("Tampered", func(t *testing.T) {
			for _, bad := range []string{altered(confirm), confirm[:20], confirm + "x", unsubscribe, strings.Repeat("a", 200)} {
				wantRefused(post("/api/review-links/"+bad+"/confirm"), 404, cloud.MsgReviewLinkInvalid)
			}
			for _, bad := range []string{altered(unsubscribe), unsubscribe[:20], confirm} {
				wantRefused(post("/api/review-links/"+bad+"/unsubscribe"), 404, cloud.MsgReviewLinkInvalid)
			}
		})

		e.Clock.Advance(24 * time.Hour)
		resp := post("/api/review-links/" + confirm + "/confirm")
		if resp.Status != 200 || resp.Message() != cloud.MsgReviewConfirmed || !timeField(t, resp.JSON()["reviewedAt"]).Equal(e.Clock.Now()) {
			t.Fatalf("confirm: %d %s", resp.Status, resp.Body)
		}
		if got := timeField(t, e.userData("ann@example.com")["reviewedAt"]); !got.Equal(e.Clock.Now()) {
			t.Fatalf("reviewedAt %v after the link, want %v", got, e.Clock.Now())
		}
		t.Run("SingleUse", func(t *testing.T) {
			wantRefused(post("/api/review-links/"+confirm+"/confirm"), 410, cloud.MsgReviewLinkUsed)
		})
		t.Run("Expired", func(t *testing.T) {
			e.Clock.Advance(cloud.ReviewConfirmLinkValidity)
			wantRefused(post("/api/review-links/"+lateConfirm+"/confirm"), 410, cloud.MsgReviewLinkExpired)
		})

		// A mail program's one-click unsubscribe (RFC 8058): a form POST
		// from no page at all, no sign-in; then the page's, again.
		for i := range 2 {
			resp := e.send("POST", "/api/review-links/"+unsubscribe+"/unsubscribe", "List-Unsubscribe=One-Click", func(r *http.Request) {
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			})
			if resp.Status != 200 || resp.Message() != cloud.MsgReviewUnsubscribed {
				t.Fatalf("unsubscribe %d: %d %s", i, resp.Status, resp.Body)
			}
		}
		if got := e.userData("ann@example.com")["reviewReminderMonths"]; got != float64(0) {
			t.Fatalf("months %v after unsubscribing", got)
		}
		// No further reminder, however long: ann's new period ends and
		// nothing is sent; late's (unanswered) period was reminded of once.
		e.Clock.Advance(2 * 365 * 24 * time.Hour)
		if n := e.sendReminders(); n != 0 || len(e.reminders("ann@example.com")) != 1 {
			t.Fatalf("after unsubscribing: queued %d, ann has %d reminders", n, len(e.reminders("ann@example.com")))
		}
		t.Run("UnsubscribeExpired", func(t *testing.T) {
			wantRefused(post("/api/review-links/"+lateUnsubscribe+"/unsubscribe"), 410, cloud.MsgUnsubscribeLinkExpired)
		})
	})
}

// The journeys' hook runs the check at a chosen moment, in development
// only.
func TestReviewRemindersTestHook(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		for _, production := range []bool{false, true} {
			e := newEnv(t, backend, envOptions{production: production})
			e.saveRecord("ann@example.com")
			asOf := storetest.T0.AddDate(1, 0, 0).Format(time.RFC3339)
			resp := e.do("POST", "/api/test/review-reminders", "", map[string]string{"asOf": asOf})
			switch {
			case production && resp.Status != 404:
				t.Fatalf("production: %d %s", resp.Status, resp.Body)
			case !production && (resp.Status != 200 || resp.JSON()["sent"] != float64(1)):
				t.Fatalf("development: %d %s", resp.Status, resp.Body)
			}
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
