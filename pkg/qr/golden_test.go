package qr_test

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"rsc.io/qr/coding"

	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// goldenFile holds a hash of every module of the symbols below, written by
// the encoder as it was before the mask scoring was made faster:
// speed work must not move a single module, or printed labels would change.
const goldenFile = "testdata/symbols.golden"

var update = flag.Bool("update", false, "rewrite "+goldenFile+" from the current encoder")

var levels = []qr.Level{qr.L, qr.M, qr.Q, qr.H}

// goldenCase is one text to encode at one level.
type goldenCase struct {
	name  string
	text  string
	level qr.Level
}

// goldenCases are real label payloads at every level, and for every level
// and version 1-40 a byte-mode text that fills that version exactly, so
// every symbol size and every block layout is covered.
func goldenCases() []goldenCase {
	var cases []goldenCase
	for _, level := range levels {
		for i := range 100 {
			cases = append(cases, goldenCase{fmt.Sprintf("sample-%d", i), samples.Payload(i), level})
		}
		for v := coding.MinVersion; v <= coding.MaxVersion; v++ {
			cases = append(cases, goldenCase{fmt.Sprintf("fill-v%d", v), fillText(v, level), level})
		}
		cases = append(cases,
			goldenCase{"digits", strings.Repeat("0123456789", 20), level},
			goldenCase{"capitals", strings.Repeat("EMERGENCY CONTACT ", 10), level},
		)
	}
	return cases
}

// fillText returns lower-case text (byte mode only: no alphanumeric-mode
// runs) of exactly the byte capacity of version v at the level.
func fillText(v int, level qr.Level) string {
	l := map[qr.Level]coding.Level{qr.L: coding.L, qr.M: coding.M, qr.Q: coding.Q, qr.H: coding.H}[level]
	countBits := 8 // byte mode's character count, versions 1-9 (ISO/IEC 18004 table 3)
	if v >= 10 {
		countBits = 16
	}
	n := (coding.Version(v).DataBytes(l)*8 - 4 - countBits) / 8
	rng := rand.New(rand.NewPCG(uint64(v), uint64(level)))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// symbolHash is a digest of a symbol's version, mask and every module.
func symbolHash(c *qr.Code) string {
	h := sha256.New()
	fmt.Fprintf(h, "v%d m%d s%d\n", c.Version, c.Mask, c.Size)
	row := make([]byte, c.Size)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			row[x] = '0'
			if c.Dark(x, y) {
				row[x] = '1'
			}
		}
		h.Write(row)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// Every golden symbol comes out of Encode with the same version, the same
// mask and the same modules as recorded.
func TestSymbolsMatchGolden(t *testing.T) {
	var lines []string
	for _, gc := range goldenCases() {
		c, err := qr.Encode(gc.text, gc.level)
		if err != nil {
			t.Fatalf("%s %v: %v", gc.name, gc.level, err)
		}
		if v, ok := strings.CutPrefix(gc.name, "fill-v"); ok && fmt.Sprint(c.Version) != v {
			t.Fatalf("%s %v: version %d, the text was meant to fill version %s", gc.name, gc.level, c.Version, v)
		}
		lines = append(lines, fmt.Sprintf("%s %v v%d m%d %s", gc.name, gc.level, c.Version, c.Mask, symbolHash(c)))
	}
	if *update {
		if err := os.WriteFile(goldenFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	for s := bufio.NewScanner(f); s.Scan(); {
		want = append(want, s.Text())
	}
	if len(want) != len(lines) {
		t.Fatalf("%s has %d symbols, the test makes %d", goldenFile, len(want), len(lines))
	}
	for i := range lines {
		if lines[i] != want[i] {
			t.Errorf("symbol changed:\n got %s\nwant %s", lines[i], want[i])
		}
	}
}
