package sqldb_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// noteArgs is a job of the test's own kind, as another package adds one.
type noteArgs struct {
	Cause string `json:"cause" river:"unique"`
}

func (noteArgs) Kind() string { return "test_note" }
func (noteArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type noteWorker struct {
	river.WorkerDefaults[noteArgs]
	mu   sync.Mutex
	done []string
}

func (w *noteWorker) Work(ctx context.Context, job *river.Job[noteArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = append(w.done, job.Args.Cause)
	return nil
}

// A job inserted in a transaction exists if and only if the transaction
// commits, is worked once, and a second insert for the same cause is none.
func TestJobsCommitWithTheirCause(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			store, _ := backend.Open(t)
			queue, start := storetest.Queue(t, store)
			worker := &noteWorker{}
			river.AddWorker(queue.Workers(), worker)
			start()
			ctx := context.Background()
			errCause := errors.New("the cause failed")

			err := store.InTx(ctx, func(ctx context.Context) error {
				u := &cloud.User{Email: "gone@example.com", CreatedAt: storetest.T0, UpdatedAt: storetest.T0}
				if err := store.CreateUser(ctx, u); err != nil {
					return err
				}
				if err := queue.InsertJob(ctx, noteArgs{Cause: "rolled-back"}); err != nil {
					return err
				}
				return errCause
			})
			if !errors.Is(err, errCause) {
				t.Fatalf("InTx = %v", err)
			}
			if _, err := store.FindUserByEmail(ctx, "gone@example.com"); cloud.ErrorCode(err) != cloud.ENOTFOUND {
				t.Errorf("the rolled-back transaction's user: %v", err)
			}
			for range 2 { // the second is a retried request: no second job
				err = store.InTx(ctx, func(ctx context.Context) error {
					return queue.InsertJob(ctx, noteArgs{Cause: "committed"})
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			storetest.WaitForJobs(t, queue)
			worker.mu.Lock()
			defer worker.mu.Unlock()
			if len(worker.done) != 1 || worker.done[0] != "committed" {
				t.Errorf("worked %q, want only the committed job, once", worker.done)
			}
			counts, err := queue.JobCounts(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(counts) != 1 || counts[0] != (cloud.JobCount{Kind: "test_note", State: "completed", Count: 1}) {
				t.Errorf("JobCounts = %+v", counts)
			}
		})
	}
}
