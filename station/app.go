package main

import (
	"context"
	_ "embed"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"

	wailsruntime "github.com/wailsapp/wails/v2/pkg/runtime"

	"github.com/lifetag/lifetag/pkg/version"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/lifetag/lifetag/station/internal/services"
	"github.com/lifetag/lifetag/station/internal/supportlog"
)

// appIcon is the window's icon on Linux (Windows takes it from the exe's
// resources, which wails build makes from the same file).
//
//go:embed build/appicon.png
var appIcon []byte

// App holds what the window is bound to. Each bound struct is thin: it
// calls the station's services (station/internal/...) and returns plain
// values; the window reaches them as window.go.main.<Struct>.<Method>, or
// through the browser bridge in --browser mode.
type App struct {
	// ctx is Wails' context (its runtime's dialogs need it); in browser
	// mode it is the serving context and no dialog is shown.
	ctx     context.Context
	browser bool
	saveDir string
	svc     *services.Services
	paths   services.Paths
	// log is the file the station's slog lines go to (beside stderr), which
	// the window copies for support; restoreLog puts back the logger
	// before it, when the app closes.
	log        *supportlog.File
	restoreLog func()

	Station  *Station
	Session  *Session
	Cloud    *Cloud
	Orders   *Orders
	Printing *Printing
	Files    *Files
	Library  *Library
}

func newApp(browser bool, saveDir string) (*App, error) {
	paths, err := services.DefaultPaths()
	if err != nil {
		return nil, err
	}
	// A log that cannot be written (a full or read-only profile) must not
	// stop the station: it then logs to stderr only, and the window says
	// why there is no log to copy.
	logFile, logErr := supportlog.Open(paths.LogFile)
	var out io.Writer = os.Stderr
	if logErr == nil {
		out = io.MultiWriter(os.Stderr, logFile)
	}
	previous := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(out, nil)))
	restoreLog := func() { slog.SetDefault(previous); logFile.Close() }
	if logErr != nil {
		slog.Warn("station: no support log", "err", logErr)
	}
	slog.Info("station: started", "version", version.String(), "os", runtime.GOOS, "arch", runtime.GOARCH, "browserMode", browser)
	svc, err := services.Open(paths, secrets.Open(paths.SecretsDir), printing.System())
	if err != nil {
		slog.Error("station: cannot start", "err", err)
		restoreLog()
		return nil, err
	}
	if st, err := svc.Settings.Load(); err == nil {
		slog.Info("station: settings", "cloud", st.CloudURL, "printer", st.Printer, "paper", st.Paper, "copies", st.Copies, "locked", st.Locked)
	}
	a := &App{browser: browser, saveDir: saveDir, svc: svc, paths: paths, log: logFile, restoreLog: restoreLog}
	a.Station, a.Session, a.Cloud = &Station{app: a}, &Session{app: a}, &Cloud{app: a}
	a.Orders, a.Printing, a.Files = &Orders{app: a}, &Printing{app: a}, &Files{app: a}
	a.Library = &Library{app: a}
	return a, nil
}

// bound is every struct the window may call, in one list for Wails and the bridge.
func (a *App) bound() []any {
	return []any{a.Station, a.Session, a.Cloud, a.Orders, a.Printing, a.Files, a.Library}
}

func (a *App) startup(ctx context.Context) { a.ctx = ctx }

func (a *App) close() {
	_ = a.svc.Close()
	a.restoreLog()
}

// context is the context calls run under: Wails' (or the browser mode's)
// once started, so quitting cancels what is in flight.
func (a *App) context() context.Context {
	if a.ctx == nil {
		return context.Background()
	}
	return a.ctx
}

// errSaveCancelled is returned when the person closes the save dialog.
var errSaveCancelled = errors.New("Saving was cancelled.")

// savePath asks where to save a file: the OS save dialog in the window,
// or, in browser mode (no dialog), the --save-dir directory.
func (a *App) savePath(defaultName string) (string, error) {
	if a.browser {
		if a.saveDir == "" {
			return "", errors.New("Start the station with --save-dir to save files in browser mode.")
		}
		return filepath.Join(a.saveDir, filepath.Base(defaultName)), nil
	}
	home, _ := os.UserHomeDir()
	path, err := wailsruntime.SaveFileDialog(a.ctx, wailsruntime.SaveDialogOptions{
		DefaultDirectory: home,
		DefaultFilename:  defaultName,
		Filters:          []wailsruntime.FileFilter{{DisplayName: "PDF", Pattern: "*.pdf"}},
	})
	if err != nil {
		return "", err
	}
	if path == "" {
		return "", errSaveCancelled
	}
	return path, nil
}

// Station tells the window about the program itself.
type Station struct{ app *App }

// StationInfo is what the window shows in its settings.
type StationInfo struct {
	Version string `json:"version"`
	OS      string `json:"os"`
	// Browser is true in --browser mode (no OS dialogs; Save PDF writes to --save-dir).
	Browser bool `json:"browser"`
	// Warning is what the station must tell at start (the offline cache was reset).
	Warning string `json:"warning"`
	// LogPath is the log a user sends to support (SupportLog).
	LogPath string `json:"logPath"`
}

func (s *Station) Info() StationInfo {
	return StationInfo{Version: version.String(), OS: runtime.GOOS, Browser: s.app.browser, Warning: s.app.svc.Warning,
		LogPath: s.app.log.Path()}
}

// SupportLog is the station's log (supportlog: no medical data, names or
// tokens), for the window's "Copy log for support".
func (s *Station) SupportLog() (string, error) {
	return s.app.log.Text()
}
