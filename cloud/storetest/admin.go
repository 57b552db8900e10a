package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// testAdmin covers the admin lists (paging, search, referral counts), the
// dashboard's stats, print access, order status history and the audit log.
func testAdmin(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	var users []*cloud.User
	for i := range 5 {
		u := &cloud.User{Email: fmt.Sprintf("user%d@example.com", i), CreatedAt: T0.Add(time.Duration(i) * time.Minute), UpdatedAt: T0}
		must(t, s.CreateUser(ctx, u))
		users = append(users, u)
	}
	must(t, s.SetReferralCode(ctx, users[0].ID, "REFA2345", T0))
	must(t, s.SetReferralCode(ctx, users[1].ID, "REFB2345", T0))
	for _, r := range []cloud.Referral{
		{ReferralCode: "REFA2345", ReferrerEmail: users[0].Email, ReferredEmail: users[2].Email},
		{ReferralCode: "REFA2345", ReferrerEmail: users[0].Email, ReferredEmail: users[3].Email},
		{ReferralCode: "GONE2345", ReferrerEmail: "gone@example.com", ReferredEmail: users[4].Email},
	} {
		r.CreatedAt = T0
		must(t, s.CreateReferral(ctx, &r))
	}
	must(t, s.SetPrintAccess(ctx, users[2].ID, true, T0))

	t.Run("ListUsersNewestFirstPaged", func(t *testing.T) {
		page, total, err := s.ListAdminUsers(ctx, cloud.PageQuery{Limit: 2, Offset: 2})
		must(t, err)
		if total != 5 || len(page) != 2 || page[0].Email != "user2@example.com" || page[1].Email != "user1@example.com" {
			t.Fatalf("total %d page %+v", total, page)
		}
		if !page[0].HasPrintAccess {
			t.Fatal("print access not read back")
		}
	})
	t.Run("SearchUsers", func(t *testing.T) {
		for search, want := range map[string]string{
			"USER3@":                "user3@example.com", // the start of the address, any case
			"r3@EXAMPLE":            "user3@example.com", // part of it anywhere
			"refa2345":              "user0@example.com", // the whole referral code
			fmt.Sprint(users[4].ID): "user4@example.com", // the whole id
		} {
			page, total, err := s.ListAdminUsers(ctx, cloud.PageQuery{Search: search, Limit: 10})
			must(t, err)
			if total != 1 || len(page) != 1 || page[0].Email != want {
				t.Fatalf("search %q: %d %+v", search, total, page)
			}
		}
		// The domain, at the end of every address.
		if _, total, err := s.ListAdminUsers(ctx, cloud.PageQuery{Search: "example.com", Limit: 10}); err != nil || total != 5 {
			t.Fatalf("search example.com: %d %v", total, err)
		}
		for _, wildcard := range []string{"%", "user_@", `user\`} {
			page, total, err := s.ListAdminUsers(ctx, cloud.PageQuery{Search: wildcard, Limit: 10})
			must(t, err)
			if total != 0 || len(page) != 0 {
				t.Fatalf("%q is characters, not a pattern: %d", wildcard, total)
			}
		}
	})
	t.Run("ReferralCounts", func(t *testing.T) {
		page, _, err := s.ListAdminUsers(ctx, cloud.PageQuery{Search: "user0@", Limit: 10})
		must(t, err)
		if page[0].ReferralCount != 2 {
			t.Fatalf("referral count %d", page[0].ReferralCount)
		}
	})
	t.Run("Stats", func(t *testing.T) {
		st, err := s.CountAdminStats(ctx)
		must(t, err)
		// The GONE2345 referral names no user: it counts for nobody.
		if *st != (cloud.AdminStats{TotalUsers: 5, PaidUsers: 1, ActiveReferrers: 1, TotalReferrals: 2}) {
			t.Fatalf("stats %+v", st)
		}
	})
	t.Run("ExportPagesByID", func(t *testing.T) {
		var seen []string
		var after int64
		for {
			page, err := s.ListAdminUsersAfter(ctx, after, 2)
			must(t, err)
			for _, u := range page {
				seen = append(seen, u.Email)
			}
			if len(page) < 2 {
				break
			}
			after = page[len(page)-1].ID
		}
		if len(seen) != 5 || seen[0] != "user0@example.com" {
			t.Fatalf("export saw %v", seen)
		}
	})
	t.Run("PrintAccess", func(t *testing.T) {
		must(t, s.SetPrintAccess(ctx, users[2].ID, false, T0))
		u, err := s.FindUserByID(ctx, users[2].ID)
		must(t, err)
		if u.HasPrintAccess {
			t.Fatal("not revoked")
		}
		wantCode(t, s.SetPrintAccess(ctx, 999999, true, T0), cloud.ENOTFOUND)
	})

	orders := []*cloud.Order{
		{OrderID: "LT-AAAA00001111", UserID: users[0].ID, LabelType: "helmet", Quantity: 1, PricePence: 999, Status: cloud.OrderPending, CreatedAt: T0},
		{OrderID: "LT-BBBB00002222", UserID: users[1].ID, LabelType: "gear", Quantity: 2, PricePence: 999, Status: cloud.OrderPending, CreatedAt: T0.Add(time.Minute)},
	}
	for _, o := range orders {
		must(t, s.CreateOrder(ctx, o))
	}
	t.Run("ListAndSearchOrders", func(t *testing.T) {
		page, total, err := s.ListAdminOrders(ctx, cloud.PageQuery{Limit: 10})
		must(t, err)
		if total != 2 || page[0].OrderID != "LT-BBBB00002222" || page[0].UserEmail != "user1@example.com" || page[0].Quantity != 2 {
			t.Fatalf("orders %d %+v", total, page)
		}
		for search, want := range map[string]int64{"bbbb": 1, "user0@": 1, "pending": 2, "gear": 1, "shipped": 0} {
			_, total, err := s.ListAdminOrders(ctx, cloud.PageQuery{Search: search, Limit: 10})
			must(t, err)
			if total != want {
				t.Fatalf("search %q: %d orders, want %d", search, total, want)
			}
		}
	})
	t.Run("StatusHistory", func(t *testing.T) {
		o, err := s.FindAdminOrder(ctx, "LT-AAAA00001111")
		must(t, err)
		must(t, s.ChangeOrderStatus(ctx, &cloud.OrderStatusChange{OrderID: o.ID, Status: cloud.OrderShipped, TrackingNumber: "RM123", ChangedBy: users[1].ID, ChangedAt: T0.Add(time.Hour)}))
		o, err = s.FindAdminOrder(ctx, "LT-AAAA00001111")
		must(t, err)
		if o.Status != cloud.OrderShipped || o.TrackingNumber != "RM123" {
			t.Fatalf("order %+v", o)
		}
		history, err := s.ListOrderHistory(ctx, o.ID)
		must(t, err)
		if len(history) != 2 || history[0].Status != cloud.OrderPending || history[0].ChangedBy != 0 ||
			history[1].Status != cloud.OrderShipped || history[1].ChangedBy != users[1].ID || history[1].TrackingNumber != "RM123" {
			t.Fatalf("history %+v", history)
		}
		wantCode(t, s.ChangeOrderStatus(ctx, &cloud.OrderStatusChange{OrderID: 999999, Status: "shipped", ChangedAt: T0}), cloud.ENOTFOUND)
		_, err = s.FindAdminOrder(ctx, "LT-NOPE")
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("AuditLog", func(t *testing.T) {
		for i, action := range []string{cloud.AuditCustomerDataViewed, cloud.AuditUsersExported, cloud.AuditUserCreated} {
			must(t, s.CreateAuditEntry(ctx, &cloud.AuditEntry{ActorEmail: "admin@example.com", Action: action,
				TargetUserID: users[0].ID, Target: users[0].Email, CreatedAt: T0.Add(time.Duration(i) * 365 * 24 * time.Hour)}))
		}
		page, total, err := s.ListAuditEntries(ctx, cloud.PageQuery{Limit: 2})
		must(t, err)
		if total != 3 || len(page) != 2 || page[0].Action != cloud.AuditUserCreated || page[0].TargetUserID != users[0].ID {
			t.Fatalf("audit %d %+v", total, page)
		}
		n, err := s.DeleteAuditEntriesBefore(ctx, T0.Add(365*24*time.Hour))
		must(t, err)
		if n != 1 {
			t.Fatalf("purged %d", n)
		}
	})
}
