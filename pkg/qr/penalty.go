package qr

import (
	"math"
	"math/bits"
)

// penalty scores a masked symbol by the four rules of ISO/IEC 18004
// (7.8.3): the mask with the lowest score is the easiest to read.
//
// It runs eight times per code on random-looking data, where a branch per
// module mispredicts half the time, so each row and column is a bit line
// and the rules are counted with shifts, masks and popcounts.
func penalty(c *Code) int {
	n := c.Size
	rows := make([]line, n)
	cols := make([]line, n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			m := uint64(c.dark[y*n+x])
			rows[y][x>>6] |= m << (x & 63)
			cols[x][y>>6] |= m << (y & 63)
		}
	}
	all := ones(n)
	score := 0
	for i := 0; i < n; i++ {
		score += linePenalty(rows[i], all) + linePenalty(cols[i], all)
	}

	// Rule 2: each 2 x 2 block of one colour scores 3.
	pairs := ones(n - 1) // block origins: every column but the last
	for y := 0; y+1 < n; y++ {
		a, b := rows[y], rows[y+1]
		same := a.xor(b).not(pairs).and(a.xor(a.shr(1)).not(pairs)).and(b.xor(b.shr(1)).not(pairs))
		score += 3 * same.count()
	}

	// Rule 4: 10 for every full 5 % the dark share strays from 50 %.
	dark := 0
	for _, r := range rows {
		dark += r.count()
	}
	deviation := math.Abs(float64(dark)*100/float64(n*n) - 50)
	return score + int(deviation/5)*10
}

// linePenalty counts rules 1 and 3 along one line; all has a bit for each
// module of the line. Outside the symbol is light (the quiet zone).
func linePenalty(a, all line) int {
	// Rule 1: a run of five or more modules of one colour scores 3 plus 1
	// for each module beyond five, that is (run - 4) windows of five equal
	// modules, plus 2 for the run.
	eq := a.xor(a.shr(1)).not(all.shr(1)) // module j equals module j+1
	five := eq.and(eq.shr(1)).and(eq.shr(2)).and(eq.shr(3))
	runStarts := five.and(five.shl(1).not(all))
	score := five.count() + 2*runStarts.count()

	// Rule 3: dark-light-dark-dark-dark-light-dark (a finder look-alike)
	// with four light modules before it, or after it, scores 40 each.
	finder := a.and(a.shr(1).not(all)).and(a.shr(2)).and(a.shr(3)).and(a.shr(4)).
		and(a.shr(5).not(all)).and(a.shr(6))
	lightBefore := a.shl(1).or(a.shl(2)).or(a.shl(3)).or(a.shl(4)).not(all)
	lightAfter := a.shr(7).or(a.shr(8)).or(a.shr(9)).or(a.shr(10)).not(all)
	score += 40 * (finder.and(lightBefore).count() + finder.and(lightAfter).count())
	return score
}

// line is one row or column of a symbol, a bit per module, module j at bit
// j; 3 words hold the largest symbol (177 modules).
type line [3]uint64

// ones returns a line with bits 0 to n-1 set.
func ones(n int) line {
	var l line
	for i := range l {
		switch {
		case n >= 64*(i+1):
			l[i] = ^uint64(0)
		case n > 64*i:
			l[i] = 1<<(n-64*i) - 1
		}
	}
	return l
}

// shr moves module j+k to j: bit j tells about the module k further on.
func (l line) shr(k uint) line {
	return line{l[0]>>k | l[1]<<(64-k), l[1]>>k | l[2]<<(64-k), l[2] >> k}
}

// shl moves module j-k to j; bits below k become 0 (light).
func (l line) shl(k uint) line {
	return line{l[0] << k, l[1]<<k | l[0]>>(64-k), l[2]<<k | l[1]>>(64-k)}
}

func (l line) and(m line) line { return line{l[0] & m[0], l[1] & m[1], l[2] & m[2]} }
func (l line) or(m line) line  { return line{l[0] | m[0], l[1] | m[1], l[2] | m[2]} }
func (l line) xor(m line) line { return line{l[0] ^ m[0], l[1] ^ m[1], l[2] ^ m[2]} }

// not complements l within the bits of within.
func (l line) not(within line) line {
	return line{^l[0] & within[0], ^l[1] & within[1], ^l[2] & within[2]}
}

func (l line) count() int {
	return bits.OnesCount64(l[0]) + bits.OnesCount64(l[1]) + bits.OnesCount64(l[2])
}
