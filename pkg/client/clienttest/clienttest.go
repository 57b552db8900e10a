// Package clienttest runs a real Lifetag cloud for the tests of the
// station and of pkg/client: the cloud binary built from ../cloud, on a
// fresh PostgreSQL database of its own, on a loopback port, in development
// mode (mail goes to an outbox directory, payments to the local test
// checkout). It also makes the fixtures those tests need through the
// cloud's own HTTP API: an admin with a password, a paid physical order
// with its customer's record, a corporate organisation on a trial.
//
// Every call reaches the cloud through Stoplight Prism (scripts/
// test/prism-front.mjs), which checks it and its answer against
// pkg/api/openapi.yaml: a violation fails the test.
// LIFETAG_CONTRACT=0 talks to the cloud directly.
//
// PostgreSQL comes from LIFETAG_TEST_DATABASE_URL (scripts/postgres.sh sets
// it under make test): each Start creates a database beside that one and
// drops it afterwards. Without it the tests skip, or fail under
// LIFETAG_STRICT=1.
package clienttest

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/plans"
)

// AdminEmail is the admin every test cloud seeds (ADMIN_EMAILS).
const AdminEmail = "admin@station.test"

// strict reports make test's rule: a missing service fails, never skips.
func strict() bool { return os.Getenv("LIFETAG_STRICT") == "1" }

// BuildCloud builds the cloud binary into a temporary directory, once per
// test binary (call it from TestMain); cleanup removes it.
func BuildCloud() (binary string, cleanup func(), err error) {
	_, here, _, _ := runtime.Caller(0)
	cloudDir := filepath.Join(filepath.Dir(here), "..", "..", "..", "cloud")
	dir, err := os.MkdirTemp("", "lifetag-cloud-bin-")
	if err != nil {
		return "", nil, err
	}
	binary = filepath.Join(dir, "lifetag-cloud")
	cmd := exec.Command("go", "build", "-o", binary, "./cmd/lifetag-cloud")
	cmd.Dir = cloudDir
	// The cloud module builds on its own too (its go.mod replaces pkg).
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("clienttest: building the cloud: %v\n%s", err, out)
	}
	return binary, func() { os.RemoveAll(dir) }, nil
}

// Main builds the cloud when a database is configured, runs the tests and
// removes the build; call it from TestMain (binary is for Start).
func Main(m *testing.M, binary *string) {
	if os.Getenv("LIFETAG_TEST_DATABASE_URL") == "" {
		os.Exit(m.Run()) // Start skips (or fails under LIFETAG_STRICT=1)
	}
	bin, cleanup, err := BuildCloud()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	*binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// Cloud is one running cloud process and its database.
type Cloud struct {
	URL     string // http://127.0.0.1:port (the contract front's when it runs)
	DataDir string // its outbox is DataDir/outbox
	// Env holds extra settings (NAME=value) for its next start or Restart,
	// e.g. STATION_MIN_VERSION.
	Env []string

	t       testing.TB
	binary  string
	port    string
	dbURL   string
	dataKey string
	proc    *Process   // nil while stopped
	logs    *LogBuffer // across restarts

	cloudURL string // the cloud's own address, behind the contract front
	front    bool   // the contract front runs (startFront)
	// adminPassword, once set through the mailed link (AdminPassword).
	adminPassword string
}

// Start creates a fresh database and starts a cloud on it; both go away
// when the test ends.
func Start(t testing.TB, binary string) *Cloud {
	t.Helper()
	base := os.Getenv("LIFETAG_TEST_DATABASE_URL")
	if base == "" {
		if strict() {
			t.Fatal("LIFETAG_TEST_DATABASE_URL is not set (LIFETAG_STRICT=1)")
		}
		t.Skip("LIFETAG_TEST_DATABASE_URL is not set; run scripts/station/test-core.sh or make test")
	}
	if _, err := exec.LookPath("psql"); err != nil {
		t.Fatal("psql is needed to create the test database")
	}
	dbURL := createDatabase(t, base)
	key := make([]byte, 32)
	rand.Read(key)
	c := &Cloud{t: t, binary: binary, dbURL: dbURL, DataDir: t.TempDir(), port: "0",
		dataKey: base64Std(key), logs: &LogBuffer{}}
	t.Cleanup(func() {
		c.kill()
		if t.Failed() {
			t.Logf("cloud log (%s):\n%s", c.URL, c.logs.String())
		}
	})
	c.start()
	c.startFront()
	return c
}

// createDatabase makes a database beside base's and returns its URL; it is
// dropped when the test ends.
func createDatabase(t testing.TB, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("LIFETAG_TEST_DATABASE_URL: %v", err)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	name := strings.TrimPrefix(u.Path, "/") + "_st_" + hex.EncodeToString(suffix)
	psql(t, base, "CREATE DATABASE "+name)
	t.Cleanup(func() { psql(t, base, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	u.Path = "/" + name
	return u.String()
}

func psql(t testing.TB, dbURL, sql string) {
	t.Helper()
	out, err := exec.Command("psql", "-q", "-v", "ON_ERROR_STOP=1", dbURL, "-c", sql).CombinedOutput()
	if err != nil {
		t.Fatalf("psql %q: %v\n%s", sql, err, out)
	}
}

// start runs the binary and waits until it answers /api/ready.
func (c *Cloud) start() {
	t := c.t
	t.Helper()
	cmd := exec.Command(c.binary)
	cmd.Env = append(os.Environ(),
		"HOST=127.0.0.1", "PORT="+c.port, "LIFETAG_ENV=development", "DATABASE_URL="+c.dbURL,
		"DATA_DIR="+c.DataDir, "DATA_KEY="+c.dataKey, "ADMIN_EMAILS="+AdminEmail, "LOG_LEVEL=warn",
		// Cheap password hashing and no sign-in limits: the tests sign in often.
		"ARGON2_TIME=1", "ARGON2_MEMORY_KIB=64", "ARGON2_THREADS=1",
		"RATE_LIMIT_PER_IP=100000", "RATE_LIMIT_PER_ADDRESS=100000", "RATE_LIMIT_API_PER_CLIENT=1000000", "TRIAL_REGISTRATIONS_PER_DAY=100000")
	cmd.Env = append(cmd.Env, c.Env...)
	c.proc = StartProcess(t, cmd, c.logs)
	c.cloudURL = c.proc.URL
	if u, err := url.Parse(c.cloudURL); err == nil {
		_, c.port, _ = net.SplitHostPort(u.Host)
	}
	if !c.front {
		c.URL = c.cloudURL
	}
}

// startFront puts scripts/test/prism-front.mjs before the cloud: URL becomes
// the front's, which sends every /api call through Stoplight Prism to check
// it and its answer against the document. When the test ends the front
// reports; any violation fails the test, with its text. The front stays
// across Stop and Restart (the cloud keeps its port); while the cloud is
// stopped the front closes each connection, so calls fail as unreachable.
func (c *Cloud) startFront() {
	t := c.t
	t.Helper()
	if os.Getenv("LIFETAG_CONTRACT") == "0" {
		return
	}
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..", "..")
	if _, err := os.Stat(filepath.Join(root, "frontend", "node_modules", ".bin", "prism")); err != nil {
		if strict() {
			t.Fatal("the contract check needs Prism: cd frontend && npm ci (LIFETAG_STRICT=1)")
		}
		t.Log("contract check off: no Prism in frontend/node_modules (cd frontend && npm ci)")
		return
	}
	cmd := exec.Command("node", filepath.Join(root, "scripts", "test", "prism-front.mjs"), c.cloudURL)
	cmd.Env = append(os.Environ(), "CONTRACT_LABEL="+t.Name())
	logs := &LogBuffer{}
	cmd.Stderr = logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("the contract front: %v", err)
	}
	listening := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			if addr, ok := strings.CutPrefix(scanner.Text(), "contract front on "); ok {
				listening <- addr
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case c.URL = <-listening:
	case <-done:
		t.Fatalf("the contract front exited before listening:\n%s", logs.String())
	case <-time.After(startLimit):
		cmd.Process.Kill()
		t.Fatalf("the contract front is not listening after %v:\n%s", startLimit, logs.String())
	}
	c.front = true
	// Registered after the cloud's cleanup, so it runs first: the front
	// reports while the cloud still answers.
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		var err error
		select {
		case err = <-done:
		case <-time.After(stopLimit):
			cmd.Process.Kill()
			err = <-done
		}
		if err != nil {
			t.Errorf("contract check (Prism, pkg/api/openapi.yaml): %v\n%s", err, logs.String())
		}
	})
}

// Stop stops the cloud (SIGTERM, then waits); the database stays.
func (c *Cloud) Stop() {
	c.t.Helper()
	if c.proc == nil {
		return
	}
	c.proc.Stop(c.t)
	c.proc = nil
}

// Restart starts the cloud again on the same port, database and data.
func (c *Cloud) Restart() {
	c.t.Helper()
	c.Stop()
	c.start()
}

func (c *Cloud) kill() {
	if c.proc == nil {
		return
	}
	c.proc.Kill()
	c.proc = nil
}

// Eventually polls cond every 20 ms until it holds, failing the test after
// limit. For waits with no event to block on (a process starting, a
// spooler writing a file).
func Eventually(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// browser is a cookie-keeping HTTP client, as the website's visitor.
type browser struct {
	t      testing.TB
	base   string
	client *http.Client
}

func (c *Cloud) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: c.t, base: c.URL, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// call sends JSON and decodes the JSON answer into out (nil: dropped); a
// status other than 200 fails the test.
func (b *browser) call(method, path string, body, out any) {
	b.t.Helper()
	var reader io.Reader // a request without a body sends none (not "null")
	if body != nil {
		raw, _ := json.Marshal(body)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, b.base+path, reader)
	if err != nil {
		b.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, answer)
	}
	if out != nil {
		if err := json.Unmarshal(answer, out); err != nil {
			b.t.Fatalf("%s %s: %v: %s", method, path, err, answer)
		}
	}
}

// mailLink finds the newest mail to `to` in the outbox whose text holds a
// link matching pattern, and returns the link's query.
func (c *Cloud) mailLink(to string, pattern *regexp.Regexp) url.Values {
	c.t.Helper()
	var found url.Values
	Eventually(c.t, 30*time.Second, "a mail to "+to, func() bool {
		names, _ := filepath.Glob(filepath.Join(c.DataDir, "outbox", "*"))
		for i := len(names) - 1; i >= 0; i-- {
			mail, err := os.ReadFile(names[i])
			if err != nil || !bytes.HasPrefix(mail, []byte("To: "+to+"\n")) {
				continue
			}
			if link := pattern.Find(mail); link != nil {
				if u, err := url.Parse(string(link)); err == nil {
					found = u.Query()
					return true
				}
			}
		}
		return false
	})
	return found
}

var (
	setPasswordLink   = regexp.MustCompile(`https?://\S+/set-password\?\S+`)
	corporateSetupURL = regexp.MustCompile(`https?://\S+/corporate-password-setup\?\S+`)
)

// AdminPassword sets the seeded admin's password through the set-password
// link the cloud mailed at start, and returns it.
func (c *Cloud) AdminPassword() string {
	c.t.Helper()
	if c.adminPassword != "" {
		return c.adminPassword // the link works once
	}
	const password = "admin-password-1"
	q := c.mailLink(AdminEmail, setPasswordLink)
	c.browser().call("POST", "/api/auth/set-password",
		map[string]string{"email": AdminEmail, "token": q.Get("token"), "password": password}, nil)
	c.adminPassword = password
	return password
}

// WebsiteBrowser is a person's browser signed in on the cloud's website
// with email and password, as the system browser of a station that signs
// in with it: it takes the station's /station-sign-in address, confirms
// as the page's Continue button does, and goes on to the station's
// loopback address with the code.
func (c *Cloud) WebsiteBrowser(email, password string) func(address string) error {
	c.t.Helper()
	b := c.browser()
	b.call("POST", "/api/auth/login", map[string]string{"email": email, "password": password}, nil)
	return func(address string) error {
		page, err := url.Parse(address)
		if err != nil || page.Path != "/station-sign-in" {
			return fmt.Errorf("clienttest: the station opened %s", address)
		}
		q := page.Query()
		var answer api.StationCodeResponse
		b.call("POST", "/api/auth/station-code", api.StationCodeRequest{StationRedirect: q.Get("stationRedirect"),
			StationChallenge: q.Get("stationChallenge"), StationState: q.Get("stationState")}, &answer)
		resp, err := b.client.Get(answer.Redirect)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("clienttest: the station's loopback answered %d", resp.StatusCode)
		}
		return nil
	}
}

// PhysicalOrder pays for packs of labelType labels for a new customer
// through the local test checkout, saves their record, and returns the
// order's id (LT-...).
func (c *Cloud) PhysicalOrder(email, labelType string, packs int, record emergency.Data) string {
	c.t.Helper()
	b := c.browser()
	var checkout api.PaymentIntent
	address := map[string]string{"email": email, "fullName": record.PersonalInfo.FullName,
		"addressLine1": "1 High Street", "city": "York", "county": "North Yorkshire", "postcode": "yo1 7hh"}
	b.call("POST", "/api/create-payment-intent", map[string]any{"type": "physical", "email": email,
		"labelType": labelType, "quantity": packs, "shippingAddress": address}, &checkout)
	b.call("POST", "/api/test-checkout/confirm",
		map[string]string{"clientSecret": checkout.ClientSecret, "cardNumber": "4242 4242 4242 4242"}, nil)
	b.call("POST", "/api/auth/create-account-after-payment", map[string]string{"email": email, "password": "customer-1"}, nil)
	record.PersonalInfo.Email = email
	b.call("POST", "/api/sync/emergency-data", map[string]any{"email": email, "emergencyData": record}, nil)
	var orders api.OrderList
	b.call("GET", "/api/user/orders?email="+url.QueryEscape(email), nil, &orders)
	if len(orders.Orders) != 1 {
		c.t.Fatalf("customer %s has %d orders, want 1", email, len(orders.Orders))
	}
	return orders.Orders[0].OrderID
}

// CorporateTrial registers an organisation on a trial of plan (starter,
// professional or enterprise), sets its owner's password through the
// mailed link, and returns the password.
func (c *Cloud) CorporateTrial(name, ownerEmail, plan string) string {
	c.t.Helper()
	const password = "corporate-password-1"
	b := c.browser()
	b.call("POST", "/api/corporate/register", map[string]string{"name": name, "contactEmail": ownerEmail,
		"subscriptionTier": plan}, nil)
	q := c.mailLink(ownerEmail, corporateSetupURL)
	var confirmed struct {
		OrganizationID int64 `json:"organizationId"`
	}
	b.call("POST", "/api/corporate/setup-password", map[string]string{"token": q.Get("token"), "password": password}, &confirmed)
	// A trial holds Starter's allowance; a person at Lifetag (the seeded
	// admin) gives it the plan's, as for a customer who asks.
	if p, ok := plans.Find(plan); ok && p.MaxQRCodes > plans.TrialMaxQRCodes() {
		c.SetAllowance(confirmed.OrganizationID, p.MaxQRCodes)
	}
	return password
}

// SetAllowance is the seeded admin's change of an organisation's code
// allowance (PUT /api/admin/organizations/{id}/allowance); below the codes
// it holds, the organisation is over its plan.
func (c *Cloud) SetAllowance(orgID int64, maxQRCodes int) {
	c.t.Helper()
	admin := c.browser()
	admin.call("POST", "/api/auth/login", map[string]string{"email": AdminEmail, "password": c.AdminPassword()}, nil)
	admin.call("PUT", fmt.Sprintf("/api/admin/organizations/%d/allowance", orgID),
		map[string]int{"maxQrCodes": maxQRCodes}, nil)
}

// CallAsBearer sends one JSON request with a bearer token, for fixtures
// the client under test has no method for; it returns the status and body.
func (c *Cloud) CallAsBearer(ctx context.Context, token, method, path string, body any) (int, []byte) {
	c.t.Helper()
	var reader io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.URL+path, reader)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}

func base64Std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
