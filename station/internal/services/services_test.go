package services

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
)

func TestOpenSaysWhenTheCacheKeyWasLost(t *testing.T) {
	dir := t.TempDir()
	p := Paths{UserSettings: filepath.Join(dir, "station.json"), SecretsDir: filepath.Join(dir, "secrets"),
		CacheFile: filepath.Join(dir, "cache", "cache.db")}
	s, err := Open(p, secrets.File{Dir: p.SecretsDir}, printing.CUPS{})
	if err != nil || s.Warning != "" || s.Session.Current() != nil {
		t.Fatalf("first start: %+v %v", s, err)
	}
	s.Close()
	os.RemoveAll(p.SecretsDir)
	s, err = Open(p, secrets.File{Dir: p.SecretsDir}, printing.CUPS{})
	if err != nil || !strings.Contains(s.Warning, "emptied") {
		t.Fatalf("after the key was lost: %+v %v", s, err)
	}
	s.Close()

	t.Run("ErrBrokenSettings", func(t *testing.T) {
		os.WriteFile(p.UserSettings, []byte("{"), 0o600)
		if _, err := Open(p, secrets.File{Dir: p.SecretsDir}, printing.CUPS{}); err == nil {
			t.Fatal("a broken settings file was ignored")
		}
	})
}
