package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/lifetag/lifetag/cloud"
)

// Queue runs the cloud's jobs with River on the store's own database:
// riverpgxv5 on PostgreSQL, riversqlite on the embedded SQLite. River's
// tables come with the store's migrations (migrateRiver). Jobs are inserted
// in the store's transactions (DB.InTx), so a job exists if and only if
// its cause committed; every instance on one PostgreSQL works the one
// queue, River locking each job for one of them.
type Queue struct {
	db      *DB
	workers *river.Workers
	client  riverClient
}

var (
	_ cloud.JobQueue = (*Queue)(nil)
	_ cloud.JobStats = (*Queue)(nil)
)

// QueueConfig is how a Queue works its jobs.
type QueueConfig struct {
	Logger *slog.Logger
	// Workers is how many jobs an instance works at once; 0 means 10.
	Workers int
	// JobTimeout bounds one attempt of a job; 0 means 30 s.
	JobTimeout time.Duration
	// PollInterval is how often an instance looks for jobs when no
	// notification came; 0 means River's second on PostgreSQL (whose
	// notifications wake it at once) and 200 ms on SQLite (which has none;
	// the look is a local query). Tests shorten it.
	PollInterval time.Duration
	// TestOnly starts and stops the queue without River's production
	// pacing (its maintenance services' jittered start), for test suites
	// that start a queue per test.
	TestOnly bool
}

// NewQueue returns the queue on db. Packages add their workers to Workers
// (river.AddWorker) before Start.
func NewQueue(db *DB, c QueueConfig) (*Queue, error) {
	if c.Workers == 0 {
		c.Workers = 10
	}
	if c.JobTimeout == 0 {
		c.JobTimeout = 30 * time.Second
	}
	if _, ok := db.driver.(sqlDriver); ok && c.PollInterval == 0 {
		c.PollInterval = 200 * time.Millisecond
	}
	workers := river.NewWorkers()
	config := &river.Config{
		Queues:     map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: c.Workers}},
		Workers:    workers,
		JobTimeout: c.JobTimeout,
		// A job whose instance died (SIGKILL, a lost machine) is worked
		// again this long after it started, not River's default hour.
		RescueStuckJobsAfter: 2 * c.JobTimeout,
		FetchPollInterval:    c.PollInterval,
		TestOnly:             c.TestOnly,
		// River's own log: its warnings and errors, on the cloud's log.
		Logger: riverLogger(c.Logger),
	}
	if c.PollInterval > 0 && c.PollInterval < 50*time.Millisecond {
		config.FetchCooldown = c.PollInterval
	}
	var client riverClient
	var err error
	switch drv := db.driver.(type) {
	case pgxDriver:
		client, err = newRiverClient(riverpgxv5.New(drv.pool), config, func(t txDriver) pgx.Tx { return t.(pgxTx).tx })
	case sqlDriver:
		client, err = newRiverClient(riversqlite.New(drv.db), config, func(t txDriver) *sql.Tx { return t.(sqlTx).tx })
	default:
		err = fmt.Errorf("no River driver for %T", drv)
	}
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	q := &Queue{db: db, workers: workers, client: client}
	db.queue = q
	return q, nil
}

// riverLogger passes River's warnings and errors to logger.
func riverLogger(logger *slog.Logger) *slog.Logger {
	if logger == nil {
		logger = slog.Default()
	}
	return slog.New(minLevel{logger.Handler(), slog.LevelWarn})
}

// minLevel is a handler that drops records below its level.
type minLevel struct {
	slog.Handler
	level slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level && h.Handler.Enabled(ctx, l)
}

// Workers is where packages add the workers of their job kinds, before
// Start: river.AddWorker(queue.Workers(), worker).
func (q *Queue) Workers() *river.Workers { return q.workers }

// Start starts working jobs; ctx bounds the start only.
func (q *Queue) Start(ctx context.Context) error {
	return q.client.Start(context.WithoutCancel(ctx))
}

// Stop lets the running jobs finish until ctx is done, then cancels them:
// a cancelled job is released, retried by whichever instance comes next.
func (q *Queue) Stop(ctx context.Context) error {
	err := q.client.Stop(ctx)
	if err == nil {
		return nil
	}
	cancelCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return errors.Join(err, q.client.StopAndCancel(cancelCtx))
}

// Running is how many jobs are being worked now, by any instance on the
// database (River does not say which are whose): for the shutdown's log.
func (q *Queue) Running(ctx context.Context) int {
	var n int
	if err := q.db.conn(ctx).queryRow(`SELECT count(*) FROM river_job WHERE state = 'running'`).Scan(&n); err != nil {
		return 0
	}
	return n
}

// InsertJob inserts a job in the transaction ctx carries (DB.InTx), or on
// its own outside one.
func (q *Queue) InsertJob(ctx context.Context, args cloud.JobArgs) error {
	var err error
	if tx := q.db.txOf(ctx); tx != nil {
		err = q.client.insertTx(ctx, tx, args)
	} else {
		err = q.client.insert(ctx, args)
	}
	if err != nil {
		return dbError(err, "queue: insert "+args.Kind())
	}
	return nil
}

// riverClient is River's client without its transaction type, which
// differs between the drivers (pgx.Tx, *sql.Tx).
type riverClient interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
	insert(ctx context.Context, args river.JobArgs) error
	insertTx(ctx context.Context, tx txDriver, args river.JobArgs) error
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	JobRetry(ctx context.Context, id int64) (*rivertype.JobRow, error)
	JobCancel(ctx context.Context, id int64) (*rivertype.JobRow, error)
}

type typedClient[TTx any] struct {
	*river.Client[TTx]
	// txOf is the driver's transaction of one of the store's.
	txOf func(txDriver) TTx
}

func newRiverClient[TTx any](drv riverdriver.Driver[TTx], config *river.Config, txOf func(txDriver) TTx) (riverClient, error) {
	client, err := river.NewClient[TTx](drv, config)
	if err != nil {
		return nil, err
	}
	return typedClient[TTx]{client, txOf}, nil
}

func (c typedClient[TTx]) insert(ctx context.Context, args river.JobArgs) error {
	_, err := c.Insert(ctx, args, nil)
	return err
}

func (c typedClient[TTx]) insertTx(ctx context.Context, tx txDriver, args river.JobArgs) error {
	_, err := c.InsertTx(ctx, c.txOf(tx), args, nil)
	return err
}

// migrateRiver applies River's own migrations, after the store's.
func (db *DB) migrateRiver(ctx context.Context) error {
	logger := riverLogger(slog.Default())
	var err error
	switch drv := db.driver.(type) {
	case pgxDriver:
		err = migrateRiverWith(ctx, riverpgxv5.New(drv.pool), logger)
	case sqlDriver:
		err = migrateRiverWith(ctx, riversqlite.New(drv.db), logger)
	default:
		err = fmt.Errorf("no River driver for %T", drv)
	}
	if err != nil {
		return fmt.Errorf("%s: queue migrations: %w", db.dialect.name, err)
	}
	return nil
}

func migrateRiverWith[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], logger *slog.Logger) error {
	migrator, err := rivermigrate.New(drv, &rivermigrate.Config{Logger: logger})
	if err != nil {
		return err
	}
	_, err = migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// JobCounts counts the jobs by kind and state.
func (q *Queue) JobCounts(ctx context.Context) ([]cloud.JobCount, error) {
	waited := `extract(epoch FROM now() - min(created_at))`
	if q.db.dialect.name == sqliteDialect.name {
		waited = `(julianday('now') - julianday(min(created_at))) * 86400`
	}
	counts, err := list(q.db.conn(ctx), "job counts", func(s scanner) (*cloud.JobCount, error) {
		var c cloud.JobCount
		var seconds float64
		err := s.Scan(&c.Kind, &c.State, &c.Count, &seconds)
		if !finished(c.State) {
			c.OldestWaiting = time.Duration(seconds * float64(time.Second))
		}
		return &c, err
	}, `SELECT kind, state, count(*), coalesce(`+waited+`, 0) FROM river_job GROUP BY kind, state ORDER BY kind, state`)
	if err != nil {
		return nil, err
	}
	out := make([]cloud.JobCount, len(counts))
	for i, c := range counts {
		out[i] = *c
	}
	return out, nil
}

// finished says whether River is done with a job in state.
func finished(state string) bool {
	switch rivertype.JobState(state) {
	case rivertype.JobStateCompleted, rivertype.JobStateDiscarded, rivertype.JobStateCancelled:
		return true
	}
	return false
}

// WaitIdle waits until no job is due or running: every job due by now has
// been worked once (a job waiting to be retried later does not count). For
// tests, and for a caller that must see a job's effect.
func (q *Queue) WaitIdle(ctx context.Context) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		var busy int64
		err := q.db.conn(ctx).queryRow(`SELECT count(*) FROM river_job WHERE state IN ('available', 'running')`).Scan(&busy)
		if err != nil {
			return dbError(err, "queue: count")
		}
		if busy == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("queue: %d jobs still due: %w", busy, ctx.Err())
		case <-tick.C:
		}
	}
}

var _ cloud.JobAdmin = (*Queue)(nil)

// The states the admin's list shows: waiting or failed.
var adminJobStates = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateScheduled,
	rivertype.JobStateRetryable, rivertype.JobStateRunning, rivertype.JobStateDiscarded, rivertype.JobStateCancelled}

// ListJobs returns the waiting and failed jobs, newest first.
func (q *Queue) ListJobs(ctx context.Context, limit int) ([]cloud.Job, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().States(adminJobStates...).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(limit))
	if err != nil {
		return nil, dbError(err, "queue: list")
	}
	jobs := make([]cloud.Job, len(res.Jobs))
	for i, row := range res.Jobs {
		jobs[i] = jobOf(row)
	}
	return jobs, nil
}

// RetryJob runs a job again now, unless it runs or completed.
func (q *Queue) RetryJob(ctx context.Context, id int64) (*cloud.Job, error) {
	return q.changeJob(ctx, id, []rivertype.JobState{rivertype.JobStateRunning, rivertype.JobStateCompleted}, q.client.JobRetry)
}

// DiscardJob cancels a waiting job.
func (q *Queue) DiscardJob(ctx context.Context, id int64) (*cloud.Job, error) {
	return q.changeJob(ctx, id, []rivertype.JobState{rivertype.JobStateRunning, rivertype.JobStateCompleted,
		rivertype.JobStateDiscarded, rivertype.JobStateCancelled}, q.client.JobCancel)
}

// changeJob applies change to the job unless it is in one of busy; River
// itself then does nothing to a job that changed state meanwhile.
func (q *Queue) changeJob(ctx context.Context, id int64, busy []rivertype.JobState,
	change func(context.Context, int64) (*rivertype.JobRow, error)) (*cloud.Job, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().IDs(id))
	if err != nil {
		return nil, dbError(err, "queue: find")
	}
	if len(res.Jobs) == 0 {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgJobNotFound)
	}
	for _, state := range busy {
		if res.Jobs[0].State == state {
			return nil, cloud.NewError(cloud.ECONFLICT, cloud.MsgJobBusy)
		}
	}
	row, err := change(ctx, id)
	if errors.Is(err, river.ErrNotFound) {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgJobNotFound)
	} else if err != nil {
		return nil, dbError(err, "queue: change")
	}
	job := jobOf(row)
	return &job, nil
}

func jobOf(row *rivertype.JobRow) cloud.Job {
	job := cloud.Job{ID: row.ID, Kind: row.Kind, State: string(row.State), Attempts: row.Attempt,
		MaxAttempts: row.MaxAttempts, CreatedAt: row.CreatedAt, ScheduledAt: row.ScheduledAt,
		AttemptedAt: row.AttemptedAt, FinalizedAt: row.FinalizedAt}
	if n := len(row.Errors); n > 0 {
		job.LastError = row.Errors[n-1].Error
	}
	return job
}
