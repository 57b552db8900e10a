package main

import (
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/argon2id"
	lhttp "github.com/lifetag/lifetag/cloud/http"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaults(t *testing.T) {
	c, err := configFromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Host != "127.0.0.1" || c.Port != "8080" || c.DataDir != "data" || c.DatabaseURL != "" || c.Production ||
		c.BaseURL != "http://127.0.0.1:8080" || c.LogLevel != slog.LevelInfo || c.Argon2 != argon2id.DefaultParams ||
		c.RateLimit != lhttp.DefaultRateLimit || c.SMTP.Host != "" || c.SMTP.TLS != "starttls" || c.Drain != 0 || c.LogJSON ||
		c.MetricsAddr != "" || c.Tracing || c.AdminSecondFactor || c.PasskeyOrigin != "" {
		t.Fatalf("defaults %+v", c)
	}
}

func TestConfigFromEnv(t *testing.T) {
	c, err := configFromEnv(env(map[string]string{
		"ADDR": "0.0.0.0", "PORT": "9000", "DATABASE_URL": "postgres://db/lifetag", "DATA_DIR": "/var/lib/lifetag",
		"LIFETAG_ENV": "production", "DATA_KEY": "k", "DATA_KEY_PREVIOUS": " a, b ,", "ADMIN_EMAILS": "x@example.com, y@example.com",
		"SMTP_HOST": "smtp.example.com", "SMTP_PORT": "465", "SMTP_TLS": "tls", "SMTP_FROM": "Lifetag <hi@example.com>",
		"ARGON2_TIME": "3", "ARGON2_MEMORY_KIB": "65536", "ARGON2_THREADS": "2", "RATE_LIMIT_PER_IP": "5",
		"RATE_LIMIT_PER_ADDRESS": "2", "RATE_LIMIT_ANALYTICS_PER_IP": "7",
		"RATE_LIMIT_COLLECT_PER_IP": "8", "RATE_LIMIT_COLLECT_PER_LINK": "3", "RATE_LIMIT_COLLECT_MALFORMED_PER_IP": "6",
		"RATE_LIMIT_MAIL_PER_RECIPIENT": "4", "RATE_LIMIT_MAIL_PER_CALLER": "9", "RATE_LIMIT_MAIL_PER_ORGANIZATION": "11", "LOG_LEVEL": "warn", "BASE_URL": "https://lifetag.example", "TRUST_PROXY_HEADERS": "true",
		"DRAIN_SECONDS": "5", "LOG_FORMAT": "json", "TRIAL_REGISTRATIONS_PER_DAY": "9", "STATION_MIN_VERSION": "0.2.0",
		"RATE_LIMIT_PER_API_KEY": "12", "RATE_LIMIT_API_PER_CLIENT": "13",
		"METRICS_ADDR": "10.0.0.11:9464", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Host != "0.0.0.0" || c.Port != "9000" || !c.Production || c.BaseURL != "https://lifetag.example" ||
		!reflect.DeepEqual(c.DataKeysPrevious, []string{"a", "b"}) || !reflect.DeepEqual(c.AdminEmails, []string{"x@example.com", "y@example.com"}) ||
		c.SMTP.Port != 465 || c.SMTP.TLS != "tls" || c.Argon2 != (argon2id.Params{Time: 3, MemoryKiB: 65536, Threads: 2}) ||
		c.RateLimit.PerIP != 5 || c.RateLimit.PerAddress != 2 || c.RateLimit.AnalyticsPerIP != 7 ||
		c.RateLimit.CollectPerIP != 8 || c.RateLimit.CollectPerLink != 3 || c.RateLimit.CollectMalformedPerIP != 6 ||
		c.RateLimit.MailPerRecipient != 4 || c.RateLimit.MailPerCaller != 9 || c.RateLimit.MailPerOrganization != 11 || !c.RateLimit.TrustProxy || c.LogLevel != slog.LevelWarn ||
		c.Drain != 5*time.Second || !c.LogJSON || c.TrialsADay != 9 || c.MinStationVersion != "0.2.0" ||
		c.RateLimit.PerAPIKey != 12 || c.RateLimit.APIPerClient != 13 ||
		c.MetricsAddr != "10.0.0.11:9464" || !c.Tracing || !c.AdminSecondFactor {
		t.Fatalf("config %+v", c)
	}
}

// TestConfigMetricsAndTraces: metrics are on by default in production
// only, on this machine, and can be turned off; traces need an endpoint.
func TestConfigMetricsAndTraces(t *testing.T) {
	production := map[string]string{"LIFETAG_ENV": "production", "DATA_KEY": "k", "SMTP_HOST": "smtp.example.com"}
	if c, err := configFromEnv(env(production)); err != nil || c.MetricsAddr != "127.0.0.1:9464" || c.Tracing {
		t.Fatalf("production defaults: %+v %v", c, err)
	}
	production["METRICS_ADDR"] = "off"
	production["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] = "http://collector:4318/v1/traces"
	if c, err := configFromEnv(env(production)); err != nil || c.MetricsAddr != "" || !c.Tracing {
		t.Fatalf("metrics off, traces on: %+v %v", c, err)
	}
	production["OTEL_SDK_DISABLED"] = "true"
	if c, err := configFromEnv(env(production)); err != nil || c.Tracing {
		t.Fatalf("the SDK disabled: %+v %v", c, err)
	}
}

// TestConfigDevelopmentHosts: development by default only on loopback, and
// on any host only when LIFETAG_ENV says so explicitly.
func TestConfigDevelopmentHosts(t *testing.T) {
	for _, host := range []string{"127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"} {
		if _, err := configFromEnv(env(map[string]string{"HOST": host})); err != nil {
			t.Errorf("loopback %s refused: %v", host, err)
		}
	}
	c, err := configFromEnv(env(map[string]string{"HOST": "0.0.0.0", "LIFETAG_ENV": "development"}))
	if err != nil || c.Production {
		t.Fatalf("explicit development on 0.0.0.0: %+v %v", c, err)
	}
}

func TestConfigErrors(t *testing.T) {
	for name, vars := range map[string]map[string]string{
		"ErrUnknownEnv":           {"LIFETAG_ENV": "staging"},
		"ErrProductionNoKey":      {"LIFETAG_ENV": "production", "SMTP_HOST": "smtp.example.com"},
		"ErrProductionNoSMTP":     {"LIFETAG_ENV": "production", "DATA_KEY": "k"},
		"ErrBadPort":              {"SMTP_PORT": "x"},
		"ErrZeroRateLimit":        {"RATE_LIMIT_PER_IP": "0"},
		"ErrZeroAnalyticsLimit":   {"RATE_LIMIT_ANALYTICS_PER_IP": "0"},
		"ErrZeroCollectLimit":     {"RATE_LIMIT_COLLECT_PER_LINK": "0"},
		"ErrZeroAPIKeyLimit":      {"RATE_LIMIT_PER_API_KEY": "0"},
		"ErrZeroAPIClientLimit":   {"RATE_LIMIT_API_PER_CLIENT": "0"},
		"ErrZeroMailLimit":        {"RATE_LIMIT_MAIL_PER_RECIPIENT": "0"},
		"ErrArgon2MemoryTooHigh":  {"ARGON2_MEMORY_KIB": "99999999"},
		"ErrBadLogLevel":          {"LOG_LEVEL": "loud"},
		"ErrBadLogFormat":         {"LOG_FORMAT": "xml"},
		"ErrBadTrustProxy":        {"TRUST_PROXY_HEADERS": "maybe"},
		"ErrDrainTooLong":         {"DRAIN_SECONDS": "3600"},
		"ErrNegativeDrain":        {"DRAIN_SECONDS": "-1"},
		"ErrBadStationVersion":    {"STATION_MIN_VERSION": "0.2"},
		"ErrBadAdminSecondFactor": {"REQUIRE_ADMIN_SECOND_FACTOR": "yes"},
		// Site admins always need a second factor in production.
		"ErrProductionAdminsWithoutSecondFactor": {"LIFETAG_ENV": "production", "DATA_KEY": "k",
			"SMTP_HOST": "smtp.example.com", "REQUIRE_ADMIN_SECOND_FACTOR": "false"},
		"ErrMetricsOnPublicPort": {"PORT": "8080", "METRICS_ADDR": "127.0.0.1:8080"},
		"ErrMetricsNoPort":       {"METRICS_ADDR": "127.0.0.1"},
		// Development by default must never face a network.
		"ErrDefaultEnvOnAnyHost":     {"HOST": "0.0.0.0"},
		"ErrDefaultEnvOnPublicHost":  {"ADDR": "203.0.113.7"},
		"ErrDefaultEnvOnEmptyV6Host": {"HOST": "::"},
	} {
		if _, err := configFromEnv(env(vars)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
