//go:build windows

package printing

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// System is this OS's spooler: the Windows print spooler.
func System() Spooler { return Windows{} }

// Windows prints through the Windows spooler with PowerShell's print
// cmdlets and the shell's PrintTo verb (UNVERIFIED: written and vetted on
// Linux; no Windows machine ran it).
//
// Printers come from Get-Printer. A PDF is handed to the PDF application
// registered for the PrintTo verb (Start-Process -Verb PrintTo), which
// prints it on the named printer; whether that application keeps 100 %
// depends on it (Adobe Reader and SumatraPDF honour the PDF's
// PrintScaling=None, which pkg/sheet writes; Edge has no PrintTo verb).
// Cancel removes the printer's queued jobs of that document name with
// Remove-PrintJob.
type Windows struct{}

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
	out, err := powershell(ctx, `Get-CimInstance Win32_Printer | ForEach-Object { "$($_.Default)`+"`t"+`$($_.Name)" }`)
	if err != nil {
		return nil, err
	}
	var printers []Printer
	for _, line := range strings.Split(strings.ReplaceAll(string(out), "\r", ""), "\n") {
		def, name, ok := strings.Cut(line, "\t")
		if ok && name != "" {
			printers = append(printers, Printer{Name: name, Default: def == "True"})
		}
	}
	return printers, nil
}

// Submit prints a copy of the PDF with the PrintTo verb. The copy is kept
// (in the station's spool folder) because the PDF application reads it
// after Submit returns; the job id is the copy's document name.
func (Windows) Submit(ctx context.Context, path string, job Job) (string, error) {
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
	_, err := powershell(ctx, `Get-PrintJob -PrinterName $args[0] | Where-Object { $_.DocumentName -like ('*' + $args[1] + '*') } | Remove-PrintJob`,
		printer, doc)
	return err
}
