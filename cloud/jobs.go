package cloud

import (
	"context"
	"time"
)

// Work that must happen after a request (every mail, a webhook's delivery)
// is a job in the database, inserted in the same transaction as the change
// that causes it (Store.InTx), so it exists if and only if the change
// committed. River runs the jobs (package sqldb's Queue): retries with
// backoff, at most one instance working a job at a time.

// JobArgs is one job's arguments, stored as JSON; Kind names the worker
// that does it. It is River's river.JobArgs: a type may also have River's
// InsertOpts method (uniqueness, attempts) and river:"unique" field tags.
// Personal data in arguments is sealed (Sealer): the queue is read by
// admins and kept after the job is done.
type JobArgs interface {
	Kind() string
}

// JobQueue inserts jobs.
type JobQueue interface {
	// InsertJob inserts a job in the transaction ctx carries (Store.InTx),
	// or on its own outside one. A job unique by its arguments
	// (river:"unique") that is already waiting or done is not inserted
	// again, without an error.
	InsertJob(ctx context.Context, args JobArgs) error
}

// The job kinds.
const (
	JobKindMail    = "mail"
	JobKindWebhook = "webhook"
)

// JobCount is how many jobs of a kind are in a state (River's: available,
// scheduled, retryable, running, discarded, cancelled, completed), and how
// long the oldest of them has waited since it was inserted (0 for the
// finished states: completed, discarded, cancelled).
type JobCount struct {
	Kind, State   string
	Count         int64
	OldestWaiting time.Duration
}

// JobStats reports the background job queue's figures, for the metrics.
type JobStats interface {
	JobCounts(ctx context.Context) ([]JobCount, error)
}
