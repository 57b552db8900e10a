package library

import (
	"fmt"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/cache"
)

// A deactivated code in the cache never prints: the batch is refused
// whole, naming every deactivated code (each once), in the cloud's words;
// reactivated, it prints. Checked on the cache alone, as printing
// offline reads it.
func TestADeactivatedCodeInTheCacheNeverPrints(t *testing.T) {
	s := &Service{Now: time.Now}
	lib := cache.Library{Codes: []api.LibraryCode{
		{ID: 1, Name: "José Núñez", IsActive: false},
		{ID: 2, Name: "Ann Okafor", IsActive: true},
		{ID: 3, Name: "Łukasz Wójcik", IsActive: false},
	}}
	_, _, err := s.printableLabels(lib, []int64{2, 1})
	if want := fmt.Sprintf(sheet.MsgBatchCodeInactive, `"José Núñez"`); err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	_, _, err = s.printableLabels(lib, []int64{1, 2, 3, 1})
	if want := fmt.Sprintf(sheet.MsgBatchCodesInactive, 2, `"José Núñez", "Łukasz Wójcik"`); err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	// The other refusals still come first: a paused organisation, a code
	// not on this station.
	if _, _, err := s.printableLabels(cache.Library{Codes: lib.Codes, Paused: "Paused: over the plan"}, []int64{1}); err == nil || err.Error() != "Paused: over the plan" {
		t.Fatalf("paused: %v", err)
	}
	if _, _, err := s.printableLabels(lib, []int64{2, 9}); err == nil || err.Error() != MsgCodeNotCached {
		t.Fatalf("not cached: %v", err)
	}

	lib.Codes[0].IsActive, lib.Codes[2].IsActive = true, true
	_, names, err := s.printableLabels(lib, []int64{1, 2, 3, 1})
	if err != nil || len(names) != 4 || names[3] != "José Núñez" {
		t.Fatalf("reactivated: %v %v", names, err)
	}
	// Asking which layouts hold the queue prints nothing: answered.
	if _, err := cachedCodes(lib, []int64{1}); err != nil {
		t.Fatal(err)
	}
}
