package main

import (
	"github.com/lifetag/lifetag/station/internal/printing"
)

// Printing sends label PDFs to the chosen printer at 100 % with its
// calibration (station/internal/printing), or, with no printer chosen,
// saves them (Save PDF).
type Printing struct {
	app *App
}

// PrinterSettings is the settings screen's printer section.
type PrinterSettings struct {
	// Printers are the OS printers; Save PDF is always offered too.
	Printers []printing.Printer `json:"printers"`
	// Printer is the chosen one; empty means Save PDF.
	Printer string `json:"printer"`
	Paper   string `json:"paper"`
}

func (p *Printing) Settings() (PrinterSettings, error) {
	printers, err := p.app.svc.Printing.Printers(p.app.context())
	if err != nil {
		return PrinterSettings{}, err
	}
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return PrinterSettings{}, err
	}
	return PrinterSettings{Printers: printers, Printer: st.Printer, Paper: st.Paper}, nil
}

// SetPrinter chooses where labels go ("" is Save PDF), keeping the paper.
func (p *Printing) SetPrinter(name string) (PrinterSettings, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return PrinterSettings{}, err
	}
	if _, err := p.app.svc.Settings.SetPrinter(name, st.Paper); err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// PrintPDF prints a label sheet the cloud made on the chosen printer
// ("printer") or, with Save PDF chosen, asks where to save it ("saved").
func (p *Printing) PrintPDF(pdf []byte, fileName string) (string, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return "", err
	}
	if st.Printer == "" {
		if _, err := p.app.Files.Save(pdf, fileName); err != nil {
			return "", err
		}
		return "saved", nil
	}
	job := printing.Job{Printer: st.Printer, Paper: st.Paper, Title: fileName}
	if _, err := p.app.svc.Printing.PrintPDF(p.app.context(), pdf, job); err != nil {
		return "", err
	}
	return "printer", nil
}

// Files saves what the person asked to keep.
type Files struct {
	app *App
}

// Save writes a PDF where the person chooses (0600: labels hold medical
// data) and returns the path.
func (f *Files) Save(data []byte, fileName string) (string, error) {
	path, err := f.app.savePath(fileName)
	if err != nil {
		return "", err
	}
	if err := printing.WriteFile(path, data); err != nil {
		return "", err
	}
	return path, nil
}
