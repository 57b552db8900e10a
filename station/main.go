// Command lifetag-station is the desktop print station (Wails v2): the
// window is the frontend's station entry; the Go services it calls are bound
// through the thin structs of the app_*.go files.
//
//	lifetag-station                      the desktop window
//	lifetag-station --browser 127.0.0.1:34115
//	                                     development and tests: the same window
//	                                     and bound methods for a browser (bridge.go)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/lifetag/lifetag/pkg/version"
	"github.com/lifetag/lifetag/station/internal/purge"
	"github.com/lifetag/lifetag/station/internal/secrets"
	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/options/windows"
)

// windowTitle is the window's title (the page's own <title> is the same).
const windowTitle = "Lifetag Station"

func main() {
	browser := flag.String("browser", "", "serve the window to a browser on this loopback address (development and tests) instead of opening it")
	saveDir := flag.String("save-dir", "", "with --browser: where Save PDF writes, in place of the save dialog a browser cannot show")
	showVersion := flag.Bool("version", false, "print the version and exit")
	purgeAll := flag.Bool("purge-all-users", false, "for the Windows uninstallers' purge (PURGE=1, /PURGE): remove every user's offline cache and settings, and this account's station entries in Credential Manager, then exit")
	purgeOwn := flag.Bool("purge-own-secrets", false, "for the MSI's purge (PURGE=1), run as the account that started msiexec: remove this account's station entries in Credential Manager, then exit")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.String())
		return
	}
	if *purgeAll || *purgeOwn {
		var err error
		if *purgeAll {
			var removed []string
			removed, err = purge.AllUsers()
			for _, dir := range removed {
				fmt.Println("removed", dir)
			}
		}
		if err == nil {
			err = purge.OwnSecrets(secrets.Keyring{})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "lifetag-station:", err)
			os.Exit(1)
		}
		fmt.Printf("removed this account's %s entries from %s\n", secrets.Service, secrets.Keyring{}.Where())
		return
	}

	if err := run(*browser, *saveDir); err != nil {
		fmt.Fprintln(os.Stderr, "lifetag-station:", err)
		os.Exit(1)
	}
}

func run(browser, saveDir string) error {
	assets, err := windowAssets()
	if err != nil {
		return err
	}
	app, err := newApp(browser != "", saveDir)
	if err != nil {
		return err
	}
	defer app.close()

	if browser != "" {
		return serveBrowser(browser, assets, app)
	}
	return wails.Run(&options.App{
		Title:     windowTitle,
		Width:     1280,
		Height:    800,
		MinWidth:  900,
		MinHeight: 600,
		// White, as the page's own background, so no dark flash before it paints.
		BackgroundColour: &options.RGBA{R: 255, G: 255, B: 255, A: 255},
		AssetServer:      &assetserver.Options{Assets: assets},
		OnStartup:        app.startup,
		Bind:             app.bound(),
		Linux:            &linux.Options{Icon: appIcon, ProgramName: "lifetag-station"},
		Windows:          &windows.Options{Messages: webView2Messages()},
	})
}

// MsgNoWebView2 is what a Windows user sees when the WebView2 runtime the
// window needs is missing: the exe is built with Wails' "error" WebView2
// strategy (scripts/station/build.sh), which shows this message instead of
// offering to download the runtime, as many sites have no internet.
const MsgNoWebView2 = "Lifetag Station needs the Microsoft Edge WebView2 Runtime, which is not installed on this computer.\n\n" +
	"Ask IT to install it. Without internet access, IT can use Microsoft's Evergreen Standalone Installer (x64) " +
	"from https://developer.microsoft.com/microsoft-edge/webview2/ (Download the WebView2 Runtime)."

// webView2Title is the title of the message box (the Wine test finds it by it).
const webView2Title = "Lifetag Station: WebView2 Runtime missing"

// webView2Messages are Wails' WebView2 messages with ours where the
// runtime is missing.
func webView2Messages() *windows.Messages {
	m := windows.DefaultMessages()
	m.ContactAdmin = MsgNoWebView2
	m.Error = webView2Title
	m.Webview2NotInstalled = "the Microsoft Edge WebView2 Runtime is not installed"
	return m
}

// serveBrowser serves the window and the bound methods on a loopback address
// until SIGINT or SIGTERM.
func serveBrowser(addr string, assets fs.FS, app *App) error {
	if !isLoopback(addr) {
		return fmt.Errorf("--browser %s: only a loopback address (127.0.0.1:PORT) is allowed", addr)
	}
	b, err := newBridge(addr, assetHandler(assets), app.bound()...)
	if err != nil {
		return err
	}
	server := &http.Server{Addr: addr, Handler: b, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	app.startup(ctx)
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = server.Shutdown(shutdown)
	}()
	slog.Info("station: browser mode", "url", "http://"+addr)
	if err := server.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
