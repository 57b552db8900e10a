package qr

import (
	"errors"
	"strings"

	"rsc.io/qr/coding"
)

// Why not github.com/skip2/go-qrcode: it was the first choice, but on the
// 1,000-label benchmark it took about 3 ms a code (1.8 s for the job on two
// cores), most of it in allocation-heavy mask scoring and Reed-Solomon
// arithmetic. rsc.io/qr/coding lays out standard symbols and computes the
// codewords; it always uses mask 0, so here the codewords are placed once
// as bit lines, each of the eight masks is one XOR with a cached layout
// (layout.go), and the mask is chosen by the standard's penalty rules
// counted a word at a time (penalty.go): about 0.15 ms a code in all
// (BenchmarkEncode), a tenth of the time it took when each mask was placed
// module by module and scored on three-word lines.

// Encode builds the symbol for text at the level: the smallest version that
// holds it, and of the eight masks the one with the lowest penalty (ISO/IEC
// 18004, 7.8.3), the first on a tie.
//
// Text that is not all ASCII is preceded by the ECI designator for UTF-8:
// without it zbar guesses a charset and read "Núñez" as
// mojibake ("N繳簽ez", and Devanagari likewise), where with it zbar and
// zxing-cpp read every payload of TestECIReaders (accents, emoji, Greek,
// Cyrillic, Arabic, CJK, Devanagari) exactly. ASCII needs no designator
// and keeps the 12 bits.
func Encode(text string, level Level) (*Code, error) {
	return encode(text, level, needsECI(text))
}

// needsECI reports whether Encode marks text as UTF-8: when any byte is
// not ASCII.
func needsECI(text string) bool { return !every(text, isASCII) }

// isASCII reports whether b is a 7-bit ASCII byte.
func isASCII(b byte) bool { return b < 0x80 }

// encode is Encode, the data preceded by the ECI designator for UTF-8 when
// eci (measured against readers by TestECIReaders).
func encode(text string, level Level, eci bool) (*Code, error) {
	if text == "" {
		return nil, ErrNoInput
	}
	if level < L || level > H {
		return nil, errors.New("qr: unknown error-correction level")
	}
	v, codewords, err := codewordsFor(text, level, eci)
	if err != nil {
		return nil, err
	}
	lay := layoutFor(v, level.coding())
	data := lay.place(codewords)
	symbol := newBitmap(lay.size)
	bestMask, bestPenalty := 0, 0
	for mask := range lay.masked {
		symbol.xor(lay.masked[mask], data)
		if p := penalty(symbol); mask == 0 || p < bestPenalty {
			bestMask, bestPenalty = mask, p
		}
	}
	symbol.xor(lay.masked[bestMask], data)
	return &Code{Text: text, Level: level, Version: int(v), Mask: bestMask, Size: lay.size, modules: symbol}, nil
}

// Size is the side, in modules without the quiet zone, of the symbol Encode
// builds for text at the level, without building it: what a layout must
// hold (pkg/sheet asks it of a whole print queue).
func Size(text string, level Level) (int, error) {
	if text == "" {
		return 0, ErrNoInput
	}
	if level < L || level > H {
		return 0, errors.New("qr: unknown error-correction level")
	}
	_, v, err := versionFor(text, level, needsECI(text))
	if err != nil {
		return 0, err
	}
	return 17 + 4*int(v), nil
}

// versionFor splits text into its segments (after the ECI designator for
// UTF-8 when eci) and picks the smallest version that holds them at the
// level.
func versionFor(text string, level Level, eci bool) ([]coding.Encoding, coding.Version, error) {
	segs := segments(text)
	if eci {
		segs = append([]coding.Encoding{eciUTF8{}}, segs...)
	}
	l := level.coding()
	v := coding.Version(coding.MinVersion)
	for dataBits(segs, v) > v.DataBytes(l)*8 {
		if v++; v > coding.MaxVersion {
			return nil, 0, ErrTooBig
		}
	}
	return segs, v, nil
}

// codewordsFor picks the smallest version that holds text at the level and
// returns it with the codewords (data and error correction), which do not
// depend on the mask.
func codewordsFor(text string, level Level, eci bool) (coding.Version, []byte, error) {
	segs, v, err := versionFor(text, level, eci)
	if err != nil {
		return 0, nil, err
	}
	l := level.coding()
	var bits coding.Bits
	for _, seg := range segs {
		seg.Encode(&bits, v)
	}
	bits.AddCheckBytes(v, l)
	return v, bits.Bytes(), nil
}

// eciUTF8 is the ECI segment that says the byte segments after it are
// UTF-8 (ISO/IEC 18004, 7.4.2: mode 0111, then assignment number 26 in
// one byte).
type eciUTF8 struct{}

func (eciUTF8) Check() error                            { return nil }
func (eciUTF8) Bits(coding.Version) int                 { return 4 + 8 }
func (eciUTF8) Encode(b *coding.Bits, _ coding.Version) { b.Write(0b0111, 4); b.Write(26, 8) }

// minAlphaRun is the shortest run of alphanumeric-mode characters worth
// its own segment inside byte-mode text: each character saves 2.5 bits
// (5.5 instead of 8), and the run costs at most 37 bits of segment headers
// (its own, and the byte segment that resumes after it, at versions 27-40).
const minAlphaRun = 15

// segments splits text into QR segments: the whole text in the tightest
// mode it allows or, for mixed text, byte mode with each long run of
// alphanumeric-mode characters (digits, capitals and " $%*+-./:") set
// apart. Every payload's headings ("EMERGENCY CONTACT INFORMATION") are
// such runs; they make about a third of real codes one version smaller.
func segments(text string) []coding.Encoding {
	// Not coding's Check methods: they answer the same, but a failing one
	// formats the whole text into its error, and every real payload fails.
	switch {
	case every(text, isDigit):
		return []coding.Encoding{coding.Num(text)}
	case every(text, isAlpha):
		return []coding.Encoding{coding.Alpha(text)}
	}
	var segs []coding.Encoding
	start := 0 // first byte not yet in a segment
	for i := 0; i < len(text); {
		if !isAlpha(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isAlpha(text[j]) {
			j++
		}
		// The characters are ASCII, so the cuts never split a UTF-8 sequence.
		if j-i >= minAlphaRun {
			if i > start {
				segs = append(segs, coding.String(text[start:i]))
			}
			segs = append(segs, coding.Alpha(text[i:j]))
			start = j
		}
		i = j
	}
	if start < len(text) {
		segs = append(segs, coding.String(text[start:]))
	}
	return segs
}

// every reports whether every byte of s passes ok.
func every(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

// isDigit reports whether b is in the numeric-mode character set.
func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// isAlpha reports whether b is in the alphanumeric-mode character set.
func isAlpha(b byte) bool {
	return isDigit(b) || 'A' <= b && b <= 'Z' || strings.IndexByte(" $%*+-./:", b) >= 0
}

// dataBits is the length of the segments' encoding at version v.
func dataBits(segs []coding.Encoding, v coding.Version) int {
	n := 0
	for _, seg := range segs {
		n += seg.Bits(v)
	}
	return n
}

func (l Level) coding() coding.Level {
	return map[Level]coding.Level{L: coding.L, M: coding.M, Q: coding.Q, H: coding.H}[l]
}
