// Package services builds the station's services once, for the window
// (station/app.go binds them) and for the tests, which run every service
// without a window.
package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lifetag/lifetag/station/internal/cache"
	"github.com/lifetag/lifetag/station/internal/library"
	"github.com/lifetag/lifetag/station/internal/offline"
	"github.com/lifetag/lifetag/station/internal/orders"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/session"
	"github.com/lifetag/lifetag/station/internal/settings"
	"github.com/lifetag/lifetag/station/internal/supportlog"
)

// Paths are where the station keeps its files.
type Paths struct {
	SystemSettings string // IT's file ("" for none)
	UserSettings   string // the user's station.json
	SecretsDir     string // the 0600 secrets when no keyring answers
	CacheFile      string // the offline cache
	LogFile        string // the log a user sends to support (supportlog)
	// Registry reads the machine's registry policy (nil for none).
	Registry func() (settings.RegistryValues, error)
}

// DefaultPaths are this OS's: settings and secrets in the user's
// configuration directory, the cache in the user's cache directory.
func DefaultPaths() (Paths, error) {
	dir, err := settings.UserDir()
	if err != nil {
		return Paths{}, err
	}
	cacheDir, err := os.UserCacheDir()
	if err != nil {
		return Paths{}, fmt.Errorf("services: no cache directory: %w", err)
	}
	return Paths{
		SystemSettings: settings.SystemPath(),
		UserSettings:   filepath.Join(dir, "station.json"),
		SecretsDir:     filepath.Join(dir, "secrets"),
		CacheFile:      filepath.Join(cacheDir, "Lifetag", "station-cache.db"),
		LogFile:        filepath.Join(cacheDir, "Lifetag", supportlog.FileName),
		Registry:       settings.MachineRegistry,
	}, nil
}

// Services are the station's services, wired together.
type Services struct {
	Settings *settings.Store
	Secrets  secrets.Store
	Session  *session.Service
	Cache    *cache.DB
	Offline  *offline.Tracker
	Printing *printing.Service
	Orders   *orders.Service
	Library  *library.Service
	// Warning is set when the station started with something the window
	// must say (the cache's key was lost and the cache emptied).
	Warning string
}

// Open builds the services at p, keeping secrets in store (secrets.Open
// for the OS keyring with its file fallback) and printing with spooler
// (printing.System()). It restores a kept session without the network.
func Open(p Paths, store secrets.Store, spooler printing.Spooler) (*Services, error) {
	st := &settings.Store{SystemPath: p.SystemSettings, UserPath: p.UserSettings, Registry: p.Registry}
	cur, err := st.Load()
	if err != nil {
		return nil, err
	}
	var warnings []string
	db, err := cache.Open(p.CacheFile, store)
	if errors.Is(err, cache.ErrKeyLost) {
		warnings, err = append(warnings, err.Error()), nil
	}
	if err != nil {
		return nil, err
	}
	if db.SetAside != "" {
		slog.Warn("station: offline cache damaged: set aside and started afresh", "setAside", db.SetAside)
		warnings = append(warnings, MsgCacheSetAside(db.SetAside))
	}
	// A cache not synced for the policy's days is wiped before anyone can
	// open it (DefaultCacheDays says why).
	expired, err := db.ExpireBefore(context.Background(), db.Now().AddDate(0, 0, -cur.CacheDays))
	if err != nil {
		db.Close()
		return nil, err
	}
	// A damaged cache set aside at an earlier start goes by the same rule.
	if _, err := cache.RemoveSetAsideBefore(p.CacheFile, db.Now().AddDate(0, 0, -cur.CacheDays)); err != nil {
		db.Close()
		return nil, err
	}
	if expired > 0 {
		slog.Warn("station: offline cache wiped: not synced within the days set", "days", cur.CacheDays, "accounts", expired)
		warnings = append(warnings, MsgCacheExpired(cur.CacheDays))
	}
	sess := session.New(st, store)
	kept, err := sess.Restore()
	if err != nil {
		db.Close()
		return nil, err
	}
	// The cloud in use changed since the session was made (IT's policy
	// moved the machine): the old cloud's session is forgotten here, with
	// no call to it. What the cache holds for the old cloud stays under
	// its account (the cloud's address is part of it), so it is never sent
	// to the new cloud; it is sent if this person signs in to the old
	// cloud again, and wiped with the rest when it expires.
	// A new cache beside a kept session: the cache was removed (the
	// uninstallers' purge removes every user's cache and settings but
	// cannot reach their Credential Manager), so the session is a leftover.
	if kept != nil && db.Fresh {
		if err := sess.Forget(); err != nil {
			db.Close()
			return nil, err
		}
		kept = nil
	}
	if kept != nil && kept.CloudURL != cur.CloudURL {
		if err := sess.Forget(); err != nil {
			db.Close()
			return nil, err
		}
		warnings = append(warnings, MsgCloudMoved(kept.CloudURL, cur.CloudURL))
	}
	tracker := offline.NewTracker(db, sess)
	pr := &printing.Service{Spooler: spooler, Settings: st}
	return &Services{
		Settings: st, Secrets: store, Session: sess, Cache: db, Offline: tracker, Printing: pr,
		Orders:  orders.New(sess, db, tracker, pr),
		Library: library.New(sess, db, tracker, pr),
		Warning: strings.Join(warnings, " "),
	}, nil
}

// MsgCloudMoved is the window's message at the start after the cloud in
// use changed under a kept session.
func MsgCloudMoved(from, to string) string {
	return fmt.Sprintf("This station now uses the cloud at %s, as set for this computer, so you were signed out of %s. "+
		"Changes made offline for %s stay on this computer for it and are sent only if you sign in there again.", to, from, from)
}

// MsgCacheSetAside is the window's message at the start that found the
// offline cache damaged and moved it to aside.
func MsgCacheSetAside(aside string) string {
	return fmt.Sprintf("The offline copy on this computer was damaged, so it was set aside as %s and a new one started; "+
		"it fills again when you are online. Changes made offline that were not sent are in the old copy: tell support if you miss any.", aside)
}

// MsgCacheExpired is the window's message at the start that wiped an
// offline cache not synced for days.
func MsgCacheExpired(days int) string {
	return fmt.Sprintf("The offline copy on this computer had not been updated from the cloud for more than %d days, "+
		"so it was deleted, with any changes made offline that were not sent. It fills again when you are online.", days)
}

// Close closes the cache.
func (s *Services) Close() error { return s.Cache.Close() }
