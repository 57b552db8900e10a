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
	c := &cloud.CorporateCode{OrganizationID: orgID, Name: name, LabelType: cloud.CodeLabelTypes[0], IsActive: true,
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
