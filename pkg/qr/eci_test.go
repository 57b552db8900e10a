package qr_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/qr"
)

// eciPayloads are names and notes as workers' records carry them: ASCII,
// Latin accents, emoji and other scripts, alone and inside a record.
var eciPayloads = []string{
	"Ann O'Brien",
	"Núñez",
	"Siobhán Ó Briain, Zoë Müller, Łukasz Żółć",
	"Rider 🏍️ allergic to 🐝",
	"Γιώργος Παπαδόπουλος",
	"Иван Петров",
	"محمد العلي",
	"王小明",
	"山田太郎 やまだ",
	"प्रिया शर्मा",
	"EMERGENCY CONTACT INFORMATION\nName: José Núñez\nBlood Type: O+\nAllergies: Pénicilline\n\nEMERGENCY CONTACTS:\n1. María Núñez (Wife): +34 600 000 000",
}

// readers decodes each PNG with zbarimg (as a phone app built on zbar
// reads text: its own charset handling, no -Sbinary) and with zxing-cpp.
func readers(t *testing.T, files []string) (zbar, zxing []string) {
	t.Helper()
	zbar = make([]string, len(files))
	for i, f := range files {
		out, err := exec.Command("zbarimg", "--nodbus", "--raw", "-q", f).Output()
		if err == nil {
			zbar[i] = strings.TrimSuffix(string(out), "\n")
		}
	}
	script := `import sys, zxingcpp
from PIL import Image
for name in sys.stdin.read().splitlines():
    found = zxingcpp.read_barcodes(Image.open(name), formats=zxingcpp.BarcodeFormat.QRCode)
    print(found[0].text.encode("utf-8").hex() if found else "")`
	cmd := exec.Command("/usr/bin/python3", "-c", script)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zxing-cpp: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		var b []byte
		fmt.Sscanf(line, "%x", &b)
		zxing = append(zxing, string(b))
	}
	return zbar, zxing
}

// needReaders skips without zbarimg or Debian's python3-zxing-cpp, unless
// LIFETAG_STRICT=1 (make test).
func needReaders(t *testing.T) {
	t.Helper()
	_, err1 := exec.LookPath("zbarimg")
	err2 := exec.Command("/usr/bin/python3", "-c", "import zxingcpp, PIL").Run()
	if err1 != nil || err2 != nil {
		if os.Getenv("LIFETAG_STRICT") == "1" {
			t.Fatalf("zbarimg and python3-zxing-cpp are required: %v %v", err1, err2)
		}
		t.Skip("zbarimg or python3-zxing-cpp missing")
	}
}

// TestECIReaders measures zbar and zxing-cpp on every payload with and
// without the ECI designator for UTF-8, prints the table, and holds Encode
// (what is printed) to being read exactly by both.
func TestECIReaders(t *testing.T) {
	needReaders(t)
	dir := t.TempDir()
	// The golden vectors' texts too (pkg/emergency/testdata, shared with
	// the TypeScript twin): accents, CJK, right-to-left, emoji, Greek,
	// Cyrillic, Devanagari and Thai, and the largest record.
	raw, err := os.ReadFile("../emergency/testdata/qr-text.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct{ Cases []struct{ Expected string } }
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	payloads := slices.Clone(eciPayloads)
	for _, c := range vectors.Cases {
		payloads = append(payloads, c.Expected)
	}
	variants := []struct {
		name   string
		encode func(string, qr.Level) (*qr.Code, error)
	}{{"plain", qr.EncodeECI}, {"ECI", qr.EncodeECI}, {"Encode", qr.Encode}}
	variants[0].encode = qr.EncodePlain
	var files []string
	for v, variant := range variants {
		for i, p := range payloads {
			c, err := variant.encode(p, qr.M)
			if err != nil {
				t.Fatal(err)
			}
			png, err := c.PNG((c.Size+8)*6, 4)
			if err != nil {
				t.Fatal(err)
			}
			f := filepath.Join(dir, fmt.Sprintf("%d-%02d.png", v, i))
			if err := os.WriteFile(f, png, 0o600); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	zbar, zxing := readers(t, files)
	var table bytes.Buffer
	fmt.Fprintf(&table, "%-44s %-13s %-13s\n", "payload", "plain zbar/zx", "ECI zbar/zx")
	mark := func(ok bool) string {
		if ok {
			return "ok"
		}
		return "WRONG"
	}
	for i, p := range payloads {
		n := len(payloads)
		fmt.Fprintf(&table, "%-44.44q %-13s %-13s\n", p,
			mark(zbar[i] == p)+"/"+mark(zxing[i] == p), mark(zbar[n+i] == p)+"/"+mark(zxing[n+i] == p))
		if got := zbar[2*n+i]; got != p {
			t.Errorf("%q: zbar read the printed code as %q", p, got)
		}
		if got := zxing[2*n+i]; got != p {
			t.Errorf("%q: zxing-cpp read the printed code as %q", p, got)
		}
	}
	t.Log("\n" + table.String())
}
