package sheet_test

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/labels"
)

// needTool returns the path of an external program. Without it the test is
// skipped, unless LIFETAG_STRICT=1 (make test), where it fails.
func needTool(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("LIFETAG_STRICT") == "1" {
			t.Fatalf("%s is required (LIFETAG_STRICT=1): %v", name, err)
		}
		t.Skipf("%s not installed: %v", name, err)
	}
	return path
}

// rasterise renders every page of pdf at dpi with pdftoppm's defaults
// (anti-aliasing on) as 8-bit grey images.
func rasterise(t testing.TB, pdf []byte, dpi int) []*image.Gray {
	t.Helper()
	return rasterisePages(t, pdf, dpi, 0, 0)
}

// rasterisePages is rasterise of pages first to last (1-based; 0, 0 for
// every page).
func rasterisePages(t testing.TB, pdf []byte, dpi, first, last int) []*image.Gray {
	t.Helper()
	pdftoppm := needTool(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	// Poppler reads a damaged file by reconstructing it and says so on
	// standard error ("Syntax Error", "xref num ... not found"): the PDF
	// must read without a word there.
	args := []string{"-r", strconv.Itoa(dpi), "-gray"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
	}
	cmd := exec.Command(pdftoppm, append(args, in, filepath.Join(dir, "page"))...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("pdftoppm: %v\n%s", err, stderr.Bytes())
	}
	files, err := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	if err != nil || len(files) == 0 {
		t.Fatalf("pdftoppm wrote no pages: %v", err)
	}
	// pdftoppm pads page numbers to a common width, so names sort in order.
	var pages []*image.Gray
	for _, f := range files {
		img, err := readPGM(f)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, img)
	}
	return pages
}

// readPGM reads a binary 8-bit PGM (P5), pdftoppm's -gray output.
func readPGM(path string) (*image.Gray, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(bytes.NewReader(data))
	var magic string
	var w, h, maxval int
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxval); err != nil || magic != "P5" || maxval != 255 {
		return nil, fmt.Errorf("%s: not an 8-bit P5 PGM (%v)", path, err)
	}
	if _, err := r.ReadByte(); err != nil { // the single white space after the header
		return nil, err
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	if _, err := io.ReadFull(r, img.Pix); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

func writePGM(path string, img *image.Gray) error {
	b := img.Bounds()
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "P5\n%d %d\n255\n", b.Dx(), b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		buf.Write(img.Pix[i : i+b.Dx()])
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// decodeImages runs zbarimg once over all files, in order, and returns
// for each file the payload decoded from it ("" when none was). -Sbinary
// passes the bytes through without zbar's charset guessing, which
// mangles UTF-8; in that mode zbarimg writes the payloads back to back
// with no separator, so they are matched against the expected payloads in
// file order, and anything left over fails the test.
func decodeImages(t testing.TB, files, want []string) []string {
	t.Helper()
	zbarimg := needTool(t, "zbarimg")
	args := append([]string{"--nodbus", "--raw", "-q", "-Sbinary", "-Sdisable", "-Sqrcode.enable"}, files...)
	cmd := exec.Command(zbarimg, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	// zbarimg exits 4 when some image has no symbol; the caller counts those.
	if exitErr, ok := err.(*exec.ExitError); err != nil && !(ok && exitErr.ExitCode() == 4) {
		t.Fatalf("zbarimg: %v\n%s", err, stderr.String())
	}
	got := make([]string, len(files))
	rest := string(out)
	for i, w := range want {
		if strings.HasPrefix(rest, w) {
			got[i] = w
			rest = rest[len(w):]
		}
	}
	if rest != "" {
		t.Errorf("zbarimg decoded %d bytes that match no label in order: %.300q", len(rest), rest)
	}
	return got
}

// placed is one label as drawn in the PDF, read back from its content.
type placed struct {
	X, Y float64 // the label's top-left corner on the page, mm
	// The QR code's box (its form's bounding box, which clips it), in
	// label coordinates, mm.
	QRX, QRY, QRW, QRH float64
	Module             float64 // mm
}

var (
	streamRE = regexp.MustCompile(`(?s)stream\n(.*?)\nendstream`)
	formRE   = regexp.MustCompile(`(?m)^(/QR\d+) (\d+) 0 R$`)
	objRE    = regexp.MustCompile(`(?m)^(\d+) 0 obj\n<< /Type /XObject /Subtype /Form /BBox \[0 0 (\d+) (\d+)\]`)
)

// readBack parses a PDF from sheet.Render and returns, page by page, the
// labels drawn: each is a translation ("1 0 0 1 x y cm") holding a QR code
// (a scaled "cm" and a form "/QRn Do", whose size is its bounding box).
func readBack(t testing.TB, pdf []byte, pages int, pageHeight float64) [][]placed {
	t.Helper()
	const k = 72 / 25.4

	// Form name -> size in modules, through the resource dictionary.
	bbox := map[string]float64{} // object number -> side
	for _, m := range objRE.FindAllSubmatch(pdf, -1) {
		side, _ := strconv.ParseFloat(string(m[2]), 64)
		bbox[string(m[1])] = side
	}
	formSide := map[string]float64{}
	for _, m := range formRE.FindAllSubmatch(pdf, -1) {
		formSide[string(m[1])] = bbox[string(m[2])]
	}

	var result [][]placed
	for _, m := range streamRE.FindAllSubmatch(pdf, -1) {
		if len(result) == pages {
			break // the pages come first; fonts and forms follow
		}
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			t.Fatalf("page stream: %v", err)
		}
		content, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("page stream: %v", err)
		}
		var page []placed
		depth := 0
		var nums []float64
		var qr *placed // the label whose code is being placed
		for _, line := range strings.Split(string(content), "\n") {
			if strings.HasPrefix(line, "BT ") {
				continue // text: its strings are binary
			}
			for _, tok := range strings.Fields(line) {
				if v, err := strconv.ParseFloat(tok, 64); err == nil {
					nums = append(nums, v)
					continue
				}
				switch {
				case tok == "q":
					depth++
				case tok == "Q":
					depth--
				case tok == "cm" && len(nums) == 6:
					a, d, e, f := nums[0], nums[3], nums[4], nums[5]
					switch {
					case depth == 1 && a == 1 && d == 1:
						page = append(page, placed{X: e / k, Y: -f / k})
					case depth == 3 && a > 0 && d < 0 && len(page) > 0:
						qr = &page[len(page)-1]
						qr.Module = a / k
						qr.QRX, qr.QRY = e/k, pageHeight-f/k
					}
				case strings.HasPrefix(tok, "/QR") && qr != nil:
					side, ok := formSide[tok]
					if !ok {
						t.Fatalf("form %s is not in the resources", tok)
					}
					qr.QRW, qr.QRH = side*qr.Module, side*qr.Module
					qr = nil
				}
				if !strings.HasPrefix(tok, "/") {
					nums = nums[:0]
				}
			}
		}
		result = append(result, page)
	}
	if len(result) != pages {
		t.Fatalf("read back %d pages, want %d", len(result), pages)
	}
	return result
}

// cropAt cuts a label's bounding box out of a page raster at dpi, from its
// corner rounded down to a pixel.
func cropAt(page *image.Gray, r labels.Rect, dpi int) *image.Gray {
	px := func(mm float64) float64 { return mm / 25.4 * float64(dpi) }
	rect := image.Rect(
		int(math.Floor(px(r.X))), int(math.Floor(px(r.Y))),
		int(math.Ceil(px(r.X+r.W))), int(math.Ceil(px(r.Y+r.H))),
	).Intersect(page.Bounds())
	return page.SubImage(rect).(*image.Gray)
}
