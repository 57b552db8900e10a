package sheet

import (
	"bytes"
	"strconv"

	"github.com/lifetag/lifetag/pkg/qr"
)

// formWriter turns codes into PDF form XObjects. One per goroutine: it
// reuses its buffer from code to code.
type formWriter struct {
	content []byte // the form's content stream
}

// object returns the PDF object of a form that paints the code's dark
// modules, in module units with y down: one inline image mask of one bit
// a module, scaled to the code. A mask paints whole modules with no seams
// between them, as one filled outline would, in about a quarter of the
// bytes of the rectangles it replaces (1,200 bytes for a 300-byte level-H
// code against 5,000; an outline path would take more than the rectangles:
// some 5,900 corners, two numbers each). Rasterisers sample it without
// smoothing (/Interpolate is false by default), so each module keeps its
// edges. Its bounding box is the code, which it can never leave. The
// stream is not compressed: a code's bits are as good as random, and
// Flate's output was the same size as its input.
func (f *formWriter) object(c *qr.Code) []byte {
	size := strconv.Itoa(c.Size)
	// The image's unit square, scaled to the form's y-down modules with
	// the image's first row at the top. /D [1 0]: a 1 bit paints.
	f.content = append(f.content[:0], "q "+size+" 0 0 -"+size+" 0 "+size+" cm\nBI /W "+size+" /H "+size+" /IM true /BPC 1 /D [1 0] ID\n"...)
	f.content = appendMask(f.content, c)
	f.content = append(f.content, "\nEI Q"...)

	var obj bytes.Buffer
	obj.Grow(len(f.content) + 160)
	obj.WriteString("<< /Type /XObject /Subtype /Form /BBox [0 0 " + size + " " + size + "] /Length ")
	obj.WriteString(strconv.Itoa(len(f.content)))
	obj.WriteString(" >>\nstream\n")
	obj.Write(f.content)
	obj.WriteString("\nendstream\nendobj")
	return obj.Bytes()
}

// appendMask appends the code's modules as image-mask samples: one bit a
// module, 1 for dark, each row padded to a whole byte.
func appendMask(buf []byte, c *qr.Code) []byte {
	for y := 0; y < c.Size; y++ {
		buf = c.AppendRow(buf, y)
	}
	return buf
}
