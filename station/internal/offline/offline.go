// Package offline knows whether the cloud answers, since when it has not,
// and sends the queue of changes made meanwhile once it does.
//
// Each queued change carries an idempotency key from when it was made. The
// cloud has no idempotency-key header, so each kind of change is made safe
// to send again by its nature (see Handler): a replay whose first attempt
// reached the cloud but whose answer was lost is recognised by reading the
// cloud's state first. A change the cloud refuses (4xx: quota, a deleted
// code, a session that ended) is kept with the cloud's message for the
// window and never sent again; a change that gets no answer stays queued.
package offline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/lifetag/lifetag/pkg/client"
	"github.com/lifetag/lifetag/pkg/version"
	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/session"
)

const (
	offlineSinceKey = "offline-since"
	// outOfDateKey keeps the cloud's message while it refuses this station
	// as too old (426); cleared by its next real answer.
	outOfDateKey = "out-of-date"
	// newerVersionKey keeps the newest station version the cloud last
	// named (version.NewerStationHeader), "" when it named none.
	newerVersionKey = "newer-version"
)

// Handler sends one queued change. It returns nil once the cloud has the
// change (sent now, or found already there), an error matching
// client.ErrUnreachable when the cloud did not answer, or any other error
// as the cloud's (or the station's) refusal.
type Handler func(ctx context.Context, c *client.Client, account session.Account, change cache.Change) error

// Tracker tracks the cloud's reachability and replays the queue.
type Tracker struct {
	DB       *cache.DB
	Session  *session.Service
	Now      func() time.Time
	handlers map[string]Handler
	// syncMu lets one replay run at a time, so a change is never sent twice
	// by two replays racing.
	syncMu sync.Mutex
}

// NewTracker returns a tracker on db.
func NewTracker(db *cache.DB, s *session.Service) *Tracker {
	return &Tracker{DB: db, Session: s, Now: time.Now, handlers: map[string]Handler{}}
}

// Handle registers the handler of a kind of change.
func (t *Tracker) Handle(kind string, h Handler) { t.handlers[kind] = h }

// Observe records what a cloud call says about reachability: an answer
// (even a refusal) means online; ErrUnreachable starts (or continues) an
// offline spell. The cloud's answer that this station is out of date (426)
// is such an error: the station works offline, keeps its queue and shows
// the cloud's message until the cloud serves it again. It returns err
// unchanged.
func (t *Tracker) Observe(ctx context.Context, account session.Account, err error) error {
	if msg, ok := client.OutOfDate(err); ok {
		t.DB.SetMeta(ctx, account.Key(), outOfDateKey, msg)
	}
	if errors.Is(err, client.ErrUnreachable) {
		since, _ := t.DB.Time(ctx, account.Key(), offlineSinceKey)
		if since.IsZero() {
			t.DB.SetTime(ctx, account.Key(), offlineSinceKey, t.Now())
		}
		return err
	}
	if err == nil || client.StatusOf(err) != 0 {
		t.DB.SetTime(ctx, account.Key(), offlineSinceKey, time.Time{})
		t.DB.SetMeta(ctx, account.Key(), outOfDateKey, "")
	}
	return err
}

// ObserveNewerVersion keeps what the cloud's answer said of a newer
// station version (its version.NewerStationHeader, "" for none), and logs
// it the first time it is named.
func (t *Tracker) ObserveNewerVersion(ctx context.Context, account session.Account, newer string) {
	if kept, _ := t.DB.Meta(ctx, account.Key(), newerVersionKey); kept == newer {
		return
	}
	t.DB.SetMeta(ctx, account.Key(), newerVersionKey, newer)
	if newer != "" {
		slog.Info("station: the cloud says a newer station is out", "version", newer, "this", version.String())
	}
}

// Refusal is a queued change the cloud refused, for the window.
type Refusal struct {
	ID      int64     `json:"id"`
	Kind    string    `json:"kind"`
	Message string    `json:"message"`
	At      time.Time `json:"at"`
}

// Status is what the window's status bar shows.
type Status struct {
	SignedIn     bool       `json:"signedIn"`
	Online       bool       `json:"online"`
	OfflineSince *time.Time `json:"offlineSince"` // nil when online
	LastSynced   *time.Time `json:"lastSynced"`   // the cache's newest sync; nil: never
	Pending      int        `json:"pending"`      // changes waiting for the cloud
	// OutOfDate is the cloud's message while it refuses this station as
	// too old ("" otherwise); the station is offline meanwhile.
	OutOfDate string `json:"outOfDate"`
	// NewerVersion is the newer station version the cloud's last answer
	// named ("" when this one is the newest).
	NewerVersion string    `json:"newerVersion"`
	Refused      []Refusal `json:"refused"`
}

// Status reports the signed-in account's state, from the cache alone (no
// network: the window polls it).
func (t *Tracker) Status(ctx context.Context) (Status, error) {
	account := t.Session.Current()
	if account == nil {
		return Status{}, nil
	}
	key := account.Key()
	st := Status{SignedIn: true, Online: true}
	since, err := t.DB.Time(ctx, key, offlineSinceKey)
	if err != nil {
		return st, err
	}
	if !since.IsZero() {
		st.Online, st.OfflineSince = false, &since
	}
	synced, err := t.DB.LastSynced(ctx, key)
	if err != nil {
		return st, err
	}
	if !synced.IsZero() {
		st.LastSynced = &synced
	}
	if st.OutOfDate, err = t.DB.Meta(ctx, key, outOfDateKey); err != nil {
		return st, err
	}
	if st.NewerVersion, err = t.DB.Meta(ctx, key, newerVersionKey); err != nil {
		return st, err
	}
	if st.Pending, err = t.DB.CountChanges(ctx, key, cache.ChangePending); err != nil {
		return st, err
	}
	refused, err := t.DB.Changes(ctx, key, cache.ChangeRefused)
	if err != nil {
		return st, err
	}
	for _, c := range refused {
		st.Refused = append(st.Refused, Refusal{ID: c.ID, Kind: c.Kind, Message: c.Message, At: c.UpdatedAt})
	}
	return st, nil
}

// Queue queues a change of kind for the signed-in account.
func (t *Tracker) Queue(ctx context.Context, account session.Account, kind string, payload any) (*cache.Change, error) {
	if _, ok := t.handlers[kind]; !ok {
		return nil, fmt.Errorf("offline: no handler for %q changes", kind)
	}
	return t.DB.Enqueue(ctx, account.Key(), kind, payload)
}

// SyncResult says what a replay did.
type SyncResult struct {
	Sent    int  `json:"sent"`
	Refused int  `json:"refused"`
	Online  bool `json:"online"`
}

// Sync sends the queued changes, oldest first, and stops at the first that
// gets no answer (the rest wait for the next sync, in order).
func (t *Tracker) Sync(ctx context.Context) (SyncResult, error) {
	t.syncMu.Lock()
	defer t.syncMu.Unlock()
	c, account, err := t.Session.Client()
	if err != nil {
		return SyncResult{}, err
	}
	changes, err := t.DB.Changes(ctx, account.Key(), cache.ChangePending)
	if err != nil {
		return SyncResult{}, err
	}
	res := SyncResult{Online: true}
	for _, ch := range changes {
		h := t.handlers[ch.Kind]
		var err error
		if h == nil {
			err = fmt.Errorf("this station cannot send %q changes", ch.Kind)
		} else {
			err = h(ctx, c, account, ch)
		}
		t.Observe(ctx, account, err)
		switch {
		case err == nil:
			if err := t.DB.ChangeSent(ctx, ch.ID); err != nil {
				return res, err
			}
			res.Sent++
		case errors.Is(err, client.ErrUnreachable):
			t.DB.ChangeTried(ctx, ch.ID)
			res.Online = false
			return res, nil
		case ctx.Err() != nil:
			return res, ctx.Err()
		default:
			if err := t.DB.ChangeRefused(ctx, ch.ID, refusalMessage(err)); err != nil {
				return res, err
			}
			res.Refused++
		}
	}
	return res, nil
}

// refusalMessage is the cloud's own message when it gave one.
func refusalMessage(err error) string {
	var e *client.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

// Dismiss removes a refused change the person has read.
func (t *Tracker) Dismiss(ctx context.Context, id int64) error {
	account := t.Session.Current()
	if account == nil {
		return session.ErrSignedOut
	}
	return t.DB.DismissChange(ctx, account.Key(), id)
}

// Decode unmarshals a change's payload into v.
func Decode(ch cache.Change, v any) error {
	if err := json.Unmarshal(ch.Payload, v); err != nil {
		return fmt.Errorf("a queued change could not be read: %w", err)
	}
	return nil
}

// Refresh is the online-then-cache read of a cached screen (the library,
// the orders): it sends the queued changes, then reads from the cloud
// (fetch) into the cache (store) and answers the cache's view. When the
// cloud does not answer, it answers the cached view as it stands, marked
// offline by markOffline; any other error (a refusal) is returned.
func Refresh[T, V any](ctx context.Context, t *Tracker, account session.Account,
	fetch func(context.Context) (T, error), store func(context.Context, T) error,
	view func(context.Context) (*V, error), markOffline func(*V)) (*V, error) {
	if _, err := t.Sync(ctx); err != nil {
		return nil, err
	}
	fresh, err := fetch(ctx)
	if err = t.Observe(ctx, account, err); err != nil {
		if !errors.Is(err, client.ErrUnreachable) {
			return nil, err
		}
		v, err := view(ctx)
		if err != nil {
			return nil, err
		}
		markOffline(v)
		return v, nil
	}
	if err := store(ctx, fresh); err != nil {
		return nil, err
	}
	return view(ctx)
}
