package http_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// analyticsRows is every stored analytics record in the order received,
// read behind the store's back, without its id and time.
func (e *env) analyticsRows() []storetest.Row {
	e.t.Helper()
	rows := e.Dump(e.t)["analytics_events"]
	slices.SortFunc(rows, func(a, b storetest.Row) int {
		x, _ := strconv.ParseInt(a["id"], 10, 64)
		y, _ := strconv.ParseInt(b["id"], 10, 64)
		return int(x - y)
	})
	for _, row := range rows {
		delete(row, "id")
		delete(row, "created_at")
	}
	return rows
}

// pageViewRow and eventRow are what a stored record must be, exactly: a
// missing value is NULL, so absent from the dump.
func pageViewRow(path string) storetest.Row {
	return storetest.Row{"kind": "page_view", "name": "", "category": "", "label": "", "path": path}
}

func eventRow(action, category, label, value string) storetest.Row {
	row := storetest.Row{"kind": "event", "name": action, "category": category, "label": label, "path": ""}
	if value != "" {
		row["value"] = value
	}
	return row
}

// beacon posts body as navigator.sendBeacon does with a string: text/plain.
func (e *env) beacon(path, body string) response {
	e.t.Helper()
	return e.send("POST", path, body, func(r *http.Request) {
		r.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	})
}

func TestAnalytics(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		ann := e.createUser("ann@example.com", "secret-1")
		token := e.login("ann@example.com", "secret-1")
		ctx := context.Background()

		// stored checks that the records since the last check are exactly want.
		seen := 0
		stored := func(t *testing.T, want ...storetest.Row) {
			t.Helper()
			rows := e.analyticsRows()[seen:]
			seen += len(rows)
			if !slices.EqualFunc(rows, want, maps.Equal) {
				t.Fatalf("stored %v, want %v", rows, want)
			}
		}

		t.Run("PageView", func(t *testing.T) {
			resp := e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": "/dashboard"})
			if resp.Status != http.StatusNoContent || len(resp.Body) != 0 {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			stored(t, pageViewRow("/dashboard"))
		})
		t.Run("Event", func(t *testing.T) {
			resp := e.do("POST", "/api/analytics/event", "", map[string]any{
				"action": "label_printed", "category": "print", "label": "Helmet – 4×2 in", "value": 2.5})
			if resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			resp = e.do("POST", "/api/analytics/event", "", map[string]any{"action": "user_logout", "category": "user", "label": nil, "value": nil})
			if resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			stored(t, eventRow("label_printed", "print", "Helmet – 4×2 in", "2.5"), eventRow("user_logout", "user", "", ""))
		})
		t.Run("TimeIsTheClouds", func(t *testing.T) {
			// The env's clock stands at storetest.T0: every record so far is
			// of that instant (PostgreSQL keeps microseconds), none later.
			now, err := e.Store.CountAnalyticsEvents(ctx, storetest.T0)
			if err != nil || len(now) != 3 { // /dashboard, label_printed, user_logout
				t.Fatalf("since the clock's time: %d counts, %v", len(now), err)
			}
			later, err := e.Store.CountAnalyticsEvents(ctx, storetest.T0.Add(time.Microsecond))
			if err != nil || len(later) != 0 {
				t.Fatalf("since after the clock's time: %d counts, %v", len(later), err)
			}
		})
		t.Run("SendBeaconTextPlain", func(t *testing.T) {
			if resp := e.beacon("/api/analytics/page-view", `{"path":"/privacy"}`); resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			if resp := e.beacon("/api/analytics/event", `{"action":"user_logout","category":"user"}`); resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			stored(t, pageViewRow("/privacy"), eventRow("user_logout", "user", "", ""))
		})
		t.Run("SignedInIsAnonymousToo", func(t *testing.T) {
			// A bearer token, the website's cookie, and a stale token: all
			// accepted, and nothing of the user is kept.
			e.do("POST", "/api/analytics/page-view", token, map[string]string{"path": "/referrals"})
			e.send("POST", "/api/analytics/event", map[string]string{"action": "user_logout", "category": "user"}, func(r *http.Request) {
				r.AddCookie(&http.Cookie{Name: "lifetag_session", Value: token})
			})
			if resp := e.do("POST", "/api/analytics/page-view", "not-a-session", map[string]string{"path": "/"}); resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			stored(t, pageViewRow("/referrals"), eventRow("user_logout", "user", "", ""), pageViewRow("/"))
			for _, row := range e.Dump(t)["analytics_events"] {
				for column, value := range row {
					if strings.Contains(value, ann.Email) || strings.Contains(value, token) ||
						column != "id" && value == strconv.FormatInt(ann.ID, 10) {
						t.Errorf("analytics_events.%s holds %q of the user", column, value)
					}
				}
			}
		})
		t.Run("AtTheLimits", func(t *testing.T) {
			path := "/" + strings.Repeat("a", cloud.AnalyticsPathMaxBytes-1)
			action := strings.Repeat("a", cloud.AnalyticsNameMaxBytes)
			category := strings.Repeat("z", cloud.AnalyticsNameMaxBytes)
			label := strings.Repeat("é", cloud.AnalyticsLabelMaxBytes/2) // two bytes each
			if resp := e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": path}); resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			resp := e.do("POST", "/api/analytics/event", "", map[string]any{"action": action, "category": category, "label": label, "value": -1e300})
			if resp.Status != http.StatusNoContent {
				t.Fatalf("%d %s", resp.Status, resp.Body)
			}
			stored(t, pageViewRow(path), eventRow(action, category, label, "-1e+300"))
		})

		// A reset link is /reset-password?token=...: its query must never be
		// stored. A path with a query or fragment is refused whole, so the
		// server never holds on to any part of it.
		t.Run("ErrQueryStringRefused", func(t *testing.T) {
			for _, path := range []string{"/reset-password?token=s3cret-reset-token", "/reset-password#token=s3cret-reset-token", "/?"} {
				resp := e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": path})
				if resp.Status != http.StatusBadRequest || resp.Message() != fmt.Sprintf(cloud.MsgAnalyticsPathInvalid, cloud.AnalyticsPathMaxBytes) {
					t.Errorf("%s: %d %s", path, resp.Status, resp.Body)
				}
			}
			stored(t)
			for _, row := range e.Dump(t)["analytics_events"] {
				for column, value := range row {
					if strings.Contains(value, "s3cret") {
						t.Errorf("analytics_events.%s holds the reset token", column)
					}
				}
			}
		})

		pathInvalid := fmt.Sprintf(cloud.MsgAnalyticsPathInvalid, cloud.AnalyticsPathMaxBytes)
		actionInvalid := fmt.Sprintf(cloud.MsgAnalyticsActionInvalid, cloud.AnalyticsNameMaxBytes)
		categoryInvalid := fmt.Sprintf(cloud.MsgAnalyticsCategoryInvalid, cloud.AnalyticsNameMaxBytes)
		labelInvalid := fmt.Sprintf(cloud.MsgAnalyticsLabelInvalid, cloud.AnalyticsLabelMaxBytes)
		event := func(fields string) string { return `{"action":"user_logout","category":"user"` + fields + `}` }
		for _, tt := range []struct {
			name, route, body string
			contentType       string // application/json unless set
			wantStatus        int
			wantMessage       string
		}{
			{"ErrPathMissing", "page-view", `{}`, "", 400, pathInvalid},
			{"ErrPathEmpty", "page-view", `{"path":""}`, "", 400, pathInvalid},
			{"ErrPathRelative", "page-view", `{"path":"dashboard"}`, "", 400, pathInvalid},
			{"ErrPathURL", "page-view", `{"path":"https://lifetag.test/"}`, "", 400, pathInvalid},
			{"ErrPathTooLong", "page-view", `{"path":"/` + strings.Repeat("a", cloud.AnalyticsPathMaxBytes) + `"}`, "", 400, pathInvalid},
			{"ErrPathSpace", "page-view", `{"path":"/a b"}`, "", 400, pathInvalid},
			{"ErrPathNotEncoded", "page-view", `{"path":"/café"}`, "", 400, pathInvalid},
			{"ErrPathControl", "page-view", `{"path":"/a\u0000"}`, "", 400, pathInvalid},
			{"ErrPathEmailAddress", "page-view", `{"path":"/jane@example.com"}`, "", 400, pathInvalid},
			{"ErrPathEncodedEmailAddress", "page-view", `{"path":"/jane%40example.com"}`, "", 400, pathInvalid},
			{"ErrPathWrongType", "page-view", `{"path":["/"]}`, "", 400, "Field path has the wrong type"},
			{"ErrPageViewUnknownField", "page-view", `{"path":"/","userId":1}`, "", 400, `Unknown field "userId" in the request body`},

			{"ErrActionMissing", "event", `{"category":"user"}`, "", 400, actionInvalid},
			{"ErrActionUpperCase", "event", `{"action":"User_Logout","category":"user"}`, "", 400, actionInvalid},
			{"ErrActionSpace", "event", `{"action":"user logout","category":"user"}`, "", 400, actionInvalid},
			{"ErrActionTooLong", "event", `{"action":"` + strings.Repeat("a", cloud.AnalyticsNameMaxBytes+1) + `","category":"user"}`, "", 400, actionInvalid},
			{"ErrCategoryMissing", "event", `{"action":"user_logout"}`, "", 400, categoryInvalid},
			{"ErrCategoryDot", "event", `{"action":"user_logout","category":"a.b"}`, "", 400, categoryInvalid},
			{"ErrCategoryTooLong", "event", `{"action":"user_logout","category":"` + strings.Repeat("a", cloud.AnalyticsNameMaxBytes+1) + `"}`, "", 400, categoryInvalid},
			{"ErrLabelTooLong", "event", event(`,"label":"` + strings.Repeat("a", cloud.AnalyticsLabelMaxBytes+1) + `"`), "", 400, labelInvalid},
			{"ErrLabelNewline", "event", event(`,"label":"a\nforged line"`), "", 400, labelInvalid},
			{"ErrLabelEmailAddress", "event", event(`,"label":"jane@example.com"`), "", 400, labelInvalid},
			{"ErrLabelC1Control", "event", event(`,"label":"a\u0085b"`), "", 400, labelInvalid},
			{"ErrValueTooLarge", "event", event(`,"value":1e400`), "", 400, "Field value has the wrong type"},
			{"ErrValueString", "event", event(`,"value":"3"`), "", 400, "Field value has the wrong type"},
			{"ErrEventUnknownField", "event", event(`,"email":"ann@example.com"`), "", 400, `Unknown field "email" in the request body`},

			{"ErrSyntax", "event", `{"action":`, "", 400, cloud.MsgBodyInvalid},
			{"ErrTrailing", "page-view", `{"path":"/"} {"path":"/"}`, "", 400, cloud.MsgBodyTrailingData},
			{"ErrTooLarge", "page-view", `{"path":"/` + strings.Repeat("a", cloud.AnalyticsMaxBodyBytes) + `"}`, "", 413, cloud.MsgBodyTooLarge},
			{"ErrFormContentType", "page-view", `{"path":"/"}`, "application/x-www-form-urlencoded", 415, cloud.MsgBeaconBodyNotJSON},
			{"ErrNoContentType", "event", event(""), "none", 415, cloud.MsgBeaconBodyNotJSON},
		} {
			t.Run(tt.name, func(t *testing.T) {
				resp := e.send("POST", "/api/analytics/"+tt.route, tt.body, func(r *http.Request) {
					switch tt.contentType {
					case "":
					case "none":
						r.Header.Del("Content-Type")
					default:
						r.Header.Set("Content-Type", tt.contentType)
					}
				})
				if resp.Status != tt.wantStatus || resp.Message() != tt.wantMessage {
					t.Fatalf("got %d %s, want %d %q", resp.Status, resp.Body, tt.wantStatus, tt.wantMessage)
				}
				stored(t)
			})
		}
	})
}

// TestAnalyticsRateLimit drives the per-IP limit of the analytics routes
// with a small limit and an hour-long window, so no clock moves mid-test.
func TestAnalyticsRateLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		limit := lhttp.RateLimit{PerIP: 1_000_000, PerAddress: 1_000_000, AnalyticsPerIP: 3, Window: time.Hour}
		e := newEnv(t, backend, envOptions{rateLimit: limit})
		pageView := func() response {
			return e.do("POST", "/api/analytics/page-view", "", map[string]string{"path": "/"})
		}
		event := func() response {
			return e.do("POST", "/api/analytics/event", "", map[string]string{"action": "user_logout", "category": "user"})
		}
		// Both routes share one allowance.
		for i, send := range []func() response{pageView, event, pageView} {
			if resp := send(); resp.Status != http.StatusNoContent {
				t.Fatalf("request %d: %d %s", i+1, resp.Status, resp.Body)
			}
		}
		for name, send := range map[string]func() response{"page view": pageView, "event": event} {
			if resp := send(); resp.Status != http.StatusTooManyRequests || resp.Message() != cloud.MsgTooManyRequests {
				t.Fatalf("%s after the limit: %d %s", name, resp.Status, resp.Body)
			}
		}
		if rows := e.analyticsRows(); len(rows) != 3 {
			t.Fatalf("%d records stored, want the 3 allowed", len(rows))
		}
		// The sign-in routes count separately.
		if resp := e.do("POST", "/api/auth/check-user", "", map[string]string{"email": "a@example.com"}); resp.Status != http.StatusOK {
			t.Fatalf("check-user limited by analytics: %d %s", resp.Status, resp.Body)
		}
	})
}
