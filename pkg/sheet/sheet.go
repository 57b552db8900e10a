// Package sheet lays labels out on label sheets and writes the PDF that is
// printed: the same file for the website's Download/Print and the desktop
// station. Each label carries a vector QR code, a name line and an optional
// caption, at the exact catalogue geometry.
//
// Each distinct code is one PDF form XObject (form.go) that paints its dark
// modules as one image mask of a bit a module, so no seams show after
// anti-aliased rasterisation; every copy of a label draws the same form.
// Codes are encoded and their forms written on every core (encodeAll),
// which is about half the work.
// The file's catalog asks print dialogs for 100 % scale (printscaling.go):
// labels line up only when the sheet is not fitted to the page.
package sheet

import (
	"errors"
	"fmt"
	"math"

	"github.com/lifetag/lifetag/pkg/labels"
	"github.com/lifetag/lifetag/pkg/qr"
)

// Label is what one label shows: the code, and the lines of design.json
// with these details filled in (a line whose detail is empty is left off).
type Label struct {
	Payload   string `json:"payload"`             // the QR text, encoded byte for byte
	Name      string `json:"name"`                // the person's name
	BloodType string `json:"bloodType,omitempty"` // printed as "Blood type: O+"
	ICE       string `json:"ice,omitempty"`       // the number to call, printed as "ICE: +44 …"
	Caption   string `json:"caption,omitempty"`   // optional smaller line under them
}

// Options say how to print a run of labels.
type Options struct {
	// Level is the QR error-correction level: H for individuals (the
	// default when unset), M for corporate batches.
	Level qr.Level
	// Copies prints each label this many times in a row; 0 means 1.
	Copies int
	// Start is the 1-based position of the first label on the first sheet,
	// to finish a partly used sheet; 0 means 1.
	Start int
	// OffsetX and OffsetY (mm, right and down) correct a printer's drift,
	// found with a calibration print.
	OffsetX, OffsetY float64
	// Outline draws every label's outline, for a test print on plain paper
	// held against a label sheet.
	Outline bool
	// DPI is the print quality, 300 or 600 (0 means 300). Each code's
	// corner sits on the printer's dot grid.
	DPI int
	// MinModule is the smallest QR module (mm) this run may print; a code
	// that would need smaller modules is refused (TooSmallError). 0 means
	// MinModule; corporate batches use BatchMinModule (BatchOptions).
	MinModule float64
}

// Print qualities, in dots per inch.
const (
	StandardDPI = 300
	HighDPI     = 600
)

// MinModule is the smallest QR module (mm) printed: below it, phone cameras
// and worn labels stop decoding reliably.
const MinModule = 0.25

// BatchMinModule is the smallest module a corporate batch prints (mm).
// Batch labels are the small office sheets (Avery 5160's labels are one
// inch tall) printed on whatever printer the site has and read at arm's
// length, about 6 camera pixels a mm. Measured by rasterising whole
// sheets of every batch layout at 150 DPI and decoding each label with
// zbar and zxing-cpp: at 0.42 mm (2.5 px) a module both readers
// still missed some codes, from 0.5 mm (3 px) none. Below it a dense
// record is refused by name, with the layouts that hold it
// (TestBatchDensestRecordsDecodeAt150DPI proves each layout).
const BatchMinModule = 0.5

// BatchOptions are the options of a corporate batch: error correction
// labels.BatchLevel (M) and modules of at least BatchMinModule, printed
// from slot start of the first sheet. The website and the station print
// batches with these.
func BatchOptions(start, copies int) Options {
	return Options{Level: labels.BatchLevel, MinModule: BatchMinModule, Start: start, Copies: copies}
}

// ErrNoLabels is returned when there is nothing to print.
var ErrNoLabels = errors.New("sheet: no labels to print")

// TooSmallError says labels' codes cannot be printed large enough to scan:
// the first such label, and every one, so a refusal can name them all.
type TooSmallError struct {
	Index   int     // 0-based index of the first such label in the input
	Modules int     // its modules per side, quiet zone included
	Module  float64 // its module size that would fit, mm
	Min     float64 // the smallest module the run prints, mm
	// Refused are the 0-based indexes of every such label, in input order
	// (Index is the first); MaxSize is the side, quiet zone excluded, of
	// the largest of their codes: the layouts that hold it hold them all
	// (BatchLayoutsHolding).
	Refused []int
	MaxSize int
}

func (e *TooSmallError) Error() string {
	return fmt.Sprintf("sheet: label %d: its QR code (%d modules) would print at %.3f mm a module, under the %.2f mm that scans; shorten the text or choose a larger label",
		e.Index+1, e.Modules, e.Module, e.Min)
}

// Size is the refused code's side in modules, quiet zone excluded, as
// MaxModules counts it.
func (e *TooSmallError) Size() int { return e.Modules - 2*rules.QuietModules }

// withDefaults fills zero values and checks the rest.
func (o Options) withDefaults(t *labels.Template) (Options, error) {
	if o.Copies == 0 {
		o.Copies = 1
	}
	if o.Start == 0 {
		o.Start = 1
	}
	if o.Level == 0 {
		o.Level = qr.H
	}
	if o.DPI == 0 {
		o.DPI = StandardDPI
	}
	if o.MinModule == 0 {
		o.MinModule = MinModule
	}
	switch {
	case o.Copies < 1:
		return o, errors.New("sheet: copies must be at least 1")
	case o.Start < 1 || o.Start > t.PerSheet():
		return o, fmt.Errorf("sheet: start position must be 1 to %d on %s", t.PerSheet(), t.Name())
	case o.DPI != StandardDPI && o.DPI != HighDPI:
		return o, fmt.Errorf("sheet: print quality must be %d or %d DPI", StandardDPI, HighDPI)
	case !(o.MinModule >= MinModule) || math.IsInf(o.MinModule, 0):
		return o, fmt.Errorf("sheet: the smallest module must be at least %.2f mm", MinModule)
	case o.Level < qr.L || o.Level > qr.H:
		return o, errors.New("sheet: unknown QR error-correction level")
	case math.IsNaN(o.OffsetX) || math.IsInf(o.OffsetX, 0) || math.IsNaN(o.OffsetY) || math.IsInf(o.OffsetY, 0):
		return o, errors.New("sheet: calibration offset must be a number of millimetres")
	}
	return o, nil
}
