// Package settings holds the station's settings: the cloud's address, the
// printer and paper last used, and each printer's calibration offset.
//
// Precedence, lowest first:
//  1. the built-in defaults (the production cloud, https://lifetag.app);
//  2. the machine's file that IT can deploy: /etc/lifetag-station/config.json
//     on Linux, /Library/Application Support/Lifetag/station.json on macOS,
//     %ProgramData%\Lifetag\station.json on Windows;
//  3. the user's own file, station.json in the user's configuration
//     directory (~/.config/Lifetag, %AppData%\Lifetag, ~/Library/Application
//     Support/Lifetag), 0600, holding only what the user chose.
//
// So IT can point every station at another cloud, and a user's explicit
// choice (first-run sign-in to another address) still wins on their account.
package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/lifetag/lifetag/pkg/client"
)

// ProductionURL is the cloud a station talks to unless told otherwise.
const ProductionURL = "https://lifetag.app"

// MaxOffset bounds a calibration offset (mm): more than a centimetre of
// drift is a wrong sheet or a wrong paper size, not a printer to correct.
const MaxOffset = 10.0

// MaxCopies bounds the copies of one print: more is a slip of the keyboard.
const MaxCopies = 100

// Paper sizes a printer is loaded with.
const (
	PaperA4     = "A4"
	PaperLetter = "Letter"
)

// Calibration moves everything printed on one printer right (OffsetX) and
// down (OffsetY), in millimetres, as read off a printed calibration sheet.
type Calibration struct {
	OffsetX float64 `json:"offsetX"`
	OffsetY float64 `json:"offsetY"`
}

// Validate refuses offsets that are not numbers or beyond MaxOffset.
func (c Calibration) Validate() error {
	for _, v := range []float64{c.OffsetX, c.OffsetY} {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxOffset {
			return fmt.Errorf("A calibration offset must be between -%g and %g mm", MaxOffset, MaxOffset)
		}
	}
	return nil
}

// Settings are the effective settings.
type Settings struct {
	CloudURL string `json:"cloudUrl"`
	Printer  string `json:"printer"`
	Paper    string `json:"paper"`
	Copies   int    `json:"copies"` // of each print, 1 to MaxCopies
	// Dialog sends prints to the OS print dialog (the desktop's PDF
	// application) instead of straight to the printer.
	Dialog       bool                   `json:"dialog"`
	Calibrations map[string]Calibration `json:"calibrations"`
}

// Calibration is printer's offset (zero when never calibrated).
func (s Settings) Calibration(printer string) Calibration { return s.Calibrations[printer] }

// layer is one file's settings: only what it sets.
type layer struct {
	CloudURL     *string                `json:"cloudUrl,omitempty"`
	Printer      *string                `json:"printer,omitempty"`
	Paper        *string                `json:"paper,omitempty"`
	Copies       *int                   `json:"copies,omitempty"`
	Dialog       *bool                  `json:"dialog,omitempty"`
	Calibrations map[string]Calibration `json:"calibrations,omitempty"`
}

// Store reads the machine's and the user's files and writes the user's.
type Store struct {
	SystemPath string // "" for none
	UserPath   string
	mu         sync.Mutex
}

// SystemPath is where IT deploys the machine's settings on this OS.
func SystemPath() string {
	switch runtime.GOOS {
	case "windows":
		if dir := os.Getenv("ProgramData"); dir != "" {
			return filepath.Join(dir, "Lifetag", "station.json")
		}
		return ""
	case "darwin":
		return "/Library/Application Support/Lifetag/station.json"
	default:
		return "/etc/lifetag-station/config.json"
	}
}

// UserDir is the user's Lifetag configuration directory.
func UserDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: no configuration directory: %w", err)
	}
	return filepath.Join(dir, "Lifetag"), nil
}

// DefaultStore is the store at this OS's paths.
func DefaultStore() (*Store, error) {
	dir, err := UserDir()
	if err != nil {
		return nil, err
	}
	return &Store{SystemPath: SystemPath(), UserPath: filepath.Join(dir, "station.json")}, nil
}

// Load returns the effective settings. A file that exists but cannot be
// read is an error naming it, never silently skipped.
func (s *Store) Load() (Settings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.load()
}

func (s *Store) load() (Settings, error) {
	out := Settings{CloudURL: ProductionURL, Paper: PaperA4, Copies: 1, Calibrations: map[string]Calibration{}}
	for _, path := range []string{s.SystemPath, s.UserPath} {
		if path == "" {
			continue
		}
		l, err := readLayer(path)
		if err != nil {
			return Settings{}, err
		}
		if l.CloudURL != nil {
			out.CloudURL = *l.CloudURL
		}
		if l.Printer != nil {
			out.Printer = *l.Printer
		}
		if l.Paper != nil {
			out.Paper = *l.Paper
		}
		if l.Copies != nil {
			out.Copies = *l.Copies
		}
		if l.Dialog != nil {
			out.Dialog = *l.Dialog
		}
		for p, c := range l.Calibrations {
			out.Calibrations[p] = c
		}
	}
	if _, err := client.ParseBaseURL(out.CloudURL); err != nil {
		return Settings{}, fmt.Errorf("settings: cloud address %q: %w", out.CloudURL, err)
	}
	return out, nil
}

func readLayer(path string) (layer, error) {
	var l layer
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return l, fmt.Errorf("settings: %w", err)
	}
	if err := json.Unmarshal(raw, &l); err != nil {
		return l, fmt.Errorf("settings: %s is not valid settings JSON: %w", path, err)
	}
	if l.Paper != nil && *l.Paper != PaperA4 && *l.Paper != PaperLetter {
		return l, fmt.Errorf("settings: %s: paper must be %s or %s", path, PaperA4, PaperLetter)
	}
	if l.Copies != nil {
		if err := ValidCopies(*l.Copies); err != nil {
			return l, fmt.Errorf("settings: %s: %w", path, err)
		}
	}
	for p, c := range l.Calibrations {
		if err := c.Validate(); err != nil {
			return l, fmt.Errorf("settings: %s: printer %q: %w", path, p, err)
		}
	}
	return l, nil
}

// update changes the user's file under the lock and returns the effective
// settings after it.
func (s *Store) update(change func(*layer)) (Settings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, err := readLayer(s.UserPath)
	if err != nil {
		return Settings{}, err
	}
	change(&l)
	raw, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return Settings{}, err
	}
	if err := writePrivate(s.UserPath, raw); err != nil {
		return Settings{}, err
	}
	return s.load()
}

// CheckMachineURL checks the cloud address IT set for the machine (the
// installers' CLOUDURL, in the registry on Windows): a valid https://
// address. The installers refuse anything else themselves (the NSIS script
// and the WiX source say how); this is the station's own check of a value
// written by other means, such as Group Policy.
func CheckMachineURL(raw string) error {
	u, err := client.ParseBaseURL(raw)
	if err != nil || u.Scheme != "https" {
		return fmt.Errorf("The cloud address IT set for this machine (%s) is %q, which is not a valid https:// address. Enter the cloud's address here, and tell IT.", MachineURLSource, raw)
	}
	return nil
}

// MachineURLSource names where the installers keep IT's cloud address.
const MachineURLSource = `HKLM\SOFTWARE\Lifetag\Station\CloudUrl`

// SetCloudURL keeps the user's choice of cloud.
func (s *Store) SetCloudURL(raw string) (Settings, error) {
	u, err := client.ParseBaseURL(raw)
	if err != nil {
		return Settings{}, err
	}
	v := u.String()
	return s.update(func(l *layer) { l.CloudURL = &v })
}

// SetPrinter keeps the printer and paper last used.
func (s *Store) SetPrinter(printer, paper string) (Settings, error) {
	if paper != PaperA4 && paper != PaperLetter {
		return Settings{}, fmt.Errorf("Paper must be %s or %s", PaperA4, PaperLetter)
	}
	printer = strings.TrimSpace(printer)
	return s.update(func(l *layer) { l.Printer, l.Paper = &printer, &paper })
}

// SetCopies keeps how many copies of each print to make.
func (s *Store) SetCopies(n int) (Settings, error) {
	if err := ValidCopies(n); err != nil {
		return Settings{}, err
	}
	return s.update(func(l *layer) { l.Copies = &n })
}

// SetDialog chooses whether prints open in the OS print dialog.
func (s *Store) SetDialog(on bool) (Settings, error) {
	return s.update(func(l *layer) { l.Dialog = &on })
}

// ValidCopies refuses a count of copies outside 1 to MaxCopies (for a
// saved setting and for one print alike).
func ValidCopies(n int) error {
	if n < 1 || n > MaxCopies {
		return fmt.Errorf("Copies must be between 1 and %d", MaxCopies)
	}
	return nil
}

// SetCalibration keeps printer's offset.
func (s *Store) SetCalibration(printer string, c Calibration) (Settings, error) {
	if err := c.Validate(); err != nil {
		return Settings{}, err
	}
	if strings.TrimSpace(printer) == "" {
		return Settings{}, errors.New("Choose a printer to calibrate")
	}
	return s.update(func(l *layer) {
		if l.Calibrations == nil {
			l.Calibrations = map[string]Calibration{}
		}
		l.Calibrations[printer] = c
	})
}

// writePrivate replaces path with data, 0600, through a temporary file so
// a crash leaves the old file or the new one, never half of one.
func writePrivate(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".station-*.json")
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("settings: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return os.Rename(tmp.Name(), path)
}
