package main

import (
	"context"
	"errors"
	"sync"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/station/internal/library"
	"github.com/lifetag/lifetag/station/internal/printing"
)

// Library is corporate batch printing from the station's cache
// (station/internal/library): the library synced for offline work, batches
// rendered here and printed at 100 % with the printer's calibration, their
// print runs recorded on the cloud or queued. The Batch screen (the
// website's batch-print page) calls the cloud through Cloud, which answers
// from this service while the cloud is away (app_offline.go); these
// methods bind the same service for direct use, with progress and cancel
// for a long batch.
type Library struct {
	app *App

	mu       sync.Mutex
	progress PrintProgress
	cancel   context.CancelFunc
}

// PrintProgress is how far the batch being printed is; the window polls it
// (the browser bridge carries no events, so polling serves both modes).
type PrintProgress struct {
	Running bool `json:"running"`
	Done    int  `json:"done"`
	Total   int  `json:"total"`
}

// errPrinting refuses a second batch while one prints: its progress and
// cancel would be ambiguous.
var errPrinting = errors.New("A batch is already printing. Wait for it, or cancel it.")

// Refresh sends queued changes and syncs the library into the cache;
// offline it returns the cached library, saying so.
func (l *Library) Refresh() (*library.View, error) {
	return l.app.svc.Library.Refresh(l.app.context())
}

// View is the cached library (no network).
func (l *Library) View() (*library.View, error) { return l.app.svc.Library.View(l.app.context()) }

// Layouts are the named batch layouts.
func (l *Library) Layouts() ([]labels.Geometry, error) { return library.Layouts() }

// errNoPrinter: a batch printed here needs a printer (Save PDF is the PDF's path).
var errNoPrinter = errors.New("Choose a printer in the settings, or save the batch as a PDF.")

// Print prints a batch on the chosen printer, in chunks at 100 % with the
// printer's calibration, reporting progress to Progress until it ends;
// Cancel stops it. The library is refreshed first while the cloud answers,
// so an online print has the records as they are now.
func (l *Library) Print(b library.Batch) (*library.BatchResult, error) {
	st, err := l.app.svc.Settings.Load()
	if err != nil {
		return nil, err
	}
	if st.Printer == "" {
		return nil, errNoPrinter
	}
	l.mu.Lock()
	if l.progress.Running {
		l.mu.Unlock()
		return nil, errPrinting
	}
	ctx, cancel := context.WithCancel(l.app.context())
	l.progress, l.cancel = PrintProgress{Running: true}, cancel
	l.mu.Unlock()
	defer func() {
		cancel()
		l.mu.Lock()
		l.progress.Running, l.cancel = false, nil
		l.mu.Unlock()
	}()
	if _, err := l.app.svc.Library.Refresh(ctx); err != nil {
		return nil, err
	}
	job := printing.Job{Printer: st.Printer, Paper: st.Paper, Copies: st.Copies}
	return l.app.svc.Library.Print(ctx, b, job, func(done, total int) {
		l.mu.Lock()
		l.progress.Done, l.progress.Total = done, total
		l.mu.Unlock()
	})
}

// Progress is the running (or last) batch print's progress.
func (l *Library) Progress() PrintProgress {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.progress
}

// Cancel stops the batch being printed (the jobs already spooled are
// withdrawn by the printing service); false when none is printing.
func (l *Library) Cancel() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancel == nil {
		return false
	}
	l.cancel()
	return true
}

// SavePDF saves the batch as one PDF where the person chooses.
func (l *Library) SavePDF(b library.Batch) (string, error) {
	path, err := l.app.savePath("lifetag-batch-labels.pdf")
	if err != nil {
		return "", err
	}
	return path, l.app.svc.Library.SavePDF(l.app.context(), b, path)
}
