package printing

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// dialogKeep is how long a PDF handed to the desktop's PDF application is
// kept: that application reads it after OpenForPrinting returns, and the
// labels hold medical data, so older ones are removed at the next call.
const dialogKeep = time.Hour

// OpenForPrinting hands a PDF to the desktop's PDF application, whose print
// dialog prints it: on Windows with the Print verb (the application's
// dialog opens at once), elsewhere by opening it (xdg-open, open) for the
// person to print. The PDF asks that dialog for 100 % (pkg/sheet writes
// PrintScaling None); direct printing (Print) does not depend on it.
// Not exercised by the tests: it needs a desktop session.
func OpenForPrinting(ctx context.Context, pdf []byte) (string, error) {
	// The user's own cache directory, not the shared temporary one: there
	// another user of the machine could make the folder first and swap
	// the PDF before it is printed.
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("printing: no cache directory: %w", err)
	}
	dir := filepath.Join(cache, "Lifetag", "print-dialog")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("printing: %w", err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	for _, f := range old {
		if info, err := os.Stat(f); err == nil && time.Since(info.ModTime()) > dialogKeep {
			os.Remove(f)
		}
	}
	f, err := os.CreateTemp(dir, "lifetag-labels-*.pdf")
	if err != nil {
		return "", fmt.Errorf("printing: %w", err)
	}
	if _, err := f.Write(pdf); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", fmt.Errorf("printing: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("printing: %w", err)
	}
	if err := openWithDesktop(ctx, f.Name()); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// desktopOpener is the command that opens a file in its application.
func desktopOpener() string {
	if runtime.GOOS == "darwin" {
		return "open"
	}
	return "xdg-open"
}
