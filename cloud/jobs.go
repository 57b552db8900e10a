package cloud

import (
	"context"
	"time"
)

// JobCount is how many background jobs of one kind are in one state, and
// for those waiting to run, how long the oldest has waited.
type JobCount struct {
	Kind, State   string
	Count         int64
	OldestWaiting time.Duration
}

// JobStats reports the background job queue's figures, for the metrics.
type JobStats interface {
	JobCounts(ctx context.Context) ([]JobCount, error)
}
