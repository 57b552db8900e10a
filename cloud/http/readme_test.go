package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/storetest"
)

// The shell examples of docs/integrating.md (the page of the API's
// examples; README.md was their page before docs/ held the details), run
// as written against a test cloud, so a change of the page that breaks one
// (or a server change that breaks the page) fails the build. Every ```sh
// block runs, in order, in one bash,
// unless the line before it is an HTML comment starting "<!-- not run"
// that says why. The lines that set BASE, EMAIL, PASSWORD and KEY take the
// test's values. Every curl fails on an HTTP error (--fail-with-body is
// added), and the script stops there (set -e); so does a curl given a
// password, key or session token among its arguments. A comment line
// "# answer...: {json}" (its JSON may go on over the next comment lines)
// is checked against the last JSON the commands since the comment before
// it printed: every field it shows must be in the answer with that value
// (an array: as many items, each matched so). A file a block saves with
// `-o NAME.pdf` must be a PDF.

// readmeSettings are the variables a reader sets by hand; the test sets
// its own values on the lines that assign them.
var readmeSettings = regexp.MustCompile(`^(BASE|EMAIL|PASSWORD|KEY)=`)

// readmeAnswer starts an answer comment: "# answer: {...}" or
// "# answer (the last page): {...}".
var readmeAnswer = regexp.MustCompile(`^# answer[^:{]*:\s*(.*)$`)

var readmePDF = regexp.MustCompile(`-o\s+(\S+\.pdf)\b`)

// readmeMarker separates, in the script's output, what was printed before
// each comment line (its number in the README) from what follows.
const readmeMarker = "@@readme-line "

type readmeCheck struct {
	line   int // README line of the answer comment (1-based)
	answer any
}

// readmeScript turns the README's runnable shell blocks into one bash
// script, with its answer checks and the PDFs it saves.
func readmeScript(readme string, settings map[string]string) (script string, checks []readmeCheck, pdfs []string, err error) {
	lines := strings.Split(readme, "\n")
	var b strings.Builder
	// Every request must succeed: a refused one stops the script, with
	// the server's message on the screen.
	b.WriteString(`set -e
curl() {
  # A secret on curl's command line can be read by every user of the
  # machine (ps, /proc): the examples must hand it over in a file or on
  # standard input.
  local arg secret
  for arg in "$@"; do
    for secret in "${PASSWORD:-}" "${KEY:-}" "${TOKEN:-}"; do
      if [ -n "$secret" ] && [[ "$arg" == *"$secret"* ]]; then
        echo "a secret is on curl's command line, where any user of the machine can read it: $arg" >&2
        return 97
      fi
    done
  done
  case " $* " in
  *" -f "*|*" --fail "*|*" --fail-with-body "*) command curl --show-error "$@" ;;
  *) command curl --show-error --fail-with-body "$@" ;;
  esac
}
`)
	blocks := 0
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```sh" {
			continue
		}
		skip := i > 0 && strings.HasPrefix(strings.TrimSpace(lines[i-1]), "<!-- not run")
		start := i + 1
		end := start
		for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
			end++
		}
		if end == len(lines) {
			return "", nil, nil, fmt.Errorf("README line %d: the shell block is not closed", i+1)
		}
		i = end
		if skip {
			continue
		}
		blocks++
		fmt.Fprintf(&b, "printf '\\n%s%d\\n'\n", readmeMarker, start)
		for n := start; n < end; n++ {
			line := lines[n]
			if m := readmeSettings.FindStringSubmatch(line); m != nil {
				fmt.Fprintf(&b, "%s=%s\n", m[1], shellQuote(settings[m[1]]))
				continue
			}
			if strings.HasPrefix(line, "#") {
				fmt.Fprintf(&b, "printf '\\n%s%d\\n'\n", readmeMarker, n+1)
			}
			if m := readmeAnswer.FindStringSubmatch(line); m != nil {
				text := m[1]
				for k := n + 1; !json.Valid([]byte(text)) && k < end && strings.HasPrefix(lines[k], "#"); k++ {
					text += strings.TrimPrefix(lines[k], "#")
				}
				var answer any
				if err := json.Unmarshal([]byte(text), &answer); err != nil {
					return "", nil, nil, fmt.Errorf("README line %d: the answer is not JSON: %v", n+1, err)
				}
				checks = append(checks, readmeCheck{line: n + 1, answer: answer})
			}
			for _, m := range readmePDF.FindAllStringSubmatch(line, -1) {
				pdfs = append(pdfs, m[1])
			}
			b.WriteString(line + "\n")
		}
	}
	if blocks == 0 {
		return "", nil, nil, fmt.Errorf("README has no shell example to run")
	}
	fmt.Fprintf(&b, "printf '\\n%send\\n'\n", readmeMarker)
	return b.String(), checks, pdfs, nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// runREADME runs readme's examples against the cloud at base with the
// given settings, in dir, and says what went wrong, if anything.
func runREADME(readme, dir string, settings map[string]string) error {
	script, checks, pdfs, err := readmeScript(readme, settings)
	if err != nil {
		return err
	}
	file := filepath.Join(dir, "readme-examples.sh")
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", file)
	cmd.Dir = dir
	// Only what a stock system has on its PATH, and nothing of the
	// developer's own settings (no ~/.curlrc).
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "LC_ALL=C.UTF-8"}
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the README's examples failed (%v) after README line %s\nstderr:\n%s\nstdout:\n%s",
			err, lastMarker(out.String()), stderr.String(), out.String())
	}
	// What was printed before each comment line, by its README line.
	printed := map[string]string{}
	text := out.String()
	for {
		i := strings.Index(text, readmeMarker)
		if i < 0 {
			break
		}
		rest := text[i+len(readmeMarker):]
		label, after, _ := strings.Cut(rest, "\n")
		printed[label] = strings.TrimSuffix(text[:i], "\n")
		text = after
	}
	for _, c := range checks {
		got, ok := printed[fmt.Sprint(c.line)]
		if !ok {
			return fmt.Errorf("README line %d: the answer's place was not reached", c.line)
		}
		last, err := lastJSON(got)
		if err != nil {
			return fmt.Errorf("README line %d: the command before the answer printed no JSON answer (%v): %q", c.line, err, got)
		}
		if where := missing(last, c.answer, "answer"); where != "" {
			return fmt.Errorf("README line %d: the server's answer differs at %s\nserver: %s", c.line, where, got)
		}
	}
	for _, name := range pdfs {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
			return fmt.Errorf("the README's %s is not a PDF (%v): %.200q", name, err, data)
		}
	}
	return nil
}

// lastMarker is the README line of the last comment the script passed.
func lastMarker(out string) string {
	i := strings.LastIndex(out, readmeMarker)
	if i < 0 {
		return "(none)"
	}
	line, _, _ := strings.Cut(out[i+len(readmeMarker):], "\n")
	return line
}

// lastJSON is the last of the JSON values text holds one after another
// (curl prints no newline after a body).
func lastJSON(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	var last any
	n := 0
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			if n > 0 && err.Error() == "EOF" {
				return last, nil
			}
			return nil, err
		}
		last, n = v, n+1
	}
}

// missing says where got lacks what want shows ("" when it has it all).
func missing(got, want any, at string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return at + " (not an object)"
		}
		for k, v := range w {
			gv, ok := g[k]
			if !ok {
				return at + "." + k + " (absent)"
			}
			if where := missing(gv, v, at+"."+k); where != "" {
				return where
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s (%d items, the README shows %d)", at, len(g), len(w))
		}
		for i := range w {
			if where := missing(g[i], w[i], fmt.Sprintf("%s[%d]", at, i)); where != "" {
				return where
			}
		}
		return ""
	default:
		if !reflect.DeepEqual(got, want) {
			return fmt.Sprintf("%s (%v, the README shows %v)", at, got, want)
		}
		return ""
	}
}

// readmeCloud is a cloud for the README's examples: an organisation on a
// paid plan, its owner's password and a write API key of it.
func readmeCloud(t *testing.T, backend storetest.Backend) (base string, settings map[string]string) {
	t.Helper()
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatal("the README's examples need curl (scripts/debian-packages.txt)")
	}
	e := newEnv(t, backend, envOptions{})
	orgID, _ := e.activeOrganization("Acme Ltd", "officer@example.com")
	return e.URL, map[string]string{"BASE": e.URL, "EMAIL": "officer@example.com", "PASSWORD": "owner-password",
		"KEY": e.apiKey(orgID, "HR sync", cloud.APIKeyScopeWrite, time.Time{})}
}

// examplesPage is the page, from the repository's root, whose shell
// examples the tests run; every other page's blocks are marked not run.
const examplesPage = "docs/integrating.md"

func readREADME(t *testing.T) string {
	t.Helper()
	return readPage(t, examplesPage)
}

func readPage(t *testing.T, page string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(page)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestOtherPagesHaveNoExampleToRun: a shell block on another page would
// never run, so each says why it is not run (an HTML comment starting
// "<!-- not run" on the line before it), or moves to examplesPage.
func TestOtherPagesHaveNoExampleToRun(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "..", "README.md"))
	checked := 0
	for _, path := range pages {
		page, _ := filepath.Rel(filepath.Join("..", ".."), path)
		if filepath.ToSlash(page) == examplesPage {
			continue
		}
		checked++
		if _, _, _, err := readmeScript(readPage(t, filepath.ToSlash(page)), nil); err == nil {
			t.Errorf("%s has a shell block that is not run: mark it <!-- not run: why --> or move it to %s", page, examplesPage)
		}
	}
	if checked == 0 {
		t.Fatal("found no page to check")
	}
}

// TestREADMEExamples runs the README's shell examples as written.
func TestREADMEExamples(t *testing.T) {
	readme := readREADME(t)
	eachBackend(t, func(t *testing.T, backend storetest.Backend) {
		_, settings := readmeCloud(t, backend)
		if err := runREADME(readme, t.TempDir(), settings); err != nil {
			t.Fatal(err)
		}
	})
}

// TestREADMEExamplesCanFail: the check sees a request the server refuses
// and an answer the server does not give.
func TestREADMEExamplesCanFail(t *testing.T) {
	readme := readREADME(t)
	backend := storetest.Backends[0]
	for _, c := range []struct {
		name   string
		change func(string) string
	}{
		{"RefusedRequest", func(s string) string {
			// Another organisation's library: 404.
			return strings.Replace(s, "/api/corporate/$ORG/qr-codes", "/api/corporate/999999/qr-codes", 1)
		}},
		{"AnswerNotGiven", func(s string) string {
			return strings.Replace(s, "# answer: {", `# answer: {"noSuchField":true,`, 1)
		}},
		{"SecretOnCommandLine", func(s string) string {
			return strings.Replace(s, `search=smith" -H @"$AUTH"`, `search=smith" -H "Authorization: Bearer $TOKEN"`, 1)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			changed := c.change(readme)
			if changed == readme {
				t.Fatal("the README has nothing this change applies to")
			}
			_, settings := readmeCloud(t, backend)
			if err := runREADME(changed, t.TempDir(), settings); err == nil {
				t.Fatal("the changed README's examples passed")
			} else {
				t.Logf("failed as it should: %.300s", err)
			}
		})
	}
}
