// Command lifetag-cloud serves the Lifetag API and website. All configuration
// comes from the environment, read here and nowhere else.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/postgres"
	"github.com/lifetag/lifetag/cloud/sqlite"
	"github.com/lifetag/lifetag/cloud/web"
)

// Config is the cloud's configuration, from the environment.
type Config struct {
	Host        string // HOST (or ADDR): listen address, default 127.0.0.1
	Port        string // PORT, default 8080
	DatabaseURL string // DATABASE_URL: PostgreSQL; empty means embedded SQLite
	DataDir     string // DATA_DIR, default ./data
	Production  bool   // LIFETAG_ENV=production (default development)
}

func configFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Host:        firstNonEmpty(getenv("HOST"), getenv("ADDR"), "127.0.0.1"),
		Port:        firstNonEmpty(getenv("PORT"), "8080"),
		DatabaseURL: getenv("DATABASE_URL"),
		DataDir:     firstNonEmpty(getenv("DATA_DIR"), "data"),
	}
	switch env := firstNonEmpty(getenv("LIFETAG_ENV"), "development"); env {
	case "development":
	case "production":
		c.Production = true
	default:
		return c, fmt.Errorf("LIFETAG_ENV must be development or production, not %q", env)
	}
	return c, nil
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(logger); err != nil {
		logger.Error("lifetag-cloud stopped", slog.String("error", err.Error()))
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	config, err := configFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	store, err := openStore(ctx, config, logger)
	if err != nil {
		return err
	}
	defer store.Close()

	server := lhttp.NewServer(lhttp.Config{
		Store:      store,
		Site:       web.Dist(),
		Logger:     logger,
		Production: config.Production,
	})
	httpServer := &http.Server{
		Handler:           server,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(config.Host, config.Port))
	if err != nil {
		return err
	}
	fmt.Printf("Lifetag is running on http://%s\n", listener.Addr())

	served := make(chan error, 1)
	go func() { served <- httpServer.Serve(listener) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// store is what main needs from a storage backend.
type store interface {
	Ping(ctx context.Context) error
	Close() error
}

func openStore(ctx context.Context, config Config, logger *slog.Logger) (store, error) {
	if config.DatabaseURL != "" {
		logger.Info("storage: PostgreSQL")
		return postgres.Open(ctx, config.DatabaseURL)
	}
	logger.Info("storage: embedded SQLite", slog.String("dir", config.DataDir))
	return sqlite.Open(ctx, config.DataDir)
}
