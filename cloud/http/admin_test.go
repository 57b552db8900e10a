package http_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/scantest"
)

// adminEnv is a cloud with an admin signed in and a paying customer whose
// order is pending.
type adminEnv struct {
	*env
	admin         string // the admin's session
	customer      *cloud.User
	customerToken string
	orderID       string
}

func newAdminEnv(t *testing.T, backend storetest.Backend) *adminEnv {
	e := newEnv(t, backend, envOptions{})
	e.createAdmin("admin@example.com", "admin-password")
	a := &adminEnv{env: e, admin: e.login("admin@example.com", "admin-password")}
	a.customer = e.createUser("ann@example.com", "ann-password")
	a.customerToken = e.seedOwnerData(a.customer, "ann-password")
	e.grantPrintAccess(a.customer)
	a.orderID = "LT-ANN000000001"
	if err := e.Store.CreateOrder(context.Background(), &cloud.Order{OrderID: a.orderID, UserID: a.customer.ID, LabelType: "helmet",
		Quantity: 1, PricePence: cloud.PricePhysicalPence, Status: cloud.OrderPending, CreatedAt: e.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	return a
}

func (a *adminEnv) auditActions() []string {
	a.t.Helper()
	resp := a.do("GET", "/api/admin/audit-log?pageSize=200", a.admin, nil)
	if resp.Status != 200 {
		a.t.Fatalf("audit log: %d %s", resp.Status, resp.Body)
	}
	if bytes.Contains(resp.Body, []byte("Penicillin")) || bytes.Contains(resp.Body, []byte("Asthma")) {
		a.t.Fatalf("medical data in the audit log: %s", resp.Body)
	}
	var actions []string
	for _, e := range resp.JSON()["entries"].([]any) {
		actions = append(actions, e.(map[string]any)["action"].(string))
	}
	return actions
}

func TestAdminListsAndStats(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		for i := range 3 {
			a.createUser(fmt.Sprintf("rider%d@example.com", i), "password-1")
		}
		resp := a.do("GET", "/api/admin/users?pageSize=2&page=2", a.admin, nil)
		body := resp.JSON()
		if resp.Status != 200 || body["total"].(float64) != 5 || len(body["users"].([]any)) != 2 || body["page"].(float64) != 2 {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		user := body["users"].([]any)[0].(map[string]any)
		for _, field := range []string{"id", "email", "hasPrintAccess", "referralCode", "referralCount", "createdAt"} {
			if _, ok := user[field]; !ok {
				t.Fatalf("user lacks %s: %v", field, user)
			}
		}
		resp = a.do("GET", "/api/admin/users?search=RIDER1", a.admin, nil)
		if users := resp.JSON()["users"].([]any); len(users) != 1 || users[0].(map[string]any)["email"] != "rider1@example.com" {
			t.Fatalf("search: %s", resp.Body)
		}
		for _, bad := range []string{"page=0", "pageSize=201", "page=x", "search=" + strings.Repeat("a", 300)} {
			if resp := a.do("GET", "/api/admin/users?"+bad, a.admin, nil); resp.Status != 400 {
				t.Fatalf("%s: %d", bad, resp.Status)
			}
		}
		// Ann (seedOwnerData) referred one purchase.
		stats := a.do("GET", "/api/admin/stats", a.admin, nil).JSON()
		if stats["totalUsers"].(float64) != 5 || stats["paidUsers"].(float64) != 1 || stats["activeReferrers"].(float64) != 1 || stats["totalReferrals"].(float64) != 1 {
			t.Fatalf("stats %v", stats)
		}
		resp = a.do("GET", "/api/admin/physical-orders?search=ann000", a.admin, nil)
		orders := resp.JSON()["orders"].([]any)
		if len(orders) != 1 || orders[0].(map[string]any)["orderId"] != a.orderID || orders[0].(map[string]any)["userEmail"] != "ann@example.com" ||
			orders[0].(map[string]any)["pricePence"].(float64) != 999 {
			t.Fatalf("orders: %s", resp.Body)
		}
		if resp := a.do("GET", "/api/corporate/organizations", a.admin, nil); resp.Status != 200 || strings.TrimSpace(string(resp.Body)) != "[]" {
			t.Fatalf("organizations: %d %s", resp.Status, resp.Body)
		}
	})
}

// TestAdminFulfilment is the loop: Print Labels gives the customer's own
// sheet and moves the order to processing; shipped needs a tracking
// number, mails the customer and shows on their dashboard; the history
// keeps every change.
func TestAdminFulfilment(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		orderPath := "/api/admin/physical-orders/" + a.orderID

		resp := a.do("POST", orderPath+"/labels.pdf", a.admin, nil)
		if resp.Status != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("labels: %d %s", resp.Status, resp.Body)
		}
		own := a.do("POST", "/api/labels/sheet.pdf", a.customerToken, shownSheetRequest("ann@example.com", sampleData("ann@example.com"), nil))
		if own.Status != 200 {
			t.Fatalf("the customer's own sheet: %d %s", own.Status, own.Body)
		}
		if got, want := scantest.DecodePDF(t, resp.Body), scantest.DecodePDF(t, own.Body); got != want || !strings.Contains(got, "Ann Rider") {
			t.Fatalf("the admin's sheet reads %q, the customer's %q", got, want)
		}
		if status := a.orderStatus(); status != cloud.OrderProcessing {
			t.Fatalf("after printing: %s", status)
		}

		for body, message := range map[string]string{
			`{"status":"lost"}`:                                                        cloud.MsgOrderStatusInvalid,
			`{"status":"shipped","trackingNumber":""}`:                                 cloud.MsgTrackingRequired,
			`{"status":"shipped","trackingNumber":"RM\u0007"}`:                         cloud.MsgTrackingInvalid,
			`{"status":"shipped","trackingNumber":"` + strings.Repeat("9", 101) + `"}`: cloud.MsgTrackingInvalid,
		} {
			if resp := a.do("PUT", orderPath, a.admin, body); resp.Status != 400 || resp.Message() != message {
				t.Fatalf("%s: %d %s", body, resp.Status, resp.Body)
			}
		}
		if resp := a.do("PUT", "/api/admin/physical-orders/LT-NOPE", a.admin, map[string]string{"status": "shipped", "trackingNumber": "X"}); resp.Status != 404 || resp.Message() != cloud.MsgOrderNotFound {
			t.Fatalf("unknown order: %d %s", resp.Status, resp.Body)
		}
		resp = a.do("PUT", orderPath, a.admin, map[string]string{"status": "shipped", "trackingNumber": " RM123456789GB "})
		if resp.Status != 200 || resp.Message() != cloud.MsgOrderUpdated {
			t.Fatalf("ship: %d %s", resp.Status, resp.Body)
		}
		a.waitForMail() // wait for the mail
		var shipped []cloud.Mail
		for _, m := range a.Outbox.Messages() {
			if m.Subject == cloud.MsgShippedMailSubject {
				shipped = append(shipped, m)
			}
		}
		if len(shipped) != 1 || shipped[0].To != "ann@example.com" || !strings.Contains(shipped[0].Text, "RM123456789GB") || !strings.Contains(shipped[0].Text, a.orderID) {
			t.Fatalf("shipping mail: %+v", shipped)
		}
		own = a.do("GET", "/api/user/orders?email=ann%40example.com", a.customerToken, nil)
		if !strings.Contains(string(own.Body), `"status":"shipped"`) || !strings.Contains(string(own.Body), `"trackingNumber":"RM123456789GB"`) {
			t.Fatalf("the customer's orders: %s", own.Body)
		}
		// Setting shipped again with the same number mails nobody again.
		a.do("PUT", orderPath, a.admin, map[string]string{"status": "shipped", "trackingNumber": "RM123456789GB"})
		a.do("PUT", orderPath, a.admin, map[string]string{"status": "delivered", "trackingNumber": "RM123456789GB"})
		a.waitForMail()
		if n := len(a.Outbox.Messages()); n != 1 {
			t.Fatalf("%d mails", n)
		}

		history := a.do("GET", orderPath+"/history", a.admin, nil).JSON()["history"].([]any)
		var statuses []string
		for _, h := range history {
			statuses = append(statuses, h.(map[string]any)["status"].(string))
		}
		if strings.Join(statuses, ",") != "pending,processing,shipped,shipped,delivered" ||
			history[0].(map[string]any)["changedBy"] != nil || history[1].(map[string]any)["changedBy"] != "admin@example.com" {
			t.Fatalf("history %v", history)
		}
		if got := strings.Join(a.auditActions(), ","); !strings.Contains(got, cloud.AuditOrderLabelsPrinted) || strings.Count(got, cloud.AuditOrderStatusChanged) != 4 {
			t.Fatalf("audit %s", got)
		}
	})
}

func (a *adminEnv) orderStatus() string {
	a.t.Helper()
	resp := a.do("GET", "/api/admin/physical-orders?search="+url.QueryEscape(a.orderID), a.admin, nil)
	orders := resp.JSON()["orders"].([]any)
	if len(orders) != 1 {
		a.t.Fatalf("orders %s", resp.Body)
	}
	return orders[0].(map[string]any)["status"].(string)
}

func TestAdminCustomerData(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		resp := a.do("GET", fmt.Sprintf("/api/admin/customer-data/%d", a.customer.ID), a.admin, nil)
		body := resp.JSON()
		data, _ := body["emergencyData"].(map[string]any)
		if resp.Status != 200 || body["user"].(map[string]any)["email"] != "ann@example.com" || data == nil ||
			data["medicalInfo"].(map[string]any)["allergies"] != "Penicillin" || data["lastUpdated"] == nil {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		if resp := a.do("GET", "/api/admin/customer-data/999999", a.admin, nil); resp.Status != 404 {
			t.Fatalf("unknown user: %d", resp.Status)
		}
		if resp := a.do("GET", "/api/admin/customer-data/x", a.admin, nil); resp.Status != 400 {
			t.Fatalf("bad id: %d", resp.Status)
		}
		// An order without an address (made here in the store) answers null.
		if resp := a.do("GET", "/api/admin/physical-orders/"+a.orderID+"/shipping-address", a.admin, nil); resp.Status != 200 || strings.TrimSpace(string(resp.Body)) != `{"shippingAddress":null}` {
			t.Fatalf("no address: %d %s", resp.Status, resp.Body)
		}
		if got := a.auditActions(); len(got) != 1 || got[0] != cloud.AuditCustomerDataViewed {
			t.Fatalf("audit %v", got)
		}
	})
}

// TestAdminUsers: create (with print access, as a payment grants it), the
// set-password link, revoke, delete (the account-deletion proof) and the
// CSV export.
func TestAdminUsers(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		if resp := a.do("POST", "/api/admin/users/create", a.admin, map[string]any{"email": "  "}); resp.Status != 400 || resp.Message() != cloud.MsgAdminEmailRequired {
			t.Fatalf("no email: %d %s", resp.Status, resp.Body)
		}
		if resp := a.do("POST", "/api/admin/users/create", a.admin, map[string]any{"email": "ann@example.com"}); resp.Status != 409 || resp.Message() != cloud.MsgUserAlreadyExists {
			t.Fatalf("existing: %d %s", resp.Status, resp.Body)
		}
		resp := a.do("POST", "/api/admin/users/create", a.admin, map[string]any{"email": " New.Rider@Example.com", "hasPrintAccess": true})
		if resp.Status != 201 {
			t.Fatalf("create: %d %s", resp.Status, resp.Body)
		}
		created := resp.JSON()
		user := created["user"].(map[string]any)
		link := created["passwordSetupUrl"].(string)
		if user["email"] != "new.rider@example.com" || user["hasPrintAccess"] != true || !strings.HasPrefix(link, "/set-password?email=new.rider%40example.com&token=") {
			t.Fatalf("created %v", created)
		}
		a.waitForMail()
		if mails := a.Outbox.Messages(); len(mails) != 1 || !strings.Contains(mails[0].Text, "https://lifetag.test"+link) {
			t.Fatalf("setup mail %+v", mails)
		}
		token := strings.SplitN(link, "token=", 2)[1]
		if resp := a.do("POST", "/api/auth/set-password", "", map[string]string{"email": "new.rider@example.com", "token": token, "password": "rider-password"}); resp.Status != 200 {
			t.Fatalf("set password: %d %s", resp.Status, resp.Body)
		}
		rider := a.login("new.rider@example.com", "rider-password")
		if status := a.do("GET", "/api/user/payment-status?email=new.rider%40example.com", rider, nil).JSON()["hasPrintAccess"]; status != true {
			t.Fatal("print access not granted")
		}
		id := int64(user["id"].(float64))
		// Leaving the choice out is refused, not read as a revoke.
		resp = a.do("POST", "/api/admin/users/print-access", a.admin, map[string]any{"userId": id})
		if resp.Status != 400 || resp.Message() != cloud.MsgPrintAccessChoiceRequired {
			t.Fatalf("without hasPrintAccess: %d %s", resp.Status, resp.Body)
		}
		if status := a.do("GET", "/api/user/payment-status?email=new.rider%40example.com", rider, nil).JSON()["hasPrintAccess"]; status != true {
			t.Fatal("print access revoked by a request that did not say so")
		}
		resp = a.do("POST", "/api/admin/users/print-access", a.admin, map[string]any{"userId": id, "hasPrintAccess": false})
		if resp.Status != 200 || resp.Message() != cloud.MsgPrintAccessRevoked {
			t.Fatalf("revoke: %d %s", resp.Status, resp.Body)
		}
		if resp := a.do("POST", "/api/labels/sheet.pdf", rider, sheetRequest("new.rider@example.com", nil)); resp.Status != 403 {
			t.Fatalf("labels after revoking: %d", resp.Status)
		}
		if resp := a.do("POST", "/api/admin/users/print-access", a.admin, map[string]any{"userId": 999999, "hasPrintAccess": true}); resp.Status != 404 {
			t.Fatalf("unknown user: %d", resp.Status)
		}

		// Export: the header, every user, formula cells escaped.
		a.createUser("=cmd@example.com", "password-1")
		a.createUser("-sum@example.com", "password-1")
		resp = a.do("GET", "/api/admin/export", a.admin, nil)
		wantName := fmt.Sprintf(`attachment; filename="lifetag-users-%s.csv"`, time.Now().UTC().Format("2006-01-02"))
		if resp.Status != 200 || resp.Header.Get("Content-Disposition") != wantName || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("export: %d %v", resp.Status, resp.Header)
		}
		records, err := csv.NewReader(bytes.NewReader(resp.Body)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		emails := map[string]bool{}
		for _, r := range records[1:] {
			emails[r[1]] = true
		}
		if strings.Join(records[0], ",") != "id,email,hasPrintAccess,referralCode,referralCount,createdAt" || len(records) != 6 ||
			!emails["new.rider@example.com"] || !emails["'=cmd@example.com"] || !emails["'-sum@example.com"] {
			t.Fatalf("csv %v", records)
		}

		// Delete: exactly as account deletion, proven by the dump; admins
		// are not deleted here.
		admin, _ := a.Store.FindUserByEmail(context.Background(), "admin@example.com")
		if resp := a.do("DELETE", "/api/admin/users/delete", a.admin, map[string]any{"userId": admin.ID}); resp.Status != 400 || resp.Message() != cloud.MsgAdminNotDeletable {
			t.Fatalf("delete an admin: %d %s", resp.Status, resp.Body)
		}
		a.do("GET", fmt.Sprintf("/api/admin/customer-data/%d", a.customer.ID), a.admin, nil)
		a.do("POST", "/api/admin/physical-orders/"+a.orderID+"/labels.pdf", a.admin, nil)
		ann, _ := a.Store.FindUserByID(context.Background(), a.customer.ID)
		resp = a.do("DELETE", "/api/admin/users/delete", a.admin, map[string]any{"userId": ann.ID})
		if resp.Status != 200 || resp.Message() != cloud.MsgUserDeleted {
			t.Fatalf("delete: %d %s", resp.Status, resp.Body)
		}
		riderUser, _ := a.Store.FindUserByEmail(context.Background(), "new.rider@example.com")
		storetest.AssertNoTrace(t, a.Dump(t), ann, riderUser)
		if resp := a.do("GET", "/api/user/data?email=ann%40example.com", a.customerToken, nil); resp.Status != 401 {
			t.Fatalf("the deleted user's session: %d", resp.Status)
		}
		if resp := a.send("POST", "/api/auth/login", map[string]string{"email": "ann@example.com", "password": "ann-password"}, nil); resp.Status != 401 {
			t.Fatalf("the deleted user signs in: %d", resp.Status)
		}
		actions := strings.Join(a.auditActions(), ",")
		for _, want := range []string{cloud.AuditUserCreated, cloud.AuditPrintAccessGranted, cloud.AuditPrintAccessRevoked, cloud.AuditUsersExported, cloud.AuditUserDeleted} {
			if !strings.Contains(actions, want) {
				t.Fatalf("audit lacks %s: %s", want, actions)
			}
		}
	})
}

func TestAdminAuditRetention(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		a.do("GET", "/api/admin/export", a.admin, nil)
		a.Clock.Advance(cloud.AuditRetention - time.Hour)
		a.admin = a.login("admin@example.com", "admin-password")
		a.do("GET", "/api/admin/export", a.admin, nil)
		a.Clock.Advance(2 * time.Hour)
		a.admin = a.login("admin@example.com", "admin-password")
		if n, err := a.Service.PurgeOldAuditEntries(context.Background()); err != nil || n != 1 {
			t.Fatalf("purged %d %v", n, err)
		}
		if got := a.auditActions(); len(got) != 1 {
			t.Fatalf("left %v", got)
		}
	})
}

// TestAdminShippingAddress: the address sealed for the order opens for an
// admin, audited; nobody else gets it (TestAuthorizationMatrix).
func TestAdminShippingAddress(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		a := newAdminEnv(t, backend)
		address := cloud.ShippingAddress{Email: "ann@example.com", FullName: "Ann Rider", AddressLine1: "1 High Street",
			City: "York", County: "North Yorkshire", Postcode: "YO1 7HH", Country: "United Kingdom"}
		sealed, err := a.Service.SealShippingAddress(a.customer.ID, address)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Store.CreateOrder(context.Background(), &cloud.Order{OrderID: "LT-SHIP00000001", UserID: a.customer.ID, LabelType: "gear",
			Quantity: 1, PricePence: cloud.PricePhysicalPence, ShippingAddress: sealed, Status: cloud.OrderPending, CreatedAt: a.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		resp := a.do("GET", "/api/admin/physical-orders/LT-SHIP00000001/shipping-address", a.admin, nil)
		got, _ := resp.JSON()["shippingAddress"].(map[string]any)
		if resp.Status != 200 || got["addressLine1"] != "1 High Street" || got["postcode"] != "YO1 7HH" {
			t.Fatalf("%d %s", resp.Status, resp.Body)
		}
		if got := a.auditActions(); len(got) != 1 || got[0] != cloud.AuditShippingViewed {
			t.Fatalf("audit %v", got)
		}
	})
}
