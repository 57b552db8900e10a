package sheet_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// TestPrintAt100: the sheet's newest catalog asks print dialogs for 100 %
// and PDF 1.6, keeps every entry fpdf wrote, and the file reads cleanly in
// poppler with the same pages as before.
func TestPrintAt100(t *testing.T) {
	tp := avery(t, "5163")                                    // 10 a sheet
	pdf := render(t, tp, samples.Labels(12), sheet.Options{}) // two pages

	x, err := readXref(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.revisions) != 2 {
		t.Fatalf("the PDF has %d revisions, want fpdf's and the update", len(x.revisions))
	}
	catalog := x.object(t, pdf, x.root)
	for _, entry := range []string{"/ViewerPreferences << /PrintScaling /None >>\n", "/Version /1.6\n"} {
		if !strings.Contains(catalog, entry) {
			t.Errorf("the newest catalog lacks %q:\n%s", entry, catalog)
		}
	}
	// fpdf's catalog, as its own revision holds it: every entry is kept.
	original := pdf[:x.revisions[0]]
	ox, err := readXref(original)
	if err != nil {
		t.Fatalf("fpdf's revision alone: %v", err)
	}
	old := ox.object(t, original, ox.root)
	if ox.root != x.root || !strings.HasPrefix(catalog, strings.TrimSuffix(old, ">>")) {
		t.Errorf("the new catalog does not keep fpdf's entries:\nold %s\nnew %s", old, catalog)
	}

	// Poppler: no complaint, same pages and page size as fpdf's file.
	before, after := pdfinfo(t, original), pdfinfo(t, pdf)
	for _, field := range []string{"Pages", "Page size"} {
		if before[field] == "" || before[field] != after[field] {
			t.Errorf("%s: %q before the update, %q after", field, before[field], after[field])
		}
	}
	if after["Pages"] != "2" || !strings.HasPrefix(after["Page size"], "612 x 792 pts") {
		t.Errorf("pdfinfo: %s pages of %q, want 2 of 612 x 792 pts", after["Pages"], after["Page size"])
	}
	if after["PDF version"] != "1.6" {
		t.Errorf("pdfinfo reads PDF version %q, want 1.6", after["PDF version"])
	}
	if pages := rasterise(t, pdf, 30); len(pages) != 2 || pages[0].Bounds().Dx() != 255 {
		t.Errorf("pdftoppm drew %d pages, the first %v pixels wide at 30 DPI, want 2 of 255", len(pages), pages[0].Bounds())
	}
}

// TestPrintAt100PassesQpdf: qpdf checks the whole structure more strictly
// than poppler, which quietly mends what it can.
func TestPrintAt100PassesQpdf(t *testing.T) {
	qpdf := needTool(t, "qpdf")
	pdf := render(t, avery(t, "5163"), samples.Labels(12), sheet.Options{})
	file := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	// Exit 0 means no errors and no warnings (2 and 3 otherwise).
	if out, err := exec.Command(qpdf, "--check", file).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

// readXref is strict where PDF readers are forgiving: poppler and qpdf
// both accept an offset one byte early (it points at the newline before
// "n 0 obj"). TestReadXrefFailsOffByOne proves the strictness.
func TestReadXrefFailsOffByOne(t *testing.T) {
	pdf := render(t, avery(t, "5163"), samples.Labels(3), sheet.Options{})
	x, err := readXref(pdf)
	if err != nil {
		t.Fatal(err)
	}
	startxref := bytes.LastIndex(pdf, []byte("startxref\n")) + len("startxref\n")
	catalogEntry := bytes.LastIndex(pdf, fmt.Appendf(nil, "%010d 00000 n \n", x.offsets[x.root]))
	fpdfEntry := bytes.Index(pdf, fmt.Appendf(nil, "%010d 00000 n \n", x.offsets[1])) // fpdf's page tree
	if catalogEntry < 0 || fpdfEntry < 0 {
		t.Fatal("xref entries not found")
	}
	prevAt := bytes.LastIndex(pdf, []byte("/Prev ")) + len("/Prev ")

	// shift rewrites the number of width digits at i by delta.
	shift := func(i, width, delta int) []byte {
		n, err := strconv.Atoi(string(pdf[i : i+width]))
		if err != nil {
			t.Fatalf("no number at %d: %q", i, pdf[i:i+width])
		}
		s := fmt.Sprintf("%0*d", width, n+delta)
		return slices.Concat(pdf[:i], []byte(s), pdf[i+width:])
	}
	digits := func(i int) int { return bytes.IndexByte(pdf[i:], '\n') }
	cases := map[string]func(delta int) []byte{
		"CatalogEntry": func(d int) []byte { return shift(catalogEntry, 10, d) },
		"FpdfEntry":    func(d int) []byte { return shift(fpdfEntry, 10, d) },
		"Startxref":    func(d int) []byte { return shift(startxref, digits(startxref), d) },
		"Prev":         func(d int) []byte { return shift(prevAt, digits(prevAt), d) },
	}
	for name, mutate := range cases {
		for _, d := range []int{-1, 1} {
			if _, err := readXref(mutate(d)); err == nil {
				t.Errorf("%s off by %+d: read without error", name, d)
			}
		}
	}
}

func render(t *testing.T, tp *labels.Template, items []sheet.Label, o sheet.Options) []byte {
	t.Helper()
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, tp, items, o); err != nil {
		t.Fatal(err)
	}
	return pdf.Bytes()
}

// xrefs is a PDF's cross-reference information, read back strictly.
type xrefs struct {
	root    int         // the newest trailer's /Root
	offsets map[int]int // object number -> offset of its newest revision
	// revisions holds the end of each revision, oldest first: the byte
	// after its "%%EOF\n".
	revisions []int
}

var (
	endRE     = regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n\z`)
	sectionRE = regexp.MustCompile(`\A(\d+) (\d+)\n`)
	entryRE   = regexp.MustCompile(`\A(\d{10}) (\d{5}) ([nf])(?: \n|\r\n| \r)`)
	trailerRE = regexp.MustCompile(`\Atrailer\n<<\n((?:/\w+ [^\n]*\n)*)>>\nstartxref\n(\d+)\n%%EOF\n`)
	rootRE    = regexp.MustCompile(`(?m)^/Root (\d+) 0 R$`)
	prevRE    = regexp.MustCompile(`(?m)^/Prev (\d+)$`)
)

// readXref follows startxref and each trailer's /Prev through every xref
// section (classic tables, as fpdf and sheet write them) and checks each
// to the byte: a section starts exactly at its offset with "xref", every
// entry in use points exactly at "n g obj", and every revision's startxref
// names its own section.
func readXref(pdf []byte) (*xrefs, error) {
	end := endRE.FindSubmatch(pdf)
	if end == nil {
		return nil, errors.New("no startxref and %%EOF at the end")
	}
	x := &xrefs{offsets: map[int]int{}}
	at, _ := strconv.Atoi(string(end[1]))
	for seen := map[int]bool{}; ; {
		if seen[at] || at < 0 || at > len(pdf) || !bytes.HasPrefix(pdf[at:], []byte("xref\n")) {
			return nil, fmt.Errorf("no xref section at offset %d", at)
		}
		seen[at] = true
		section := at
		i := at + len("xref\n")
		for !bytes.HasPrefix(pdf[i:], []byte("trailer\n")) {
			m := sectionRE.FindSubmatch(pdf[i:])
			if m == nil {
				return nil, fmt.Errorf("bad xref subsection at %d: %.30q", i, pdf[i:])
			}
			i += len(m[0])
			first, _ := strconv.Atoi(string(m[1]))
			count, _ := strconv.Atoi(string(m[2]))
			for n := first; n < first+count; n++ {
				e := entryRE.FindSubmatch(pdf[i:])
				if e == nil {
					return nil, fmt.Errorf("bad xref entry for object %d at %d: %.20q", n, i, pdf[i:])
				}
				i += 20
				if string(e[3]) == "f" {
					continue
				}
				off, _ := strconv.Atoi(string(e[1]))
				gen, _ := strconv.Atoi(string(e[2]))
				if obj := fmt.Sprintf("%d %d obj\n", n, gen); off >= len(pdf) || !bytes.HasPrefix(pdf[off:], []byte(obj)) {
					return nil, fmt.Errorf("object %d: xref offset %d holds %.20q, not %q", n, off, pdf[off:], obj)
				}
				if _, newer := x.offsets[n]; !newer {
					x.offsets[n] = off
				}
			}
		}
		tr := trailerRE.FindSubmatch(pdf[i:])
		if tr == nil {
			return nil, fmt.Errorf("bad trailer at %d: %.80q", i, pdf[i:])
		}
		if own, _ := strconv.Atoi(string(tr[2])); own != section {
			return nil, fmt.Errorf("the revision ending at %d has startxref %d, its xref is at %d", i+len(tr[0]), own, section)
		}
		x.revisions = append([]int{i + len(tr[0])}, x.revisions...)
		if x.root == 0 {
			r := rootRE.FindSubmatch(tr[1])
			if r == nil {
				return nil, errors.New("the newest trailer has no /Root")
			}
			x.root, _ = strconv.Atoi(string(r[1]))
		}
		p := prevRE.FindSubmatch(tr[1])
		if p == nil {
			break
		}
		at, _ = strconv.Atoi(string(p[1]))
	}
	if _, ok := x.offsets[x.root]; !ok {
		return nil, fmt.Errorf("catalog %d is in no xref section", x.root)
	}
	if x.revisions[len(x.revisions)-1] != len(pdf) {
		return nil, errors.New("the newest revision does not end the file")
	}
	return x, nil
}

// object returns the dictionary of object n's newest revision.
func (x *xrefs) object(t *testing.T, pdf []byte, n int) string {
	t.Helper()
	off, ok := x.offsets[n]
	if !ok {
		t.Fatalf("object %d is not in the xref", n)
	}
	body := pdf[off+len(fmt.Sprintf("%d 0 obj\n", n)):]
	body, _, found := bytes.Cut(body, []byte("\nendobj\n"))
	if !found {
		t.Fatalf("object %d has no endobj", n)
	}
	return string(body)
}

// pdfinfo returns pdfinfo's fields and fails the test on anything it
// writes to standard error: poppler reports a damaged file there.
func pdfinfo(t *testing.T, pdf []byte) map[string]string {
	t.Helper()
	tool := needTool(t, "pdfinfo")
	file := filepath.Join(t.TempDir(), "info.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("pdfinfo: %v\n%s", err, stderr.Bytes())
	}
	fields := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			fields[k] = strings.TrimSpace(v)
		}
	}
	return fields
}
