package secrets

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/zalando/go-keyring"
)

// brokenKeyring is a keyring that does not answer, as on a Linux machine
// with no Secret Service running.
type brokenKeyring struct{}

func (brokenKeyring) Get(string) (string, error) { return "", errors.New("no secret service") }
func (brokenKeyring) Set(string, string) error   { return errors.New("no secret service") }
func (brokenKeyring) Delete(string) error        { return errors.New("no secret service") }
func (brokenKeyring) Where() string              { return "nowhere" }

func TestFallsBackToAPrivateFileWithoutAKeyring(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "secrets")
	s := open(brokenKeyring{}, dir)
	f, ok := s.(File)
	if !ok {
		t.Fatalf("got %T, want the file fallback", s)
	}
	if _, err := s.Get("session-token"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unset: %v", err)
	}
	if err := s.Set("session-token", "tok-123"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get("session-token")
	if err != nil || got != "tok-123" {
		t.Fatalf("got %q %v", got, err)
	}
	info, err := os.Stat(filepath.Join(f.Dir, "session-token"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("token file mode %v, want 0600", info.Mode().Perm())
	}
	if d, _ := os.Stat(dir); d.Mode().Perm() != 0o700 {
		t.Fatalf("directory mode %v, want 0700", d.Mode().Perm())
	}
	if err := s.Delete("session-token"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("session-token"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := s.Delete("session-token"); err != nil {
		t.Fatalf("deleting an absent secret: %v", err)
	}
	t.Run("ErrBadName", func(t *testing.T) {
		if err := s.Set("../escape", "x"); err == nil {
			t.Fatal("a name with a path was accepted")
		}
	})
}

func TestUsesTheKeyringWhenItAnswers(t *testing.T) {
	keyring.MockInit() // go-keyring's in-memory keyring: the OS one is not testable here
	s := open(Keyring{}, t.TempDir())
	if _, ok := s.(Keyring); !ok {
		t.Fatalf("got %T, want the keyring", s)
	}
	if err := s.Set("session-token", "tok-456"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get("session-token"); err != nil || got != "tok-456" {
		t.Fatalf("got %q %v", got, err)
	}
	if _, err := s.Get(probeName); !errors.Is(err, ErrNotFound) {
		t.Fatal("the probe was left in the keyring")
	}
}
