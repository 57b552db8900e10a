package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Printing sends the label engine's PDFs to the chosen printer at 100 %, or
// saves them (Save PDF, also the choice where no printer is installed).
//
// Printers are CUPS queues (Linux, macOS) through lpstat and lp. Station-
// core's printing service (calibration offsets, the Windows spooler,
// progress and cancel for long batches) takes this struct's place when it
// is bound; the window's calls stay the same.
type Printing struct {
	app *App
}

// PrinterSettings is the settings screen's printer section.
type PrinterSettings struct {
	// Printers are the installed printers' names; Save PDF is always offered too.
	Printers []string `json:"printers"`
	// Printer is the chosen one; empty means Save PDF.
	Printer string `json:"printer"`
}

func (p *Printing) Settings() (PrinterSettings, error) {
	printers, err := cupsPrinters()
	if err != nil {
		return PrinterSettings{}, err
	}
	p.app.Session.mu.Lock()
	defer p.app.Session.mu.Unlock()
	return PrinterSettings{Printers: printers, Printer: p.app.Session.settings.Printer}, nil
}

// SetPrinter chooses where labels go; "" is Save PDF.
func (p *Printing) SetPrinter(name string) (PrinterSettings, error) {
	if name != "" {
		printers, err := cupsPrinters()
		if err != nil {
			return PrinterSettings{}, err
		}
		if !contains(printers, name) {
			return PrinterSettings{}, fmt.Errorf("There is no printer named %q.", name)
		}
	}
	s := p.app.Session
	s.mu.Lock()
	s.settings.Printer = name
	err := s.saveSettings()
	s.mu.Unlock()
	if err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// PrintPDF prints a label sheet on the chosen printer ("printer") or, with
// Save PDF chosen, asks where to save it ("saved").
func (p *Printing) PrintPDF(pdf []byte, fileName string) (string, error) {
	if !isPDF(pdf) {
		return "", errors.New("The label sheet is not a PDF.")
	}
	p.app.Session.mu.Lock()
	printer := p.app.Session.settings.Printer
	p.app.Session.mu.Unlock()
	if printer == "" {
		if _, err := p.app.Files.Save(pdf, fileName); err != nil {
			return "", err
		}
		return "saved", nil
	}
	if err := cupsPrint(printer, pdf); err != nil {
		return "", err
	}
	return "printer", nil
}

func isPDF(b []byte) bool { return len(b) > 4 && string(b[:5]) == "%PDF-" }

// cupsPrinters lists the CUPS queues; none where CUPS is not installed.
func cupsPrinters() ([]string, error) {
	if _, err := exec.LookPath("lpstat"); err != nil {
		return nil, nil
	}
	out, err := exec.Command("lpstat", "-e").Output()
	if err != nil {
		// lpstat fails when the scheduler is not running: no printers to offer.
		return nil, nil
	}
	return strings.Fields(string(out)), nil
}

// cupsPrint prints at 100 %: the sheet's geometry is exact only unscaled.
func cupsPrint(printer string, pdf []byte) error {
	cmd := exec.Command("lp", "-d", printer, "-o", "print-scaling=none", "-o", "fit-to-page=false", "-")
	cmd.Stdin = strings.NewReader(string(pdf))
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("The printer refused the job: %s", strings.TrimSpace(string(out)))
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Files saves what the person asked to keep (a label PDF, an export).
type Files struct {
	app *App
}

// Save writes data where the person chooses and returns the path.
func (f *Files) Save(data []byte, fileName string) (string, error) {
	path, err := f.app.savePath(fileName)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("The file could not be saved: %w", err)
	}
	return path, nil
}
