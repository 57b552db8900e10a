// Package supportlog keeps the station's log in a file a user can send to
// support: the user's own, beside the offline cache (so the uninstallers'
// purge removes it with the cache), at most two files of MaxBytes each,
// the current one and the one before it. What goes in it is the station's
// own slog lines, which never carry medical data, names, e-mail addresses
// or tokens (the callers' rule; the station's tests check a printed batch
// leaves none of its names in the log).
package supportlog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// MaxBytes is the size at which the log starts a new file; the previous one
// is kept as Path+".1", the one before that dropped.
const MaxBytes = 1 << 20

// FileName is the log's name in the user's cache folder (Lifetag).
const FileName = "station.log"

// File is the log file, safe for concurrent writes (slog's handlers write
// one record per Write).
type File struct {
	mu   sync.Mutex
	path string
	max  int64
	f    *os.File
	size int64
}

// Open appends to the log at path (creating it and its folder, 0600: only
// the user reads it), starting a new file first if it is already full.
func Open(path string) (*File, error) {
	return open(path, MaxBytes)
}

func open(path string, max int64) (*File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("supportlog: %w", err)
	}
	l := &File{path: path, max: max}
	if err := l.openFile(); err != nil {
		return nil, err
	}
	if l.size >= l.max {
		if err := l.rotate(); err != nil {
			l.f.Close()
			return nil, err
		}
	}
	return l, nil
}

func (l *File) openFile() error {
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("supportlog: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("supportlog: %w", err)
	}
	l.f, l.size = f, info.Size()
	return nil
}

// rotate keeps the current file as Path+".1" and starts an empty one.
func (l *File) rotate() error {
	l.f.Close()
	if err := os.Rename(l.path, l.path+".1"); err != nil {
		return fmt.Errorf("supportlog: %w", err)
	}
	return l.openFile()
}

// Write appends one record, starting a new file first when it would
// overflow the current one.
func (l *File) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return 0, os.ErrClosed
	}
	if l.size > 0 && l.size+int64(len(p)) > l.max {
		if err := l.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := l.f.Write(p)
	l.size += int64(n)
	return n, err
}

// Path is where the log is, for the window to show ("" without a log: a
// nil File, when Open failed).
func (l *File) Path() string {
	if l == nil {
		return ""
	}
	return l.path
}

// errNoLog answers a copy of the log when it could not be opened.
var errNoLog = errors.New("The station could not write its log on this computer; its messages went to the console only.")

// Text is the whole log, the older file first, for the window's "Copy log
// for support".
func (l *File) Text() (string, error) {
	if l == nil {
		return "", errNoLog
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []byte
	for _, p := range []string{l.path + ".1", l.path} {
		b, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("supportlog: %w", err)
		}
		out = append(out, b...)
	}
	return string(out), nil
}

// Close closes the file; later writes fail.
func (l *File) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
