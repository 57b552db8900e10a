package sheet

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/qr"
)

// formsGolden holds a hash of the form object of each code below, written
// before the form writer was made faster: speed work must not
// change a byte that is printed.
const formsGolden = "testdata/forms.golden"

var updateForms = flag.Bool("update-forms", false, "rewrite "+formsGolden+" from the current form writer")

// Codes of every level, from version 1 to 40 (rows ending 1 and 5 bits
// into a byte), give the same form objects as recorded.
func TestFormObjectsMatchGolden(t *testing.T) {
	var f formWriter
	var lines []string
	for _, level := range []qr.Level{qr.L, qr.M, qr.Q, qr.H} {
		for n := 1; n <= qr.Capacity(level); n = n*9/8 + 1 {
			text := fmt.Sprintf("%d %s", n, strings.Repeat("Lifetag ✚ label ", n/18+1))[:n]
			c, err := qr.Encode(text, level)
			if err != nil {
				t.Fatalf("%v %d bytes: %v", level, n, err)
			}
			lines = append(lines, fmt.Sprintf("%v %d v%d %x", level, n, c.Version, sha256.Sum256(f.object(c))))
		}
	}
	got := strings.Join(lines, "\n") + "\n"
	if *updateForms {
		if err := os.WriteFile(formsGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(formsGolden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("form objects changed: got\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkFormObject writes the form of a 300-byte level-H code, as a
// label of the 1,000-label benchmark has.
func BenchmarkFormObject(b *testing.B) {
	c, err := qr.Encode(strings.Repeat("Emergency contact: +44 7700 900123. ", 9), qr.H)
	if err != nil {
		b.Fatal(err)
	}
	var f formWriter
	for b.Loop() {
		f.object(c)
	}
}
