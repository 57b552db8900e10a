package storetest_test

import (
	"testing"

	"github.com/lifetag/lifetag/cloud/storetest"
)

func TestConformance(t *testing.T) {
	for _, backend := range storetest.Backends {
		t.Run(backend.Name, func(t *testing.T) {
			t.Parallel()
			storetest.Run(t, backend.Open)
		})
	}
}
