package qr_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifetag/lifetag/pkg/qr"
	"github.com/lifetag/lifetag/pkg/sheet/samples"
)

// naivePenalty is ISO/IEC 18004 7.8.3 written module by module, the plain
// reading of the standard that the bitwise penalty must agree with. The
// square is n x n modules; outside it is light (the quiet zone).
func naivePenalty(n int, isDark func(x, y int) bool) int {
	dark := func(x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n && isDark(x, y) }
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

// Every mask of real label payloads, and of texts that fill each version
// 1-40, at every level, scores the same in the bitwise and the plain
// implementation, and Encode keeps the first of the lowest.
func TestPenaltyMatchesTheStandard(t *testing.T) {
	var cases []goldenCase
	for _, level := range levels {
		for i := range 25 {
			cases = append(cases, goldenCase{fmt.Sprintf("sample-%d", i), samples.Payload(i), level})
		}
		for v := 1; v <= 40; v++ {
			cases = append(cases, goldenCase{fmt.Sprintf("fill-v%d", v), fillText(v, level), level})
		}
		cases = append(cases, goldenCase{"emoji", strings.Repeat("Emergency 🚑 ", 30), level})
	}
	for _, gc := range cases {
		codes, penalties, err := qr.MaskedSymbols(gc.text, gc.level)
		if err != nil {
			t.Fatal(err)
		}
		lowest, lowestPenalty := 0, 0
		for mask, c := range codes {
			want := naivePenalty(c.Size, c.Dark)
			if penalties[mask] != want {
				t.Errorf("%s %v mask %d (version %d): penalty %d, standard says %d", gc.name, gc.level, mask, c.Version, penalties[mask], want)
			}
			if mask == 0 || want < lowestPenalty {
				lowest, lowestPenalty = mask, want
			}
		}
		best, err := qr.Encode(gc.text, gc.level)
		if err != nil {
			t.Fatal(err)
		}
		if best.Mask != lowest || symbolHash(best) != symbolHash(codes[lowest]) {
			t.Errorf("%s %v: Encode chose mask %d, the standard's lowest is mask %d", gc.name, gc.level, best.Mask, lowest)
		}
	}
}

// Random squares of every size from 1 to 200 modules (lines of one, two,
// three and four words, and their edges), sparse, even and dense, with
// long runs and finder look-alikes planted across word boundaries, score
// the same in the bitwise and the plain implementation.
func TestPenaltyOnRandomSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 18004))
	finder := []bool{true, false, true, true, true, false, true}
	for n := 1; n <= 200; n++ {
		for _, density := range []float64{0.1, 0.5, 0.9} {
			dark := make([]bool, n*n)
			for i := range dark {
				dark[i] = rng.Float64() < density
			}
			// Plant patterns along rows and columns: a finder look-alike
			// with light margins, and a run of one colour.
			for range n / 4 {
				i, j, across := rng.IntN(n), rng.IntN(n), rng.IntN(2) == 0
				put := func(d int, v bool) {
					if j+d < 0 || j+d >= n {
						return
					}
					if across {
						dark[i*n+j+d] = v
					} else {
						dark[(j+d)*n+i] = v
					}
				}
				if rng.IntN(2) == 0 {
					for d := -4; d < 11; d++ {
						put(d, d >= 0 && d < 7 && finder[d])
					}
				} else {
					colour := rng.IntN(2) == 0
					for d := range 5 + rng.IntN(10) {
						put(d, colour)
					}
				}
			}
			isDark := func(x, y int) bool { return dark[y*n+x] }
			if got, want := qr.PenaltyOf(n, isDark), naivePenalty(n, isDark); got != want {
				t.Errorf("%d x %d square, density %.1f: penalty %d, standard says %d", n, n, density, got, want)
			}
		}
	}
}

func ExampleEncode() {
	c, err := qr.Encode("Lifetag", qr.H)
	fmt.Println(c.Version, c.Size, err)
	// Output: 1 21 <nil>
}
