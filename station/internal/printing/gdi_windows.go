//go:build windows

package printing

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/lifetag/lifetag/station/internal/settings"
)

// The Windows print spooler's and GDI's calls, as Windows documents them
// (winspool.h, wingdi.h).
var (
	winspool              = windows.NewLazySystemDLL("winspool.drv")
	gdi32                 = windows.NewLazySystemDLL("gdi32.dll")
	procEnumPrinters      = winspool.NewProc("EnumPrintersW")
	procGetDefaultPrinter = winspool.NewProc("GetDefaultPrinterW")
	procOpenPrinter       = winspool.NewProc("OpenPrinterW")
	procClosePrinter      = winspool.NewProc("ClosePrinter")
	procDocumentProps     = winspool.NewProc("DocumentPropertiesW")
	procSetJob            = winspool.NewProc("SetJobW")
	procCreateDC          = gdi32.NewProc("CreateDCW")
	procDeleteDC          = gdi32.NewProc("DeleteDC")
	procStartDoc          = gdi32.NewProc("StartDocW")
	procEndDoc            = gdi32.NewProc("EndDoc")
	procAbortDoc          = gdi32.NewProc("AbortDoc")
	procStartPage         = gdi32.NewProc("StartPage")
	procEndPage           = gdi32.NewProc("EndPage")
	procGetDeviceCaps     = gdi32.NewProc("GetDeviceCaps")
	procStretchDIBits     = gdi32.NewProc("StretchDIBits")
)

const (
	printerEnumLocal       = 0x2
	printerEnumConnections = 0x4
	jobControlDelete       = 5
	dmOutBuffer            = 2
	dmInBuffer             = 8
	dmFieldOrientation     = 0x1
	dmFieldPaperSize       = 0x2
	dmFieldPaperLength     = 0x4
	dmFieldPaperWidth      = 0x8
	dmOrientPortrait       = 1
	dmPaperLetter          = 1
	dmPaperA4              = 9
	capLogPixelsX          = 88
	capLogPixelsY          = 90
	capPhysicalOffsetX     = 112
	capPhysicalOffsetY     = 113
	dibRGBColours          = 0
	srcCopy                = 0x00CC0020
	// maxRasterDPI bounds a page's picture (a 600 dpi A4 page is 140 MB in
	// memory); a finer printer gets it stretched, which its driver does
	// well for codes made of whole modules.
	maxRasterDPI = 600
)

// Offsets in DEVMODEW of the fields set here.
const (
	devModeFields      = 72
	devModeOrientation = 76
	devModePaperSize   = 78
	devModePaperLength = 80
	devModePaperWidth  = 82
)

type printerInfo4 struct {
	name, server *uint16
	attributes   uint32
}

type docInfo struct {
	size                       int32
	docName, output, datatype *uint16
	flags                      uint32
}

type bitmapInfoHeader struct {
	size          uint32
	width, height int32
	planes        uint16
	bitCount      uint16
	compression   uint32
	sizeImage     uint32
	xPelsPerMeter int32
	yPelsPerMeter int32
	clrUsed       uint32
	clrImportant  uint32
}

// winPrinters lists the spooler's printers, local and connected, and the
// user's default ("" when none is set).
func winPrinters() (names []string, def string, err error) {
	var needed, returned uint32
	procEnumPrinters.Call(printerEnumLocal|printerEnumConnections, 0, 4, 0, 0,
		uintptr(unsafe.Pointer(&needed)), uintptr(unsafe.Pointer(&returned)))
	if needed > 0 {
		buf := make([]byte, needed)
		r, _, e := procEnumPrinters.Call(printerEnumLocal|printerEnumConnections, 0, 4,
			uintptr(unsafe.Pointer(&buf[0])), uintptr(needed),
			uintptr(unsafe.Pointer(&needed)), uintptr(unsafe.Pointer(&returned)))
		if r == 0 {
			return nil, "", fmt.Errorf("printing: listing printers: %w", e)
		}
		infos := unsafe.Slice((*printerInfo4)(unsafe.Pointer(&buf[0])), returned)
		for _, p := range infos {
			names = append(names, windows.UTF16PtrToString(p.name))
		}
	}
	size := uint32(256)
	name := make([]uint16, size)
	if r, _, _ := procGetDefaultPrinter.Call(uintptr(unsafe.Pointer(&name[0])), uintptr(unsafe.Pointer(&size))); r != 0 {
		def = windows.UTF16ToString(name)
	}
	return names, def, nil
}

// openPrinter opens a printer by name for the spooler's calls.
func openPrinter(name string) (windows.Handle, error) {
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return 0, err
	}
	var h windows.Handle
	if r, _, e := procOpenPrinter.Call(uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&h)), 0); r == 0 {
		return 0, fmt.Errorf("printing: printer %q: %w", name, e)
	}
	return h, nil
}

// devMode is the printer's settings with its paper set to the sheet's
// (job.Paper, or the page's own size for an odd sheet), portrait, so the
// driver neither scales nor shifts the page.
func devMode(name string, job Job) ([]byte, error) {
	h, err := openPrinter(name)
	if err != nil {
		return nil, err
	}
	defer procClosePrinter.Call(uintptr(h))
	p, _ := windows.UTF16PtrFromString(name)
	size, _, e := procDocumentProps.Call(0, uintptr(h), uintptr(unsafe.Pointer(p)), 0, 0, 0)
	if int32(size) <= devModePaperWidth+2 {
		return nil, fmt.Errorf("printing: the settings of printer %q: %w", name, e)
	}
	dm := make([]byte, size)
	if r, _, e := procDocumentProps.Call(0, uintptr(h), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&dm[0])), 0, dmOutBuffer); int32(r) < 0 {
		return nil, fmt.Errorf("printing: the settings of printer %q: %w", name, e)
	}
	fields := (*uint32)(unsafe.Pointer(&dm[devModeFields]))
	set := func(offset int, v int16) { *(*int16)(unsafe.Pointer(&dm[offset])) = v }
	set(devModeOrientation, dmOrientPortrait)
	*fields |= dmFieldOrientation
	switch job.Paper {
	case settings.PaperA4:
		set(devModePaperSize, dmPaperA4)
		*fields |= dmFieldPaperSize
	case settings.PaperLetter:
		set(devModePaperSize, dmPaperLetter)
		*fields |= dmFieldPaperSize
	default:
		w, h := job.Pages.Size()
		set(devModePaperSize, 0)
		set(devModePaperWidth, int16(math.Round(w*10))) // tenths of a millimetre
		set(devModePaperLength, int16(math.Round(h*10)))
		*fields |= dmFieldPaperSize | dmFieldPaperWidth | dmFieldPaperLength
	}
	// Let the driver check and complete the change.
	if r, _, e := procDocumentProps.Call(0, uintptr(h), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&dm[0])), uintptr(unsafe.Pointer(&dm[0])), dmInBuffer|dmOutBuffer); int32(r) < 0 {
		return nil, fmt.Errorf("printing: setting the paper of printer %q: %w", name, e)
	}
	return dm, nil
}

// gdiPrint prints job's pages, job.Copies times in order, as pictures at
// the printer's resolution placed on the paper's corner (GDI's origin is
// the printable area's, so each picture starts at minus the printer's
// margin). It returns the spooler's job number.
func gdiPrint(ctx context.Context, job Job) (uint32, error) {
	dm, err := devMode(job.Printer, job)
	if err != nil {
		return 0, err
	}
	name, _ := windows.UTF16PtrFromString(job.Printer)
	hdc, _, e := procCreateDC.Call(0, uintptr(unsafe.Pointer(name)), 0, uintptr(unsafe.Pointer(&dm[0])))
	if hdc == 0 {
		return 0, fmt.Errorf("printing: printer %q: %w", job.Printer, e)
	}
	defer procDeleteDC.Call(hdc)
	title, _ := windows.UTF16PtrFromString(job.Title)
	di := docInfo{size: int32(unsafe.Sizeof(docInfo{})), docName: title}
	number, _, e := procStartDoc.Call(hdc, uintptr(unsafe.Pointer(&di)))
	if int32(number) <= 0 {
		return 0, fmt.Errorf("printing: starting a job on %q: %w", job.Printer, e)
	}
	caps := func(index int) float64 {
		v, _, _ := procGetDeviceCaps.Call(hdc, uintptr(index))
		return float64(int32(v))
	}
	dpiX, dpiY := caps(capLogPixelsX), caps(capLogPixelsY)
	offX, offY := caps(capPhysicalOffsetX), caps(capPhysicalOffsetY)
	if dpiX <= 0 || dpiY <= 0 {
		procAbortDoc.Call(hdc)
		return 0, fmt.Errorf("printing: printer %q reports no resolution", job.Printer)
	}
	w, h := job.Pages.Size()
	destW, destH := int32(math.Round(w/25.4*dpiX)), int32(math.Round(h/25.4*dpiY))
	for range max(job.Copies, 1) {
		for i := range job.Pages.Len() {
			if err := ctx.Err(); err != nil {
				procAbortDoc.Call(hdc)
				return 0, err
			}
			img := job.Pages.Draw(i, math.Min(dpiX, maxRasterDPI))
			// GDI's 32-bit pictures are blue, green, red and a spare byte.
			pix := img.Pix
			for p := 0; p < len(pix); p += 4 {
				pix[p], pix[p+2] = pix[p+2], pix[p]
			}
			bmi := bitmapInfoHeader{size: uint32(unsafe.Sizeof(bitmapInfoHeader{})),
				width: int32(img.Rect.Dx()), height: -int32(img.Rect.Dy()), // top row first
				planes: 1, bitCount: 32}
			if r, _, e := procStartPage.Call(hdc); int32(r) <= 0 {
				procAbortDoc.Call(hdc)
				return 0, fmt.Errorf("printing: starting page %d: %w", i+1, e)
			}
			r, _, e := procStretchDIBits.Call(hdc, uintptr(int32(-offX)), uintptr(int32(-offY)), uintptr(destW), uintptr(destH),
				0, 0, uintptr(img.Rect.Dx()), uintptr(img.Rect.Dy()),
				uintptr(unsafe.Pointer(&pix[0])), uintptr(unsafe.Pointer(&bmi)), dibRGBColours, srcCopy)
			if r == 0 {
				procAbortDoc.Call(hdc)
				return 0, fmt.Errorf("printing: drawing page %d: %w", i+1, e)
			}
			if r, _, e := procEndPage.Call(hdc); int32(r) <= 0 {
				procAbortDoc.Call(hdc)
				return 0, fmt.Errorf("printing: ending page %d: %w", i+1, e)
			}
		}
	}
	if r, _, e := procEndDoc.Call(hdc); int32(r) <= 0 {
		return 0, fmt.Errorf("printing: ending the job on %q: %w", job.Printer, e)
	}
	return uint32(number), nil
}

// gdiCancel deletes a spooled job from its printer's queue.
func gdiCancel(printer string, number uint32) error {
	h, err := openPrinter(printer)
	if err != nil {
		return err
	}
	defer procClosePrinter.Call(uintptr(h))
	if r, _, e := procSetJob.Call(uintptr(h), uintptr(number), 0, 0, jobControlDelete); r == 0 {
		if errors.Is(e, windows.ERROR_INVALID_PARAMETER) {
			return nil // the job has already left the queue
		}
		return fmt.Errorf("printing: cancelling job %d on %q: %w", number, printer, e)
	}
	return nil
}
