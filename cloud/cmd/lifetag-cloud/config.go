package main

import (
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/lifetag/lifetag/cloud/argon2id"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/cloud/mail"
	"github.com/lifetag/lifetag/cloud/tracing"
	"github.com/lifetag/lifetag/pkg/version"
)

// Config is the cloud's configuration. Every setting comes from the
// environment; docs/operating.md lists them with these defaults.
type Config struct {
	Host    string // HOST (or ADDR): listen address, default 127.0.0.1
	Port    string // PORT, default 8080
	BaseURL string // BASE_URL: the site's public address, for links in mail
	// PasskeyOrigin (PASSKEY_ORIGIN): the origin passkeys are bound to when
	// the browser reaches the site by another address than BASE_URL; empty
	// means BASE_URL's.
	PasskeyOrigin string
	DatabaseURL   string // DATABASE_URL: PostgreSQL; empty means embedded SQLite
	DataDir       string // DATA_DIR, default ./data (SQLite file, dev key, outbox)
	Production    bool   // LIFETAG_ENV=production (default development)
	// AdminSecondFactor: site admins must set up and use a second factor.
	// Always in production; in development only with
	// REQUIRE_ADMIN_SECOND_FACTOR=true (tests sign admins in with a password).
	AdminSecondFactor bool
	LogLevel          slog.Level
	LogJSON           bool // LOG_FORMAT=json: one JSON object a line, for log collectors (default text: key=value)
	// Drain is how long a stopping instance keeps serving, its readiness
	// already 503, before it closes its listener (DRAIN_SECONDS, default 0):
	// behind a load balancer, a little longer than its probe interval.
	Drain time.Duration
	// MailRetryFirst (MAIL_RETRY_FIRST, a Go duration, default 15s) is the
	// first wait before a mail is tried again; it doubles up to 240 times
	// itself, for about a day of attempts at the default. Tests shorten it.
	MailRetryFirst time.Duration

	DataKey          string   // DATA_KEY: base64 of 32 bytes; dev default: DATA_DIR/data.key
	DataKeysPrevious []string // DATA_KEY_PREVIOUS: comma-separated older keys, still opened
	AdminEmails      []string // ADMIN_EMAILS: comma-separated

	SMTP   mail.SMTPConfig // SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_FROM, SMTP_TLS
	Argon2 argon2id.Params // ARGON2_TIME, ARGON2_MEMORY_KIB, ARGON2_THREADS
	// TrialsADay: TRIAL_REGISTRATIONS_PER_DAY, per client address and per
	// mailbox; 0 takes the service's default.
	TrialsADay int
	// MinStationVersion (STATION_MIN_VERSION, X.Y.Z): older print stations
	// are answered 426 with a message to ask IT for this version. "" serves all.
	MinStationVersion string
	// MetricsAddr (METRICS_ADDR, host:port) serves /metrics for Prometheus
	// on a listener of its own, never the public PORT. Default: off in
	// development, 127.0.0.1:9464 in production; "off" turns it off.
	MetricsAddr string
	// Tracing: traces go over OTLP when the standard OTEL_* variables ask
	// (OTEL_EXPORTER_OTLP_ENDPOINT; package tracing).
	Tracing bool
	// WebhooksAllowPrivate (WEBHOOKS_ALLOW_PRIVATE=1, development only):
	// webhook endpoints may be on this machine or its network, for a
	// receiver a developer runs locally. Production never allows it.
	WebhooksAllowPrivate bool
	RateLimit            lhttp.RateLimit // RATE_LIMIT_PER_IP, RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_ANALYTICS_PER_IP, RATE_LIMIT_COLLECT_PER_IP, RATE_LIMIT_COLLECT_PER_LINK, RATE_LIMIT_COLLECT_MALFORMED_PER_IP (per minute), RATE_LIMIT_MAIL_PER_RECIPIENT, RATE_LIMIT_MAIL_PER_CALLER, RATE_LIMIT_MAIL_PER_ORGANIZATION (per hour), RATE_LIMIT_PER_API_KEY, RATE_LIMIT_API_PER_CLIENT (per minute), TRUST_PROXY_HEADERS
}

func configFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Host:          firstNonEmpty(getenv("HOST"), getenv("ADDR"), "127.0.0.1"),
		Port:          firstNonEmpty(getenv("PORT"), "8080"),
		DatabaseURL:   getenv("DATABASE_URL"),
		DataDir:       firstNonEmpty(getenv("DATA_DIR"), "data"),
		DataKey:       getenv("DATA_KEY"),
		PasskeyOrigin: getenv("PASSKEY_ORIGIN"),
		SMTP: mail.SMTPConfig{
			Host:     getenv("SMTP_HOST"),
			Username: getenv("SMTP_USERNAME"),
			Password: getenv("SMTP_PASSWORD"),
			From:     firstNonEmpty(getenv("SMTP_FROM"), "Lifetag <no-reply@lifetag.local>"),
			TLS:      firstNonEmpty(getenv("SMTP_TLS"), mail.TLSStartTLS),
		},
		Argon2:    argon2id.DefaultParams,
		RateLimit: lhttp.DefaultRateLimit,
	}
	c.BaseURL = firstNonEmpty(getenv("BASE_URL"), "http://"+c.Host+":"+c.Port)
	c.DataKeysPrevious = splitList(getenv("DATA_KEY_PREVIOUS"))
	switch getenv("TRUST_PROXY_HEADERS") {
	case "", "0", "false":
	case "1", "true":
		c.RateLimit.TrustProxy = true
	default:
		return c, fmt.Errorf("TRUST_PROXY_HEADERS must be true or false")
	}
	c.AdminEmails = splitList(getenv("ADMIN_EMAILS"))
	if c.MinStationVersion = getenv("STATION_MIN_VERSION"); c.MinStationVersion != "" {
		if _, err := version.Parse(c.MinStationVersion); err != nil {
			return c, fmt.Errorf("STATION_MIN_VERSION must be a version such as 0.1.0, not %q", c.MinStationVersion)
		}
	}

	env := getenv("LIFETAG_ENV")
	switch env {
	case "", "development":
		// Development hands out reset tokens in answers and takes free test
		// payments, so it serves only this machine unless someone chose it.
		if env == "" && !isLoopback(c.Host) {
			return c, fmt.Errorf("HOST %s is not a loopback address: set LIFETAG_ENV=production (or LIFETAG_ENV=development to serve development mode to the network on purpose)", c.Host)
		}
	case "production":
		c.Production = true
		c.MetricsAddr = defaultProductionMetricsAddr
		if c.DataKey == "" {
			return c, fmt.Errorf("DATA_KEY is required in production (generate one: openssl rand -base64 32)")
		}
		if c.SMTP.Host == "" {
			return c, fmt.Errorf("SMTP_HOST is required in production (password-reset mail)")
		}
	default:
		return c, fmt.Errorf("LIFETAG_ENV must be development or production, not %q", env)
	}
	if err := c.setMetricsAddr(getenv("METRICS_ADDR")); err != nil {
		return c, err
	}
	c.Tracing = tracing.Enabled(getenv)
	switch getenv("REQUIRE_ADMIN_SECOND_FACTOR") {
	case "", "false":
		c.AdminSecondFactor = c.Production
	case "true":
		c.AdminSecondFactor = true
	default:
		return c, fmt.Errorf("REQUIRE_ADMIN_SECOND_FACTOR must be true or false")
	}
	if c.Production && getenv("REQUIRE_ADMIN_SECOND_FACTOR") == "false" {
		return c, fmt.Errorf("REQUIRE_ADMIN_SECOND_FACTOR cannot be false in production: site admins always need a second factor there")
	}
	switch getenv("WEBHOOKS_ALLOW_PRIVATE") {
	case "", "0":
	case "1":
		if c.Production {
			return c, fmt.Errorf("WEBHOOKS_ALLOW_PRIVATE is for development only: in production webhooks reach only public addresses")
		}
		c.WebhooksAllowPrivate = true
	default:
		return c, fmt.Errorf("WEBHOOKS_ALLOW_PRIVATE must be 1 or unset")
	}
	switch getenv("LOG_FORMAT") {
	case "", "text":
	case "json":
		c.LogJSON = true
	default:
		return c, fmt.Errorf("LOG_FORMAT must be text or json")
	}
	if err := c.LogLevel.UnmarshalText([]byte(firstNonEmpty(getenv("LOG_LEVEL"), "info"))); err != nil {
		return c, fmt.Errorf("LOG_LEVEL: %w", err)
	}

	ints := []struct {
		name string
		dst  *int
		min  int
	}{
		{"SMTP_PORT", &c.SMTP.Port, 1},
		{"RATE_LIMIT_PER_IP", &c.RateLimit.PerIP, 1},
		{"RATE_LIMIT_PER_ADDRESS", &c.RateLimit.PerAddress, 1},
		{"RATE_LIMIT_ANALYTICS_PER_IP", &c.RateLimit.AnalyticsPerIP, 1},
		{"RATE_LIMIT_COLLECT_PER_IP", &c.RateLimit.CollectPerIP, 1},
		{"RATE_LIMIT_COLLECT_PER_LINK", &c.RateLimit.CollectPerLink, 1},
		{"RATE_LIMIT_COLLECT_MALFORMED_PER_IP", &c.RateLimit.CollectMalformedPerIP, 1},
		{"RATE_LIMIT_MAIL_PER_RECIPIENT", &c.RateLimit.MailPerRecipient, 1},
		{"RATE_LIMIT_MAIL_PER_CALLER", &c.RateLimit.MailPerCaller, 1},
		{"RATE_LIMIT_MAIL_PER_ORGANIZATION", &c.RateLimit.MailPerOrganization, 1},
		{"RATE_LIMIT_PER_API_KEY", &c.RateLimit.PerAPIKey, 1},
		{"RATE_LIMIT_API_PER_CLIENT", &c.RateLimit.APIPerClient, 1},
		{"TRIAL_REGISTRATIONS_PER_DAY", &c.TrialsADay, 1},
	}
	for _, v := range ints {
		if text := getenv(v.name); text != "" {
			n, err := strconv.Atoi(text)
			if err != nil || n < v.min {
				return c, fmt.Errorf("%s must be a whole number of at least %d", v.name, v.min)
			}
			*v.dst = n
		}
	}
	uints := []struct {
		name     string
		dst      *uint32
		min, max uint64
	}{
		{"ARGON2_TIME", &c.Argon2.Time, 1, 16},
		{"ARGON2_MEMORY_KIB", &c.Argon2.MemoryKiB, 8, 256 * 1024},
	}
	for _, v := range uints {
		if text := getenv(v.name); text != "" {
			n, err := strconv.ParseUint(text, 10, 32)
			if err != nil || n < v.min || n > v.max {
				return c, fmt.Errorf("%s must be between %d and %d", v.name, v.min, v.max)
			}
			*v.dst = uint32(n)
		}
	}
	if text := getenv("DRAIN_SECONDS"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 || n > maxDrainSeconds {
			return c, fmt.Errorf("DRAIN_SECONDS must be between 0 and %d", maxDrainSeconds)
		}
		c.Drain = time.Duration(n) * time.Second
	}
	if text := getenv("MAIL_RETRY_FIRST"); text != "" {
		d, err := time.ParseDuration(text)
		if err != nil || d < time.Millisecond || d > time.Hour {
			return c, fmt.Errorf("MAIL_RETRY_FIRST must be a duration between 1ms and 1h, like 15s")
		}
		c.MailRetryFirst = d
	}
	if text := getenv("ARGON2_THREADS"); text != "" {
		n, err := strconv.ParseUint(text, 10, 8)
		if err != nil || n < 1 {
			return c, fmt.Errorf("ARGON2_THREADS must be between 1 and 255")
		}
		c.Argon2.Threads = uint8(n)
	}
	return c, nil
}

// defaultProductionMetricsAddr serves /metrics to this machine only: a
// Prometheus elsewhere needs METRICS_ADDR set to an address it reaches.
const defaultProductionMetricsAddr = "127.0.0.1:9464"

// setMetricsAddr takes METRICS_ADDR: "" keeps the default, "off" turns
// metrics off, anything else is host:port with a port other than the
// public PORT's.
func (c *Config) setMetricsAddr(text string) error {
	switch text {
	case "":
		return nil
	case "off":
		c.MetricsAddr = ""
		return nil
	}
	_, port, err := net.SplitHostPort(text)
	if err != nil || port == "" {
		return fmt.Errorf("METRICS_ADDR must be host:port (127.0.0.1:9464) or off, not %q", text)
	}
	if port == c.Port && port != "0" {
		return fmt.Errorf("METRICS_ADDR must not use the public PORT %s: metrics are for the scraper, not the site's visitors", c.Port)
	}
	c.MetricsAddr = text
	return nil
}

// maxDrainSeconds keeps a stopping instance within the time an orchestrator
// gives it between SIGTERM and SIGKILL (Kubernetes: 30 s): the drain, then
// up to 15 s for requests in flight (main.go).
const maxDrainSeconds = 10

// isLoopback reports whether a listen address only serves this machine.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
