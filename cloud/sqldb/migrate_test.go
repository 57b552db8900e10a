package sqldb_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// startingInstanceURL, set in its environment, makes this test binary an
// instance starting on that database (a process of its own, as each cloud
// is: the migration tool serialises the migrations of one process).
const startingInstanceURL = "LIFETAG_TEST_STARTING_INSTANCE_URL"

// TestInstancesStartingTogetherMigrateOnce: several clouds started at the
// same moment on one empty PostgreSQL database (hosts upgraded in
// parallel) all start; one migrates while the others wait for it.
func TestInstancesStartingTogetherMigrateOnce(t *testing.T) {
	if url := os.Getenv(startingInstanceURL); url != "" {
		db, err := sqldb.OpenPostgres(context.Background(), url)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		db.Close()
		return
	}
	url := storetest.PostgresSchema(t)
	const instances = 4
	outputs := make([][]byte, instances)
	errs := make([]error, instances)
	var wg sync.WaitGroup
	for i := range instances {
		cmd := exec.Command(os.Args[0], "-test.run=^TestInstancesStartingTogetherMigrateOnce$", "-test.count=1")
		cmd.Env = append(os.Environ(), startingInstanceURL+"="+url)
		wg.Add(1)
		go func() {
			defer wg.Done()
			outputs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instance %d did not start: %v: %s", i+1, err, outputs[i])
		}
	}
}
