package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/aesgcm"
	"github.com/lifetag/lifetag/pkg/client/clienttest"
)

// runCloudEnv makes the test binary run the cloud's main instead of the
// tests: the tests below start real cloud processes this way (the very
// binary's code, no separate build), each with its own environment.
const runCloudEnv = "LIFETAG_TEST_RUN_CLOUD"

func TestMain(m *testing.M) {
	if os.Getenv(runCloudEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// cloudProcess is one running cloud process (pkg/client/clienttest runs
// it, as it runs the built binary for the client's and station's tests).
type cloudProcess = clienttest.Process

// testDataKey seals the data of every process a test starts: instances on
// one database must share the data key.
var testDataKey = func() string {
	key, err := aesgcm.GenerateKey()
	if err != nil {
		panic(err)
	}
	return key
}()

// cloudEnvironment is the environment of a test cloud on a PostgreSQL
// database: loopback, development mode, cheap password hashing, the shared
// test data key, its own data directory; extra adds or overrides.
func cloudEnvironment(t testing.TB, databaseURL string, extra map[string]string) map[string]string {
	env := map[string]string{
		"HOST": "127.0.0.1", "PORT": "0", "LIFETAG_ENV": "development",
		"DATABASE_URL": databaseURL, "DATA_DIR": t.TempDir(), "DATA_KEY": testDataKey,
		"LOG_LEVEL": "warn", "ARGON2_TIME": "1", "ARGON2_MEMORY_KIB": "64", "ARGON2_THREADS": "1",
	}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// startCloud starts this test binary as a cloud process and waits (at most
// a minute) until it answers /api/ready with 200. It is killed when the test
// ends if it still runs; its log is shown if the test failed.
func startCloud(t testing.TB, env map[string]string) *cloudProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), runCloudEnv+"=1")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v) // the last of a duplicate wins
	}
	logs := &clienttest.LogBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("cloud log:\n%s", logs.String())
		}
	})
	return clienttest.StartProcess(t, cmd, logs)
}

// apiClient sends JSON requests to cloud processes, as a bearer-token
// client (the desktop station's way).
type apiClient struct {
	t      testing.TB
	client *http.Client
}

func newAPIClient(t testing.TB) *apiClient {
	return &apiClient{t: t, client: &http.Client{Timeout: 30 * time.Second}}
}

// call sends one request; body nil sends none. It returns the status and
// the decoded JSON answer (nil when the answer is not a JSON object).
func (c *apiClient) call(ctx context.Context, method, url, token string, body any, header map[string]string) (int, map[string]any, error) {
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, reader)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, nil, err
	}
	var out map[string]any
	json.Unmarshal(raw, &out)
	return resp.StatusCode, out, nil
}

// must is call for requests that must get through: it fails on a transport
// error or an unexpected status.
func (c *apiClient) must(method, url, token string, body any, want int) map[string]any {
	c.t.Helper()
	status, out, err := c.call(context.Background(), method, url, token, body, nil)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, url, err)
	}
	if status != want {
		c.t.Fatalf("%s %s: %d %v, want %d", method, url, status, out, want)
	}
	return out
}

// login signs in and returns the session token.
func (c *apiClient) login(base, email, password string) string {
	c.t.Helper()
	status, out, err := c.call(context.Background(), "POST", base+"/api/auth/login", "",
		map[string]string{"email": email, "password": password}, map[string]string{"X-Lifetag-Session": "bearer"})
	if err != nil || status != http.StatusOK {
		c.t.Fatalf("login %s on %s: %d %v %v", email, base, status, out, err)
	}
	token, _ := out["sessionToken"].(string)
	if token == "" {
		c.t.Fatalf("no session token in %v", out)
	}
	return token
}

// decodeJSON reads a JSON answer into v.
func decodeJSON(resp *http.Response, v any) error { return json.NewDecoder(resp.Body).Decode(v) }

// report logs a summary line of a test and, when LIFETAG_TEST_REPORT names a
// file (scripts/test/all.sh), appends it there: go test shows nothing of a
// passing package, and these figures belong in the output of make test.
func report(t testing.TB, line string) {
	t.Helper()
	t.Log(line)
	name := os.Getenv("LIFETAG_TEST_REPORT")
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		t.Fatal(err)
	}
}
