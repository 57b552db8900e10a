package sheet_test

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// Corporate batches print many different records at labels.BatchLevel (M)
// on the batch printer's layouts: every named layout holds realistic
// records (samples: 250-350 bytes of QR text), and a record too long for
// a small label is refused by its index, never printed below MinModule.
func TestBatchLayoutsHoldRealisticRecordsAtM(t *testing.T) {
	c := labels.MustBuiltin()
	items := samples.Labels(40)
	for _, l := range slices.Concat(labels.SpecLayouts, labels.PresetLayouts()) {
		t.Run(l.ID, func(t *testing.T) {
			tmpl, _, err := c.BatchSheet(l.ID)
			if err != nil {
				t.Fatal(err)
			}
			if err := sheet.Render(io.Discard, tmpl, items, sheet.Options{Level: labels.BatchLevel, Start: 2}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestBatchRefusesACodeTooDenseForItsLabel(t *testing.T) {
	tmpl, _, err := labels.MustBuiltin().BatchSheet("avery-5160")
	if err != nil {
		t.Fatal(err)
	}
	items := samples.Labels(3)
	items[2].Payload = strings.Repeat("Carries an adrenaline pen in the left chest pocket. ", 20)
	err = sheet.Render(io.Discard, tmpl, items, sheet.Options{Level: labels.BatchLevel})
	var tooSmall *sheet.TooSmallError
	if !errors.As(err, &tooSmall) || tooSmall.Index != 2 || tooSmall.Module >= sheet.MinModule {
		t.Fatalf("got %v, want the third label refused as too small", err)
	}
	// The same label fits Avery 5163's larger labels.
	big, _, _ := labels.MustBuiltin().BatchSheet("avery-5163")
	if err := sheet.Render(io.Discard, big, items, sheet.Options{Level: labels.BatchLevel}); err != nil {
		t.Fatal(err)
	}
}
