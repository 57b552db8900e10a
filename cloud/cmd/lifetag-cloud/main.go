// Command lifetag-cloud serves the Lifetag API and website, and migrates
// or backs up its database (commands.go). All configuration comes from the
// environment (config.go), read here and nowhere else.
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
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/riverqueue/river"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/cloud/argon2id"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/prometheus"
	"github.com/lifetag/lifetag/cloud/service"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/web"
	"github.com/lifetag/lifetag/cloud/webhook"
)

// devKeyFile is the development data key, generated on first start.
const devKeyFile = "data.key"

// purgeInterval is how often expired sessions and old analytics are deleted.
const purgeInterval = time.Hour

func main() {
	cmd, err := parseCommandLine(os.Args[1:])
	switch {
	case errors.Is(err, errHelp):
		fmt.Print(usage)
		return
	case err != nil:
		fmt.Fprintf(os.Stderr, "lifetag-cloud: %v\n%s", err, shortUsage)
		os.Exit(exitUsage)
	case cmd.name == commandVersion:
		fmt.Println(versionLine())
		return
	}
	config, err := configFromEnv(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lifetag-cloud:", err)
		os.Exit(2)
	}
	// Every line a request logs carries its request_id.
	logOptions := &slog.HandlerOptions{Level: config.LogLevel}
	var handler slog.Handler = slog.NewTextHandler(os.Stderr, logOptions)
	if config.LogJSON {
		handler = slog.NewJSONHandler(os.Stderr, logOptions)
	}
	logger := lhttp.WithRequestIDs(slog.New(handler))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch cmd.name {
	case commandMigrate:
		err = migrate(ctx, config, logger)
	case commandBackup:
		err = backup(ctx, config, cmd.path, logger)
	default:
		ready := func(addr net.Addr) { fmt.Printf("Lifetag is running on http://%s\n", addr) }
		err = run(ctx, config, logger, ready)
	}
	if err != nil {
		logger.Error("lifetag-cloud "+cmd.name+" failed", slog.String("error", err.Error()))
		stop()
		os.Exit(1)
	}
}

// run serves until ctx is done (SIGINT or SIGTERM), then lets requests in
// flight finish. ready is called with the listening address.
func run(ctx context.Context, config Config, logger *slog.Logger, ready func(net.Addr)) error {
	stopTracing, err := startTracing(ctx, config.Tracing, logger)
	if err != nil {
		return err
	}
	defer stopTracing()
	store, err := openStore(ctx, config, logger)
	if err != nil {
		return err
	}
	defer store.Close()
	queue, err := sqldb.NewQueue(store, sqldb.QueueConfig{Logger: logger})
	if err != nil {
		return err
	}
	// The queue's figures (jobs by kind and state) go to the metrics too.
	var jobs cloud.JobStats = queue
	var metrics cloud.Metrics = cloud.NoMetrics{}
	var prometheusMetrics *prometheus.Metrics
	if config.MetricsAddr != "" {
		prometheusMetrics = newMetrics(logger, store, jobs)
		metrics = prometheusMetrics
	}

	sealer, err := openSealer(config, logger)
	if err != nil {
		return err
	}
	mailer, err := openMailer(config, logger)
	if err != nil {
		return err
	}
	stripeConfig, err := stripeConfigFromEnv(os.Getenv, config.Production)
	if err != nil {
		return err
	}
	paymentProvider, paymentRoutes := paymentsFrom(stripeConfig, logger)
	svc, err := service.New(service.Config{
		Payments:               paymentProvider,
		Store:                  store,
		Sealer:                 sealer,
		Passwords:              argon2id.New(config.Argon2, 2*runtime.GOMAXPROCS(0)),
		Mailer:                 mailer,
		Queue:                  queue,
		MailRetryBase:          config.MailRetryFirst,
		Logger:                 logger,
		Development:            !config.Production,
		AdminsNeedSecondFactor: config.AdminSecondFactor,
		PasskeyOrigin:          config.PasskeyOrigin,
		BaseURL:                config.BaseURL,
		TrialRegistrationsADay: config.TrialsADay,
		Metrics:                metrics,
		// Plain http only in development; private addresses only when a
		// developer asked for them (config.go).
		Webhooks: webhook.NewClient(webhook.Guard{AllowHTTP: !config.Production,
			AllowPrivate: config.WebhooksAllowPrivate}, cloud.WebhookTimeout),
	})
	if err != nil {
		return err
	}
	defer svc.Close()
	river.AddWorker(queue.Workers(), svc.MailWorker())
	river.AddWorker(queue.Workers(), svc.WebhookWorker())
	river.AddWorker(queue.Workers(), svc.ReviewRoundWorker())
	if err := svc.SeedAdmins(ctx, config.AdminEmails); err != nil {
		return fmt.Errorf("ADMIN_EMAILS: %w", err)
	}
	if len(config.DataKeysPrevious) > 0 {
		n, err := svc.ResealAll(ctx)
		if err != nil {
			return fmt.Errorf("re-sealing under the new DATA_KEY: %w", err)
		}
		logger.Info("data re-sealed under the current DATA_KEY; DATA_KEY_PREVIOUS can now be removed", slog.Int("rows", n))
	}
	go purgeExpired(ctx, svc, logger)
	// Every package has added its job kinds' workers (service.New) by now.
	if err := queue.Start(ctx); err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	// Last stopped, first in the defers: running jobs finish (or are
	// released, to be retried) while the store is still open.
	defer stopQueue(queue, logger)
	// Webhooks are delivered by the queue's jobs; the sweep takes up a
	// message no job carries and disables endpoints failing three days.
	webhooksCtx, stopWebhooks := context.WithCancel(ctx)
	webhooksDone := make(chan struct{})
	go func() { defer close(webhooksDone); svc.RunWebhooks(webhooksCtx) }()
	defer func() { stopWebhooks(); <-webhooksDone }()

	// On PostgreSQL, instances share one database and so their rate-limit
	// counters; the embedded SQLite serves one instance, counting in memory.
	var rateLimitStore cloud.RateLimitStore
	if config.DatabaseURL != "" {
		rateLimitStore = store
		go purgeRateLimits(ctx, store, config.RateLimit.Window, logger)
	}
	server := lhttp.NewServer(lhttp.Config{
		Service:           svc,
		Site:              web.Dist(),
		Logger:            logger,
		Production:        config.Production,
		RateLimit:         config.RateLimit,
		Payments:          paymentRoutes,
		RateLimitStore:    rateLimitStore,
		MinStationVersion: config.MinStationVersion,
		Metrics:           metrics,
	})
	if prometheusMetrics != nil {
		watchReadiness(prometheusMetrics, server, svc)
		stopMetrics, err := serveMetrics(config.MetricsAddr, prometheusMetrics, logger)
		if err != nil {
			return fmt.Errorf("METRICS_ADDR: %w", err)
		}
		defer stopMetrics()
	}
	httpServer := &http.Server{
		Handler:           server,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    cloud.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(config.Host, config.Port))
	if err != nil {
		return err
	}
	ready(listener.Addr())

	served := make(chan error, 1)
	go func() { served <- httpServer.Serve(listener) }()
	server.Ready()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	// Draining: /api/ready says 503 while requests are still served, long
	// enough (DRAIN_SECONDS) for the load balancer to notice and stop
	// sending; then Shutdown lets those in flight finish.
	server.Drain()
	logger.Info("shutting down", slog.Duration("drain", config.Drain))
	if config.Drain > 0 {
		time.Sleep(config.Drain)
	}
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

// stopQueue lets running jobs finish for a while, then releases them.
func stopQueue(queue *sqldb.Queue, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if n := queue.Running(ctx); n > 0 {
		logger.Info("waiting for mail still being sent", slog.Int("jobs", n))
	}
	if err := queue.Stop(ctx); err != nil {
		logger.Warn("queue stopped with jobs released", slog.String("error", err.Error()))
	}
}

func openStore(ctx context.Context, config Config, logger *slog.Logger) (*sqldb.DB, error) {
	if config.DatabaseURL != "" {
		logger.Info("storage: PostgreSQL")
		return sqldb.OpenPostgres(ctx, config.DatabaseURL)
	}
	logger.Info("storage: embedded SQLite", slog.String("dir", config.DataDir))
	return sqldb.OpenSQLite(ctx, config.DataDir)
}

// openSealer uses DATA_KEY, or in development a key kept in the data
// directory (created on first start).
func openSealer(config Config, logger *slog.Logger) (*aesgcm.Cipher, error) {
	var current []byte
	var err error
	if config.DataKey != "" {
		if current, err = aesgcm.ParseKey(config.DataKey); err != nil {
			return nil, fmt.Errorf("DATA_KEY: %w", err)
		}
	} else {
		if err := os.MkdirAll(config.DataDir, 0o700); err != nil {
			return nil, err
		}
		path := filepath.Join(config.DataDir, devKeyFile)
		if current, err = aesgcm.LoadOrCreateKeyFile(path); err != nil {
			return nil, err
		}
		logger.Warn("DATA_KEY unset: using the development key file", slog.String("file", path))
	}
	var previous [][]byte
	for _, text := range config.DataKeysPrevious {
		key, err := aesgcm.ParseKey(text)
		if err != nil {
			return nil, fmt.Errorf("DATA_KEY_PREVIOUS: %w", err)
		}
		previous = append(previous, key)
	}
	return aesgcm.New(current, previous...)
}

// openMailer sends over SMTP when SMTP_HOST is set; otherwise (development
// only) into the outbox directory.
func openMailer(config Config, logger *slog.Logger) (cloud.Mailer, error) {
	if config.SMTP.Host != "" {
		return mail.NewSMTP(config.SMTP)
	}
	return mail.NewOutbox(filepath.Join(config.DataDir, "outbox"), logger)
}

// purgeExpired deletes expired sessions, and analytics records and admin
// audit entries past their retention, ends expired trials, and queues the
// review reminders due, on every tick.
func purgeExpired(ctx context.Context, svc *service.Service, logger *slog.Logger) {
	// Each job says how many records it removed or changed.
	jobs := []struct {
		run          func(context.Context) (int64, error)
		failed, done string
	}{
		{svc.PurgeExpiredSessions, "session purge failed", "expired sessions deleted"},
		{svc.PurgeExpiredSignIns, "sign-in step purge failed", "expired sign-in steps deleted"},
		{svc.PurgeOldAnalytics, "analytics purge failed", "old analytics records deleted"},
		{svc.PurgeOldAuditEntries, "audit log purge failed", "old audit entries deleted"},
		{svc.CheckTrials, "trial and registration check failed", "ended trials made inactive"},
		{svc.PurgeIdempotencyKeys, "idempotency key purge failed", "old idempotency keys deleted"},
		{svc.PurgeWebhookLog, "webhook log purge failed", "old webhook deliveries and tombstones deleted"},
		{svc.SendReviewReminders, "review reminder check failed", "review reminders queued"},
		// A round's reminders go on their day; a reminder's mail is unique
		// by its cause, so two instances on the same tick mail once.
		{func(ctx context.Context) (int64, error) {
			n, err := svc.SendDueReviewReminders(ctx)
			return int64(n), err
		}, "review round reminders failed", "review rounds reminded"},
	}
	ticker := time.NewTicker(purgeInterval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			for _, job := range jobs {
				if n, err := job.run(ctx); err != nil {
					logger.Error(job.failed, slog.String("error", err.Error()))
				} else if n > 0 {
					logger.Info(job.done, slog.Int64("count", n))
				}
			}
		}
	}
}

// purgeRateLimits deletes, on every tick, the rate-limit windows no limiter
// reads any more: a limiter weighs the current window and the one before.
func purgeRateLimits(ctx context.Context, store cloud.RateLimitStore, window time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(purgeInterval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if _, err := store.DeleteRateLimitsBefore(ctx, time.Now().Add(-2*window)); err != nil {
				logger.Error("rate limit purge failed", slog.String("error", err.Error()))
			}
		}
	}
}
