package storetest

import (
	"context"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/sqldb"
)

// Queue is the job queue on a store Open returned, working jobs every few
// milliseconds once started: tests add their workers, then call start.
func Queue(t testing.TB, store cloud.Store) (queue *sqldb.Queue, start func()) {
	t.Helper()
	q, err := sqldb.NewQueue(underlyingDB(t, store), sqldb.QueueConfig{
		Logger: slog.New(slog.DiscardHandler), PollInterval: 20 * time.Millisecond,
		// One at a time: mails arrive in the order they were asked for, as
		// the tests that read "the newest link" expect.
		Workers:  1,
		TestOnly: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return q, func() {
		t.Helper()
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			// A test's jobs are done or abandoned by now. A test that
			// closes its store stops its queue first: River's leader
			// resigns through the database, and without one it retries
			// for about 7 s, whatever this deadline.
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			q.Stop(ctx)
		})
	}
}

// underlyingDB is the *sqldb.DB of store, or of a test's wrapper that
// embeds it (a store whose one method fails, say).
func underlyingDB(t testing.TB, store cloud.Store) *sqldb.DB {
	for {
		if db, ok := store.(*sqldb.DB); ok {
			return db
		}
		v := reflect.Indirect(reflect.ValueOf(store))
		if v.Kind() != reflect.Struct || v.NumField() == 0 {
			t.Fatalf("no *sqldb.DB in %T", store)
		}
		inner, ok := v.Field(0).Interface().(cloud.Store)
		if !ok {
			t.Fatalf("no *sqldb.DB in %T", store)
		}
		store = inner
	}
}

// WaitForJobs waits until every job due has been worked once.
func WaitForJobs(t testing.TB, q *sqldb.Queue) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := q.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
}
