package supportlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The log starts a new file when full, keeps the one before as .1 and drops
// older ones, at most two files' worth on disk; Text reads both, oldest
// first; a full file found at start is rotated before writing.
func TestRotation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Lifetag", FileName)
	l, err := open(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	line := func(c string) string { return strings.Repeat(c, 39) + "\n" } // 40 bytes
	for _, c := range []string{"a", "b", "c", "d", "e"} {
		if _, err := l.Write([]byte(line(c))); err != nil {
			t.Fatal(err)
		}
	}
	// a+b fill the first file, c starts the second (a, b become .1), e the third.
	text, err := l.Text()
	if err != nil {
		t.Fatal(err)
	}
	if want := line("c") + line("d") + line("e"); text != want {
		t.Fatalf("log text %q, want %q", text, want)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the log is %v (%v), want 0600", info.Mode(), err)
	}
	l.Close()

	os.WriteFile(path, []byte(strings.Repeat("f", 100)), 0o600)
	l, err = open(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.Write([]byte(line("g")))
	if old, _ := os.ReadFile(path + ".1"); string(old) != strings.Repeat("f", 100) {
		t.Fatalf("the full file was not kept as .1: %q", old)
	}
	if cur, _ := os.ReadFile(path); string(cur) != line("g") {
		t.Fatalf("the new file holds %q", cur)
	}
}
