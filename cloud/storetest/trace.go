package storetest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/cloud"
)

// AssertNoTrace fails unless no row of any table holds the deleted user's id
// (in an id or user_id column), e-mail address or referral code, while the
// kept user's rows are still found, which proves the dump reads real data.
//
// Rows may outlive the account where nothing in them names it. That is how
// analytics_events passes: account deletion does not touch it, because it
// holds no user id, e-mail, IP address or user agent (see
// cloud.AnalyticsEvent and AnalyticsColumns). It is still read here, so an
// address that got into a label or path would fail this check.
func AssertNoTrace(t testing.TB, tables Tables, deleted, kept *cloud.User) {
	t.Helper()
	if !hasTrace(tables, kept) {
		t.Fatalf("the dump does not show the kept user %s: it cannot prove anything", kept.Email)
	}
	for table, rows := range tables {
		for _, row := range rows {
			for column, value := range row {
				if matches(table, column, value, deleted) {
					t.Errorf("%s.%s still holds %q of the deleted user", table, column, value)
				}
			}
		}
	}
}

func hasTrace(tables Tables, u *cloud.User) bool {
	for table, rows := range tables {
		for _, row := range rows {
			for column, value := range row {
				if matches(table, column, value, u) {
					return true
				}
			}
		}
	}
	return false
}

func matches(table, column, value string, u *cloud.User) bool {
	id := strconv.FormatInt(u.ID, 10)
	if column == "user_id" && value == id || table == "users" && column == "id" && value == id {
		return true
	}
	lower := strings.ToLower(value)
	if strings.Contains(lower, strings.ToLower(u.Email)) {
		return true
	}
	return u.ReferralCode != "" && strings.Contains(value, u.ReferralCode)
}
