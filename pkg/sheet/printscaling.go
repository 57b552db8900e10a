package sheet

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
)

// Labels only line up when the sheet is printed at 100 %, never "fit to
// page". The catalog entry /ViewerPreferences << /PrintScaling /None >>
// (PDF 1.6, ISO 32000-1 section 12.2, Table 150) tells Acrobat and Chromium's PDF
// viewer to preselect that in their print dialogs. fpdf has no way to add
// an entry to its catalog (putcatalog writes a fixed set), so the entry is
// added the way PDF itself allows a finished file to be changed: an
// incremental update (section 7.5.6) appended to fpdf's output. It holds a new
// revision of the catalog object (same number, fpdf's entries plus ours),
// an xref section for that one object and a trailer whose /Prev points at
// fpdf's xref. Nothing before it moves, so fpdf's offsets stay right.

// printScalingEntries are added to the catalog. The catalog's /Version
// (section 7.2.2) raises the file to PDF 1.6 when the header says less: fpdf
// writes the lowest version its features need, usually 1.3.
const (
	printScalingEntry = "/ViewerPreferences << /PrintScaling /None >>"
	versionEntry      = "/Version /1.6"
)

// What fpdf's output must look like for the update to be right. fpdf ends
// its file with exactly this trailer (enddoc, puttrailer); anything else,
// such as an encrypted file or one already updated, is refused rather than
// patched blindly.
var (
	headerRE  = regexp.MustCompile(`\A%PDF-1\.(\d)\n`)
	trailerRE = regexp.MustCompile(`\ntrailer\n<<\n/Size (\d+)\n/Root (\d+) 0 R\n(?:/Info (\d+) 0 R\n)?>>\nstartxref\n(\d+)\n%%EOF\n\z`)
	// An xref entry in use: a 10-digit offset, generation 0, "n", and a
	// two-byte end of line, 20 bytes in all (section 7.5.4).
	xrefEntryRE = regexp.MustCompile(`\A(\d{10}) 00000 n \n\z`)
)

// trailerSearch is how many bytes at the end of fpdf's output hold its
// trailer.
const trailerSearch = 512

// printScalingUpdate returns the incremental update to append to pdf, a
// complete file as fpdf writes it, so that its catalog asks for printing at
// 100 %. It reads fpdf's trailer and xref to find the catalog and fails if
// the file is not laid out as expected.
func printScalingUpdate(pdf []byte) ([]byte, error) {
	header := headerRE.FindSubmatch(pdf)
	if header == nil {
		return nil, errors.New("sheet: PDF from fpdf has no %PDF-1.x header")
	}
	minor, _ := strconv.Atoi(string(header[1])) // one digit: always a number

	// fpdf's trailer is under 200 bytes; searching only the end of the
	// file keeps the search from reading megabytes of pages.
	t := trailerRE.FindSubmatch(pdf[max(0, len(pdf)-trailerSearch):])
	if t == nil {
		return nil, errors.New("sheet: PDF from fpdf does not end with the expected trailer")
	}
	size, _ := strconv.Atoi(string(t[1])) // the regexp matched digits
	root, _ := strconv.Atoi(string(t[2]))
	info := string(t[3]) // "" when fpdf wrote no /Info
	xref, _ := strconv.Atoi(string(t[4]))
	if root <= 0 || root >= size {
		return nil, fmt.Errorf("sheet: PDF from fpdf has its catalog %d outside /Size %d", root, size)
	}

	// fpdf's one xref section lists objects 0 to size-1 in order, so the
	// catalog's entry is root entries after the first.
	head := "xref\n0 " + strconv.Itoa(size) + "\n"
	if xref < 0 || xref > len(pdf) || !bytes.HasPrefix(pdf[xref:], []byte(head)) {
		return nil, errors.New("sheet: PDF from fpdf has no xref section at its startxref offset")
	}
	at := xref + len(head) + 20*root
	if at+20 > len(pdf) {
		return nil, errors.New("sheet: PDF from fpdf has a short xref section")
	}
	entry := xrefEntryRE.FindSubmatch(pdf[at : at+20])
	if entry == nil {
		return nil, fmt.Errorf("sheet: PDF from fpdf has an unexpected xref entry for its catalog: %q", pdf[at:at+20])
	}
	offset, _ := strconv.Atoi(string(entry[1]))

	// The catalog object as fpdf wrote it: "n 0 obj\n<<\n...\n>>\nendobj".
	// Its dictionary is copied whole and the new entries go before its
	// closing ">>", so every entry fpdf wrote stays in the new revision.
	begin := strconv.Itoa(root) + " 0 obj\n"
	if offset > xref || !bytes.HasPrefix(pdf[offset:xref], []byte(begin)) {
		return nil, fmt.Errorf("sheet: PDF from fpdf has no object %d at its xref offset %d", root, offset)
	}
	body, _, found := bytes.Cut(pdf[offset+len(begin):xref], []byte("\nendobj\n"))
	if !found || !bytes.HasPrefix(body, []byte("<<\n")) || !bytes.HasSuffix(body, []byte("\n>>")) ||
		!bytes.Contains(body, []byte("/Type /Catalog\n")) {
		return nil, fmt.Errorf("sheet: PDF from fpdf has no catalog dictionary in object %d", root)
	}
	if bytes.Contains(body, []byte("/ViewerPreferences")) || bytes.Contains(body, []byte("/Version")) {
		return nil, errors.New("sheet: PDF from fpdf already sets its catalog's viewer preferences or version")
	}
	entries := body[:len(body)-len(">>")] // "<<\n...\n"

	// The update starts right after fpdf's "%%EOF\n". Its offsets are of
	// the whole file, so they count fpdf's bytes first.
	var u bytes.Buffer
	catalogAt := len(pdf)
	u.WriteString(begin)
	u.Write(entries)
	u.WriteString(printScalingEntry + "\n")
	if minor < 6 {
		u.WriteString(versionEntry + "\n")
	}
	u.WriteString(">>\nendobj\n")
	xrefAt := len(pdf) + u.Len()
	// One subsection of one entry: the catalog's new revision.
	fmt.Fprintf(&u, "xref\n%d 1\n%010d 00000 n \n", root, catalogAt)
	fmt.Fprintf(&u, "trailer\n<<\n/Size %d\n/Root %d 0 R\n", size, root)
	if info != "" {
		fmt.Fprintf(&u, "/Info %s 0 R\n", info)
	}
	fmt.Fprintf(&u, "/Prev %d\n>>\nstartxref\n%d\n%%%%EOF\n", xref, xrefAt)
	return u.Bytes(), nil
}
