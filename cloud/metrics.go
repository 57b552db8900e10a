package cloud

import "time"

// Metrics records the figures an operator watches: each call is one event,
// cheap enough to make on every request. Package prometheus implements it;
// NoMetrics records nothing (when METRICS_ADDR is off). No argument ever
// holds a person's data, an address or a token: each is one of a few fixed
// names (a route pattern, a limit's name, an outcome).
type Metrics interface {
	// Request is one HTTP request: its route pattern (never the path),
	// method, status and how long it took.
	Request(route, method string, status int, took time.Duration)
	// LabelRendered is one label file made: kind is what it is for
	// (LabelKind...), format "pdf" or "png", bytes its size.
	LabelRendered(kind, format string, took time.Duration, bytes int)
	// SignIn is one sign-in attempt at a door (SignInDoor...) and how it
	// ended (SignIn...).
	SignIn(door, outcome string)
	// RateLimited is one request or mail refused by the named limit.
	RateLimited(limit string)
	// PaymentEvent is one payment provider event received: its type (one
	// the cloud acts on, else "other") and how it was applied.
	PaymentEvent(eventType, outcome string)
}

// NoMetrics records nothing.
type NoMetrics struct{}

func (NoMetrics) Request(string, string, int, time.Duration)       {}
func (NoMetrics) LabelRendered(string, string, time.Duration, int) {}
func (NoMetrics) SignIn(string, string)                            {}
func (NoMetrics) RateLimited(string)                               {}
func (NoMetrics) PaymentEvent(string, string)                      {}

// What a label file is for, in LabelRendered.
const (
	LabelKindSheet      = "sheet"       // an owner's own sheet, or an order's
	LabelKindCode       = "code"        // one library code's label or image
	LabelKindBatch      = "batch"       // a corporate batch print
	LabelKindLockScreen = "lock_screen" // the phone lock-screen image
)

// Sign-in doors and outcomes, in SignIn.
const (
	SignInDoorIndividual = "individual"
	SignInDoorCorporate  = "corporate"

	SignInSucceeded = "succeeded"
	SignInFailed    = "failed"  // a wrong address or password
	SignInLimited   = "limited" // refused by the sign-in guard before checking
	SignInRefused   = "refused" // any other refusal (the wrong door, a malformed request)
	SignInError     = "error"   // the cloud failed (the database, ...)
)

// Payment event outcomes the cloud adds to the service's own, in PaymentEvent.
const (
	PaymentEventUnverified = "unverified" // a bad signature or payload
	PaymentEventFailed     = "failed"     // not applied; the provider sends it again
	PaymentEventOther      = "other"      // the type label of an event the cloud does not act on
)

// PoolStats is the database connection pool's state, for the metrics.
type PoolStats struct {
	InUse, Idle, Max int
	// Waits counts the connections asked for while none was free, and
	// WaitTime the time spent waiting for them, since the start.
	Waits    int64
	WaitTime time.Duration
}
