package service

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lifetag/lifetag/cloud"
)

// RecordPageView stores a view of path (docs/design/individual.md §7). It takes no
// actor: analytics are anonymous, so nothing links a record to a person.
func (s *Service) RecordPageView(ctx context.Context, path string) error {
	if !validPagePath(path) {
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgAnalyticsPathInvalid, cloud.AnalyticsPathMaxBytes))
	}
	return s.store.CreateAnalyticsEvent(ctx, &cloud.AnalyticsEvent{
		Kind: cloud.AnalyticsKindPageView, Path: path, CreatedAt: s.now(),
	})
}

// RecordEvent stores an event: its action (user_logout), category, an
// optional label and an optional value. Anonymous, like RecordPageView.
func (s *Service) RecordEvent(ctx context.Context, action, category, label string, value *float64) error {
	if !validAnalyticsName(action) {
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgAnalyticsActionInvalid, cloud.AnalyticsNameMaxBytes))
	}
	if !validAnalyticsName(category) {
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgAnalyticsCategoryInvalid, cloud.AnalyticsNameMaxBytes))
	}
	if !validAnalyticsLabel(label) {
		return cloud.NewError(cloud.EINVALID, fmt.Sprintf(cloud.MsgAnalyticsLabelInvalid, cloud.AnalyticsLabelMaxBytes))
	}
	if value != nil && (math.IsNaN(*value) || math.IsInf(*value, 0)) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgAnalyticsValueInvalid)
	}
	return s.store.CreateAnalyticsEvent(ctx, &cloud.AnalyticsEvent{
		Kind: cloud.AnalyticsKindEvent, Name: action, Category: category, Label: label, Value: value, CreatedAt: s.now(),
	})
}

// PurgeOldAnalytics deletes analytics records older than
// cloud.AnalyticsRetention.
func (s *Service) PurgeOldAnalytics(ctx context.Context) (int64, error) {
	return s.store.DeleteAnalyticsEventsBefore(ctx, s.now().Add(-cloud.AnalyticsRetention))
}

// validPagePath accepts a URL path as location.pathname gives it: starting
// with "/", percent-encoded (so printable ASCII without spaces). A query
// string or fragment is refused, not trimmed: it can hold a secret (a reset
// link's ?token=), and a client that sends one is wrong, so the server keeps
// nothing of it rather than guessing which part is safe. An "@", plain or
// percent-encoded, is refused too: no page of the site has one, and a
// mistyped address holding an e-mail address must not be stored.
func validPagePath(path string) bool {
	if strings.Contains(strings.ToLower(path), "%40") {
		return false
	}
	if len(path) == 0 || path[0] != '/' || len(path) > cloud.AnalyticsPathMaxBytes {
		return false
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c <= ' ' || c > '~' || c == '?' || c == '#' || c == '@' {
			return false
		}
	}
	return true
}

// validAnalyticsName accepts an action or category: 1 to
// cloud.AnalyticsNameMaxBytes of a-z, 0-9, _ and -, so dashboards group
// them without case or spacing variants.
func validAnalyticsName(name string) bool {
	if len(name) == 0 || len(name) > cloud.AnalyticsNameMaxBytes {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// validAnalyticsLabel accepts free text (empty included) of at most
// cloud.AnalyticsLabelMaxBytes, valid UTF-8 without control characters,
// which could forge lines in whatever shows it later, and without "@", so
// no e-mail address ends up in analytics.
func validAnalyticsLabel(label string) bool {
	if len(label) > cloud.AnalyticsLabelMaxBytes || !utf8.ValidString(label) {
		return false
	}
	for _, r := range label {
		if unicode.IsControl(r) || r == '@' {
			return false
		}
	}
	return true
}
