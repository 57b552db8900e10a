package cloud

import "time"

// AnalyticsRetention is how long an analytics record is kept: thirteen
// months, so a year can be compared with the one before, and no longer.
const AnalyticsRetention = 395 * 24 * time.Hour

// Kinds of analytics record (analytics_events.kind).
const (
	AnalyticsKindPageView = "page_view"
	AnalyticsKindEvent    = "event"
)

// AnalyticsEvent is one first-party analytics record (docs/design/decisions.md §7: no
// third-party trackers; docs/design/individual.md §7: page views and events). It holds
// nothing that identifies a person: no user id, e-mail address, IP address
// or user agent. That is why deleting an account leaves these rows alone.
type AnalyticsEvent struct {
	ID       int64
	Kind     string // AnalyticsKindPageView or AnalyticsKindEvent
	Name     string // an event's action (user_logout); empty for a page view
	Category string // an event's category; empty for a page view
	Label    string // an event's optional label
	Value    *float64
	Path     string // a page view's path, never its query or fragment; empty for an event
	// CreatedAt is when the cloud received the record.
	CreatedAt time.Time
}

// AnalyticsCount is how many records share a kind, name and path: one per
// page path for page views, one per action for events.
type AnalyticsCount struct {
	Kind  string
	Name  string
	Path  string
	Count int64
}
