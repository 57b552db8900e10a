package main

import (
	"errors"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/station/internal/printing"
	"github.com/lifetag/lifetag/station/internal/settings"
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
	// Papers are the paper sizes a printer may be loaded with.
	Papers []string `json:"papers"`
	Copies int      `json:"copies"`
	// Calibration is the chosen printer's offset (mm; zero for Save PDF).
	Calibration settings.Calibration `json:"calibration"`
	// CanDialog is true where the OS print dialog can be opened (not in
	// --browser mode); Dialog is whether prints open in it.
	CanDialog bool `json:"canDialog"`
	Dialog    bool `json:"dialog"`
	// Locked are the settings IT's policy locks (settings.Lock* names);
	// CalibrationLocked: the chosen printer's offset is IT's.
	Locked            []string `json:"locked"`
	CalibrationLocked bool     `json:"calibrationLocked"`
	// LockedWhy says, for each locked setting the window shows (Lock*
	// names; calibrations only when the chosen printer's offset is
	// locked), why its control is disabled: settings.MsgLocked, the same
	// words the station answers a change with.
	LockedWhy map[string]string `json:"lockedWhy"`
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
	why := map[string]string{}
	for _, name := range st.Locked {
		if name != settings.LockCalibrations || st.LockedCalibrations[st.Printer] {
			why[name] = settings.MsgLocked(name)
		}
	}
	return PrinterSettings{Printers: printers, Printer: st.Printer, Paper: st.Paper,
		Papers: []string{settings.PaperA4, settings.PaperLetter}, Copies: st.Copies,
		Calibration: st.Calibration(st.Printer), CanDialog: !p.app.browser, Dialog: st.Dialog && !p.app.browser,
		Locked: st.Locked, CalibrationLocked: st.LockedCalibrations[st.Printer], LockedWhy: why}, nil
}

// SetPaper chooses the paper the printer is loaded with, keeping the printer.
func (p *Printing) SetPaper(paper string) (PrinterSettings, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return PrinterSettings{}, err
	}
	if _, err := p.app.svc.Settings.SetPrinter(st.Printer, paper); err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// SetDialog chooses whether prints open in the OS print dialog.
func (p *Printing) SetDialog(on bool) (PrinterSettings, error) {
	if on && p.app.browser {
		return PrinterSettings{}, errNoDialog
	}
	if _, err := p.app.svc.Settings.SetDialog(on); err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// SetCopies chooses how many copies of each print are made.
func (p *Printing) SetCopies(n int) (PrinterSettings, error) {
	if _, err := p.app.svc.Settings.SetCopies(n); err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// SetCalibration keeps the chosen printer's offset (mm, right and down),
// as measured on its calibration sheet.
func (p *Printing) SetCalibration(offsetX, offsetY float64) (PrinterSettings, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return PrinterSettings{}, err
	}
	c := settings.Calibration{OffsetX: offsetX, OffsetY: offsetY}
	if _, err := p.app.svc.Settings.SetCalibration(st.Printer, c); err != nil {
		return PrinterSettings{}, err
	}
	return p.Settings()
}

// CalibrationSheet prints one sheet of the layout (a batch layout's id or
// a catalogue sheet's name) on the chosen printer, at its saved offset:
// every label's outline and a code, to hold against a sheet of labels.
func (p *Printing) CalibrationSheet(layout string) (*printing.Result, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return nil, err
	}
	t, _, err := labels.MustBuiltin().BatchSheet(layout)
	if err != nil {
		return nil, err
	}
	return p.app.svc.Printing.CalibrationSheet(p.app.context(), t, printing.Job{Printer: st.Printer, Paper: st.Paper})
}

// errNoDialog: --browser mode has no desktop to show a dialog on.
var errNoDialog = errors.New("The system print dialog is only available in the station's window.")

// OpenInDialog hands a PDF to the desktop's PDF application, whose print
// dialog prints it (printing.OpenForPrinting). It needs a desktop session,
// so no test runs it.
func (p *Printing) OpenInDialog(pdf []byte) (string, error) {
	if p.app.browser {
		return "", errNoDialog
	}
	return printing.OpenForPrinting(p.app.context(), pdf)
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

// PrintPDF prints a label sheet the cloud made: in the OS print dialog
// when chosen ("dialog"), on the chosen printer ("printer") or, with Save
// PDF chosen, asks where to save it ("saved").
func (p *Printing) PrintPDF(pdf []byte, fileName string) (string, error) {
	st, err := p.app.svc.Settings.Load()
	if err != nil {
		return "", err
	}
	if st.Dialog && !p.app.browser {
		if _, err := p.OpenInDialog(pdf); err != nil {
			return "", err
		}
		return "dialog", nil
	}
	if st.Printer == "" {
		if _, err := p.app.Files.Save(pdf, fileName); err != nil {
			return "", err
		}
		return "saved", nil
	}
	job := printing.Job{Printer: st.Printer, Paper: st.Paper, Copies: st.Copies, Title: fileName}
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
