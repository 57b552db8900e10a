// Package scantest reads QR codes back from the PNGs and PDFs the product
// makes, with Debian's zbarimg (and pdftoppm for PDFs), for the tests of
// every module: a code is proven by decoding it, as a phone would.
package scantest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// RequireTool skips the test when a command is missing, or fails it under
// make test (LIFETAG_STRICT=1), where nothing may be left out.
func RequireTool(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("LIFETAG_STRICT") == "1" {
			t.Fatalf("%s is not installed (LIFETAG_STRICT=1)", name)
		}
		t.Skipf("%s is not installed; run make test", name)
	}
}

// DecodePNG returns what zbarimg reads from every code in a PNG, bytes as
// encoded (-Sbinary).
func DecodePNG(t testing.TB, png []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "code.png")
	if err := os.WriteFile(path, png, 0o600); err != nil {
		t.Fatal(err)
	}
	return zbar(t, path)
}

// DecodePDF rasterises a PDF at 300 dpi, as a printer driver would, and
// returns what zbarimg reads from every code on every page.
func DecodePDF(t testing.TB, pdf []byte) string {
	t.Helper()
	return DecodePDFAt(t, pdf, 300)
}

// DecodePDFAt is DecodePDF rasterising at dpi (150 is about what a phone
// sees of a label at arm's length).
func DecodePDFAt(t testing.TB, pdf []byte, dpi int) string {
	t.Helper()
	RequireTool(t, "pdftoppm")
	dir := t.TempDir()
	path := filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-png", path, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "page*.png"))
	return zbar(t, pages...)
}

func zbar(t testing.TB, paths ...string) string {
	t.Helper()
	RequireTool(t, "zbarimg")
	// QR codes only: the labels carry no other symbology, and zbar's
	// linear decoders can read a few bytes out of a row of printed text.
	args := append([]string{"--nodbus", "--quiet", "--raw", "-Sbinary", "-Sdisable", "-Sqrcode.enable"}, paths...)
	out, err := exec.Command("zbarimg", args...).Output()
	if err != nil {
		t.Fatalf("zbarimg read no code: %v", err)
	}
	return string(out)
}

// PDFText returns pdftotext's reading of a PDF, one text line an element,
// trimmed, blank lines left out, and without the bidi embedding marks
// (U+202A to U+202E) that pdftotext puts around right-to-left lines of its
// own accord: each printed line as a reader would copy it, in logical
// order.
func PDFText(t testing.TB, pdf []byte) []string {
	t.Helper()
	RequireTool(t, "pdftotext")
	in := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	text := strings.Map(func(r rune) rune {
		if r >= 0x202A && r <= 0x202E {
			return -1
		}
		return r
	}, string(out))
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(strings.Trim(l, "\f")); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
