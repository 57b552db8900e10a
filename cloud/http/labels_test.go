package http_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/scantest"
)

// grantPrintAccess does what a verified payment does.
func (e *env) grantPrintAccess(u *cloud.User) {
	e.t.Helper()
	err := e.Store.InPaymentTx(context.Background(), func(tx cloud.PaymentTx) error {
		return tx.GrantPrintAccess(u.ID, e.Clock.Now())
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

func sheetRequest(email string, options map[string]any) map[string]any {
	labelOptions := map[string]any{"labelType": "helmet", "paperSize": "a4", "printQuality": "high", "waterproof": true}
	for k, v := range options {
		labelOptions[k] = v
	}
	return map[string]any{"email": email, "labelOptions": labelOptions, "timeZone": "Europe/London"}
}

// shownSheetRequest is a sheet request as the website sends it, with the
// record its screen shows.
func shownSheetRequest(email string, shown emergency.Data, options map[string]any) map[string]any {
	body := sheetRequest(email, options)
	body["emergencyData"] = shown
	return body
}

func TestLabelSheet(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		e := newEnv(t, backend, envOptions{})
		owner := e.createUser("ann@example.com", "owner-password")
		token := e.login("ann@example.com", "owner-password")
		data := sampleData("ann@example.com")
		if resp := e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": owner.Email, "emergencyData": data}); resp.Status != http.StatusOK {
			t.Fatalf("sync: %d %s", resp.Status, resp.Body)
		}

		t.Run("LockedUntilPaid", func(t *testing.T) {
			resp := e.do("POST", "/api/labels/sheet.pdf", token, sheetRequest(owner.Email, nil))
			if resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgDownloadLocked {
				t.Fatalf("unpaid: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("POST", "/api/labels/sheet.pdf", "", sheetRequest(owner.Email, nil)); resp.Status != http.StatusUnauthorized {
				t.Fatalf("anonymous: %d", resp.Status)
			}
		})

		e.grantPrintAccess(owner)
		resp := e.do("POST", "/api/labels/sheet.pdf", token, shownSheetRequest(owner.Email, data, nil))
		if resp.Status != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" ||
			!strings.HasPrefix(string(resp.Body), "%PDF-") {
			t.Fatalf("paid: %d %s %.40q", resp.Status, resp.Header.Get("Content-Type"), resp.Body)
		}
		if d := resp.Header.Get("Content-Disposition"); !strings.Contains(d, "lifetag-labels-") {
			t.Fatalf("Content-Disposition %q", d)
		}

		// Every code on the sheet scans to exactly the record's QR text.
		london, _ := time.LoadLocation("Europe/London")
		want := emergency.QRText(data, e.Clock.Now(), london)
		if got := strings.Count(scantest.DecodePDF(t, resp.Body), want); got != 10 {
			t.Fatalf("decoded the record's text from %d of the 10 helmet labels", got)
		}

		t.Run("Custom", func(t *testing.T) {
			custom := map[string]any{"width": 90, "height": 60, "count": 4, "cols": 2, "rows": 2}
			resp := e.do("POST", "/api/labels/sheet.pdf", token, shownSheetRequest(owner.Email, data, map[string]any{"labelType": "custom", "customDimensions": custom}))
			if resp.Status != http.StatusOK {
				t.Fatalf("custom: %d %s", resp.Status, resp.Body)
			}
		})
		// The PDF is made only from the record the screen shows: when the
		// stored one differs (a sync that failed), nothing is printed.
		t.Run("StaleRecordRefused", func(t *testing.T) {
			onScreen := sampleData("ann@example.com")
			onScreen.EmergencyContacts[0].Phone = "+44 7700 900999"
			onScreen.LastModified = "2026-11-23T10:00:00Z"
			resp := e.do("POST", "/api/labels/sheet.pdf", token, shownSheetRequest(owner.Email, onScreen, nil))
			if resp.Status != http.StatusConflict || resp.Message() != cloud.MsgLabelRecordNotSaved {
				t.Fatalf("stale: %d %s", resp.Status, resp.Body)
			}
			same := data
			same.LastModified = "2026-11-23T10:00:00Z" // the save time is not a detail
			if resp := e.do("POST", "/api/labels/sheet.pdf", token, shownSheetRequest(owner.Email, same, nil)); resp.Status != http.StatusOK {
				t.Fatalf("same record, other save time: %d %s", resp.Status, resp.Body)
			}
			if resp := e.do("POST", "/api/labels/sheet.pdf", token, sheetRequest(owner.Email, nil)); resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgEmergencyRequired {
				t.Fatalf("no record shown: %d %s", resp.Status, resp.Body)
			}
		})
		cases := []struct {
			name    string
			options map[string]any
			tz      string
			want    string
		}{
			{"CustomTooNarrow", map[string]any{"labelType": "custom", "customDimensions": map[string]any{"width": 10, "height": 60, "count": 4, "cols": 2, "rows": 2}}, "", ""},
			{"UnknownLabelType", map[string]any{"labelType": "sticker"}, "", cloud.MsgLabelTypeUnknown},
			{"UnknownPaper", map[string]any{"paperSize": "a3"}, "", cloud.MsgPaperSizeInvalid},
			{"UnknownQuality", map[string]any{"printQuality": "best"}, "", cloud.MsgPrintQualityInvalid},
			{"UnknownTimeZone", nil, "Mars/Olympus", cloud.MsgTimeZoneUnknown},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				body := shownSheetRequest(owner.Email, data, tc.options)
				if tc.tz != "" {
					body["timeZone"] = tc.tz
				}
				resp := e.do("POST", "/api/labels/sheet.pdf", token, body)
				if resp.Status != http.StatusBadRequest || (tc.want != "" && resp.Message() != tc.want) {
					t.Fatalf("got %d %s, want 400 %q", resp.Status, resp.Body, tc.want)
				}
			})
		}
		// A name in another script prints on every label as written, and
		// reads back from the PDF's text in logical order.
		t.Run("NameInAnotherScript", func(t *testing.T) {
			mo := e.createUser("mo@example.com", "owner-password")
			moToken := e.login("mo@example.com", "owner-password")
			arabic := sampleData("mo@example.com")
			arabic.PersonalInfo.FullName = "محمد علي"
			if resp := e.do("POST", "/api/sync/emergency-data", moToken, map[string]any{"email": mo.Email, "emergencyData": arabic}); resp.Status != http.StatusOK {
				t.Fatalf("sync: %d %s", resp.Status, resp.Body)
			}
			e.grantPrintAccess(mo)
			resp := e.do("POST", "/api/labels/sheet.pdf", moToken, shownSheetRequest(mo.Email, arabic, nil))
			if resp.Status != http.StatusOK {
				t.Fatalf("sheet: %d %s", resp.Status, resp.Body)
			}
			got := 0
			for _, line := range scantest.PDFText(t, resp.Body) {
				if line == "محمد علي" {
					got++
				}
			}
			if got != 10 {
				t.Fatalf("the name reads back from %d of the 10 helmet labels: %q", got, scantest.PDFText(t, resp.Body))
			}
		})
	})
}

func TestLockScreen(t *testing.T) {
	e := newEnv(t, storetest.Backends[0], envOptions{})
	owner := e.createUser("ann@example.com", "owner-password")
	token := e.login("ann@example.com", "owner-password")
	e.createUser("eve@example.com", "other-password")
	other := e.login("eve@example.com", "other-password")
	data := sampleData("ann@example.com")
	if resp := e.do("POST", "/api/sync/emergency-data", token, map[string]any{"email": owner.Email, "emergencyData": data}); resp.Status != http.StatusOK {
		t.Fatalf("sync: %d %s", resp.Status, resp.Body)
	}
	request := func(phone string, shown emergency.Data) map[string]any {
		return map[string]any{"email": owner.Email, "phone": phone, "timeZone": "Europe/London", "emergencyData": shown}
	}
	const path = "/api/labels/lock-screen.png"

	// Paid owners only, checked on the server.
	if resp := e.do("POST", path, "", request("iphone", data)); resp.Status != http.StatusUnauthorized {
		t.Fatalf("anonymous: %d", resp.Status)
	}
	if resp := e.do("POST", path, other, request("iphone", data)); resp.Status != http.StatusForbidden {
		t.Fatalf("another user: %d", resp.Status)
	}
	if resp := e.do("POST", path, token, request("iphone", data)); resp.Status != http.StatusForbidden || resp.Message() != cloud.MsgLockScreenLocked {
		t.Fatalf("unpaid owner: %d %s", resp.Status, resp.Body)
	}

	e.grantPrintAccess(owner)
	london, _ := time.LoadLocation("Europe/London")
	want := emergency.QRText(data, e.Clock.Now(), london)
	for _, phone := range []string{"iphone", "android"} {
		resp := e.do("POST", path, token, request(phone, data))
		if resp.Status != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s: %d %s", phone, resp.Status, resp.Body)
		}
		if d := resp.Header.Get("Content-Disposition"); !strings.Contains(d, "lifetag-lock-screen-"+phone+".png") {
			t.Fatalf("Content-Disposition %q", d)
		}
		// The same text as every label, read back by a real decoder.
		if got := scantest.DecodePNG(t, resp.Body); got != want {
			t.Fatalf("%s decoded %q, want %q", phone, got, want)
		}
	}

	if resp := e.do("POST", path, token, request("nokia", data)); resp.Status != http.StatusBadRequest || resp.Message() != cloud.MsgLockScreenPhoneInvalid {
		t.Fatalf("unknown phone: %d %s", resp.Status, resp.Body)
	}
	stale := sampleData("ann@example.com")
	stale.PersonalInfo.BloodType = "A-"
	if resp := e.do("POST", path, token, request("iphone", stale)); resp.Status != http.StatusConflict {
		t.Fatalf("stale record: %d %s", resp.Status, resp.Body)
	}
}
