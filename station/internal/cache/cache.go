// Package cache is the station's offline store: the admin's open orders
// with their customers' records, the organisation's library, and the queue
// of changes made while the cloud did not answer. It is one SQLite file
// (modernc.org/sqlite, pure Go), 0600; every row's payload (medical data,
// addresses, queued edits) is sealed with AES-256-GCM under a key kept in
// the OS keyring or the 0600 secrets file (package secrets). Only ids,
// states and times are stored in the clear, so the queue can be read and
// ordered without opening anything.
//
// Rows belong to an account (the cloud's address and the e-mail signed in),
// so one person's cache is never shown to another.
package cache

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite" // the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/lifetag/lifetag/station/internal/secrets"
)

// DB is the open cache.
type DB struct {
	sql  *sql.DB
	seal *sealer
	// Now is the clock, replaceable in tests.
	Now func() time.Time
	// Fresh: the file did not exist (a first start, or the cache was
	// removed, as a purge does); it was sealed under a new key.
	Fresh bool
	// SetAside is where a damaged cache file was moved at this start
	// (Open made a new one in its place), "" otherwise.
	SetAside string
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (
	account TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
	PRIMARY KEY (account, key));
CREATE TABLE IF NOT EXISTS orders (
	account TEXT NOT NULL, order_id TEXT NOT NULL, sealed BLOB NOT NULL,
	PRIMARY KEY (account, order_id));
CREATE TABLE IF NOT EXISTS codes (
	account TEXT NOT NULL, code_id INTEGER NOT NULL, sealed BLOB NOT NULL,
	PRIMARY KEY (account, code_id));
CREATE TABLE IF NOT EXISTS library (
	account TEXT NOT NULL PRIMARY KEY, sealed BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS queue (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	account TEXT NOT NULL,
	idempotency_key TEXT NOT NULL UNIQUE,
	kind TEXT NOT NULL,
	sealed BLOB NOT NULL,
	state TEXT NOT NULL,
	message TEXT NOT NULL DEFAULT '',
	attempts INTEGER NOT NULL DEFAULT 0,
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL);
`

// canaryKey is a sealed meta row that proves the key opens this file.
const canaryKey = "canary"

// ErrKeyLost is a cache whose key is gone (the keyring was reset): its
// rows can never be opened again. Open reports it after starting afresh.
var ErrKeyLost = errors.New("the offline cache was sealed with a key this machine no longer has; it was emptied, and queued changes that were not sent are lost")

// Open opens (or creates) the cache file at path with the key from store.
// A file whose key was lost is emptied and reopened, and ErrKeyLost comes
// back beside the usable DB so the window can say so. A file SQLite cannot
// read (damaged on disk, or not a database at all) is set aside beside it,
// renamed with the time (SetAside says where), and a new cache is made
// under the same key: the cache is a copy of the cloud and fills again at
// the next sync, so a damaged file must not stop the station from starting.
func Open(path string, store secrets.Store) (*DB, error) {
	_, statErr := os.Stat(path)
	fresh := errors.Is(statErr, os.ErrNotExist)
	key, err := loadKey(store, fresh)
	if err != nil {
		return nil, err
	}
	s, err := newSealer(key)
	if err != nil {
		return nil, err
	}
	db, err := openFile(path, s, fresh)
	if !damaged(err) {
		return db, err
	}
	aside, moveErr := setAside(path, time.Now())
	if moveErr != nil {
		return nil, fmt.Errorf("%w; setting it aside: %v", err, moveErr)
	}
	db, err = openFile(path, s, false)
	if db != nil {
		db.SetAside = aside
	}
	return db, err
}

// damaged says whether err is SQLite finding the file damaged or not a
// database.
func damaged(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		code := e.Code() & 0xff // the primary code of an extended one
		return code == sqlite3.SQLITE_NOTADB || code == sqlite3.SQLITE_CORRUPT
	}
	return errors.Is(err, errCorrupt)
}

// errCorrupt is a file SQLite opens whose integrity check fails.
var errCorrupt = errors.New("cache: the file fails SQLite's integrity check")

// setAsideSuffix and setAsideTime name a set-aside file: the cache's name,
// the suffix, the time it was set aside.
const (
	setAsideSuffix = ".damaged-"
	setAsideTime   = "20060102T150405Z"
)

// setAside renames the cache file, and its WAL and shared-memory files if
// there, to the same name with ".damaged-<UTC time>" after it, and returns
// the new name of the file.
func setAside(path string, now time.Time) (string, error) {
	aside := path + setAsideSuffix + now.UTC().Format(setAsideTime)
	for _, suffix := range []string{"-wal", "-shm", ""} {
		if err := os.Rename(path+suffix, aside+suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
	}
	return aside, nil
}

// RemoveSetAsideBefore removes the files Open set aside beside the cache
// at path before the time given (with their -wal and -shm files), by the
// time in their names, and returns how many: a damaged cache still holds
// records, which must not stay longer than the cache itself would.
func RemoveSetAsideBefore(path string, before time.Time) (int, error) {
	names, err := filepath.Glob(path + setAsideSuffix + "*")
	if err != nil {
		return 0, fmt.Errorf("cache: %w", err)
	}
	removed := 0
	for _, name := range names {
		at, err := time.Parse(setAsideTime, strings.TrimPrefix(name, path+setAsideSuffix))
		if err != nil || !at.Before(before) {
			continue // a -wal or -shm file goes with its own, or not ours
		}
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Remove(name + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				return removed, fmt.Errorf("cache: %w", err)
			}
		}
		removed++
	}
	return removed, nil
}

// openFile opens the file at path sealed by s; fresh says it did not exist.
func openFile(path string, s *sealer, fresh bool) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	// Create the file 0600 before SQLite does (it would use the umask).
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	f.Close()
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)")
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	// One writer at a time; the station is one process.
	conn.SetMaxOpenConns(1)
	db := &DB{sql: conn, seal: s, Now: time.Now, Fresh: fresh}
	if _, err := conn.Exec(schema); err != nil {
		conn.Close()
		return nil, fmt.Errorf("cache: schema: %w", err)
	}
	// A page damaged inside a file that still opens: quick_check reads
	// every page (not the indexes' contents), quick on a cache this size.
	var check string
	if err := conn.QueryRow(`PRAGMA quick_check(1)`).Scan(&check); err != nil || check != "ok" {
		conn.Close()
		if err == nil {
			err = fmt.Errorf("%w: %s", errCorrupt, check)
		}
		return nil, fmt.Errorf("cache: %w", err)
	}
	lost, err := db.checkCanary()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if lost {
		return db, ErrKeyLost
	}
	return db, nil
}

// checkCanary writes the canary on a new file, or opens it; a canary that
// does not open empties every table.
func (db *DB) checkCanary() (lost bool, err error) {
	var sealed []byte
	err = db.sql.QueryRow(`SELECT value FROM meta WHERE account = '' AND key = ?`, canaryKey).Scan(&sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return false, db.writeCanary()
	}
	if err != nil {
		return false, fmt.Errorf("cache: %w", err)
	}
	if _, err := db.seal.open(sealed, "meta/"+canaryKey); err == nil {
		return false, nil
	}
	for _, table := range []string{"meta", "orders", "codes", "library", "queue"} {
		if _, err := db.sql.Exec(`DELETE FROM ` + table); err != nil {
			return true, fmt.Errorf("cache: %w", err)
		}
	}
	return true, db.writeCanary()
}

func (db *DB) writeCanary() error {
	_, err := db.sql.Exec(`INSERT INTO meta (account, key, value) VALUES ('', ?, ?)`,
		canaryKey, db.seal.seal([]byte("lifetag"), "meta/"+canaryKey))
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// Close closes the file.
func (db *DB) Close() error { return db.sql.Close() }

// sealJSON marshals v and seals it for one row.
func (db *DB) sealJSON(v any, rowID string) ([]byte, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return db.seal.seal(plain, rowID), nil
}

// openJSON opens a row and unmarshals it into v.
func (db *DB) openJSON(sealed []byte, rowID string, v any) error {
	plain, err := db.seal.open(sealed, rowID)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(plain, v); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// inTx runs fn in one transaction: a replaced snapshot is all new or all
// old, never half of each.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// SetMeta keeps a small clear-text value (times, states) for an account.
func (db *DB) SetMeta(ctx context.Context, account, key, value string) error {
	_, err := db.sql.ExecContext(ctx, `INSERT INTO meta (account, key, value) VALUES (?, ?, ?)
		ON CONFLICT (account, key) DO UPDATE SET value = excluded.value`, account, key, value)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// Meta reads a value set by SetMeta ("" when unset).
func (db *DB) Meta(ctx context.Context, account, key string) (string, error) {
	var v string
	err := db.sql.QueryRowContext(ctx, `SELECT value FROM meta WHERE account = ? AND key = ?`, account, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("cache: %w", err)
	}
	return v, nil
}

// SetTime and Time keep a time in meta (RFC 3339, UTC); zero clears it.
func (db *DB) SetTime(ctx context.Context, account, key string, t time.Time) error {
	v := ""
	if !t.IsZero() {
		v = t.UTC().Format(time.RFC3339Nano)
	}
	return db.SetMeta(ctx, account, key, v)
}

func (db *DB) Time(ctx context.Context, account, key string) (time.Time, error) {
	v, err := db.Meta(ctx, account, key)
	if err != nil || v == "" {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("cache: %s: %w", key, err)
	}
	return t, nil
}

// ForgetAccount removes everything cached for an account (sign-out),
// queued changes included.
func (db *DB) ForgetAccount(ctx context.Context, account string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, table := range []string{"meta", "orders", "codes", "library", "queue"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE account = ?`, account); err != nil {
				return fmt.Errorf("cache: %w", err)
			}
		}
		return nil
	})
}

// newKey is a random idempotency key for a queued change.
func newKey() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
