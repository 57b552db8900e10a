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

// Job is a job as the site admin sees it: what and how it went, never its
// arguments. LastError is as the worker returned it (the mail worker
// removes addresses; the service removes any left).
type Job struct {
	ID                    int64
	Kind, State           string
	Attempts, MaxAttempts int
	LastError             string
	CreatedAt             time.Time
	ScheduledAt           time.Time
	AttemptedAt           *time.Time
	FinalizedAt           *time.Time
}

// JobAdmin is the site admin's view of the queue.
type JobAdmin interface {
	// ListJobs returns the jobs that wait (available, scheduled,
	// retryable, running) or failed (discarded, cancelled), newest first,
	// at most limit.
	ListJobs(ctx context.Context, limit int) ([]Job, error)
	// RetryJob runs a job that is not running or completed again now;
	// ENOTFOUND, or ECONFLICT for a running or completed job.
	RetryJob(ctx context.Context, id int64) (*Job, error)
	// DiscardJob ends a waiting job (cancelled); ECONFLICT when it runs or
	// has ended.
	DiscardJob(ctx context.Context, id int64) (*Job, error)
}

// Admin job messages.
const (
	MsgJobNotFound = "Job not found"
	MsgJobBusy     = "This job is running or has ended; refresh the list"
)

// AdminJobsLimit is how many jobs the admin's list shows.
const AdminJobsLimit = 200
