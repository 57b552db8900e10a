package qr

import (
	"math"
	"math/bits"
)

// penalty scores a masked symbol by the four rules of ISO/IEC 18004
// (7.8.3): the mask with the lowest score is the easiest to read.
//
// It runs eight times per code on random-looking data, where a branch per
// module mispredicts half the time, so the rules are counted along the
// bitmap's lines with shifts, masks and popcounts, a word at a time.
func penalty(b *bitmap) int {
	n := b.size
	score := 0
	for i := 0; i < 2*n; i++ { // rows, then columns
		score += linePenalty(b.line(i), n)
	}

	// Rule 2: each 2 x 2 block of one colour scores 3.
	for y := 0; y+1 < n; y++ {
		score += 3 * blocks(b.line(y), b.line(y+1), n)
	}

	// Rule 4: 10 for every full 5 % the dark share strays from 50 %.
	dark := 0
	for _, w := range b.lines[:n*b.words] { // the rows
		dark += bits.OnesCount64(w)
	}
	deviation := math.Abs(float64(dark)*100/float64(n*n) - 50)
	return score + int(deviation/5)*10
}

// linePenalty counts rules 1 and 3 along one line of n modules. Outside
// the symbol is light (the quiet zone).
//
// Bit j of each value below tells about the pattern that starts at module
// j; shr and shl bring in the modules k further on or k before it, from the
// neighbouring words.
func linePenalty(line []uint64, n int) int {
	score := 0
	var prev, prevFive uint64 // the word before, and its five
	for i, a := range line {
		var next uint64
		if i+1 < len(line) {
			next = line[i+1]
		}

		// Rule 1: a run of five or more modules of one colour scores 3
		// plus 1 for each module beyond five, that is (run - 4) windows of
		// five equal modules, plus 2 for the run.
		differs := (a ^ shr(a, next, 1)) | (a ^ shr(a, next, 2)) | (a ^ shr(a, next, 3)) | (a ^ shr(a, next, 4))
		five := ^differs & below(n-4, i) // modules j to j+4 are inside and equal
		runStarts := five &^ shl(five, prevFive, 1)
		score += bits.OnesCount64(five) + 2*bits.OnesCount64(runStarts)

		// Rule 3: dark-light-dark-dark-dark-light-dark (a finder look-alike)
		// with four light modules before it, or after it, scores 40 each.
		// Modules past the end are 0, so a finder that does not fit has no
		// dark module j+6.
		finder := a &^ shr(a, next, 1) & shr(a, next, 2) & shr(a, next, 3) & shr(a, next, 4) &^
			shr(a, next, 5) & shr(a, next, 6)
		darkBefore := shl(a, prev, 1) | shl(a, prev, 2) | shl(a, prev, 3) | shl(a, prev, 4)
		darkAfter := shr(a, next, 7) | shr(a, next, 8) | shr(a, next, 9) | shr(a, next, 10)
		score += 40 * (bits.OnesCount64(finder&^darkBefore) + bits.OnesCount64(finder&^darkAfter))

		prev, prevFive = a, five
	}
	return score
}

// blocks counts the 2 x 2 blocks of one colour whose top-left module is in
// line a, the line below being b, both of n modules.
func blocks(a, b []uint64, n int) int {
	count := 0
	for i := range a {
		var nextA, nextB uint64
		if i+1 < len(a) {
			nextA, nextB = a[i+1], b[i+1]
		}
		differs := (a[i] ^ b[i]) | (a[i] ^ shr(a[i], nextA, 1)) | (b[i] ^ shr(b[i], nextB, 1))
		count += bits.OnesCount64(^differs & below(n-1, i))
	}
	return count
}

// shr moves module j+k to bit j of word w, its top k bits coming from the
// next word (1 <= k < 64).
func shr(w, next uint64, k uint) uint64 { return w>>k | next<<(64-k) }

// shl moves module j-k to bit j of word w, its low k bits coming from the
// word before (1 <= k < 64).
func shl(w, prev uint64, k uint) uint64 { return w<<k | prev>>(64-k) }
