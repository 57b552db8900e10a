// Package settings holds the station's settings: the cloud's address, the
// printer and paper last used, copies, and each printer's calibration offset.
//
// Precedence, lowest first, for each setting:
//  1. the built-in defaults (the production cloud, ProductionURL);
//  2. for the cloud's address only, the address the user accepted on the
//     first run without changing it (a "default", cloudUrlChosen false);
//     files written before this rule existed count as such defaults;
//  3. the machine's policy, which IT sets for every user of the PC: the
//     file at SystemPath (/etc/lifetag-station/config.json on Linux,
//     /Library/Application Support/Lifetag/station.json on macOS,
//     %ProgramData%\Lifetag\station.json on Windows), and on Windows the
//     registry key HKLM\SOFTWARE\Lifetag\Station, whose values win over the
//     file's where both set the same setting (the registry is what the
//     installers and Group Policy write, the file a copied default);
//  4. the user's own choice, station.json in the user's configuration
//     directory (~/.config/Lifetag, %AppData%\Lifetag, ~/Library/Application
//     Support/Lifetag), 0600: an address the user typed that differs from
//     the machine's, a printer, paper, copies or calibration they set.
//     Only what the user changed is written there: a setting they never
//     touched stays out of their file and keeps following the policy, even
//     when the window saves it beside one they did change (the paper
//     changed with the printer in effect); choosing the machine's own
//     value again removes theirs;
//  5. a setting the machine's policy locks ("locked" in the file, Locked in
//     the registry): the policy's value, whatever the user's file says, and
//     the window refuses to change it.
//
// The settings are read afresh at every start (and every Load), so a policy
// that changes reaches every user who has already run the station.
package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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

// DefaultCacheDays is how long a user's offline cache is kept without a
// sync from the cloud before it is wiped at start (the policy's cacheDays
// changes it, from 1 to MaxCacheDays): customers' and workers' records
// must not stay for ever on a PC that no longer syncs.
const (
	DefaultCacheDays = 30
	MaxCacheDays     = 365
)

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
	// CacheDays is how many days an offline cache is kept without a sync
	// (the machine's policy only).
	CacheDays int `json:"cacheDays"`
	// Locked are the settings the machine's policy locks (Lock* names).
	Locked []string `json:"locked"`
	// LockedCalibrations are the printers whose offset the policy locks.
	LockedCalibrations map[string]bool `json:"-"`
	// MachineCloudURL is the address the machine gives a user who has not
	// chosen another: the policy's, else ProductionURL.
	MachineCloudURL string `json:"-"`
	// HasUserCloudURL: the user has confirmed or chosen an address (the
	// first run is behind them).
	HasUserCloudURL bool `json:"-"`
	// CloudURLProblem says why the registry's address was ignored (not a
	// valid https:// address), "" otherwise.
	CloudURLProblem string `json:"-"`
	// machine is what the machine gives a user who set nothing: the
	// policy's values, else the built-in defaults.
	machine machineValues
}

// machineValues are the printing settings of the machine alone.
type machineValues struct {
	printer, paper string
	copies         int
	dialog         bool
	calibrations   map[string]Calibration
}

// Calibration is printer's offset (zero when never calibrated).
func (s Settings) Calibration(printer string) Calibration { return s.Calibrations[printer] }

// IsLocked says whether the policy locks setting (a Lock* name).
func (s Settings) IsLocked(setting string) bool {
	for _, l := range s.Locked {
		if l == setting {
			return true
		}
	}
	return false
}

// Names of the settings a policy can lock, in the file's "locked" list and
// the registry's Locked value.
const (
	LockCloudURL     = "cloudUrl"
	LockPrinter      = "printer"
	LockPaper        = "paper"
	LockCopies       = "copies"
	LockDialog       = "dialog"
	LockCalibrations = "calibrations" // the offsets of the printers the policy names
)

var lockNames = []string{LockCloudURL, LockPrinter, LockPaper, LockCopies, LockDialog, LockCalibrations}

// MsgLocked is the window's answer to a change of a setting IT locked.
func MsgLocked(setting string) string {
	return fmt.Sprintf("IT has set the %s for every user of this computer; it cannot be changed here.", lockLabel[setting])
}

var lockLabel = map[string]string{
	LockCloudURL: "cloud address", LockPrinter: "printer", LockPaper: "paper", LockCopies: "copies",
	LockDialog: "print dialog setting", LockCalibrations: "calibration of this printer",
}

// layer is one source's settings: only what it sets.
type layer struct {
	CloudURL *string `json:"cloudUrl,omitempty"`
	// CloudURLChosen (the user's file only): the user typed an address
	// other than the machine's, which then wins over the machine's policy
	// unless it is locked. False or absent: the address was the first
	// run's default, which any machine policy overrides.
	CloudURLChosen bool                   `json:"cloudUrlChosen,omitempty"`
	Printer        *string                `json:"printer,omitempty"`
	Paper          *string                `json:"paper,omitempty"`
	Copies         *int                   `json:"copies,omitempty"`
	Dialog         *bool                  `json:"dialog,omitempty"`
	Calibrations   map[string]Calibration `json:"calibrations,omitempty"`
	// CacheDays (the machine's file only): see DefaultCacheDays.
	CacheDays *int `json:"cacheDays,omitempty"`
	// Locked (the machine's file only) lists the Lock* settings the user
	// cannot change.
	Locked []string `json:"locked,omitempty"`
}

// Store reads the machine's policy and the user's file and writes the user's.
type Store struct {
	SystemPath string // "" for none
	UserPath   string
	// Registry reads the machine's registry policy (MachineRegistry on
	// Windows); nil for none.
	Registry func() (RegistryValues, error)
	mu       sync.Mutex
}

// RegistryValues are the values under HKLM\SOFTWARE\Lifetag\Station as
// strings (a REG_DWORD as its decimal number, a REG_MULTI_SZ joined by
// commas), by value name, and its Calibrations subkey: printer name to
// "OFFSETX OFFSETY" in mm.
type RegistryValues struct {
	Values       map[string]string
	Calibrations map[string]string
}

// RegistryKey is the registry key of the machine's policy (under HKLM).
const RegistryKey = `SOFTWARE\Lifetag\Station`

// Registry value names.
const (
	RegCloudURL  = "CloudUrl"
	RegPrinter   = "Printer"
	RegPaper     = "Paper"
	RegCopies    = "Copies"
	RegDialog    = "Dialog" // 1 or 0
	RegLocked    = "Locked" // Lock* names, comma-separated (or REG_MULTI_SZ)
	RegCacheDays = "CacheDays"
	// RegCalibrations is the subkey whose values are printers' offsets.
	RegCalibrations = "Calibrations"
)

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
	return &Store{SystemPath: SystemPath(), UserPath: filepath.Join(dir, "station.json"), Registry: MachineRegistry}, nil
}

// Load returns the effective settings. A file that exists but cannot be
// read is an error naming it, never silently skipped.
func (s *Store) Load() (Settings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.load()
}

// machine reads the machine's policy: the file, then the registry over it.
func (s *Store) machine() (layer, string, error) {
	var m layer
	if s.SystemPath != "" {
		l, err := readLayer(s.SystemPath)
		if err != nil {
			return m, "", err
		}
		if l.CloudURL != nil {
			u, err := client.ParseBaseURL(*l.CloudURL)
			if err != nil {
				return m, "", fmt.Errorf("settings: %s: cloud address %q: %w", s.SystemPath, *l.CloudURL, err)
			}
			v := u.String()
			l.CloudURL = &v
		}
		l.CloudURLChosen = false
		m = l
	}
	if s.Registry == nil {
		return m, "", nil
	}
	values, err := s.Registry()
	if err != nil {
		return m, "", fmt.Errorf("settings: reading HKLM\\%s: %w", RegistryKey, err)
	}
	r, problem, err := registryLayer(values)
	if err != nil {
		return m, "", err
	}
	over(&m, r)
	m.Locked = append(m.Locked, r.Locked...)
	return m, problem, nil
}

// over sets in dst what src sets.
func over(dst *layer, src layer) {
	if src.CloudURL != nil {
		dst.CloudURL = src.CloudURL
	}
	if src.Printer != nil {
		dst.Printer = src.Printer
	}
	if src.Paper != nil {
		dst.Paper = src.Paper
	}
	if src.Copies != nil {
		dst.Copies = src.Copies
	}
	if src.Dialog != nil {
		dst.Dialog = src.Dialog
	}
	if src.CacheDays != nil {
		dst.CacheDays = src.CacheDays
	}
	if len(src.Calibrations) > 0 && dst.Calibrations == nil {
		dst.Calibrations = map[string]Calibration{}
	}
	for p, c := range src.Calibrations {
		dst.Calibrations[p] = c
	}
}

// registryLayer checks the registry's values as readLayer checks a file.
// A CloudUrl that is not an https:// address is ignored with a problem
// (the window says why) rather than refused, as it was before locks.
func registryLayer(r RegistryValues) (layer, string, error) {
	var l layer
	where := func(name string) string { return `HKLM\` + RegistryKey + `\` + name }
	problem := ""
	if v, ok := r.Values[RegCloudURL]; ok && strings.TrimSpace(v) != "" {
		if err := CheckMachineURL(v); err != nil {
			problem = err.Error()
		} else {
			u, _ := client.ParseBaseURL(v)
			s := u.String()
			l.CloudURL = &s
		}
	}
	if v, ok := r.Values[RegPrinter]; ok {
		v = strings.TrimSpace(v)
		l.Printer = &v
	}
	if v, ok := r.Values[RegPaper]; ok {
		if v != PaperA4 && v != PaperLetter {
			return l, "", fmt.Errorf("settings: %s: paper must be %s or %s", where(RegPaper), PaperA4, PaperLetter)
		}
		l.Paper = &v
	}
	if v, ok := r.Values[RegCopies]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err == nil {
			err = ValidCopies(n)
		}
		if err != nil {
			return l, "", fmt.Errorf("settings: %s: %q: Copies must be between 1 and %d", where(RegCopies), v, MaxCopies)
		}
		l.Copies = &n
	}
	if v, ok := r.Values[RegDialog]; ok {
		on := strings.TrimSpace(v) == "1"
		if !on && strings.TrimSpace(v) != "0" {
			return l, "", fmt.Errorf("settings: %s: %q must be 1 or 0", where(RegDialog), v)
		}
		l.Dialog = &on
	}
	if v, ok := r.Values[RegCacheDays]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err == nil {
			err = validCacheDays(n)
		}
		if err != nil {
			return l, "", fmt.Errorf("settings: %s: %q: %w", where(RegCacheDays), v, errCacheDays)
		}
		l.CacheDays = &n
	}
	if v, ok := r.Values[RegLocked]; ok {
		for _, name := range strings.Split(v, ",") {
			if name = strings.TrimSpace(name); name != "" {
				l.Locked = append(l.Locked, name)
			}
		}
		if err := checkLocks(l.Locked); err != nil {
			return l, "", fmt.Errorf("settings: %s: %w", where(RegLocked), err)
		}
	}
	for printer, v := range r.Calibrations {
		var c Calibration
		if _, err := fmt.Sscanf(v, "%g %g", &c.OffsetX, &c.OffsetY); err != nil {
			return l, "", fmt.Errorf("settings: %s\\%s: %q must be two offsets in mm, right then down, such as \"1.5 -0.5\"", where(RegCalibrations), printer, v)
		}
		if err := c.Validate(); err != nil {
			return l, "", fmt.Errorf("settings: %s\\%s: %w", where(RegCalibrations), printer, err)
		}
		if l.Calibrations == nil {
			l.Calibrations = map[string]Calibration{}
		}
		l.Calibrations[printer] = c
	}
	return l, problem, nil
}

var errCacheDays = fmt.Errorf("the days an offline cache is kept must be between 1 and %d", MaxCacheDays)

func validCacheDays(n int) error {
	if n < 1 || n > MaxCacheDays {
		return errCacheDays
	}
	return nil
}

func checkLocks(names []string) error {
	for _, n := range names {
		if !slices.Contains(lockNames, n) {
			return fmt.Errorf("%q is not a setting that can be locked (%s)", n, strings.Join(lockNames, ", "))
		}
	}
	return nil
}

func (s *Store) load() (Settings, error) {
	out := Settings{CloudURL: ProductionURL, Paper: PaperA4, Copies: 1, Calibrations: map[string]Calibration{},
		LockedCalibrations: map[string]bool{}}
	m, problem, err := s.machine()
	if err != nil {
		return Settings{}, err
	}
	u, err := readLayer(s.UserPath)
	if err != nil {
		return Settings{}, err
	}
	out.CloudURLProblem = problem
	out.CacheDays = DefaultCacheDays
	if m.CacheDays != nil {
		out.CacheDays = *m.CacheDays
	}
	out.Locked = m.Locked
	locked := func(name string) bool { return slices.Contains(m.Locked, name) }

	// The cloud's address: built-in, the user's default, the policy, the
	// user's choice, the locked policy.
	out.MachineCloudURL = ProductionURL
	if m.CloudURL != nil {
		out.MachineCloudURL = *m.CloudURL
	}
	out.HasUserCloudURL = u.CloudURL != nil
	switch {
	case m.CloudURL != nil && (locked(LockCloudURL) || u.CloudURL == nil || !u.CloudURLChosen):
		out.CloudURL = *m.CloudURL
	case u.CloudURL != nil && !locked(LockCloudURL):
		out.CloudURL = *u.CloudURL
	}

	// The rest: built-in, the policy, the user's, the locked policy.
	user := u
	user.CloudURL = nil
	if locked(LockPrinter) {
		user.Printer = nil
	}
	if locked(LockPaper) {
		user.Paper = nil
	}
	if locked(LockCopies) {
		user.Copies = nil
	}
	if locked(LockDialog) {
		user.Dialog = nil
	}
	if locked(LockCalibrations) {
		for p := range m.Calibrations {
			delete(user.Calibrations, p)
			out.LockedCalibrations[p] = true
		}
	}
	eff := layer{}
	over(&eff, m)
	over(&eff, user)
	if eff.Printer != nil {
		out.Printer = *eff.Printer
	}
	if eff.Paper != nil {
		out.Paper = *eff.Paper
	}
	if eff.Copies != nil {
		out.Copies = *eff.Copies
	}
	if eff.Dialog != nil {
		out.Dialog = *eff.Dialog
	}
	for p, c := range eff.Calibrations {
		out.Calibrations[p] = c
	}
	out.machine = machineValues{paper: PaperA4, copies: 1, calibrations: m.Calibrations}
	if m.Printer != nil {
		out.machine.printer = *m.Printer
	}
	if m.Paper != nil {
		out.machine.paper = *m.Paper
	}
	if m.Copies != nil {
		out.machine.copies = *m.Copies
	}
	if m.Dialog != nil {
		out.machine.dialog = *m.Dialog
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
	if err := checkLocks(l.Locked); err != nil {
		return l, fmt.Errorf("settings: %s: locked: %w", path, err)
	}
	if l.CacheDays != nil {
		if err := validCacheDays(*l.CacheDays); err != nil {
			return l, fmt.Errorf("settings: %s: cacheDays: %w", path, err)
		}
	}
	return l, nil
}

// update changes the user's file under the lock and returns the effective
// settings after it. change sees the effective settings before it and may
// refuse.
func (s *Store) update(change func(cur Settings, l *layer) error) (Settings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, err := s.load()
	if err != nil {
		return Settings{}, err
	}
	l, err := readLayer(s.UserPath)
	if err != nil {
		return Settings{}, err
	}
	if err := change(cur, &l); err != nil {
		return Settings{}, err
	}
	l.Locked, l.CacheDays = nil, nil // only the machine's policy sets these
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

// SetCloudURL keeps the user's address: their choice when it differs from
// the machine's, else the first run's default, which a later policy
// overrides. A locked address cannot be changed.
func (s *Store) SetCloudURL(raw string) (Settings, error) {
	u, err := client.ParseBaseURL(raw)
	if err != nil {
		return Settings{}, err
	}
	v := u.String()
	return s.update(func(cur Settings, l *layer) error {
		if cur.IsLocked(LockCloudURL) && v != cur.CloudURL {
			return errors.New(MsgLocked(LockCloudURL))
		}
		l.CloudURL, l.CloudURLChosen = &v, v != cur.MachineCloudURL
		return nil
	})
}

// keepOwn records v as the user's value of one setting, by the rule that
// only what the user changed is theirs: v the same as the value in effect
// leaves the user's file as it was (a setting saved beside another, never
// touched, keeps following the policy); v the same as the machine's value
// removes the user's own (the setting follows the policy again); any other
// v is the user's.
func keepOwn[T comparable](field **T, v, effective, machine T) {
	switch {
	case v == effective:
	case v == machine:
		*field = nil
	default:
		*field = &v
	}
}

// refuseLocked refuses a change of a locked setting to another value.
func refuseLocked(cur Settings, setting string, same bool) error {
	if cur.IsLocked(setting) && !same {
		return errors.New(MsgLocked(setting))
	}
	return nil
}

// SetPrinter keeps the printer and paper last used (only the one that
// changed becomes the user's own: keepOwn).
func (s *Store) SetPrinter(printer, paper string) (Settings, error) {
	if paper != PaperA4 && paper != PaperLetter {
		return Settings{}, fmt.Errorf("Paper must be %s or %s", PaperA4, PaperLetter)
	}
	printer = strings.TrimSpace(printer)
	return s.update(func(cur Settings, l *layer) error {
		if err := refuseLocked(cur, LockPrinter, printer == cur.Printer); err != nil {
			return err
		}
		if err := refuseLocked(cur, LockPaper, paper == cur.Paper); err != nil {
			return err
		}
		keepOwn(&l.Printer, printer, cur.Printer, cur.machine.printer)
		keepOwn(&l.Paper, paper, cur.Paper, cur.machine.paper)
		return nil
	})
}

// SetCopies keeps how many copies of each print to make.
func (s *Store) SetCopies(n int) (Settings, error) {
	if err := ValidCopies(n); err != nil {
		return Settings{}, err
	}
	return s.update(func(cur Settings, l *layer) error {
		if err := refuseLocked(cur, LockCopies, n == cur.Copies); err != nil {
			return err
		}
		keepOwn(&l.Copies, n, cur.Copies, cur.machine.copies)
		return nil
	})
}

// SetDialog chooses whether prints open in the OS print dialog.
func (s *Store) SetDialog(on bool) (Settings, error) {
	return s.update(func(cur Settings, l *layer) error {
		if err := refuseLocked(cur, LockDialog, on == cur.Dialog); err != nil {
			return err
		}
		keepOwn(&l.Dialog, on, cur.Dialog, cur.machine.dialog)
		return nil
	})
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
	return s.update(func(cur Settings, l *layer) error {
		if cur.LockedCalibrations[printer] && c != cur.Calibration(printer) {
			return errors.New(MsgLocked(LockCalibrations))
		}
		own := l.Calibrations[printer]
		ptr := &own
		if _, ok := l.Calibrations[printer]; !ok {
			ptr = nil
		}
		keepOwn(&ptr, c, cur.Calibration(printer), cur.machine.calibrations[printer])
		if ptr == nil {
			delete(l.Calibrations, printer)
			return nil
		}
		if l.Calibrations == nil {
			l.Calibrations = map[string]Calibration{}
		}
		l.Calibrations[printer] = *ptr
		return nil
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
