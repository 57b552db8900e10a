package services

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
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

// TestPolicyMovesTheCloud: a user who ran the station against one cloud,
// then IT's policy names another: the next start uses the new cloud, the
// old session is gone from the secrets store, and the change queued
// offline for the old cloud stays under the old cloud's account (never
// the new one's).
func TestPolicyMovesTheCloud(t *testing.T) {
	dir := t.TempDir()
	const oldURL, newURL = "https://old.example.org", "https://new.example.org"
	reg := settings.RegistryValues{Values: map[string]string{settings.RegCloudURL: oldURL}}
	p := Paths{UserSettings: filepath.Join(dir, "station.json"), SecretsDir: filepath.Join(dir, "secrets"),
		CacheFile: filepath.Join(dir, "cache", "cache.db"),
		Registry:  func() (settings.RegistryValues, error) { return reg, nil }}
	store := secrets.File{Dir: p.SecretsDir}
	s, err := Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Settings.SetCloudURL(oldURL); err != nil { // the first run, confirming IT's address
		t.Fatal(err)
	}
	// What a sign-in at the old cloud keeps (session.SignIn's format).
	old := session.Account{CloudURL: oldURL, Email: "ann@example.org", Role: session.RoleAdmin}
	raw, _ := json.Marshal(map[string]any{"token": "old-token", "account": old})
	if err := store.Set("session", string(raw)); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Cache.Enqueue(ctx, old.Key(), "status", map[string]string{"order": "1"}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err = Open(p, store, printing.CUPS{})
	if err != nil || s.Session.Current() == nil || s.Warning != "" {
		t.Fatalf("the same cloud: the session stays: %+v %v", s, err)
	}
	s.Close()

	reg.Values[settings.RegCloudURL] = newURL
	s, err = Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, _ := s.Settings.Load()
	if st.CloudURL != newURL {
		t.Fatalf("the next start uses %q, want %q", st.CloudURL, newURL)
	}
	if s.Session.Current() != nil {
		t.Fatal("the old cloud's session is still signed in")
	}
	if _, err := store.Get("session"); !errors.Is(err, secrets.ErrNotFound) {
		t.Fatalf("the old session is still in the secrets store: %v", err)
	}
	if s.Warning != MsgCloudMoved(oldURL, newURL) {
		t.Fatalf("warning %q", s.Warning)
	}
	if n, _ := s.Cache.CountChanges(ctx, old.Key(), cache.ChangePending); n != 1 {
		t.Fatalf("the old cloud's queued change: %d, want 1 kept", n)
	}
	moved := old
	moved.CloudURL = newURL
	if n, _ := s.Cache.CountChanges(ctx, moved.Key(), cache.ChangePending); n != 0 {
		t.Fatalf("%d changes moved to the new cloud", n)
	}
}

// TestOpenWipesAStaleCache: a cache whose last sync is older than the
// policy's days is wiped at start, and the window is told.
func TestOpenWipesAStaleCache(t *testing.T) {
	dir := t.TempDir()
	system := filepath.Join(dir, "system.json")
	if err := os.WriteFile(system, []byte(`{"cacheDays":7}`), 0o600); err != nil {
		t.Fatal(err)
	}
	p := Paths{SystemSettings: system, UserSettings: filepath.Join(dir, "station.json"), SecretsDir: filepath.Join(dir, "secrets"),
		CacheFile: filepath.Join(dir, "cache", "cache.db")}
	store := secrets.File{Dir: p.SecretsDir}
	s, err := Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const account = "https://lifetag.example.org ann@example.org"
	for days, acct := range map[int]string{6: account + ".fresh", 8: account} {
		if err := s.Cache.ReplaceOrders(ctx, acct, nil, time.Now().AddDate(0, 0, -days)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cache.Enqueue(ctx, acct, "status", map[string]string{"order": "1"}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	s, err = Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Warning != MsgCacheExpired(7) {
		t.Fatalf("warning %q", s.Warning)
	}
	if n, _ := s.Cache.CountChanges(ctx, account, cache.ChangePending); n != 0 {
		t.Fatal("the stale account's queued change is still cached")
	}
	if n, _ := s.Cache.CountChanges(ctx, account+".fresh", cache.ChangePending); n != 1 {
		t.Fatal("the fresh account's queued change was wiped")
	}
}

// TestOpenAfterPurge: the cache removed (the uninstallers' purge) while
// the session and key stay in the user's keyring: the next start forgets
// the session and seals the new cache under a new key.
func TestOpenAfterPurge(t *testing.T) {
	dir := t.TempDir()
	p := Paths{UserSettings: filepath.Join(dir, "station.json"), SecretsDir: filepath.Join(dir, "secrets"),
		CacheFile: filepath.Join(dir, "cache", "cache.db")}
	store := secrets.File{Dir: p.SecretsDir}
	s, err := Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	raw, _ := json.Marshal(map[string]any{"token": "t", "account": session.Account{CloudURL: settings.ProductionURL, Email: "ann@example.org", Role: session.RoleAdmin}})
	store.Set("session", string(raw))
	oldKey, _ := store.Get("cache-key")
	s, err = Open(p, store, printing.CUPS{})
	if err != nil || s.Session.Current() == nil {
		t.Fatalf("the kept session beside its cache: %v", err)
	}
	s.Close()

	if err := os.RemoveAll(filepath.Dir(p.CacheFile)); err != nil {
		t.Fatal(err)
	}
	s, err = Open(p, store, printing.CUPS{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Session.Current() != nil {
		t.Fatal("the session outlived its purged cache")
	}
	if _, err := store.Get("session"); !errors.Is(err, secrets.ErrNotFound) {
		t.Fatalf("the session is still in the store: %v", err)
	}
	if newKey, _ := store.Get("cache-key"); newKey == oldKey || newKey == "" {
		t.Fatal("the new cache reuses the old key")
	}
}

// TestOpenSetsADamagedCacheAside: a cache file SQLite cannot read (not a
// database at all, or a database with a damaged page) does not stop the
// station: the file is renamed with the time, a new cache is made, the
// session stays, and the window and the support log say so.
func TestOpenSetsADamagedCacheAside(t *testing.T) {
	var logged strings.Builder
	previous := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(previous) })
	for name, damage := range map[string]func(t *testing.T, path string){
		"not a database": func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte(strings.Repeat("not a database ", 400)), 0o600); err != nil {
				t.Fatal(err)
			}
		},
		"a damaged page": func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			info, _ := f.Stat()
			// Every page after the first (the header and the schema's root) overwritten.
			if _, err := f.WriteAt([]byte(strings.Repeat("\xff", int(info.Size())-4096)), 4096); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			logged.Reset()
			dir := t.TempDir()
			p := Paths{UserSettings: filepath.Join(dir, "station.json"), SecretsDir: filepath.Join(dir, "secrets"),
				CacheFile: filepath.Join(dir, "cache", "station-cache.db")}
			store := secrets.File{Dir: p.SecretsDir}
			s, err := Open(p, store, printing.CUPS{})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if _, err := s.Cache.Enqueue(ctx, "https://lifetag.example.org ann@example.org", "status", map[string]string{"order": "1"}); err != nil {
				t.Fatal(err)
			}
			s.Close()
			raw, _ := json.Marshal(map[string]any{"token": "tok", "account": session.Account{CloudURL: settings.ProductionURL, Email: "ann@example.org", Role: session.RoleAdmin}})
			if err := store.Set("session", string(raw)); err != nil {
				t.Fatal(err)
			}
			damage(t, p.CacheFile)

			s, err = Open(p, store, printing.CUPS{})
			if err != nil {
				t.Fatalf("a damaged cache stopped the station: %v", err)
			}
			defer s.Close()
			aside, _ := filepath.Glob(p.CacheFile + ".damaged-*")
			if len(aside) != 1 {
				t.Fatalf("the damaged file set aside: %v", aside)
			}
			if s.Warning != MsgCacheSetAside(aside[0]) {
				t.Errorf("the window's warning: %q", s.Warning)
			}
			if !strings.Contains(logged.String(), "station: offline cache damaged: set aside") || !strings.Contains(logged.String(), filepath.Base(aside[0])) {
				t.Errorf("the support log: %s", logged.String())
			}
			if s.Session.Current() == nil {
				t.Error("the session was lost with the cache")
			}
			if c, err := s.Cache.Enqueue(ctx, "https://lifetag.example.org ann@example.org", "status", map[string]string{"order": "2"}); err != nil || c == nil {
				t.Errorf("the new cache: %v %v", c, err)
			}
		})
	}
}
