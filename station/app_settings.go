package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// defaultCloudURL is the cloud a new station offers on its first-run screen;
// scripts/station-build.sh sets the production address
// (STATION_CLOUD_URL, -ldflags -X main.defaultCloudURL=...).
var defaultCloudURL = "https://lifetag.example"

// The IT configuration, set once per machine by an installer or IT and
// read at each start; a person's own choice, in the user's settings, wins.
// Everywhere, a small JSON file:
//
//	{"cloudUrl": "https://lifetag.example.org"}
//
// at /etc/lifetag/station.json (Linux, macOS) or
// %ProgramData%\Lifetag\station.json (Windows). On Windows the installers
// write the registry value HKLM\SOFTWARE\Lifetag\Station\CloudUrl instead
// (msiexec CLOUDURL=..., the NSIS installer's /CLOUDURL=...; Group Policy can
// set it too), which wins over the file: an MSI writes registry values but
// no text files (machine_windows.go).
type machineConfig struct {
	CloudURL string `json:"cloudUrl"`
}

func machineConfigPath() string {
	if runtime.GOOS == "windows" {
		base := os.Getenv("ProgramData")
		if base == "" {
			base = `C:\ProgramData`
		}
		return filepath.Join(base, "Lifetag", "station.json")
	}
	return "/etc/lifetag/station.json"
}

// readMachineConfig reads the IT configuration: the registry value where
// there is one (Windows), else the file.
func readMachineConfig() (machineConfig, error) {
	if u := registryCloudURL(); u != "" {
		return machineConfig{CloudURL: u}, nil
	}
	var c machineConfig
	err := readJSON(machineConfigPath(), &c)
	return c, err
}

// settings are a person's choices on this station, in the user's config
// directory (0600): the cloud they sign in to and the printer labels go to.
type settings struct {
	CloudURL string `json:"cloudUrl"`
	// Printer is a printer's name; empty means Save PDF.
	Printer string `json:"printer"`
}

// settingsDir is the station's folder in the user's config directory
// ($XDG_CONFIG_HOME/lifetag-station, %AppData%\lifetag-station).
func settingsDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "lifetag-station"), nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// writePrivate writes a file only its user can read, through a temporary
// file and a rename so a crash never leaves half a file.
func writePrivate(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// cleanCloudURL checks a cloud address a person or IT typed: http(s), a
// host, no path beyond "/". Plain http is for a cloud on this machine only
// (make run), as the token would otherwise cross the network in clear.
func cleanCloudURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", errors.New("Enter the cloud's address, such as https://lifetag.example.")
	}
	if u.Scheme == "http" && !isLoopback(u.Host) && !isLoopback(u.Host+":80") {
		return "", errors.New("Use an https:// address (plain http only for a cloud on this computer).")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("Enter only the cloud's address, without a path.")
	}
	return u.Scheme + "://" + u.Host, nil
}
