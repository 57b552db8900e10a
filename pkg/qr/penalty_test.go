package qr

import (
	"fmt"
	"strings"
	"testing"

	"rsc.io/qr/coding"
)

// naivePenalty is ISO/IEC 18004 7.8.3 written module by module, the plain
// reading of the standard that the bitwise penalty must agree with.
func naivePenalty(c *Code) int {
	n := c.Size
	dark := func(x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n && c.Dark(x, y) }
	score := 0
	for _, across := range []bool{true, false} {
		at := func(i, j int) bool {
			if across {
				return dark(j, i)
			}
			return dark(i, j)
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; {
				k := j
				for k < n && at(i, k) == at(i, j) {
					k++
				}
				if k-j >= 5 {
					score += 3 + (k - j - 5)
				}
				j = k
			}
			for j := 0; j+7 <= n; j++ {
				pattern := []bool{true, false, true, true, true, false, true}
				match := true
				for d, want := range pattern {
					if at(i, j+d) != want {
						match = false
					}
				}
				if !match {
					continue
				}
				if !at(i, j-1) && !at(i, j-2) && !at(i, j-3) && !at(i, j-4) {
					score += 40
				}
				if !at(i, j+7) && !at(i, j+8) && !at(i, j+9) && !at(i, j+10) {
					score += 40
				}
			}
		}
	}
	for y := 0; y+1 < n; y++ {
		for x := 0; x+1 < n; x++ {
			if dark(x, y) == dark(x+1, y) && dark(x, y) == dark(x, y+1) && dark(x, y) == dark(x+1, y+1) {
				score += 3
			}
		}
	}
	count := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if dark(x, y) {
				count++
			}
		}
	}
	percent := float64(count) * 100 / float64(n*n)
	deviation := percent - 50
	if deviation < 0 {
		deviation = -deviation
	}
	return score + int(deviation/5)*10
}

// Every mask of codes from small to large (three words per line) scores the
// same in the bitwise and the plain implementation, and Encode keeps the
// lowest.
func TestPenaltyMatchesTheStandard(t *testing.T) {
	for i, text := range []string{"Lifetag", strings.Repeat("Emergency 🚑 ", 30), strings.Repeat("x", 1200)} {
		for _, level := range []Level{L, H} {
			best, err := Encode(text, level)
			if err != nil {
				t.Fatal(err)
			}
			bestScore := penalty(best)
			var bits coding.Bits
			for _, seg := range segments(text) {
				seg.Encode(&bits, coding.Version(best.Version))
			}
			bits.AddCheckBytes(coding.Version(best.Version), level.coding())
			for mask := range 8 {
				c := &Code{Text: text, Level: level, Version: best.Version, Mask: mask}
				place(c, plan(coding.Version(best.Version), level.coding(), coding.Mask(mask)), bits.Bytes())
				got, want := penalty(c), naivePenalty(c)
				if got != want {
					t.Errorf("case %d level %v mask %d (version %d): penalty %d, standard says %d", i, level, mask, c.Version, got, want)
				}
				if got < bestScore {
					t.Errorf("case %d: mask %d scores %d, below the chosen mask %d's %d", i, mask, got, best.Mask, bestScore)
				}
			}
		}
	}
}

func ExampleEncode() {
	c, err := Encode("Lifetag", H)
	fmt.Println(c.Version, c.Size, err)
	// Output: 1 21 <nil>
}
