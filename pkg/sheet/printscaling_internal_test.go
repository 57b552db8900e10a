package sheet

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// fpdfOutput is a one-page file as fpdf writes it, before any update.
func fpdfOutput(t *testing.T) []byte {
	t.Helper()
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// The update is written only onto a file laid out as fpdf lays it out;
// anything else is an error, never a PDF with a broken update.
func TestPrintScalingUpdateRefusesUnexpectedFiles(t *testing.T) {
	good := fpdfOutput(t)
	if _, err := printScalingUpdate(good); err != nil {
		t.Fatalf("fpdf's own output: %v", err)
	}
	// edit replaces the last occurrence of old, which must be there.
	edit := func(old, new string) []byte {
		i := bytes.LastIndex(good, []byte(old))
		if i < 0 {
			t.Fatalf("%q is not in fpdf's output", old)
		}
		return bytes.Join([][]byte{good[:i], []byte(new), good[i+len(old):]}, nil)
	}
	updated, _ := printScalingUpdate(good)
	// Each case names the error it must fail with. Edits before the xref
	// keep the file's length, so they break only what they mean to.
	cases := map[string]struct {
		pdf  []byte
		want string
	}{
		"Empty":               {nil, "header"},
		"NoHeader":            {good[1:], "header"},
		"Truncated":           {good[:len(good)-1], "trailer"},
		"AlreadyUpdated":      {append(append([]byte{}, good...), updated...), "trailer"},
		"EncryptedTrailer":    {edit("/Info", "/Encrypt 9 0 R\n/Info"), "trailer"},
		"StartxrefMissesXref": {edit("startxref\n", "startxref\n1"), "no xref section"},
		"RootNotACatalog":     {regexp.MustCompile(`/Root \d+`).ReplaceAll(good, []byte("/Root 1")), "no catalog dictionary in object 1"},
		"CatalogHasVersion":   {edit("/Pages 1 0 R", "/Version /17"), "already sets"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			u, err := printScalingUpdate(c.pdf)
			if err == nil {
				t.Fatalf("updated without error:\n%s", u)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %q, want an error about %q", err, c.want)
			}
		})
	}
}

// A header already at PDF 1.6 or later needs no /Version in the catalog.
func TestPrintScalingUpdateVersion(t *testing.T) {
	for header, want := range map[string]bool{"%PDF-1.3": true, "%PDF-1.5": true, "%PDF-1.6": false, "%PDF-1.7": false} {
		pdf := append([]byte(header), fpdfOutput(t)[len(header):]...) // same length: offsets hold
		u, err := printScalingUpdate(pdf)
		if err != nil {
			t.Fatalf("%s: %v", header, err)
		}
		if got := strings.Contains(string(u), "/Version /1.6\n"); got != want {
			t.Errorf("%s: /Version in the update is %v, want %v", header, got, want)
		}
		if !strings.Contains(string(u), "/ViewerPreferences << /PrintScaling /None >>\n") {
			t.Errorf("%s: the update does not set /PrintScaling /None", header)
		}
	}
}
