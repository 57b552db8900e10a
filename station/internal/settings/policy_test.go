package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// policyStore is a store whose machine file, registry and user file are
// given as JSON ("" for none) and registry values (nil for none).
func policyStore(t *testing.T, file string, reg *RegistryValues, user string) *Store {
	t.Helper()
	dir := t.TempDir()
	s := &Store{SystemPath: filepath.Join(dir, "system.json"), UserPath: filepath.Join(dir, "user", "station.json")}
	write := func(path, body string) {
		if body == "" {
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(s.SystemPath, file)
	write(s.UserPath, user)
	if reg != nil {
		s.Registry = func() (RegistryValues, error) { return *reg, nil }
	}
	return s
}

func regValues(kv ...string) *RegistryValues {
	r := &RegistryValues{Values: map[string]string{}, Calibrations: map[string]string{}}
	for i := 0; i < len(kv); i += 2 {
		r.Values[kv[i]] = kv[i+1]
	}
	return r
}

const (
	fileURL = "https://file.example.org"
	regURL  = "https://registry.example.org"
	userURL = "https://mine.example.org"
)

// TestCloudURLPrecedence: built-in < the user's first-run default (and
// files from before the rule) < the machine's policy (file, registry over
// it) < the user's explicit choice < a locked policy.
func TestCloudURLPrecedence(t *testing.T) {
	for _, tc := range []struct {
		name       string
		file       string
		reg        *RegistryValues
		user       string
		want       string
		locked     bool
		firstRun   bool
		problemHas string
	}{
		{name: "nothing set: production", want: ProductionURL, firstRun: true},
		{name: "the file", file: `{"cloudUrl":"` + fileURL + `/"}`, want: fileURL, firstRun: true},
		{name: "the registry", reg: regValues(RegCloudURL, regURL), want: regURL, firstRun: true},
		{name: "the registry wins over the file", file: `{"cloudUrl":"` + fileURL + `"}`, reg: regValues(RegCloudURL, regURL), want: regURL, firstRun: true},
		{name: "a bad registry value is ignored with a problem, the file stands", file: `{"cloudUrl":"` + fileURL + `"}`,
			reg: regValues(RegCloudURL, "http://registry.example.org"), want: fileURL, firstRun: true, problemHas: MachineURLSource},
		{name: "the user's first-run default without policy", user: `{"cloudUrl":"` + userURL + `"}`, want: userURL},
		{name: "a policy wins over a first-run default", reg: regValues(RegCloudURL, regURL), user: `{"cloudUrl":"` + userURL + `"}`, want: regURL},
		{name: "a policy file wins over a first-run default", file: `{"cloudUrl":"` + fileURL + `"}`, user: `{"cloudUrl":"` + userURL + `","printer":"Office"}`, want: fileURL},
		{name: "the user's explicit choice wins over a policy", reg: regValues(RegCloudURL, regURL),
			user: `{"cloudUrl":"` + userURL + `","cloudUrlChosen":true}`, want: userURL},
		{name: "a locked registry policy wins over the user's choice", reg: regValues(RegCloudURL, regURL, RegLocked, "cloudUrl"),
			user: `{"cloudUrl":"` + userURL + `","cloudUrlChosen":true}`, want: regURL, locked: true},
		{name: "a lock in the file locks the registry's address", file: `{"locked":["cloudUrl"]}`, reg: regValues(RegCloudURL, regURL),
			user: `{"cloudUrl":"` + userURL + `","cloudUrlChosen":true}`, want: regURL, locked: true},
		{name: "a locked file policy wins over the user's choice", file: `{"cloudUrl":"` + fileURL + `","locked":["cloudUrl","copies"]}`,
			user: `{"cloudUrl":"` + userURL + `","cloudUrlChosen":true}`, want: fileURL, locked: true},
		{name: "locked without an address: production", reg: regValues(RegLocked, "cloudUrl"),
			user: `{"cloudUrl":"` + userURL + `","cloudUrlChosen":true}`, want: ProductionURL, locked: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := policyStore(t, tc.file, tc.reg, tc.user).Load()
			if err != nil {
				t.Fatal(err)
			}
			if got.CloudURL != tc.want || got.IsLocked(LockCloudURL) != tc.locked || got.HasUserCloudURL == tc.firstRun {
				t.Errorf("got %q locked %v first run %v; want %q locked %v first run %v",
					got.CloudURL, got.IsLocked(LockCloudURL), !got.HasUserCloudURL, tc.want, tc.locked, tc.firstRun)
			}
			if (tc.problemHas == "") != (got.CloudURLProblem == "") || !strings.Contains(got.CloudURLProblem, tc.problemHas) {
				t.Errorf("problem %q, want one containing %q", got.CloudURLProblem, tc.problemHas)
			}
		})
	}
}

// TestSetCloudURLRecordsChoice: confirming the machine's address keeps it
// as a default that a later policy overrides; another address is a
// choice that stays; a locked address cannot be changed.
func TestSetCloudURLRecordsChoice(t *testing.T) {
	s := policyStore(t, "", nil, "")
	if _, err := s.SetCloudURL(ProductionURL + "/"); err != nil {
		t.Fatal(err)
	}
	reg := regValues(RegCloudURL, regURL)
	s.Registry = func() (RegistryValues, error) { return *reg, nil }
	if got, _ := s.Load(); got.CloudURL != regURL {
		t.Fatalf("a confirmed default must give way to a later policy: %q", got.CloudURL)
	}
	if got, err := s.SetCloudURL(userURL); err != nil || got.CloudURL != userURL {
		t.Fatalf("the user's choice: %+v %v", got, err)
	}
	reg.Values[RegCloudURL] = "https://moved.example.org"
	if got, _ := s.Load(); got.CloudURL != userURL {
		t.Fatalf("a choice must survive a policy change: %q", got.CloudURL)
	}
	reg.Values[RegLocked] = "cloudUrl"
	if got, _ := s.Load(); got.CloudURL != "https://moved.example.org" {
		t.Fatalf("a lock must win over the choice: %q", got.CloudURL)
	}
	if _, err := s.SetCloudURL(userURL); err == nil || err.Error() != MsgLocked(LockCloudURL) {
		t.Fatalf("changing a locked address: %v", err)
	}
	if got, err := s.SetCloudURL("https://moved.example.org"); err != nil || got.CloudURL != "https://moved.example.org" {
		t.Fatalf("confirming the locked address: %+v %v", got, err)
	}
}

// TestPrinterPolicy: the machine's printer, paper, copies, dialog and
// calibration are every user's defaults; a user's own wins unless locked;
// the registry wins over the file.
func TestPrinterPolicy(t *testing.T) {
	file := `{"printer":"Front desk","paper":"Letter","copies":2,"calibrations":{"Front desk":{"offsetX":1,"offsetY":1},"Back":{"offsetX":2,"offsetY":2}}}`
	for _, tc := range []struct {
		name      string
		file      string
		reg       *RegistryValues
		user      string
		printer   string
		paper     string
		copies    int
		dialog    bool
		front     Calibration
		back      Calibration
		lockedCal bool
	}{
		{name: "built-in", printer: "", paper: PaperA4, copies: 1},
		{name: "the file's defaults", file: file, printer: "Front desk", paper: PaperLetter, copies: 2,
			front: Calibration{1, 1}, back: Calibration{2, 2}},
		{name: "the registry over the file", file: file,
			reg: func() *RegistryValues {
				r := regValues(RegPrinter, "Office", RegCopies, "3", RegDialog, "1")
				r.Calibrations["Front desk"] = "1.5 -0.5"
				return r
			}(),
			printer: "Office", paper: PaperLetter, copies: 3, dialog: true, front: Calibration{1.5, -0.5}, back: Calibration{2, 2}},
		{name: "the user's own over the policy", file: file,
			user:    `{"printer":"Mine","paper":"A4","copies":5,"calibrations":{"Front desk":{"offsetX":-1,"offsetY":0}}}`,
			printer: "Mine", paper: PaperA4, copies: 5, front: Calibration{-1, 0}, back: Calibration{2, 2}},
		{name: "locked: the policy's over the user's", file: strings.Replace(file, "{", `{"locked":["printer","paper","copies","calibrations"],`, 1),
			user:    `{"printer":"Mine","paper":"A4","copies":5,"calibrations":{"Front desk":{"offsetX":-1,"offsetY":0},"Own":{"offsetX":3,"offsetY":3}}}`,
			printer: "Front desk", paper: PaperLetter, copies: 2, front: Calibration{1, 1}, back: Calibration{2, 2}, lockedCal: true},
		{name: "locked by the registry", file: file, reg: regValues(RegLocked, "copies,calibrations"),
			user:    `{"printer":"Mine","copies":5,"calibrations":{"Front desk":{"offsetX":-1,"offsetY":0}}}`,
			printer: "Mine", paper: PaperLetter, copies: 2, front: Calibration{1, 1}, back: Calibration{2, 2}, lockedCal: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := policyStore(t, tc.file, tc.reg, tc.user)
			got, err := s.Load()
			if err != nil {
				t.Fatal(err)
			}
			if got.Printer != tc.printer || got.Paper != tc.paper || got.Copies != tc.copies || got.Dialog != tc.dialog ||
				got.Calibration("Front desk") != tc.front || got.Calibration("Back") != tc.back {
				t.Errorf("got %+v", got)
			}
			if got.LockedCalibrations["Front desk"] != tc.lockedCal {
				t.Errorf("calibration locked %v, want %v", got.LockedCalibrations["Front desk"], tc.lockedCal)
			}
			if tc.lockedCal {
				if _, err := s.SetCalibration("Front desk", Calibration{OffsetX: 4}); err == nil || err.Error() != MsgLocked(LockCalibrations) {
					t.Errorf("a locked printer's offset changed: %v", err)
				}
				if got, err := s.SetCalibration("Own", Calibration{OffsetX: 4}); err != nil || got.Calibration("Own").OffsetX != 4 {
					t.Errorf("a printer the policy does not name must stay the user's: %v", err)
				}
			}
			if got.IsLocked(LockCopies) {
				if _, err := s.SetCopies(7); err == nil || err.Error() != MsgLocked(LockCopies) {
					t.Errorf("locked copies changed: %v", err)
				}
				if _, err := s.SetCopies(got.Copies); err != nil {
					t.Errorf("keeping the locked count must not fail: %v", err)
				}
			}
		})
	}
}

// TestBadPolicyIsReported: a policy IT got wrong is an error naming where,
// never silently skipped.
func TestBadPolicyIsReported(t *testing.T) {
	for name, tc := range map[string]struct {
		file string
		reg  *RegistryValues
		has  string
	}{
		"unknown lock in the file":     {file: `{"locked":["everything"]}`, has: "system.json"},
		"unknown lock in the registry": {reg: regValues(RegLocked, "cloudUrl,colour"), has: RegLocked},
		"copies in the registry":       {reg: regValues(RegCopies, "0"), has: RegCopies},
		"paper in the registry":        {reg: regValues(RegPaper, "A3"), has: RegPaper},
		"dialog in the registry":       {reg: regValues(RegDialog, "yes"), has: RegDialog},
		"calibration in the registry": {reg: func() *RegistryValues {
			r := regValues()
			r.Calibrations["Office"] = "1,5"
			return r
		}(), has: `Calibrations\Office`},
		"the file's address":         {file: `{"cloudUrl":"lifetag.example.org"}`, has: "system.json"},
		"cache days in the file":     {file: `{"cacheDays":0}`, has: "cacheDays"},
		"cache days in the registry": {reg: regValues(RegCacheDays, "366"), has: RegCacheDays},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := policyStore(t, tc.file, tc.reg, "").Load()
			if err == nil || !strings.Contains(err.Error(), tc.has) {
				t.Errorf("got %v, want an error naming %q", err, tc.has)
			}
		})
	}
}

// TestCacheDays: 30 days unless the machine's policy says otherwise (the
// registry over the file); a user's file cannot lengthen it.
func TestCacheDays(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		reg  *RegistryValues
		user string
		want int
	}{
		{name: "built-in", want: DefaultCacheDays},
		{name: "the file", file: `{"cacheDays":7}`, want: 7},
		{name: "the registry over the file", file: `{"cacheDays":7}`, reg: regValues(RegCacheDays, "14"), want: 14},
		{name: "not the user's", user: `{"cacheDays":365}`, want: DefaultCacheDays},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := policyStore(t, tc.file, tc.reg, tc.user).Load()
			if err != nil || got.CacheDays != tc.want {
				t.Errorf("got %d (%v), want %d", got.CacheDays, err, tc.want)
			}
		})
	}
}

// TestUntouchedSettingsFollowPolicy: what the window saves beside a
// setting the user changed (the printer in effect, saved with a new paper)
// does not become the user's own: a printer, copies or calibration the
// machine's policy moves later reaches a user who only changed the paper;
// choosing the machine's value again follows the policy again.
func TestUntouchedSettingsFollowPolicy(t *testing.T) {
	reg := regValues(RegPrinter, "Front desk", RegCopies, "2")
	reg.Calibrations["Front desk"] = "1 1"
	s := policyStore(t, "", reg, "")
	cur, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	// The window's paper choice: SetPrinter with the printer in effect.
	if _, err := s.SetPrinter(cur.Printer, PaperLetter); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetCopies(cur.Copies); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetCalibration("Front desk", cur.Calibration("Front desk")); err != nil {
		t.Fatal(err)
	}
	reg.Values[RegPrinter], reg.Values[RegCopies] = "Back office", "4"
	reg.Calibrations["Front desk"] = "2 2"
	got, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got.Printer != "Back office" || got.Copies != 4 || got.Calibration("Front desk") != (Calibration{2, 2}) {
		t.Fatalf("the policy's new printer, copies and calibration must reach a user who only changed the paper: printer %q copies %d calibration %+v",
			got.Printer, got.Copies, got.Calibration("Front desk"))
	}
	if got.Paper != PaperLetter {
		t.Fatalf("the paper the user chose: %q", got.Paper)
	}
	// The user's own printer stays theirs; choosing the policy's again follows it again.
	if _, err := s.SetPrinter("Mine", got.Paper); err != nil {
		t.Fatal(err)
	}
	reg.Values[RegPrinter] = "Third"
	if got, _ := s.Load(); got.Printer != "Mine" {
		t.Fatalf("the user's own printer: %q", got.Printer)
	}
	if _, err := s.SetPrinter("Third", got.Paper); err != nil {
		t.Fatal(err)
	}
	reg.Values[RegPrinter] = "Fourth"
	if got, _ := s.Load(); got.Printer != "Fourth" {
		t.Fatalf("back on the policy's printer, the user follows the policy again: %q", got.Printer)
	}
	raw, _ := os.ReadFile(s.UserPath)
	if strings.Contains(string(raw), "printer") || strings.Contains(string(raw), "copies") || strings.Contains(string(raw), "calibrations") {
		t.Fatalf("the user's file holds settings the user never made their own: %s", raw)
	}
}
