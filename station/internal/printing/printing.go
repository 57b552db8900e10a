// Package printing prints the label PDFs of pkg/sheet on the OS printers:
// CUPS on Linux and macOS (lpstat, lp, cancel), the Windows spooler on
// Windows. The PDF is printed at 100 %: the sheet's geometry is the
// catalogue's, corrected only by the printer's calibration offset, which
// pkg/sheet applies when it draws; the spooler is told not to scale.
//
// Long batches are rendered and spooled in chunks of whole sheets, so the
// window shows progress and a cancel stops the batch between chunks and
// cancels the jobs already spooled.
package printing

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/sheet"
	"github.com/lifetag/lifetag/station/internal/settings"
)

// Printer is an OS printer.
type Printer struct {
	Name    string `json:"name"`
	Default bool   `json:"default"`
}

// Job says how to spool one PDF.
type Job struct {
	Printer string
	Paper   string // settings.PaperA4 or settings.PaperLetter
	Copies  int    // copies of the whole document; 0 means 1
	Title   string
	// Pages draws the PDF's pages as pictures, for a spooler that prints
	// pictures (pagePrinter); nil for other spoolers and for a PDF made
	// elsewhere.
	Pages *sheet.Pages
}

// Spooler is the OS print system.
type Spooler interface {
	Printers(ctx context.Context) ([]Printer, error)
	// Submit spools the PDF at path and returns the spooler's job id. The
	// file may be removed when Submit returns.
	Submit(ctx context.Context, path string, job Job) (string, error)
	// Cancel cancels a spooled job (one already printed stays printed).
	Cancel(ctx context.Context, jobID string) error
}

// pagePrinter is a spooler that prints pictures of the pages rather than
// the PDF (Windows): only for it does a job carry Pages.
type pagePrinter interface {
	printsPages()
}

// ChunkSheets is how many sheets one spooled job holds: small enough for
// progress and a prompt cancel, large enough that spooling 1,000 labels
// is a handful of jobs.
const ChunkSheets = 25

// Progress reports labels rendered and spooled so far, of total.
type Progress func(done, total int)

// Result is what a print spooled.
type Result struct {
	Jobs   []string `json:"jobs"`
	Labels int      `json:"labels"`
	Sheets int      `json:"sheets"`
}

// Service prints and saves label sheets.
type Service struct {
	Spooler  Spooler
	Settings *settings.Store
	// TempDir holds PDFs while they are spooled ("" : the OS's).
	TempDir string
	// ChunkSheets overrides the sheets a job holds (0: ChunkSheets).
	ChunkSheets int
}

// Printers lists the OS printers.
func (s *Service) Printers(ctx context.Context) ([]Printer, error) {
	return s.Spooler.Printers(ctx)
}

// paperOf is the paper a sheet needs, in settings' names ("" for an odd
// size that no paper choice describes).
func paperOf(t *labels.Template) string {
	switch t.Paper {
	case "A4":
		return settings.PaperA4
	case "US-Letter":
		return settings.PaperLetter
	}
	return ""
}

// checkJob refuses a job that could not print at 100 %: paper other than
// the sheet's would make the driver scale or shift it.
func checkJob(t *labels.Template, job *Job) error {
	if strings.TrimSpace(job.Printer) == "" {
		return errors.New("Choose a printer")
	}
	if job.Copies == 0 {
		job.Copies = 1
	}
	if err := settings.ValidCopies(job.Copies); err != nil {
		return err
	}
	need := paperOf(t)
	if job.Paper == "" {
		job.Paper = need
	}
	if need != "" && job.Paper != need {
		return fmt.Errorf("%s sheets are %s paper; load %s and choose it, so the labels print at 100 %%", t.Name(), need, need)
	}
	return nil
}

// withCalibration applies the printer's saved offset to o.
func (s *Service) withCalibration(printer string, o sheet.Options) (sheet.Options, error) {
	if s.Settings == nil {
		return o, nil
	}
	st, err := s.Settings.Load()
	if err != nil {
		return o, err
	}
	c := st.Calibration(printer)
	o.OffsetX, o.OffsetY = c.OffsetX, c.OffsetY
	return o, nil
}

// chunk is one job's labels and where on its first sheet they start.
type chunk struct {
	items []sheet.Label
	start int
}

// chunks splits items (each already repeated for its copies) into runs
// of whole sheets: the first starts at start, every other at position 1.
func chunks(items []sheet.Label, perSheet, start, sheets int) []chunk {
	var out []chunk
	capacity := perSheet*sheets - (start - 1)
	for len(items) > 0 {
		n := min(capacity, len(items))
		out = append(out, chunk{items: items[:n], start: start})
		items = items[n:]
		start, capacity = 1, perSheet*sheets
	}
	return out
}

// expand repeats each label o.Copies times in a row, as sheet.Render
// would, so chunks can be cut at sheet boundaries.
func expand(items []sheet.Label, copies int) []sheet.Label {
	if copies <= 1 {
		return items
	}
	out := make([]sheet.Label, 0, len(items)*copies)
	for _, it := range items {
		for range copies {
			out = append(out, it)
		}
	}
	return out
}

// Print renders items on t with o (level, DPI, start, label copies) plus
// the printer's calibration, and spools them in chunks. On cancel (ctx)
// it stops, cancels the jobs it spooled, and returns ctx's error with what
// had been spooled.
func (s *Service) Print(ctx context.Context, t *labels.Template, items []sheet.Label, o sheet.Options, job Job, progress Progress) (*Result, error) {
	res, err := s.print(ctx, t, items, o, job, progress)
	// The support log: counts, the printer and the sheet, never the labels'
	// text or the job's title (which may name a person).
	done := &Result{}
	if res != nil {
		done = res
	}
	if err != nil {
		slog.Warn("station: print failed", "printer", job.Printer, "sheet", t.Name(), "labels", len(items),
			"spooled", len(done.Jobs), "err", err)
	} else {
		slog.Info("station: printed", "printer", job.Printer, "sheet", t.Name(), "labels", done.Labels,
			"sheets", done.Sheets, "jobs", len(done.Jobs))
	}
	return res, err
}

func (s *Service) print(ctx context.Context, t *labels.Template, items []sheet.Label, o sheet.Options, job Job, progress Progress) (*Result, error) {
	if err := checkJob(t, &job); err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, sheet.ErrNoLabels
	}
	o, err := s.withCalibration(job.Printer, o)
	if err != nil {
		return nil, err
	}
	if o.Start == 0 {
		o.Start = 1
	}
	copies := o.Copies
	all := expand(items, copies)
	o.Copies = 1
	res := &Result{}
	total := len(all)
	if progress != nil {
		progress(0, total)
	}
	sheets := s.ChunkSheets
	if sheets < 1 {
		sheets = ChunkSheets
	}
	base := 0 // index in all of the chunk's first label
	for i, c := range chunks(all, t.PerSheet(), o.Start, sheets) {
		if err := ctx.Err(); err != nil {
			return res, s.cancelAll(res, err)
		}
		co := o
		co.Start = c.start
		var pdf bytes.Buffer
		if err := sheet.Render(&pdf, t, c.items, co); err != nil {
			var tooSmall *sheet.TooSmallError
			if errors.As(err, &tooSmall) {
				// Name the caller's label, not the chunk's copy of it.
				e := *tooSmall
				e.Index = (base + e.Index) / max(copies, 1)
				err = &e
			}
			return res, s.cancelAll(res, err)
		}
		base += len(c.items)
		cj := job
		if _, pictures := s.Spooler.(pagePrinter); pictures {
			if cj.Pages, err = sheet.NewPages(t, c.items, co); err != nil {
				return res, s.cancelAll(res, err)
			}
		}
		if cj.Title == "" {
			cj.Title = "Lifetag labels"
		}
		cj.Title = fmt.Sprintf("%s (%d)", cj.Title, i+1)
		id, err := s.spool(ctx, pdf.Bytes(), cj)
		if err != nil {
			return res, s.cancelAll(res, err)
		}
		res.Jobs = append(res.Jobs, id)
		res.Labels += len(c.items)
		res.Sheets += labels.SheetsNeeded(len(c.items)+c.start-1, t.PerSheet())
		if progress != nil {
			progress(res.Labels, total)
		}
	}
	return res, nil
}

// cancelAll cancels the jobs spooled so far after a failure or a cancel,
// and returns cause (with any cancel failure beside it).
func (s *Service) cancelAll(res *Result, cause error) error {
	var errs []error
	for _, id := range res.Jobs {
		// A fresh context: the caller's may be the one that was cancelled.
		if err := s.Spooler.Cancel(context.Background(), id); err != nil {
			errs = append(errs, fmt.Errorf("cancelling job %s: %w", id, err))
		}
	}
	return errors.Join(append([]error{cause}, errs...)...)
}

// spool writes pdf to a private temporary file, submits it and removes it.
func (s *Service) spool(ctx context.Context, pdf []byte, job Job) (string, error) {
	f, err := os.CreateTemp(s.TempDir, "lifetag-print-*.pdf") // 0600: the labels hold medical data
	if err != nil {
		return "", fmt.Errorf("printing: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(pdf); err != nil {
		f.Close()
		return "", fmt.Errorf("printing: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("printing: %w", err)
	}
	return s.Spooler.Submit(ctx, f.Name(), job)
}

// PrintPDF spools a finished PDF (one job), for a PDF rendered elsewhere.
func (s *Service) PrintPDF(ctx context.Context, pdf []byte, job Job) (string, error) {
	if strings.TrimSpace(job.Printer) == "" {
		return "", errors.New("Choose a printer")
	}
	if job.Copies == 0 {
		job.Copies = 1
	}
	id, err := s.spool(ctx, pdf, job)
	if err != nil {
		slog.Warn("station: print failed", "printer", job.Printer, "copies", job.Copies, "err", err)
	} else {
		slog.Info("station: printed a PDF", "printer", job.Printer, "copies", job.Copies, "bytes", len(pdf))
	}
	return id, err
}

// SavePDF renders items to path (0600: the labels hold medical data),
// through a temporary file so a failure leaves no half-written PDF. No
// calibration offset is applied: a saved PDF is the catalogue's geometry,
// for whichever printer prints it.
func SavePDF(path string, t *labels.Template, items []sheet.Label, o sheet.Options) error {
	var pdf bytes.Buffer
	if err := sheet.Render(&pdf, t, items, o); err != nil {
		return err
	}
	return WriteFile(path, pdf.Bytes())
}

// WriteFile writes data to path, 0600, all or nothing.
func WriteFile(path string, data []byte) error {
	if !strings.EqualFold(filepath.Ext(path), ".pdf") {
		return errors.New("Save the labels as a .pdf file")
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".lifetag-*.pdf")
	if err != nil {
		return fmt.Errorf("printing: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("printing: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("printing: %w", err)
	}
	return os.Rename(tmp.Name(), path)
}

// CalibrationLabel is what each label of a calibration sheet shows.
var CalibrationLabel = sheet.Label{Payload: "LIFETAG CALIBRATION", Name: "Calibration",
	Caption: "Hold against a label sheet; measure how far each outline is from its label"}

// CalibrationSheet prints one sheet of t with every label's outline and a
// code, at the printer's saved offset: held against a sheet of labels, the
// drift left to correct can be measured and saved (settings.SetCalibration).
func (s *Service) CalibrationSheet(ctx context.Context, t *labels.Template, job Job) (*Result, error) {
	items := make([]sheet.Label, t.PerSheet())
	for i := range items {
		items[i] = CalibrationLabel
	}
	job.Title = "Lifetag calibration"
	return s.Print(ctx, t, items, sheet.Options{Outline: true}, job, nil)
}
