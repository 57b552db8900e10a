package sheet

import (
	"bytes"
	"compress/zlib"
	"slices"
	"strconv"

	"github.com/lifetag/lifetag/pkg/qr"
)

// formWriter turns codes into PDF form XObjects. One per goroutine: it
// reuses its buffers and compressor from code to code.
type formWriter struct {
	rects  []rect
	sorted []rect
	path   []byte
	stream bytes.Buffer
	zw     *zlib.Writer
}

// rect is a rectangle of dark modules: columns x to x+w-1, rows y to y+h-1.
type rect struct{ x, y, w, h int }

// object returns the PDF object of a form that fills the code's dark
// modules, in module units with y down, as one path: the union of all dark
// modules is filled at once, so no seams show between modules after
// anti-aliased rasterisation. Its bounding box is the code, which it can
// never leave. The stream is compressed here, on the encoding goroutines,
// harder than fpdf compresses pages (fpdf uses its fastest level).
func (f *formWriter) object(c *qr.Code) []byte {
	f.path = appendPath(f.path[:0], f.cover(c))
	f.stream.Reset()
	if f.zw == nil {
		// Level 5 packs these paths as tightly as the default 6, faster.
		f.zw, _ = zlib.NewWriterLevel(&f.stream, 5) // a valid level: no error
	} else {
		f.zw.Reset(&f.stream)
	}
	f.zw.Write(f.path) // a bytes.Buffer does not fail
	f.zw.Close()

	size := strconv.Itoa(c.Size)
	var obj bytes.Buffer
	obj.Grow(f.stream.Len() + 160)
	obj.WriteString("<< /Type /XObject /Subtype /Form /BBox [0 0 " + size + " " + size + "] /Filter /FlateDecode /Length ")
	obj.WriteString(strconv.Itoa(f.stream.Len()))
	obj.WriteString(" >>\nstream\n")
	obj.Write(f.stream.Bytes())
	obj.WriteString("\nendstream\nendobj")
	return obj.Bytes()
}

// cover covers the dark modules with rectangles: each row's runs, a run
// extended down while the next row has the same run. About 2,000 for a
// 300-byte level-H code.
func (f *formWriter) cover(c *qr.Code) []rect {
	rects := f.rects[:0]
	// above[x] is the rectangle whose last row is the previous row and
	// whose run starts at column x, or -1; current is the same for this row.
	above, current := make([]int, c.Size), make([]int, c.Size)
	for x := range above {
		above[x] = -1
	}
	for y := 0; y < c.Size; y++ {
		for x := range current {
			current[x] = -1
		}
		for x := 0; x < c.Size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			start := x
			for x < c.Size && c.Dark(x, y) {
				x++
			}
			if i := above[start]; i >= 0 && rects[i].w == x-start {
				rects[i].h++
				current[start] = i
				continue
			}
			current[start] = len(rects)
			rects = append(rects, rect{start, y, x - start, 1})
		}
		above, current = current, above
	}
	// Grouping rectangles of one size, in row order within a group,
	// repeats the "w h re" ends, which compresses 6 % smaller; a fill does
	// not depend on the order of its rectangles. Two stable counting sorts
	// (by width, then height) do it in linear time.
	f.sorted = sortBy(f.sorted[:0], rects, c.Size, func(r rect) int { return r.w })
	f.rects = sortBy(rects[:0], f.sorted, c.Size, func(r rect) int { return r.h })
	return f.rects
}

// sortBy appends rects to dst ordered by key (0 to maxKey), keeping the order
// of rectangles with equal keys.
func sortBy(dst, rects []rect, maxKey int, key func(rect) int) []rect {
	start := make([]int, maxKey+2) // start[k+1] counts key k, then becomes k's first index
	for _, r := range rects {
		start[key(r)+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	dst = slices.Grow(dst, len(rects))[:len(rects)]
	for _, r := range rects {
		k := key(r)
		dst[start[k]] = r
		start[k]++
	}
	return dst
}

// appendPath writes rectangles as "x y w h re" and one nonzero fill.
func appendPath(buf []byte, rects []rect) []byte {
	for _, r := range rects {
		buf = strconv.AppendInt(buf, int64(r.x), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.y), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.w), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(r.h), 10)
		buf = append(buf, " re\n"...)
	}
	return append(buf, 'f')
}
