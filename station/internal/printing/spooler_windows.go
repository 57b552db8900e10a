//go:build windows

package printing

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// System is this OS's spooler: the Windows print spooler.
func System() Spooler { return Windows{} }

// Windows prints through the Windows spooler. A batch of labels is drawn
// page by page at the printer's own resolution and handed to the printer
// as pictures through GDI (gdi_windows.go), so no PDF application is
// needed and the sheet prints at 100 % on any driver; the printer's paper
// is set to the sheet's. This path runs in make test under Wine into
// CUPS-PDF (scripts/station/test-wine.sh).
//
// A finished PDF that came from the cloud (an order's labels) has no
// pages to draw, and is handed to the PDF application registered for the
// PrintTo verb (Start-Process -Verb PrintTo) instead, which prints it on
// the named printer; whether that application keeps 100 % depends on it
// (Adobe Reader and SumatraPDF honour the PDF's PrintScaling=None, which
// pkg/sheet writes; Edge has no PrintTo verb). That path is UNVERIFIED: no
// Windows machine ran it, and Wine has no PowerShell to run it.
type Windows struct{}

func (Windows) printsPages() {}

func powershell(ctx context.Context, script string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "powershell.exe", append([]string{"-NoProfile", "-NonInteractive", "-Command", script}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("printing: %s", strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, fmt.Errorf("printing: %w", err)
	}
	return out, nil
}

// Printers lists the spooler's printers and the default one.
func (Windows) Printers(ctx context.Context) ([]Printer, error) {
	names, def, err := winPrinters()
	if err != nil {
		return nil, err
	}
	printers := make([]Printer, 0, len(names))
	for _, n := range names {
		printers = append(printers, Printer{Name: n, Default: n == def})
	}
	return printers, nil
}

// Submit prints the job's pages through GDI when it has them; the job id
// is then the printer's name and the spooler's job number. Otherwise it
// prints a copy of the PDF with the PrintTo verb, kept (in the station's
// spool folder) because the PDF application reads it after Submit
// returns; the job id is then the printer's name and the copy's name.
func (Windows) Submit(ctx context.Context, path string, job Job) (string, error) {
	if job.Pages != nil {
		number, err := gdiPrint(ctx, job)
		if err != nil {
			return "", err
		}
		return job.Printer + "\t#" + strconv.Itoa(int(number)), nil
	}
	dir := filepath.Join(os.TempDir(), "lifetag-spool")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "lifetag-*.pdf")
	if err != nil {
		return "", err
	}
	if _, err := f.Write(raw); err != nil {
		f.Close()
		return "", err
	}
	f.Close()
	for i := 0; i < max(job.Copies, 1); i++ {
		// Arguments go to PowerShell as arguments ($args), never spliced into the script.
		if _, err := powershell(ctx, `Start-Process -FilePath $args[0] -Verb PrintTo -ArgumentList ('"' + $args[1] + '"') -WindowStyle Hidden -Wait`,
			f.Name(), job.Printer); err != nil {
			return "", err
		}
	}
	return job.Printer + "\t" + filepath.Base(f.Name()), nil
}

// Cancel removes the jobs of that document from its printer's queue.
func (Windows) Cancel(ctx context.Context, jobID string) error {
	printer, doc, ok := strings.Cut(jobID, "\t")
	if !ok {
		return fmt.Errorf("printing: %q is not a job of this station", jobID)
	}
	if number, isGDI := strings.CutPrefix(doc, "#"); isGDI {
		n, err := strconv.ParseUint(number, 10, 32)
		if err != nil {
			return fmt.Errorf("printing: %q is not a job of this station", jobID)
		}
		return gdiCancel(printer, uint32(n))
	}
	_, err := powershell(ctx, `Get-PrintJob -PrinterName $args[0] | Where-Object { $_.DocumentName -like ('*' + $args[1] + '*') } | Remove-PrintJob`,
		printer, doc)
	return err
}
