package qr

// bitmap is a square of modules as bit lines, a bit a module (1 dark): the
// size rows, then the size columns, each in words uint64s with module j at
// bit j%64 of word j/64, and every bit past the edge 0. Masks are chosen
// on bitmaps: a masked symbol is the codewords' bits XOR the mask's layout
// (layout.go), and the penalty rules count runs and patterns along rows
// and columns alike (penalty.go), both a word at a time.
type bitmap struct {
	size  int
	words int      // words per line
	lines []uint64 // rows 0 to size-1, then columns 0 to size-1
}

func newBitmap(size int) *bitmap {
	words := (size + 63) / 64
	return &bitmap{size: size, words: words, lines: make([]uint64, 2*size*words)}
}

// line returns line i: row i below size, then column i-size.
func (b *bitmap) line(i int) []uint64 { return b.lines[i*b.words : (i+1)*b.words] }

// or adds bit (1 dark, or 0) to the module in column x, row y, in its row
// and its column. Callers pass bits of random-looking data, where an "if
// dark" would mispredict half the time.
func (b *bitmap) or(x, y int, bit uint64) {
	b.lines[y*b.words+x/64] |= bit << (x % 64)
	b.lines[(b.size+x)*b.words+y/64] |= bit << (y % 64)
}

// xor sets b to p XOR q, bitmaps of b's size.
func (b *bitmap) xor(p, q *bitmap) {
	for i := range b.lines {
		b.lines[i] = p.lines[i] ^ q.lines[i]
	}
}

// dark reports whether the module in column x, row y is dark.
func (b *bitmap) dark(x, y int) bool { return b.lines[y*b.words+x/64]>>(x%64)&1 == 1 }

// below returns the bits of word i of a line that stand for modules 0 to
// m-1 (none when m <= 0).
func below(m, i int) uint64 {
	switch {
	case m <= 64*i:
		return 0
	case m >= 64*(i+1):
		return ^uint64(0)
	}
	return 1<<(m-64*i) - 1
}
