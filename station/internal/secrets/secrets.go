// Package secrets keeps the station's secrets (the cloud session token, the
// offline cache's key): in the OS keyring (Windows Credential Manager,
// macOS Keychain, the Secret Service on Linux) through zalando/go-keyring,
// or, where no keyring answers (a Linux desktop without a Secret Service, a
// headless machine), in one file per secret, 0600, in a 0700 directory of
// the user's configuration.
package secrets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/zalando/go-keyring"
)

// Service is the keyring's service name for every station secret.
const Service = "Lifetag Station"

// The station's secrets, each one entry in the keyring under Service
// ("Lifetag Station:cache-key" in Windows' Credential Manager) or one file.
const (
	NameSession  = "session"   // the cloud session (package session)
	NameCacheKey = "cache-key" // the offline cache's key (package cache)
)

// Names are every secret the station may leave in a store (the probe
// too, should a start have stopped between its write and its delete), for
// the purge.
var Names = []string{NameSession, NameCacheKey, probeName}

// ErrNotFound is a secret that was never set, or was deleted.
var ErrNotFound = errors.New("secrets: not found")

// Store keeps named secrets.
type Store interface {
	Get(name string) (string, error) // ErrNotFound when absent
	Set(name, value string) error
	Delete(name string) error // absent is not an error
	// Where says where secrets are kept, for the window's settings page.
	Where() string
}

// Keyring is the OS keyring.
type Keyring struct{}

func (Keyring) Get(name string) (string, error) {
	v, err := keyring.Get(Service, name)
	if errors.Is(err, keyring.ErrNotFound) {
		return "", ErrNotFound
	}
	return v, err
}

func (Keyring) Set(name, value string) error { return keyring.Set(Service, name, value) }

func (Keyring) Delete(name string) error {
	if err := keyring.Delete(Service, name); err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return err
	}
	return nil
}

func (Keyring) Where() string { return "the system keyring" }

// File keeps each secret in Dir/<name>, 0600, Dir 0700.
type File struct {
	Dir string
}

// secretName keeps names to one safe path segment.
var secretName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

func (f File) path(name string) (string, error) {
	if !secretName.MatchString(name) {
		return "", fmt.Errorf("secrets: bad name %q", name)
	}
	return filepath.Join(f.Dir, name), nil
}

func (f File) Get(name string) (string, error) {
	p, err := f.path(name)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", ErrNotFound
	}
	return string(b), err
}

// Set writes the secret to a temporary file and renames it into place, so
// a crash never leaves half a token.
func (f File) Set(name, value string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("secrets: %w", err)
	}
	tmp, err := os.CreateTemp(f.Dir, "."+name+".*")
	if err != nil {
		return fmt.Errorf("secrets: %w", err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file 0600 already; say so for the reader.
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("secrets: %w", err)
	}
	if _, err := tmp.WriteString(value); err != nil {
		tmp.Close()
		return fmt.Errorf("secrets: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("secrets: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("secrets: %w", err)
	}
	return os.Rename(tmp.Name(), p)
}

func (f File) Delete(name string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("secrets: %w", err)
	}
	return nil
}

func (f File) Where() string { return "a private file in " + f.Dir }

// probeName is written and removed to learn whether a keyring answers.
const probeName = "probe"

// Open returns the OS keyring when it answers a write, read and delete,
// else the 0600 files in fallbackDir.
func Open(fallbackDir string) Store {
	return open(Keyring{}, fallbackDir)
}

func open(k Store, fallbackDir string) Store {
	if err := k.Set(probeName, "1"); err == nil {
		v, err := k.Get(probeName)
		k.Delete(probeName)
		if err == nil && v == "1" {
			return k
		}
	}
	return File{Dir: fallbackDir}
}
