package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// reviewedAt is the reviewedAt of a code as its GET answers it.
func (e *env) reviewedAt(t *testing.T, path, token string) string {
	t.Helper()
	resp := e.do("GET", path, token, nil)
	wantStatus(t, resp, http.StatusOK, "")
	return resp.JSON()["qrCode"].(map[string]any)["reviewedAt"].(string)
}

func rfc3339(at time.Time) string { return at.UTC().Format(time.RFC3339) }

// TestReviewDates: a code's review date is its creation, moves with every
// save of its details and with a confirmation (the worker's, through their
// update link, or an officer's) that changes nothing else, and stays when
// only its active flag changes; the changes feed and the webhooks carry it.
func TestReviewDates(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{webhooks: localWebhooks()})
		rcv := newReceiver(t)
		orgID, owner := e.activeOrganization("Review Ltd", "boss@review.example")
		rivalID, rival := e.activeOrganization("Rival Ltd", "boss@rival.example")
		path := func(rest string) string { return orgURL(orgID, rest) }
		hook := e.do("POST", path("/webhooks"), owner, map[string]any{"url": rcv.URL + "/hr",
			"events": []string{"qr_code.updated"}})
		wantStatus(t, hook, http.StatusCreated, "")
		rcv.addSecret("/hr", hook.JSON()["secret"].(string))

		created := e.do("POST", path("/qr-codes"), owner, map[string]any{"values": libraryValues("Ann Rider")})
		wantStatus(t, created, http.StatusCreated, "")
		code := created.JSON()["qrCode"].(map[string]any)
		codePath := path(fmt.Sprintf("/qr-codes/%v", code["id"]))
		made := e.Clock.Now()
		if code["reviewedAt"] != rfc3339(made) {
			t.Fatalf("a new code's reviewedAt %v, want its creation %s", code["reviewedAt"], rfc3339(made))
		}

		t.Run("DeactivatingIsNoReview", func(t *testing.T) {
			e.Clock.Advance(time.Hour)
			wantStatus(t, e.do("PUT", codePath, owner, map[string]any{"isActive": false}), http.StatusOK, "")
			wantStatus(t, e.do("PUT", codePath, owner, map[string]any{"isActive": true}), http.StatusOK, "")
			if got := e.reviewedAt(t, codePath, owner); got != rfc3339(made) {
				t.Fatalf("reviewedAt %s after (de)activating, want %s", got, rfc3339(made))
			}
		})
		t.Run("SavingDetailsIsAReview", func(t *testing.T) {
			e.Clock.Advance(time.Hour)
			values := libraryValues("Ann Rider")
			values["allergies"] = "Penicillin, latex"
			wantStatus(t, e.do("PUT", codePath, owner, map[string]any{"values": values}), http.StatusOK, "")
			if got := e.reviewedAt(t, codePath, owner); got != rfc3339(e.Clock.Now()) {
				t.Fatalf("reviewedAt %s after an edit, want %s", got, rfc3339(e.Clock.Now()))
			}
		})
		t.Run("WorkerConfirmsThroughUpdateLink", func(t *testing.T) {
			before := e.do("GET", codePath, owner, nil).JSON()["qrCode"].(map[string]any)
			link := e.do("POST", codePath+"/update-link", owner, map[string]any{})
			wantStatus(t, link, http.StatusCreated, "")
			token := tokenOf(link.JSON()["link"].(map[string]any)["url"].(string))
			e.Clock.Advance(time.Hour)
			wantStatus(t, e.do("POST", "/api/collect/"+token+"/confirm", "", nil), http.StatusOK,
				fmt.Sprintf(cloud.MsgCollectConfirmed, "Review Ltd"))
			after := e.do("GET", codePath, owner, nil).JSON()["qrCode"].(map[string]any)
			if after["reviewedAt"] != rfc3339(e.Clock.Now()) {
				t.Fatalf("reviewedAt %v after the worker's confirmation, want %s", after["reviewedAt"], rfc3339(e.Clock.Now()))
			}
			if fmt.Sprint(after["record"]) != fmt.Sprint(before["record"]) || after["name"] != before["name"] {
				t.Fatalf("the confirmation changed the code: %v, was %v", after, before)
			}
			// The link is used up, as by a submission.
			wantStatus(t, e.do("POST", "/api/collect/"+token+"/confirm", "", nil), http.StatusGone, cloud.MsgCollectionLinkUsed)
			wantStatus(t, e.do("POST", "/api/collect/"+token, "", map[string]any{"values": libraryValues("Mallory"),
				"consent": true}), http.StatusGone, cloud.MsgCollectionLinkUsed)

			// The changes feed and the webhook carry the date.
			feed := e.do("GET", path("/qr-codes/changes"), owner, nil)
			wantStatus(t, feed, http.StatusOK, "")
			items := feed.JSON()["qrCodes"].([]any)
			last := items[len(items)-1].(map[string]any)
			if last["reviewedAt"] != rfc3339(e.Clock.Now()) || last["updatedAt"] != rfc3339(e.Clock.Now()) {
				t.Fatalf("changes feed's last line %v, want reviewed and updated at %s", last, rfc3339(e.Clock.Now()))
			}
			confirmed := rfc3339(e.Clock.Now())
			confirmation := func() map[string]any {
				for _, ev := range rcv.events("/hr") {
					if data := ev["data"].(map[string]any); data["occurredAt"] == confirmed {
						return data
					}
				}
				return nil
			}
			deliverUntil(t, e, time.Second, 5, func() bool { return confirmation() != nil })
			if data := confirmation(); data["reviewedAt"] != confirmed || fmt.Sprint(data["changed"]) != "[reviewedAt]" {
				t.Fatalf("the confirmation's webhook %v, want reviewedAt %s and changed [reviewedAt]", data, confirmed)
			}
		})
		t.Run("SharedLinkConfirmsNoOne", func(t *testing.T) {
			shared := e.do("POST", path("/collection-links"), owner, map[string]any{"templateId": 0})
			wantStatus(t, shared, http.StatusCreated, "")
			token := tokenOf(shared.JSON()["link"].(map[string]any)["url"].(string))
			wantStatus(t, e.do("POST", "/api/collect/"+token+"/confirm", "", nil), http.StatusBadRequest,
				cloud.MsgCollectConfirmOnlyUpdate)
			wantStatus(t, e.do("POST", "/api/collect/not-a-token/confirm", "", nil), http.StatusNotFound, cloud.MsgCollectionLinkGone)
		})
		t.Run("OfficerConfirms", func(t *testing.T) {
			e.Clock.Advance(time.Hour)
			resp := e.do("POST", codePath+"/confirm", owner, nil)
			wantStatus(t, resp, http.StatusOK, "")
			if got := resp.JSON()["qrCode"].(map[string]any)["reviewedAt"]; got != rfc3339(e.Clock.Now()) {
				t.Fatalf("reviewedAt %v after the officer's confirmation, want %s", got, rfc3339(e.Clock.Now()))
			}
			wantStatus(t, e.do("POST", orgURL(rivalID, fmt.Sprintf("/qr-codes/%v/confirm", code["id"])), rival, nil),
				http.StatusNotFound, cloud.MsgCodeNotFound)
			wantStatus(t, e.do("POST", codePath+"/confirm", rival, nil), http.StatusNotFound, "")
		})
	})
}

// seedReviewedCode adds a code of orgID last confirmed at reviewedAt.
func (e *env) seedReviewedCode(t *testing.T, orgID int64, name string, reviewedAt time.Time) int64 {
	t.Helper()
	c := &cloud.CorporateCode{OrganizationID: orgID, Name: name, LabelType: cloud.LabelTypes[0], IsActive: true,
		Source: cloud.CodeSourceAPI, CreatedAt: reviewedAt, ReviewedAt: reviewedAt}
	if err := e.Store.CreateCodes(context.Background(), []*cloud.CorporateCode{c}, &cloud.Activity{OrganizationID: orgID,
		Kind: cloud.ActivityCodeCreated, CreatedAt: reviewedAt}); err != nil {
		t.Fatal(err)
	}
	return c.ID
}

// TestReviewPeriodAndFilters: the library marks each code current, due or
// overdue under its organisation's period (12 months until it chooses),
// filters by it, and the dashboard counts it; a new period applies at once.
func TestReviewPeriodAndFilters(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		orgID, owner := e.activeOrganization("Period Ltd", "boss@period.example")
		rivalID, rival := e.activeOrganization("Rival Ltd", "boss@rival.example")
		path := func(rest string) string { return orgURL(orgID, rest) }
		now := e.Clock.Now()
		e.seedReviewedCode(t, orgID, "Fresh", now.AddDate(0, -1, 0))
		e.seedReviewedCode(t, orgID, "Seven months", now.AddDate(0, -7, 0))
		e.seedReviewedCode(t, orgID, "Nearly a year", now.AddDate(-1, 0, 10))
		e.seedReviewedCode(t, orgID, "Over a year", now.AddDate(-1, 0, -1))
		e.seedReviewedCode(t, rivalID, "Rival's old one", now.AddDate(-3, 0, 0))

		names := func(query string) string {
			t.Helper()
			resp := e.do("GET", path("/qr-codes"+query), owner, nil)
			wantStatus(t, resp, http.StatusOK, "")
			var out []string
			for _, c := range resp.JSON()["qrCodes"].([]any) {
				c := c.(map[string]any)
				out = append(out, fmt.Sprintf("%s:%s", c["name"], c["review"]))
			}
			return strings.Join(out, ", ")
		}
		counts := func() string {
			t.Helper()
			resp := e.do("GET", path("/dashboard"), owner, nil)
			wantStatus(t, resp, http.StatusOK, "")
			d := resp.JSON()
			return fmt.Sprintf("due %v overdue %v every %v", d["reviewDue"], d["reviewOverdue"],
				d["organization"].(map[string]any)["reviewPeriodMonths"])
		}

		if got, want := names(""), "Over a year:overdue, Nearly a year:due, Seven months:current, Fresh:current"; got != want {
			t.Fatalf("library %s, want %s", got, want)
		}
		if got, want := names("?review=due"), "Over a year:overdue, Nearly a year:due"; got != want {
			t.Fatalf("due for review: %s, want %s", got, want)
		}
		if got, want := names("?review=overdue&page=1&pageSize=10"), "Over a year:overdue"; got != want {
			t.Fatalf("overdue: %s, want %s", got, want)
		}
		if got, want := counts(), "due 2 overdue 1 every 12"; got != want {
			t.Fatalf("dashboard %s, want %s", got, want)
		}
		wantStatus(t, e.do("GET", path("/qr-codes?review=stale"), owner, nil), http.StatusBadRequest, cloud.MsgReviewFilterInvalid)

		wantStatus(t, e.do("PUT", path("/review-period"), owner, map[string]int{"reviewPeriodMonths": 7}),
			http.StatusBadRequest, cloud.MsgReviewPeriodInvalid)
		wantStatus(t, e.do("PUT", orgURL(orgID, "/review-period"), rival, map[string]int{"reviewPeriodMonths": 24}),
			http.StatusNotFound, "")
		wantStatus(t, e.do("PUT", path("/review-period"), owner, map[string]int{"reviewPeriodMonths": 6}),
			http.StatusOK, cloud.MsgReviewPeriodSaved)
		if got, want := names("?review=overdue"), "Over a year:overdue, Nearly a year:overdue, Seven months:overdue"; got != want {
			t.Fatalf("overdue every 6 months: %s, want %s", got, want)
		}
		if got, want := counts(), "due 3 overdue 3 every 6"; got != want {
			t.Fatalf("dashboard every 6 months %s, want %s", got, want)
		}
		// The rival's period and codes are its own.
		if resp := e.do("GET", orgURL(rivalID, "/dashboard"), rival, nil); resp.JSON()["reviewOverdue"] != 1.0 ||
			resp.JSON()["organization"].(map[string]any)["reviewPeriodMonths"] != 12.0 {
			t.Fatalf("rival's dashboard %s", resp.Body)
		}
	})
}

// linkIn is the update link a mail carries.
func linkIn(t *testing.T, text string) string {
	t.Helper()
	i := strings.Index(text, "https://lifetag.test/collect/")
	if i < 0 {
		t.Fatalf("no link in %q", text)
	}
	return strings.Fields(text[i:])[0]
}

// TestReviewRound: an officer starts a round for the active codes due for
// review; each worker with an address is mailed their own update link
// through the queue, one without is listed for a link by hand; a worker's
// confirmation and another's change reach the round and the library at
// once; reminders go on the officer's days (the clock moved, not slept)
// only to those who have not answered and are still active; silence is
// listed, and no code is deactivated.
func TestReviewRound(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		orgID, owner := e.activeOrganization("Round Ltd", "boss@round.example")
		_, rival := e.activeOrganization("Rival Ltd", "boss@rival.example")
		path := func(rest string) string { return orgURL(orgID, rest) }
		tpl := e.do("POST", path("/form-templates"), owner, templateBody("Site crew"))
		wantStatus(t, tpl, http.StatusCreated, "")
		templateID := tpl.JSON()["template"].(map[string]any)["id"]
		create := func(name, email string) float64 {
			t.Helper()
			body := map[string]any{"templateId": 0, "values": libraryValues(name)} // the Standard form: no address
			if email != "" {
				body = map[string]any{"templateId": templateID, "values": map[string]string{"fullName": name,
					"email": email, "phone": "+44 7700 900001", "emergencyContact": "Sam", "emergencyPhone": "+44 7700 900002"}}
			}
			resp := e.do("POST", path("/qr-codes"), owner, body)
			wantStatus(t, resp, http.StatusCreated, "")
			return resp.JSON()["qrCode"].(map[string]any)["id"].(float64)
		}
		ann, bob, _, dan := create("Ann", "ann@crew.example"), create("Bob", "bob@crew.example"),
			create("Cat", ""), create("Dan", "dan@crew.example")
		eve := create("Eve", "eve@crew.example")
		wantStatus(t, e.do("PUT", path(fmt.Sprintf("/qr-codes/%v", eve)), owner, map[string]any{"isActive": false}), http.StatusOK, "")
		// All but Dan were last confirmed over a year ago.
		e.seedSQL(`UPDATE organization_qr_codes SET reviewed_at = $1 WHERE organization_id = $2 AND name <> 'Dan'`,
			e.Clock.Now().AddDate(-1, -1, 0), orgID)
		_ = dan

		wantStatus(t, e.do("POST", path("/review-rounds"), owner, map[string]any{"reminderDays": []int{7, 3}}),
			http.StatusBadRequest, cloud.MsgReviewRemindersInvalid)
		started := e.do("POST", path("/review-rounds"), owner, map[string]any{"reminderDays": []int{3, 7}})
		wantStatus(t, started, http.StatusCreated, "")
		roundID := started.JSON()["id"]
		if started.JSON()["workers"] != 3.0 {
			t.Fatalf("round %s: want Ann, Bob and Cat (Dan is current, Eve inactive)", started.Body)
		}
		roundPath := path(fmt.Sprintf("/review-rounds/%v", roundID))
		wantStatus(t, e.do("GET", orgURL(orgID, fmt.Sprintf("/review-rounds/%v", roundID)), rival, nil), http.StatusNotFound, "")

		e.waitForMail()
		progress := func(token string) map[string]any {
			t.Helper()
			resp := e.do("GET", roundPath, token, nil)
			wantStatus(t, resp, http.StatusOK, "")
			return resp.JSON()
		}
		round := progress(owner)["round"].(map[string]any)
		if round["mailed"] != 2.0 || round["noEmail"] != 1.0 || round["noAnswer"] != 3.0 {
			t.Fatalf("after the mails: %v", round)
		}
		for _, to := range []string{"dan@crew.example", "eve@crew.example"} {
			if len(e.mailsTo(to)) != 0 {
				t.Fatalf("%s was mailed: current and inactive codes are not in the round", to)
			}
		}
		annMail, bobMail := e.mailsTo("ann@crew.example"), e.mailsTo("bob@crew.example")
		if len(annMail) != 1 || len(bobMail) != 1 || annMail[0].Subject != cloud.MsgUpdateLinkMailSubject {
			t.Fatalf("mails to Ann %+v, Bob %+v", annMail, bobMail)
		}

		// Cat has no address: a link to hand out, shown once.
		handOut := e.do("POST", roundPath+"/hand-out-links", owner, nil)
		wantStatus(t, handOut, http.StatusCreated, "")
		links := handOut.JSON()["links"].([]any)
		if len(links) != 1 || links[0].(map[string]any)["name"] != "Cat" {
			t.Fatalf("links to hand out %s", handOut.Body)
		}

		// Ann confirms: the round and the library know at once.
		wantStatus(t, e.do("POST", "/api/collect/"+tokenOf(linkIn(t, annMail[0].Text))+"/confirm", "", nil), http.StatusOK, "")
		if code := e.do("GET", path(fmt.Sprintf("/qr-codes/%v", ann)), owner, nil).JSON()["qrCode"].(map[string]any); code["review"] != "current" {
			t.Fatalf("Ann's code after her confirmation: %v", code)
		}
		// Cat changes her details through the handed-out link.
		catValues := libraryValues("Cat")
		catValues["allergies"] = "Latex"
		wantStatus(t, e.do("POST", "/api/collect/"+tokenOf(links[0].(map[string]any)["url"].(string)), "",
			map[string]any{"values": catValues, "consent": true}), http.StatusCreated, "")
		round = progress(owner)["round"].(map[string]any)
		if round["confirmed"] != 1.0 || round["changed"] != 1.0 || round["noAnswer"] != 1.0 {
			t.Fatalf("after Ann's and Cat's answers: %v", round)
		}

		// No reminder before its day; on day 3 Bob, silent, is reminded with a new link.
		e.Clock.Advance(3*24*time.Hour - time.Minute)
		if n, err := e.Service.SendDueReviewReminders(context.Background()); err != nil || n != 0 {
			t.Fatalf("reminders before day 3: %d %v", n, err)
		}
		e.Clock.Advance(time.Minute)
		if n, err := e.Service.SendDueReviewReminders(context.Background()); err != nil || n != 1 {
			t.Fatalf("reminders on day 3: %d %v", n, err)
		}
		e.waitForMail()
		bobMail = e.mailsTo("bob@crew.example")
		if len(bobMail) != 2 || bobMail[1].Subject != cloud.MsgReviewReminderMailSubject ||
			linkIn(t, bobMail[1].Text) == linkIn(t, bobMail[0].Text) || len(e.mailsTo("ann@crew.example")) != 1 {
			t.Fatalf("day 3: Bob's mails %+v, Ann's %d", bobMail, len(e.mailsTo("ann@crew.example")))
		}
		// Bob leaves and is marked inactive: day 7's reminder skips him.
		e.seedSQL(`UPDATE organization_qr_codes SET is_active = $1 WHERE id = $2`, false, bob)
		e.Clock.Advance(4 * 24 * time.Hour)
		if n, err := e.Service.SendDueReviewReminders(context.Background()); err != nil || n != 1 {
			t.Fatalf("reminders on day 7: %d %v", n, err)
		}
		e.waitForMail()
		if len(e.mailsTo("bob@crew.example")) != 2 {
			t.Fatal("an inactive worker was reminded")
		}
		if n, _ := e.Service.SendDueReviewReminders(context.Background()); n != 0 {
			t.Fatalf("%d rounds reminded after the last reminder", n)
		}

		// Bob's silence is listed for the officer, nothing more.
		officer := e.corporateLogin("boss@round.example", "owner-password")
		detail := progress(officer)
		var silent []string
		for _, w := range detail["workers"].([]any) {
			if w := w.(map[string]any); w["answer"] == "" {
				silent = append(silent, fmt.Sprint(w["name"]))
			}
		}
		if fmt.Sprint(silent) != "[Bob]" {
			t.Fatalf("workers without an answer %v, want [Bob]", silent)
		}
		if rounds := e.do("GET", path("/review-rounds"), officer, nil).JSON()["rounds"].([]any); len(rounds) != 1 {
			t.Fatalf("rounds %v", rounds)
		}
	})
}
