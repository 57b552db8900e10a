package storetest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
)

// T0 is the fixed "now" of the suite; tests move the clock explicitly.
var T0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Run is the conformance suite: every cloud.Store must pass it.
func Run(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	t.Run("Users", func(t *testing.T) { t.Parallel(); testUsers(t, open) })
	t.Run("SeedAdmins", func(t *testing.T) { t.Parallel(); testSeedAdmins(t, open) })
	t.Run("ReferralCode", func(t *testing.T) { t.Parallel(); testReferralCode(t, open) })
	t.Run("PasswordToken", func(t *testing.T) { t.Parallel(); testPasswordToken(t, open) })
	t.Run("PaidAccountClaim", func(t *testing.T) { t.Parallel(); testPaidAccountClaim(t, open) })
	t.Run("IdentityFingerprint", func(t *testing.T) { t.Parallel(); testIdentityFingerprint(t, open) })
	t.Run("Sessions", func(t *testing.T) { t.Parallel(); testSessions(t, open) })
	t.Run("EmergencyRecord", func(t *testing.T) { t.Parallel(); testEmergencyRecord(t, open) })
	t.Run("Reseal", func(t *testing.T) { t.Parallel(); testReseal(t, open) })
	t.Run("Referrals", func(t *testing.T) { t.Parallel(); testReferrals(t, open) })
	t.Run("Orders", func(t *testing.T) { t.Parallel(); testOrders(t, open) })
	t.Run("Analytics", func(t *testing.T) { t.Parallel(); testAnalytics(t, open) })
	t.Run("DeletePersonalData", func(t *testing.T) { t.Parallel(); testDeletePersonalData(t, open) })
	t.Run("DeleteAccount", func(t *testing.T) { t.Parallel(); testDeleteAccount(t, open) })
	t.Run("Admin", func(t *testing.T) { t.Parallel(); testAdmin(t, open) })
	t.Run("RateLimits", func(t *testing.T) { t.Parallel(); testRateLimits(t, open) })
	t.Run("Corporate", func(t *testing.T) { t.Parallel(); testCorporate(t, open) })
	t.Run("PrintRuns", func(t *testing.T) { t.Parallel(); testPrintRuns(t, open) })
	t.Run("Templates", func(t *testing.T) { t.Parallel(); testTemplates(t, open) })
	t.Run("Projects", func(t *testing.T) { t.Parallel(); testProjects(t, open) })
	t.Run("Codes", func(t *testing.T) { t.Parallel(); testCodes(t, open) })
	t.Run("CodeFilter", func(t *testing.T) { t.Parallel(); testCodeFilter(t, open) })
	t.Run("CodeQuotaRace", func(t *testing.T) { t.Parallel(); testCodeQuotaRace(t, open) })
	t.Run("CollectionLinks", func(t *testing.T) { t.Parallel(); testCollectionLinks(t, open) })
	t.Run("OrgReport", func(t *testing.T) { t.Parallel(); testOrgReport(t, open) })
	// An organisation's API keys.
	t.Run("APIKeys", func(t *testing.T) { t.Parallel(); testAPIKeys(t, open) })
	// Corporate integration.
	t.Run("CodeSync", func(t *testing.T) { t.Parallel(); testCodeSync(t, open) })
	t.Run("IdempotencyKeys", func(t *testing.T) { t.Parallel(); testIdempotencyKeys(t, open) })
	// Individuals' review dates and reminders.
	t.Run("ReviewReminders", func(t *testing.T) { t.Parallel(); testReviewReminders(t, open) })
}

// MustCreateUser creates an individual account created at T0.
func MustCreateUser(t testing.TB, s cloud.Store, email string) *cloud.User {
	t.Helper()
	u := &cloud.User{Email: email, PasswordHash: "hash-of-" + email, CreatedAt: T0, UpdatedAt: T0}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := cloud.ErrorCode(err); got != code {
		t.Fatalf("error code %q (%v), want %q", got, err, code)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func testUsers(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := &cloud.User{Email: "ann@example.com", PasswordHash: "h", FirstName: "Ann",
		StripeCustomerID: "cus_1", HasPrintAccess: true, CreatedAt: T0, UpdatedAt: T0}
	must(t, s.CreateUser(ctx, u))
	if u.ID == 0 || u.UserType != cloud.UserTypeIndividual || !u.IsActive {
		t.Fatalf("created user %+v", u)
	}
	for name, find := range map[string]func() (*cloud.User, error){
		"ByID":    func() (*cloud.User, error) { return s.FindUserByID(ctx, u.ID) },
		"ByEmail": func() (*cloud.User, error) { return s.FindUserByEmail(ctx, "ann@example.com") },
	} {
		got, err := find()
		must(t, err)
		if got.ID != u.ID || got.Email != u.Email || got.PasswordHash != "h" || got.FirstName != "Ann" ||
			got.StripeCustomerID != "cus_1" || !got.HasPrintAccess || got.ReferralCode != "" ||
			got.IsAdmin || !got.IsActive || !got.CreatedAt.Equal(T0) || got.UserType != cloud.UserTypeIndividual {
			t.Fatalf("%s: got %+v", name, got)
		}
	}
	t.Run("ErrDuplicateEmail", func(t *testing.T) {
		err := s.CreateUser(ctx, &cloud.User{Email: "ann@example.com", CreatedAt: T0, UpdatedAt: T0})
		wantCode(t, err, cloud.ECONFLICT)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		_, err := s.FindUserByEmail(ctx, "nobody@example.com")
		wantCode(t, err, cloud.ENOTFOUND)
		_, err = s.FindUserByID(ctx, u.ID+1000)
		wantCode(t, err, cloud.ENOTFOUND)
	})
}

func testSeedAdmins(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	MustCreateUser(t, s, "old-admin@example.com")
	kept := MustCreateUser(t, s, "kept@example.com")
	promoted := MustCreateUser(t, s, "promoted@example.com")
	session := &cloud.Session{UserID: promoted.ID, TokenHash: []byte("promoted-session"), ExpiresAt: T0.Add(48 * time.Hour), CreatedAt: T0}
	must(t, s.CreateSession(ctx, session))
	must(t, s.SeedAdmins(ctx, []string{"old-admin@example.com", "kept@example.com"}, T0))
	// kept@ sets its password with the set-up link.
	must(t, s.SetResetToken(ctx, kept.ID, []byte("kept-setup"), T0.Add(time.Hour)))
	_, err := s.UsePasswordToken(ctx, []byte("kept-setup"), "kept@example.com", "kept-hash", T0)
	must(t, err)
	must(t, s.SeedAdmins(ctx, []string{"kept@example.com", "new-admin@example.com", "promoted@example.com"}, T0.Add(time.Hour)))

	for email, want := range map[string]bool{"old-admin@example.com": false, "kept@example.com": true, "new-admin@example.com": true, "promoted@example.com": true} {
		u, err := s.FindUserByEmail(ctx, email)
		must(t, err)
		if u.IsAdmin != want {
			t.Errorf("%s: IsAdmin %v, want %v", email, u.IsAdmin, want)
		}
	}
	created, err := s.FindUserByEmail(ctx, "new-admin@example.com")
	must(t, err)
	if created.PasswordHash != "" {
		t.Error("a seeded admin must have no password until they set one")
	}
	if u, _ := s.FindUserByID(ctx, kept.ID); u.PasswordHash != "kept-hash" {
		t.Error("seeding must keep the password of an account that was an admin already")
	}
	// Anyone could have made the account of an address before it was
	// listed: its password and sessions do not make them the admin.
	if u, _ := s.FindUserByID(ctx, promoted.ID); u.PasswordHash != "" {
		t.Error("an account newly made an admin must lose the password set before")
	}
	if _, _, err := s.FindSession(ctx, session.TokenHash, T0); cloud.ErrorCode(err) != cloud.ENOTFOUND {
		t.Errorf("an account newly made an admin must lose its sessions: %v", err)
	}

	// One live link per admin: seeding again leaves it; an expired one is
	// replaced.
	issued, err := s.SetResetTokenUnlessLive(ctx, created.ID, []byte("first-link"), T0.Add(24*time.Hour), T0)
	must(t, err)
	again, err := s.SetResetTokenUnlessLive(ctx, created.ID, []byte("second-link"), T0.Add(25*time.Hour), T0.Add(time.Hour))
	must(t, err)
	if !issued || again {
		t.Errorf("issued %v, then again %v: want one live link", issued, again)
	}
	if _, err := s.FindUserByPasswordToken(ctx, []byte("first-link"), "", T0.Add(time.Hour)); err != nil {
		t.Errorf("the first link must stay live: %v", err)
	}
	expired, err := s.SetResetTokenUnlessLive(ctx, created.ID, []byte("third-link"), T0.Add(48*time.Hour), T0.Add(24*time.Hour))
	must(t, err)
	if !expired {
		t.Error("a link past its expiry must be replaced")
	}
}

func testReferralCode(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	a := MustCreateUser(t, s, "a@example.com")
	b := MustCreateUser(t, s, "b@example.com")
	must(t, s.SetReferralCode(ctx, a.ID, "ABCD2345", T0))
	got, err := s.FindUserByID(ctx, a.ID)
	must(t, err)
	if got.ReferralCode != "ABCD2345" {
		t.Fatalf("code %q", got.ReferralCode)
	}
	t.Run("ErrAlreadySet", func(t *testing.T) {
		wantCode(t, s.SetReferralCode(ctx, a.ID, "ZZZZ2345", T0), cloud.ECONFLICT)
	})
	t.Run("ErrTaken", func(t *testing.T) {
		wantCode(t, s.SetReferralCode(ctx, b.ID, "ABCD2345", T0), cloud.ECONFLICT)
	})
}

func testPasswordToken(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := MustCreateUser(t, s, "reset@example.com")
	token := []byte("hash-of-token-000000000000000000")
	must(t, s.SetResetToken(ctx, u.ID, token, T0.Add(24*time.Hour)))
	session := &cloud.Session{TokenHash: []byte("session-hash"), UserID: u.ID, ExpiresAt: T0.Add(time.Hour), CreatedAt: T0}
	must(t, s.CreateSession(ctx, session))

	t.Run("FindWithoutUsing", func(t *testing.T) {
		found, err := s.FindUserByPasswordToken(ctx, token, "reset@example.com", T0)
		must(t, err)
		if found.ID != u.ID {
			t.Fatalf("found %+v", found)
		}
		for _, tc := range []struct {
			hash  []byte
			email string
			now   time.Time
		}{{[]byte("other"), "", T0}, {token, "someone@example.com", T0}, {token, "", T0.Add(24 * time.Hour)}} {
			_, err := s.FindUserByPasswordToken(ctx, tc.hash, tc.email, tc.now)
			wantCode(t, err, cloud.ENOTFOUND)
		}
	})
	t.Run("ErrWrongToken", func(t *testing.T) {
		_, err := s.UsePasswordToken(ctx, []byte("other"), "", "new", T0)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrWrongEmail", func(t *testing.T) {
		_, err := s.UsePasswordToken(ctx, token, "someone@example.com", "new", T0)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrExpired", func(t *testing.T) {
		_, err := s.UsePasswordToken(ctx, token, "", "new", T0.Add(24*time.Hour))
		wantCode(t, err, cloud.ENOTFOUND)
	})
	got, err := s.UsePasswordToken(ctx, token, "reset@example.com", "new-hash", T0.Add(24*time.Hour-time.Second))
	must(t, err)
	if got.ID != u.ID || got.PasswordHash != "new-hash" {
		t.Fatalf("got %+v", got)
	}
	if stored, _ := s.FindUserByID(ctx, u.ID); stored.PasswordHash != "new-hash" {
		t.Fatal("password not stored")
	}
	_, _, err = s.FindSession(ctx, session.TokenHash, T0)
	wantCode(t, err, cloud.ENOTFOUND) // a new password ends every session
	t.Run("ErrSingleUse", func(t *testing.T) {
		_, err := s.UsePasswordToken(ctx, token, "", "again", T0)
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrUnknownUser", func(t *testing.T) {
		wantCode(t, s.SetResetToken(ctx, u.ID+1000, []byte("x"), T0), cloud.ENOTFOUND)
	})
}

func testSessions(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := MustCreateUser(t, s, "session@example.com")
	live := &cloud.Session{TokenHash: []byte("live"), UserID: u.ID, ExpiresAt: T0.Add(24 * time.Hour), CreatedAt: T0}
	old := &cloud.Session{TokenHash: []byte("old"), UserID: u.ID, ExpiresAt: T0.Add(time.Minute), CreatedAt: T0}
	must(t, s.CreateSession(ctx, live))
	must(t, s.CreateSession(ctx, old))

	got, user, err := s.FindSession(ctx, []byte("live"), T0.Add(time.Hour))
	must(t, err)
	if got.UserID != u.ID || !got.ExpiresAt.Equal(live.ExpiresAt) || user.Email != u.Email {
		t.Fatalf("got %+v %+v", got, user)
	}
	t.Run("ErrExpired", func(t *testing.T) {
		_, _, err := s.FindSession(ctx, []byte("old"), T0.Add(time.Minute))
		wantCode(t, err, cloud.ENOTFOUND)
		_, _, err = s.FindSession(ctx, []byte("live"), T0.Add(24*time.Hour))
		wantCode(t, err, cloud.ENOTFOUND)
	})
	t.Run("ErrDuplicate", func(t *testing.T) {
		wantCode(t, s.CreateSession(ctx, live), cloud.ECONFLICT)
	})
	t.Run("Verify", func(t *testing.T) {
		// A session made without a proof (a print station's) has none
		// until its person gives one; an ended session takes none.
		if !got.VerifiedAt.IsZero() {
			t.Fatalf("verified at %v before any proof", got.VerifiedAt)
		}
		proved := T0.Add(2 * time.Hour)
		must(t, s.VerifySession(ctx, []byte("live"), proved))
		again, _, err := s.FindSession(ctx, []byte("live"), proved)
		must(t, err)
		if !again.VerifiedAt.Equal(proved) {
			t.Fatalf("verified at %v, want %v", again.VerifiedAt, proved)
		}
		wantCode(t, s.VerifySession(ctx, []byte("old"), T0.Add(time.Minute)), cloud.ENOTFOUND)
		wantCode(t, s.VerifySession(ctx, []byte("unknown"), T0), cloud.ENOTFOUND)
	})
	n, err := s.DeleteExpiredSessions(ctx, T0.Add(time.Hour))
	must(t, err)
	if n != 1 {
		t.Fatalf("deleted %d expired sessions, want 1", n)
	}
	must(t, s.DeleteSession(ctx, []byte("live")))
	_, _, err = s.FindSession(ctx, []byte("live"), T0)
	wantCode(t, err, cloud.ENOTFOUND)
}

func testEmergencyRecord(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := MustCreateUser(t, s, "record@example.com")
	_, err := s.FindEmergencyRecord(ctx, u.ID)
	wantCode(t, err, cloud.ENOTFOUND)

	for i, when := range []time.Time{T0, T0.Add(time.Hour)} {
		r := &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: []byte{0, 1, byte(i)}, EmergencyContacts: []byte{2, byte(i)},
			MedicalInfo: []byte{3, byte(i)}, LastModified: fmt.Sprintf("2026-03-01T12:0%d:00.000Z", i), UpdatedAt: when}
		must(t, s.PutEmergencyRecord(ctx, r))
		got, err := s.FindEmergencyRecord(ctx, u.ID)
		must(t, err)
		if !bytes.Equal(got.PersonalInfo, r.PersonalInfo) || !bytes.Equal(got.EmergencyContacts, r.EmergencyContacts) ||
			!bytes.Equal(got.MedicalInfo, r.MedicalInfo) || got.LastModified != r.LastModified || !got.UpdatedAt.Equal(when) {
			t.Fatalf("put %d: got %+v, want %+v", i, got, r)
		}
	}
	t.Run("ErrUnknownUser", func(t *testing.T) {
		err := s.PutEmergencyRecord(ctx, &cloud.EmergencyRecord{UserID: u.ID + 1000, PersonalInfo: []byte{1},
			EmergencyContacts: []byte{1}, MedicalInfo: []byte{1}, UpdatedAt: T0})
		if err == nil {
			t.Fatal("a record for a missing user was stored")
		}
	})
}

func testReferrals(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	list, err := s.ListReferrals(ctx, "NOPE2345")
	must(t, err)
	if len(list) != 0 {
		t.Fatalf("got %d referrals for an unknown code", len(list))
	}
	for i, email := range []string{"x@example.com", "y@example.com"} {
		r := &cloud.Referral{ReferralCode: "CODE2345", ReferrerEmail: "ref@example.com", ReferredEmail: email,
			CreatedAt: T0.Add(time.Duration(i) * time.Hour)}
		must(t, s.CreateReferral(ctx, r))
		if r.ID == 0 {
			t.Fatal("no id")
		}
	}
	must(t, s.CreateReferral(ctx, &cloud.Referral{ReferralCode: "OTHER234", ReferrerEmail: "o@example.com", CreatedAt: T0}))
	list, err = s.ListReferrals(ctx, "CODE2345")
	must(t, err)
	if len(list) != 2 || list[0].ReferredEmail != "x@example.com" || list[1].ReferredEmail != "y@example.com" ||
		list[0].RewardClaimed || !list[1].CreatedAt.Equal(T0.Add(time.Hour)) {
		t.Fatalf("got %+v", list)
	}
}

func testOrders(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := MustCreateUser(t, s, "orders@example.com")
	other := MustCreateUser(t, s, "other@example.com")
	for i, id := range []string{"LT-1", "LT-2"} {
		o := &cloud.Order{OrderID: id, UserID: u.ID, LabelType: "helmet", Quantity: 1 + i, PricePence: 999,
			ShippingAddress: []byte{9, byte(i)}, Status: "pending", CreatedAt: T0.Add(time.Duration(i) * time.Hour)}
		must(t, s.CreateOrder(ctx, o))
	}
	must(t, s.CreateOrder(ctx, &cloud.Order{OrderID: "LT-3", UserID: other.ID, LabelType: "gear", Quantity: 1,
		PricePence: 999, Status: "shipped", CreatedAt: T0}))
	list, err := s.ListOrders(ctx, u.ID)
	must(t, err)
	if len(list) != 2 || list[0].OrderID != "LT-2" || list[1].OrderID != "LT-1" || list[0].Quantity != 2 ||
		!bytes.Equal(list[1].ShippingAddress, []byte{9, 0}) || list[0].Status != "pending" {
		t.Fatalf("got %+v", list)
	}
	t.Run("ErrDuplicateOrderID", func(t *testing.T) {
		err := s.CreateOrder(ctx, &cloud.Order{OrderID: "LT-1", UserID: u.ID, LabelType: "helmet", Quantity: 1, PricePence: 999, Status: "pending", CreatedAt: T0})
		wantCode(t, err, cloud.ECONFLICT)
	})
}

// AnalyticsColumns is every column of analytics_events. None may identify a
// person (no user id, e-mail, IP address or user agent): account deletion
// leaves the table alone because of that.
var AnalyticsColumns = []string{"id", "kind", "name", "category", "label", "value", "path", "created_at"}

func testAnalytics(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, dump := open(t)
	ctx := context.Background()
	counts, err := s.CountAnalyticsEvents(ctx, T0)
	must(t, err)
	if len(counts) != 0 {
		t.Fatalf("counts of an empty store: %+v", counts)
	}
	value := 2.5
	for _, e := range []*cloud.AnalyticsEvent{
		{Kind: cloud.AnalyticsKindPageView, Path: "/", CreatedAt: T0.Add(-time.Second)}, // before since: not counted
		{Kind: cloud.AnalyticsKindPageView, Path: "/", CreatedAt: T0},
		{Kind: cloud.AnalyticsKindPageView, Path: "/", CreatedAt: T0.Add(time.Hour)},
		{Kind: cloud.AnalyticsKindPageView, Path: "/dashboard", CreatedAt: T0},
		{Kind: cloud.AnalyticsKindPageView, Path: "/Z", CreatedAt: T0}, // byte order puts it before /dashboard
		{Kind: cloud.AnalyticsKindEvent, Name: "user_logout", Category: "user", CreatedAt: T0},
		{Kind: cloud.AnalyticsKindEvent, Name: "label_printed", Category: "print", Label: "Helmet – 4×2 in", Value: &value, CreatedAt: T0},
	} {
		must(t, s.CreateAnalyticsEvent(ctx, e))
		if e.ID == 0 {
			t.Fatal("no id")
		}
	}
	counts, err = s.CountAnalyticsEvents(ctx, T0)
	must(t, err)
	want := []cloud.AnalyticsCount{
		{Kind: cloud.AnalyticsKindEvent, Name: "label_printed", Count: 1},
		{Kind: cloud.AnalyticsKindEvent, Name: "user_logout", Count: 1},
		{Kind: cloud.AnalyticsKindPageView, Path: "/", Count: 2},
		{Kind: cloud.AnalyticsKindPageView, Path: "/Z", Count: 1},
		{Kind: cloud.AnalyticsKindPageView, Path: "/dashboard", Count: 1},
	}
	var got []cloud.AnalyticsCount
	for _, c := range counts {
		got = append(got, *c)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("counts %+v, want %+v", got, want)
	}

	// Stored exactly, a missing value as NULL, and nothing but these columns.
	rows := dump(t)["analytics_events"]
	if len(rows) != 7 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, row := range rows {
		for column := range row {
			if !slices.Contains(AnalyticsColumns, column) {
				t.Errorf("analytics_events has a column %s: it must hold nothing that identifies a person", column)
			}
		}
		switch row["name"] {
		case "label_printed":
			if row["kind"] != "event" || row["category"] != "print" || row["label"] != "Helmet – 4×2 in" || row["value"] != "2.5" || row["path"] != "" {
				t.Errorf("label_printed stored as %v", row)
			}
		case "user_logout":
			if _, ok := row["value"]; ok || row["label"] != "" {
				t.Errorf("user_logout stored as %v", row)
			}
		}
	}

	t.Run("ErrUnknownKind", func(t *testing.T) {
		if err := s.CreateAnalyticsEvent(ctx, &cloud.AnalyticsEvent{Kind: "click", CreatedAt: T0}); err == nil {
			t.Fatal("a record of an unknown kind was stored")
		}
	})

	// Retention: records from before the cut go, the one at it stays.
	n, err := s.DeleteAnalyticsEventsBefore(ctx, T0)
	must(t, err)
	if n != 1 {
		t.Fatalf("deleted %d records before T0, want the one a second early", n)
	}
	if rows := dump(t)["analytics_events"]; len(rows) != 6 {
		t.Fatalf("%d rows left, want 6", len(rows))
	}
	counts, err = s.CountAnalyticsEvents(ctx, T0.Add(-time.Hour))
	must(t, err)
	if len(counts) != len(want) || counts[2].Count != 2 {
		t.Fatalf("after the purge: %+v", counts)
	}
}

func testDeletePersonalData(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := &cloud.User{Email: "p@example.com", FirstName: "Pat", LastName: "Lee", HasPrintAccess: true, CreatedAt: T0, UpdatedAt: T0}
	must(t, s.CreateUser(ctx, u))
	must(t, s.PutEmergencyRecord(ctx, &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: []byte{1}, EmergencyContacts: []byte{2}, MedicalInfo: []byte{3}, UpdatedAt: T0}))
	must(t, s.CreateOrder(ctx, &cloud.Order{OrderID: "LT-9", UserID: u.ID, LabelType: "wallet", Quantity: 1, PricePence: 999, ShippingAddress: []byte{7}, Status: "pending", CreatedAt: T0}))

	must(t, s.DeletePersonalData(ctx, u.ID, T0.Add(time.Hour)))
	_, err := s.FindEmergencyRecord(ctx, u.ID)
	wantCode(t, err, cloud.ENOTFOUND)
	got, err := s.FindUserByID(ctx, u.ID)
	must(t, err)
	if got.FirstName != "" || got.LastName != "" || !got.HasPrintAccess || got.Email != u.Email {
		t.Fatalf("got %+v", got)
	}
	orders, err := s.ListOrders(ctx, u.ID)
	must(t, err)
	if len(orders) != 1 || orders[0].ShippingAddress != nil {
		t.Fatalf("orders %+v: the order stays, its address goes", orders)
	}
}

func testDeleteAccount(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, dump := open(t)
	ctx := context.Background()
	gone := MustCreateUser(t, s, "gone@example.com")
	kept := MustCreateUser(t, s, "kept@example.com")
	must(t, s.SetReferralCode(ctx, gone.ID, "GONE2345", T0))
	must(t, s.SetReferralCode(ctx, kept.ID, "KEPT2345", T0))
	for _, u := range []*cloud.User{gone, kept} {
		must(t, s.PutEmergencyRecord(ctx, &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: []byte{1}, EmergencyContacts: []byte{2}, MedicalInfo: []byte{3}, UpdatedAt: T0}))
		must(t, s.CreateSession(ctx, &cloud.Session{TokenHash: []byte("s-" + u.Email), UserID: u.ID, ExpiresAt: T0.Add(time.Hour), CreatedAt: T0}))
		must(t, s.CreateOrder(ctx, &cloud.Order{OrderID: "LT-" + u.Email, UserID: u.ID, LabelType: "helmet", Quantity: 1, PricePence: 999, Status: "pending", CreatedAt: T0}))
	}
	// Each paid with the other's referral code; payments outlive accounts
	// (bookkeeping) but must not name the deleted person.
	for i, pair := range [][2]*cloud.User{{gone, kept}, {kept, gone}} {
		buyer, referrer := pair[0], pair[1]
		must(t, s.CreatePayment(ctx, &cloud.Payment{Ref: fmt.Sprintf("ref-%d", i), Email: buyer.Email, Kind: cloud.PaymentPhysical,
			AmountPence: 999, Currency: "gbp", LabelType: "gear", ShippingAddress: []byte{byte(i), 7}, ClaimTokenHash: []byte("claim-" + buyer.Email),
			ReferralCode: map[*cloud.User]string{gone: "GONE2345", kept: "KEPT2345"}[referrer], Status: cloud.PaymentSucceeded, CreatedAt: T0}))
	}
	must(t, s.CreateReferral(ctx, &cloud.Referral{ReferralCode: "GONE2345", ReferrerEmail: gone.Email, ReferredEmail: kept.Email, CreatedAt: T0}))
	must(t, s.CreateReferral(ctx, &cloud.Referral{ReferralCode: "KEPT2345", ReferrerEmail: kept.Email, ReferredEmail: gone.Email, CreatedAt: T0}))

	// Analytics records stay: nothing in them names anyone, so they are not
	// the deleted person's data (AssertNoTrace still reads them to prove it).
	for _, e := range []*cloud.AnalyticsEvent{
		{Kind: cloud.AnalyticsKindPageView, Path: "/dashboard", CreatedAt: T0},
		{Kind: cloud.AnalyticsKindEvent, Name: "user_logout", Category: "user", CreatedAt: T0},
	} {
		must(t, s.CreateAnalyticsEvent(ctx, e))
	}

	// An admin read and changed both accounts, and the gone user was an
	// admin who changed the kept user's order: the log keeps what was
	// done, naming neither the gone user's account nor them as the actor.
	for _, u := range []*cloud.User{gone, kept} {
		must(t, s.CreateAuditEntry(ctx, &cloud.AuditEntry{ActorEmail: "admin@example.com", Action: cloud.AuditCustomerDataViewed,
			TargetUserID: u.ID, Target: u.Email, CreatedAt: T0}))
	}
	must(t, s.CreateAuditEntry(ctx, &cloud.AuditEntry{ActorEmail: gone.Email, Action: cloud.AuditPrintAccessGranted,
		TargetUserID: kept.ID, Target: kept.Email, CreatedAt: T0}))
	keptOrder, err := s.FindAdminOrder(ctx, "LT-"+kept.Email)
	must(t, err)
	must(t, s.ChangeOrderStatus(ctx, &cloud.OrderStatusChange{OrderID: keptOrder.ID, Status: cloud.OrderShipped,
		TrackingNumber: "RM1", ChangedBy: gone.ID, ChangedAt: T0}))

	must(t, s.DeleteAccount(ctx, gone.ID))
	AssertNoTrace(t, dump(t), gone, kept)
	if entries, total, err := s.ListAuditEntries(ctx, cloud.PageQuery{Limit: 10}); err != nil || total != 3 {
		t.Fatalf("audit entries after the deletion: %d %v", total, err)
	} else {
		for _, e := range entries {
			if e.TargetUserID == gone.ID || e.Target == gone.Email || e.ActorEmail == gone.Email {
				t.Fatalf("audit entry still names the deleted user: %+v", e)
			}
		}
	}
	if history, err := s.ListOrderHistory(ctx, keptOrder.ID); err != nil || len(history) != 2 || history[1].ChangedBy != 0 {
		t.Fatalf("the kept order's history loses only who changed it: %+v %v", history, err)
	}
	if counts, err := s.CountAnalyticsEvents(ctx, T0); err != nil || len(counts) != 2 {
		t.Fatalf("analytics after the deletion: %+v %v", counts, err)
	}

	referrals, err := s.ListReferrals(ctx, "KEPT2345")
	must(t, err)
	if len(referrals) != 1 || referrals[0].ReferredEmail != "" {
		t.Fatalf("the referrer keeps the count without the address: %+v", referrals)
	}
	t.Run("ErrNotFound", func(t *testing.T) {
		wantCode(t, s.DeleteAccount(ctx, gone.ID), cloud.ENOTFOUND)
	})
}

func testReseal(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	var users []*cloud.User
	for i := range 3 {
		u := MustCreateUser(t, s, fmt.Sprintf("r%d@example.com", i))
		users = append(users, u)
		must(t, s.PutEmergencyRecord(ctx, &cloud.EmergencyRecord{UserID: u.ID, PersonalInfo: []byte{1}, EmergencyContacts: []byte{2}, MedicalInfo: []byte{3}, UpdatedAt: T0}))
		o := &cloud.Order{OrderID: fmt.Sprintf("LT-R%d", i), UserID: u.ID, LabelType: "gear", Quantity: 1, PricePence: 999, Status: "pending", CreatedAt: T0}
		if i != 1 {
			o.ShippingAddress = []byte{byte(i)}
		}
		must(t, s.CreateOrder(ctx, o))
	}

	page1, err := s.ListEmergencyRecords(ctx, 0, 2)
	must(t, err)
	page2, err := s.ListEmergencyRecords(ctx, page1[len(page1)-1].UserID, 2)
	must(t, err)
	if len(page1) != 2 || len(page2) != 1 || page1[0].UserID != users[0].ID || page2[0].UserID != users[2].ID ||
		!bytes.Equal(page2[0].MedicalInfo, []byte{3}) || !page2[0].UpdatedAt.Equal(T0) {
		t.Fatalf("pages %+v %+v", page1, page2)
	}

	replaced := &cloud.EmergencyRecord{UserID: users[0].ID, PersonalInfo: []byte{9}, EmergencyContacts: []byte{9}, MedicalInfo: []byte{9}, UpdatedAt: T0}
	wrote, err := s.ReplaceEmergencyRecord(ctx, replaced, T0.Add(time.Second))
	must(t, err)
	if wrote {
		t.Fatal("replaced a record that changed meanwhile")
	}
	wrote, err = s.ReplaceEmergencyRecord(ctx, replaced, T0)
	must(t, err)
	got, _ := s.FindEmergencyRecord(ctx, users[0].ID)
	if !wrote || !bytes.Equal(got.PersonalInfo, []byte{9}) || !got.UpdatedAt.Equal(T0) {
		t.Fatalf("replace: %v %+v", wrote, got)
	}

	orders, err := s.ListOrdersWithAddress(ctx, 0, 10)
	must(t, err)
	if len(orders) != 2 || orders[0].UserID != users[0].ID || orders[1].UserID != users[2].ID || !bytes.Equal(orders[1].ShippingAddress, []byte{2}) {
		t.Fatalf("orders with address %+v", orders)
	}
	if wrote, _ := s.ReplaceShippingAddress(ctx, orders[0].ID, []byte{7}, []byte{8}); wrote {
		t.Fatal("replaced an address that changed meanwhile")
	}
	wrote, err = s.ReplaceShippingAddress(ctx, orders[0].ID, []byte{0}, []byte{8})
	must(t, err)
	list, _ := s.ListOrders(ctx, users[0].ID)
	if !wrote || !bytes.Equal(list[0].ShippingAddress, []byte{8}) {
		t.Fatalf("replace address: %v %+v", wrote, list)
	}
}

// testPaidAccountClaim: an account a payment creates holds the payment's
// claim token hash; only that hash gives it a first password, once, never on
// an admin account; an address with an account is not created again.
func testPaidAccountClaim(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	claim := []byte("claim-hash-0000000000000000000000")
	var created *cloud.User
	must(t, s.InPaymentTx(ctx, func(tx cloud.PaymentTx) error {
		var err error
		created, err = tx.CreatePaidUser("buyer@example.com", claim, T0)
		return err
	}))
	if !bytes.Equal(created.ClaimTokenHash, claim) || created.PasswordHash != "" || created.ID == 0 {
		t.Fatalf("created %+v", created)
	}
	t.Run("ErrExists", func(t *testing.T) {
		err := s.InPaymentTx(ctx, func(tx cloud.PaymentTx) error {
			_, err := tx.CreatePaidUser("buyer@example.com", []byte("another-claim"), T0)
			return err
		})
		wantCode(t, err, cloud.ECONFLICT)
	})
	t.Run("FindForUpdate", func(t *testing.T) {
		must(t, s.InPaymentTx(ctx, func(tx cloud.PaymentTx) error {
			found, err := tx.FindUserByEmail("buyer@example.com")
			if err == nil && found.ID != created.ID {
				t.Errorf("found %+v", found)
			}
			return err
		}))
	})
	t.Run("ErrWrongClaim", func(t *testing.T) {
		wantCode(t, s.ClaimAccount(ctx, created.ID, []byte("not-the-claim"), "hash", T0), cloud.ECONFLICT)
	})
	must(t, s.ClaimAccount(ctx, created.ID, claim, "password-hash", T0))
	claimed, err := s.FindUserByID(ctx, created.ID)
	must(t, err)
	if claimed.PasswordHash != "password-hash" || claimed.ClaimTokenHash != nil {
		t.Fatalf("claimed %+v", claimed)
	}
	t.Run("ErrOnce", func(t *testing.T) {
		wantCode(t, s.ClaimAccount(ctx, created.ID, claim, "again", T0), cloud.ECONFLICT)
	})
	t.Run("ErrAdmin", func(t *testing.T) {
		var admin *cloud.User
		must(t, s.InPaymentTx(ctx, func(tx cloud.PaymentTx) error {
			var err error
			admin, err = tx.CreatePaidUser("boss@example.com", claim, T0)
			return err
		}))
		must(t, s.SeedAdmins(ctx, []string{"boss@example.com"}, T0))
		seeded, err := s.FindUserByID(ctx, admin.ID)
		must(t, err)
		if seeded.ClaimTokenHash != nil || !seeded.IsAdmin {
			t.Fatalf("seeding an admin must drop any claim: %+v", seeded)
		}
		wantCode(t, s.ClaimAccount(ctx, admin.ID, claim, "hash", T0), cloud.ECONFLICT)
	})
}

// testIdentityFingerprint: the fingerprint is kept, and survives
// DeletePersonalData; DeleteAccount takes it with the row.
func testIdentityFingerprint(t *testing.T, open func(t testing.TB) (cloud.Store, Dumper)) {
	s, _ := open(t)
	ctx := context.Background()
	u := MustCreateUser(t, s, "locked@example.com")
	must(t, s.SetIdentityFingerprint(ctx, u.ID, []byte("fingerprint")))
	must(t, s.DeletePersonalData(ctx, u.ID, T0))
	kept, err := s.FindUserByID(ctx, u.ID)
	must(t, err)
	if string(kept.IdentityFingerprint) != "fingerprint" {
		t.Fatalf("fingerprint after DeletePersonalData: %q", kept.IdentityFingerprint)
	}
}
