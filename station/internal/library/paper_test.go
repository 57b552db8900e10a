package library

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// A refusal at the station offers the layouts on the paper its printer is
// loaded with (A4 unless set), in the cloud's words.
func TestATooDenseRefusalOffersLayoutsOnTheStationsPaper(t *testing.T) {
	st := &settings.Store{UserPath: filepath.Join(t.TempDir(), "station.json")}
	s := &Service{Now: time.Now, printing: &printing.Service{Settings: st}}
	tp, name, err := labels.MustBuiltin().BatchSheet("avery-5160")
	if err != nil {
		t.Fatal(err)
	}
	refuse := func() string {
		t.Helper()
		err := sheet.RefuseTooDense(&sheet.TooSmallError{Index: 0, Modules: 57, Module: 0.3, Min: 0.5, Refused: []int{0}, MaxSize: 49},
			tp, name, []string{"Ann Fitter"}, s.paper())
		if err == nil || !strings.HasPrefix(err.Error(), `"Ann Fitter" holds too much text for a legible QR code on Avery 5160`) {
			t.Fatalf("got %v", err)
		}
		return err.Error()
	}
	if s.paper() != labels.A4 {
		t.Fatalf("default paper %q", s.paper())
	}
	if msg := refuse(); !strings.Contains(msg, "A4") || strings.Contains(msg, "US Letter") || strings.Contains(msg, "Avery 5163") {
		t.Errorf("A4 station: %s", msg)
	}
	if _, err := st.SetPrinter("", settings.PaperLetter); err != nil {
		t.Fatal(err)
	}
	if msg := refuse(); !strings.Contains(msg, "Avery 5163") || strings.Contains(msg, ", A4") {
		t.Errorf("US Letter station: %s", msg)
	}
	if (&Service{}).paper() != "" {
		t.Error("no printing service: paper unknown")
	}
}
