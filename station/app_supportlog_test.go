package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// acceptingSpooler takes every job, for tests that print without CUPS.
type acceptingSpooler struct{}

func (acceptingSpooler) Printers(context.Context) ([]printing.Printer, error) {
	return []printing.Printer{{Name: "Front desk", Default: true}}, nil
}
func (acceptingSpooler) Submit(context.Context, string, printing.Job) (string, error) {
	return "1", nil
}
func (acceptingSpooler) Cancel(context.Context, string) error { return nil }

// The log a user copies for support: in the user's cache folder beside the
// offline cache (which the purge removes), it tells the start, the
// settings and each print by counts and printer, and never a record's
// name, allergies, contact or the job's title.
func TestSupportLogHasNoMedicalData(t *testing.T) {
	a := newTestApp(t)
	a.svc.Printing.Spooler = acceptingSpooler{}
	if got := a.Station.Info().LogPath; !strings.HasSuffix(got, filepath.Join("Lifetag", "station.log")) {
		t.Fatalf("the log is at %q", got)
	}
	d := emergency.Data{
		PersonalInfo:      emergency.PersonalInfo{FullName: "Zofia Przybylska", BloodType: "O-"},
		EmergencyContacts: []emergency.Contact{{ID: "1", Name: "Marek Przybylski", Phone: "+48 601 234 567"}},
		MedicalInfo:       emergency.MedicalInfo{Allergies: "Penicillin"},
	}
	label := sheet.RecordLabel(d, emergency.QRText(d, a.svc.Cache.Now(), time.UTC))
	tmpl, err := labels.MustBuiltin().Preset(labels.Helmet, labels.A4)
	if err != nil {
		t.Fatal(err)
	}
	job := printing.Job{Printer: "Front desk", Paper: settings.PaperA4, Title: "Zofia Przybylska"}
	if _, err := a.svc.Printing.Print(context.Background(), tmpl, []sheet.Label{label}, sheet.Options{}, job, nil); err != nil {
		t.Fatal(err)
	}
	text, err := a.Station.SupportLog()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"station: started", "station: settings", `msg="station: printed" printer="Front desk"`, "labels=1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log lacks %q:\n%s", want, text)
		}
	}
	for _, secret := range []string{"Zofia", "Przybyl", "Marek", "601 234", "Penicillin"} {
		if strings.Contains(text, secret) {
			t.Errorf("the log holds %q:\n%s", secret, text)
		}
	}
}
