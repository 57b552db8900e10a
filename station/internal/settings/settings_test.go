package settings

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPrecedenceDefaultsThenITThenUser(t *testing.T) {
	dir := t.TempDir()
	s := &Store{SystemPath: filepath.Join(dir, "system.json"), UserPath: filepath.Join(dir, "user", "station.json")}

	got, err := s.Load()
	if err != nil || got.CloudURL != ProductionURL || got.Paper != PaperA4 {
		t.Fatalf("defaults: %+v %v", got, err)
	}

	os.WriteFile(s.SystemPath, []byte(`{"cloudUrl":"https://labels.example.org","calibrations":{"Office":{"offsetX":1.5,"offsetY":-0.5}}}`), 0o644)
	got, err = s.Load()
	if err != nil || got.CloudURL != "https://labels.example.org" || got.Calibration("Office").OffsetX != 1.5 {
		t.Fatalf("IT's file: %+v %v", got, err)
	}

	if _, err := s.SetPrinter("Office", PaperLetter); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Load()
	if got.CloudURL != "https://labels.example.org" || got.Printer != "Office" || got.Paper != PaperLetter {
		t.Fatalf("a printer choice must not pin the cloud address: %+v", got)
	}
	if got, err = s.SetCloudURL("http://127.0.0.1:8080/"); err != nil || got.CloudURL != "http://127.0.0.1:8080" {
		t.Fatalf("the user's cloud: %+v %v", got, err)
	}
	if got, err = s.SetCalibration("Office", Calibration{OffsetX: -2, OffsetY: 0.25}); err != nil ||
		got.Calibration("Office") != (Calibration{OffsetX: -2, OffsetY: 0.25}) {
		t.Fatalf("the user's calibration: %+v %v", got, err)
	}
	info, err := os.Stat(s.UserPath)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("user file: %v %v", info, err)
	}

	t.Run("ErrBadOffset", func(t *testing.T) {
		for _, c := range []Calibration{{OffsetX: 11}, {OffsetY: math.NaN()}, {OffsetX: math.Inf(-1)}} {
			if _, err := s.SetCalibration("Office", c); err == nil {
				t.Errorf("%+v accepted", c)
			}
		}
		if got, _ := s.Load(); got.Calibration("Office").OffsetX != -2 {
			t.Error("a refused offset changed the saved one")
		}
	})
	t.Run("Copies", func(t *testing.T) {
		if got, _ := s.Load(); got.Copies != 1 {
			t.Fatalf("default copies %d, want 1", got.Copies)
		}
		if got, err := s.SetCopies(3); err != nil || got.Copies != 3 {
			t.Fatalf("copies: %+v %v", got, err)
		}
		for _, n := range []int{0, -1, MaxCopies + 1} {
			if _, err := s.SetCopies(n); err == nil {
				t.Errorf("%d copies accepted", n)
			}
		}
		if got, _ := s.Load(); got.Copies != 3 {
			t.Errorf("a refused count changed the saved one: %d", got.Copies)
		}
	})
	t.Run("ErrBadCloudURL", func(t *testing.T) {
		if _, err := s.SetCloudURL("lifetag.app"); err == nil {
			t.Error("an address without a scheme was accepted")
		}
	})
	t.Run("ErrBrokenFileIsReported", func(t *testing.T) {
		os.WriteFile(s.SystemPath, []byte(`{"cloudUrl":`), 0o644)
		if _, err := s.Load(); err == nil {
			t.Error("a broken IT file was skipped silently")
		}
	})
}

// TestCheckMachineURL: IT's address for the machine must be https://; what
// the broken NSIS /CLOUDURL parsing stored ("https:") is refused with a
// message naming the registry value.
func TestCheckMachineURL(t *testing.T) {
	if err := CheckMachineURL("https://lifetag.example.org"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"https:", "http://lifetag.example.org", "lifetag.example.org", `"https://lifetag.example.org"`, "https://"} {
		err := CheckMachineURL(bad)
		if err == nil || !strings.Contains(err.Error(), MachineURLSource) {
			t.Errorf("%q: got %v", bad, err)
		}
	}
}
