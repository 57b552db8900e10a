package purge

import (
	"os"
	"path/filepath"
	"testing"
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
