package http_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

func TestReferrals(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		e.createUser("ann@example.com", "secret-1")
		token := e.login("ann@example.com", "secret-1")

		if resp := e.do("GET", "/api/referrals/ann%40example.com", token, nil); resp.Status != 404 || resp.Message() != cloud.MsgReferralNotFound {
			t.Fatalf("before generate: %d %s", resp.Status, resp.Body)
		}
		resp := e.do("POST", "/api/referrals/generate", token, map[string]string{"email": "ann@example.com"})
		code, _ := resp.JSON()["referralCode"].(string)
		if resp.Status != 201 || len(code) != cloud.ReferralCodeLength || strings.Trim(code, cloud.ReferralAlphabet) != "" {
			t.Fatalf("generate: %d %s", resp.Status, resp.Body)
		}
		again := e.do("POST", "/api/referrals/generate", token, map[string]string{"email": "ann@example.com"})
		if again.Status != 200 || again.JSON()["referralCode"] != code || again.Message() != cloud.MsgReferralExists {
			t.Fatalf("generate again: %d %s", again.Status, again.Body)
		}
		t.Run("ErrNoEmail", func(t *testing.T) {
			if resp := e.do("POST", "/api/referrals/generate", token, map[string]string{}); resp.Status != 400 || resp.Message() != cloud.MsgEmailRequired {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
		})

		for _, referred := range []string{"bob@example.com", "carol@example.org"} {
			if err := e.Store.CreateReferral(context.Background(), &cloud.Referral{ReferralCode: code, ReferrerEmail: "ann@example.com",
				ReferredEmail: referred, CreatedAt: e.Clock.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		var dashboard struct {
			ReferralCode   string `json:"referralCode"`
			TotalReferrals int    `json:"totalReferrals"`
			RewardsEarned  int    `json:"rewardsEarnedPence"`
			Referrals      []struct {
				ReferredEmail string `json:"referredEmail"`
			} `json:"referrals"`
		}
		resp = e.do("GET", "/api/referrals/ann%40example.com", token, nil)
		if err := json.Unmarshal(resp.Body, &dashboard); err != nil || resp.Status != 200 {
			t.Fatalf("dashboard: %d %s", resp.Status, resp.Body)
		}
		if dashboard.ReferralCode != code || dashboard.TotalReferrals != 2 || dashboard.RewardsEarned != 40 ||
			dashboard.Referrals[0].ReferredEmail != "b***@example.com" || dashboard.Referrals[1].ReferredEmail != "c***@example.org" {
			t.Fatalf("dashboard %s", resp.Body)
		}
	})
}

func TestPrivacyExport(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		u := e.createUser("ann@example.com", "secret-1")
		token := e.seedOwnerData(u, "secret-1")

		resp := e.do("POST", "/api/privacy/export-data", token, map[string]string{"email": "ann@example.com"})
		if resp.Status != 200 || resp.Header.Get("Content-Disposition") != `attachment; filename="lifetag-data-2026-03-01.json"` {
			t.Fatalf("export: %d %v %s", resp.Status, resp.Header, resp.Body)
		}
		body := string(resp.Body)
		for _, want := range []string{`"email":"ann@example.com"`, `"allergies":"Penicillin"`, `"orderId":"LT-ann@example.com"`,
			`"addressLine1":"1 High Street"`, `"referredEmail":"b***@example.com"`, `"referralCode":"`,
			`"review":{"reminders":[],"reviewReminderMonths":12,"reviewedAt":"2026-03-01T12:00:00Z"}`} {
			if !strings.Contains(body, want) {
				t.Errorf("export lacks %s: %s", want, body)
			}
		}
		for _, secret := range []string{"argon2id", u.PasswordHash, token} {
			if strings.Contains(body, secret) {
				t.Errorf("export holds a secret %q", secret)
			}
		}

		t.Run("ReviewReminders", func(t *testing.T) {
			// A year on, a reminder whose confirm link is used a day later;
			// a year after that confirmation, one left unanswered whose
			// unsubscribe link is used.
			year := storetest.T0.AddDate(1, 0, 0)
			e.Clock.Advance(year.Sub(e.Clock.Now()))
			e.sendReminders()
			firstConfirm, firstUnsubscribe := reminderTokens(t, e.reminders("ann@example.com")[0])
			e.Clock.Advance(24 * time.Hour)
			confirmedAt := e.Clock.Now()
			if resp := e.do("POST", "/api/review-links/"+firstConfirm+"/confirm", "", nil); resp.Status != 200 {
				t.Fatalf("confirm: %d %s", resp.Status, resp.Body)
			}
			secondSent := confirmedAt.AddDate(1, 0, 0)
			e.Clock.Advance(secondSent.Sub(e.Clock.Now()))
			e.sendReminders()
			secondConfirm, secondUnsubscribe := reminderTokens(t, e.reminders("ann@example.com")[1])
			if resp := e.do("POST", "/api/review-links/"+secondUnsubscribe+"/unsubscribe", "", nil); resp.Status != 200 {
				t.Fatalf("unsubscribe: %d %s", resp.Status, resp.Body)
			}

			resp := e.do("POST", "/api/privacy/export-data", e.login("ann@example.com", "secret-1"), map[string]string{"email": "ann@example.com"})
			var export struct {
				Review struct {
					ReviewedAt           time.Time `json:"reviewedAt"`
					ReviewReminderMonths int       `json:"reviewReminderMonths"`
					Reminders            []struct {
						SentAt                   time.Time  `json:"sentAt"`
						AboutReviewedAt          time.Time  `json:"aboutReviewedAt"`
						ConfirmLinkExpiresAt     time.Time  `json:"confirmLinkExpiresAt"`
						ConfirmedAt              *time.Time `json:"confirmedAt"`
						UnsubscribeLinkExpiresAt time.Time  `json:"unsubscribeLinkExpiresAt"`
					} `json:"reminders"`
				} `json:"review"`
			}
			if err := json.Unmarshal(resp.Body, &export); err != nil || resp.Status != 200 {
				t.Fatalf("export: %d %s", resp.Status, resp.Body)
			}
			review := export.Review
			if !review.ReviewedAt.Equal(confirmedAt) || review.ReviewReminderMonths != cloud.ReviewNever || len(review.Reminders) != 2 {
				t.Fatalf("review %+v, want reviewed at %v, reminders off, two reminders", review, confirmedAt)
			}
			first, second := review.Reminders[0], review.Reminders[1]
			if !first.SentAt.Equal(year) || !first.AboutReviewedAt.Equal(storetest.T0) || first.ConfirmedAt == nil ||
				!first.ConfirmedAt.Equal(confirmedAt) || !first.ConfirmLinkExpiresAt.Equal(year.Add(cloud.ReviewConfirmLinkValidity)) ||
				!first.UnsubscribeLinkExpiresAt.Equal(year.Add(cloud.ReviewUnsubscribeLinkValidity)) {
				t.Errorf("first reminder %+v", first)
			}
			if !second.SentAt.Equal(secondSent) || !second.AboutReviewedAt.Equal(confirmedAt) || second.ConfirmedAt != nil {
				t.Errorf("second reminder %+v", second)
			}
			body := string(resp.Body)
			for _, link := range []string{firstConfirm, firstUnsubscribe, secondConfirm, secondUnsubscribe} {
				hash := sha256.Sum256([]byte(link))
				for _, secret := range []string{link, hex.EncodeToString(hash[:]), base64.StdEncoding.EncodeToString(hash[:])} {
					if strings.Contains(body, secret) {
						t.Errorf("export holds a reminder link or its hash %q", secret)
					}
				}
			}
		})
	})
}

func TestPrivacyDeleteData(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		u := e.createUser("ann@example.com", "secret-1")
		token := e.seedOwnerData(u, "secret-1")

		for _, phrase := range []string{"", "delete_my_data", cloud.PhraseDeleteAccount} {
			resp := e.do("POST", "/api/privacy/delete-data", token, map[string]string{"email": "ann@example.com", "confirmation": phrase})
			if resp.Status != 400 || resp.Message() != cloud.MsgConfirmRequired {
				t.Fatalf("phrase %q: %d %s", phrase, resp.Status, resp.Body)
			}
		}
		if resp := e.do("GET", "/api/sync/emergency-data/ann%40example.com", token, nil); resp.Status != 200 {
			t.Fatal("data deleted without the phrase")
		}
		resp := e.do("POST", "/api/privacy/delete-data", token, map[string]string{"email": "ann@example.com", "confirmation": cloud.PhraseDeleteData})
		if resp.Status != 200 || resp.Message() != cloud.MsgDataDeleted {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		if resp := e.do("GET", "/api/sync/emergency-data/ann%40example.com", token, nil); resp.Status != 404 {
			t.Fatalf("record after delete-data: %d", resp.Status)
		}
		orders, _ := e.Store.ListOrders(context.Background(), u.ID)
		if len(orders) != 1 || orders[0].ShippingAddress != nil {
			t.Fatalf("orders after delete-data: %+v", orders)
		}
		if resp := e.do("GET", "/api/user/data?email=ann%40example.com", token, nil); resp.Status != 200 {
			t.Fatalf("the account should remain: %d", resp.Status)
		}
	})
}

// TestPrivacyDeleteAccount is the proof: after delete-account, no table
// holds anything of the user, while another user's data is all still there.
func TestPrivacyDeleteAccount(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		ann := e.createUser("ann@example.com", "secret-1")
		bob := e.createUser("bob@example.com", "secret-2")
		annToken := e.seedOwnerData(ann, "secret-1")
		bobToken := e.seedOwnerData(bob, "secret-2")
		// Each referred the other.
		ann, _ = e.Store.FindUserByID(context.Background(), ann.ID)
		bob, _ = e.Store.FindUserByID(context.Background(), bob.ID)
		for _, r := range []*cloud.Referral{
			{ReferralCode: ann.ReferralCode, ReferrerEmail: ann.Email, ReferredEmail: bob.Email, CreatedAt: e.Clock.Now()},
			{ReferralCode: bob.ReferralCode, ReferrerEmail: bob.Email, ReferredEmail: ann.Email, CreatedAt: e.Clock.Now()},
		} {
			if err := e.Store.CreateReferral(context.Background(), r); err != nil {
				t.Fatal(err)
			}
		}
		e.do("POST", "/api/auth/request-reset", "", map[string]string{"email": "ann@example.com"})
		// Ann browses and signs out while signed in: analytics are anonymous,
		// so those records are nobody's and outlive her account.
		e.do("POST", "/api/analytics/page-view", annToken, map[string]string{"path": "/dashboard"})
		e.do("POST", "/api/analytics/event", annToken, map[string]string{"action": "user_logout", "category": "user"})

		resp := e.do("POST", "/api/privacy/delete-account", annToken, map[string]string{"email": "ann@example.com", "confirmation": cloud.PhraseDeleteData})
		if resp.Status != 400 {
			t.Fatalf("the data phrase deleted the account: %d", resp.Status)
		}
		resp = e.do("POST", "/api/privacy/delete-account", annToken, map[string]string{"email": "ann@example.com", "confirmation": cloud.PhraseDeleteAccount})
		if resp.Status != 200 || resp.Message() != cloud.MsgAccountDeleted || !strings.Contains(resp.Header.Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("%d %s %v", resp.Status, resp.Body, resp.Header)
		}

		storetest.AssertNoTrace(t, e.Dump(t), ann, bob)
		if rows := e.analyticsRows(); len(rows) != 2 {
			t.Fatalf("analytics after the deletion: %v", rows)
		}
		if resp := e.do("GET", "/api/user/data?email=ann%40example.com", annToken, nil); resp.Status != 401 {
			t.Fatalf("the deleted user's session still works: %d", resp.Status)
		}
		if resp := e.do("POST", "/api/auth/login", "", map[string]string{"email": "ann@example.com", "password": "secret-1"}); resp.Status != 401 {
			t.Fatalf("the deleted user can sign in: %d", resp.Status)
		}
		// Bob keeps everything, and his count of referrals.
		if resp := e.do("GET", "/api/sync/emergency-data/bob%40example.com", bobToken, nil); resp.Status != 200 {
			t.Fatalf("bob's record: %d", resp.Status)
		}
		dashboard := e.do("GET", "/api/referrals/bob%40example.com", bobToken, nil).JSON()
		if dashboard["totalReferrals"] != 2.0 {
			t.Fatalf("bob's referrals %v", dashboard)
		}
	})
}

// seedOwnerData gives u an emergency record, a referral code, a referral,
// and an order with a shipping address, and returns a session token.
func (e *env) seedOwnerData(u *cloud.User, password string) string {
	e.t.Helper()
	token := e.login(u.Email, password)
	if resp := e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": u.Email, "emergencyData": sampleData(u.Email)}); resp.Status != 200 {
		e.t.Fatalf("seed record: %d %s", resp.Status, resp.Body)
	}
	resp := e.do("POST", "/api/referrals/generate", token, map[string]string{"email": u.Email})
	code, _ := resp.JSON()["referralCode"].(string)
	ctx := context.Background()
	if err := e.Store.CreateReferral(ctx, &cloud.Referral{ReferralCode: code, ReferrerEmail: u.Email, ReferredEmail: "b" + u.Email, CreatedAt: e.Clock.Now()}); err != nil {
		e.t.Fatal(err)
	}
	address, err := e.Service.SealShippingAddress(u.ID, map[string]string{"fullName": "Ann Rider", "addressLine1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA"})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.Store.CreateOrder(ctx, &cloud.Order{OrderID: "LT-" + u.Email, UserID: u.ID, LabelType: "helmet", Quantity: 1,
		PricePence: 999, ShippingAddress: address, Status: "pending", CreatedAt: e.Clock.Now()}); err != nil {
		e.t.Fatal(err)
	}
	return token
}
