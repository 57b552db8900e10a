package purge

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/zalando/go-keyring"
)

// TestProfiles: each profile's cache and settings folders go, and nothing
// else in the profile; a profile without them is no error.
func TestProfiles(t *testing.T) {
	root := t.TempDir()
	ann, bob, empty := filepath.Join(root, "ann"), filepath.Join(root, "bob"), filepath.Join(root, "empty")
	write := func(path string) {
		os.MkdirAll(filepath.Dir(path), 0o700)
		if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{ann, bob} {
		write(filepath.Join(p, "AppData", "Local", "Lifetag", "station-cache.db"))
		write(filepath.Join(p, "AppData", "Roaming", "Lifetag", "secrets", "session"))
		write(filepath.Join(p, "AppData", "Roaming", "Other", "keep.txt"))
	}
	os.MkdirAll(empty, 0o700)
	removed, err := Profiles([]string{ann, bob, empty})
	if err != nil || len(removed) != 4 {
		t.Fatalf("removed %v, %v", removed, err)
	}
	for _, p := range []string{ann, bob} {
		for _, d := range UserDirs {
			if _, err := os.Stat(filepath.Join(p, d)); !os.IsNotExist(err) {
				t.Errorf("%s still there", filepath.Join(p, d))
			}
		}
		if _, err := os.Stat(filepath.Join(p, "AppData", "Roaming", "Other", "keep.txt")); err != nil {
			t.Errorf("another program's file went: %v", err)
		}
	}
}

// TestOwnSecrets: the purge removes the station's entries from the
// running account's keyring (Credential Manager on Windows: "Lifetag
// Station:cache-key" and ":session"), and only the station's.
func TestOwnSecrets(t *testing.T) {
	keyring.MockInit() // go-keyring's in-memory keyring: the OS one is not testable here
	store := secrets.Keyring{}
	for _, name := range []string{secrets.NameCacheKey, secrets.NameSession} {
		if err := store.Set(name, "x"); err != nil {
			t.Fatal(err)
		}
	}
	if err := keyring.Set("Another program", secrets.NameCacheKey, "keep"); err != nil {
		t.Fatal(err)
	}
	if err := OwnSecrets(store); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{secrets.NameCacheKey, secrets.NameSession} {
		if _, err := store.Get(name); !errors.Is(err, secrets.ErrNotFound) {
			t.Errorf("%s:%s is still in the keyring after the purge (%v)", secrets.Service, name, err)
		}
	}
	if v, err := keyring.Get("Another program", secrets.NameCacheKey); err != nil || v != "keep" {
		t.Errorf("another program's entry went: %q %v", v, err)
	}
	if err := OwnSecrets(store); err != nil {
		t.Errorf("a second purge, nothing left: %v", err)
	}
}
