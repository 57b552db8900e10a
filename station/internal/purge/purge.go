// Package purge removes every user's station data from a PC: what the
// uninstallers' purge option (the MSI's PURGE=1, the NSIS installer's
// /PURGE) runs, as lifetag-station --purge-all-users, before they remove
// the exe, so both installers purge by one rule.
//
// In each user profile it removes the offline cache (AppData\Local\Lifetag)
// and the settings with the 0600 secrets files (AppData\Roaming\Lifetag),
// then the station's entries in the Credential Manager of the account it
// runs as (OwnSecrets; the MSI also runs it, as --purge-own-secrets, as the
// account that started msiexec, since its purge of the profiles runs as
// the machine's account). Other users' entries are sealed to them by
// Windows and cannot be removed by another account; with the cache gone,
// the station forgets them at that user's next start (services.Open: a new
// cache forgets a kept session and gets a new key).
package purge

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/lifetag/lifetag/station/internal/secrets"
)

// UserDirs are the station's folders in a profile, relative to it.
var UserDirs = []string{filepath.Join("AppData", "Local", "Lifetag"), filepath.Join("AppData", "Roaming", "Lifetag")}

// Profiles removes UserDirs from each profile folder and returns the
// folders it removed. Every profile is tried; the first failure is
// returned after the rest.
func Profiles(profiles []string) ([]string, error) {
	var removed []string
	var first error
	for _, p := range profiles {
		for _, d := range UserDirs {
			dir := filepath.Join(p, d)
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				continue
			}
			if err := removeTree(dir); err != nil {
				if first == nil {
					first = fmt.Errorf("purge: %w", err)
				}
				continue
			}
			removed = append(removed, dir)
		}
	}
	return removed, first
}

// AllUsers purges every profile of this machine (SystemProfiles).
func AllUsers() ([]string, error) {
	profiles, err := SystemProfiles()
	if err != nil {
		return nil, err
	}
	return Profiles(profiles)
}

// OwnSecrets removes every station secret (secrets.Names) from store, the
// account's own keyring (secrets.Keyring: its Credential Manager on
// Windows); every name is tried, the first failure returned after the
// rest. An absent secret is no failure.
func OwnSecrets(store secrets.Store) error {
	var first error
	for _, name := range secrets.Names {
		if err := store.Delete(name); err != nil && first == nil {
			first = fmt.Errorf("purge: removing %q from %s: %w", name, store.Where(), err)
		}
	}
	return first
}

// removeTree removes dir and everything in it, deepest first, one
// os.Remove each: os.RemoveAll on Windows deletes through a newer kernel
// call (POSIX-style delete) that Wine does not implement ("Invalid
// function"), and the purge must be provable under Wine. A symlink or
// junction is removed itself, never followed.
func removeTree(dir string) error {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		paths = append(paths, path)
		return nil
	})
	if err != nil {
		return err
	}
	slices.Reverse(paths)
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
