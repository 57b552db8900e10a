package qr

// Access to the mask scoring for the external tests, which check it
// against the standard's plain count (penalty_test.go).

// MaskedSymbols returns text's symbol at the level under each of the
// eight masks, and the penalty Encode scores each with.
func MaskedSymbols(text string, level Level) ([8]*Code, [8]int, error) {
	var codes [8]*Code
	var penalties [8]int
	v, codewords, err := codewordsFor(text, level, needsECI(text))
	if err != nil {
		return codes, penalties, err
	}
	lay := layoutFor(v, level.coding())
	data := lay.place(codewords)
	for mask := range lay.masked {
		b := newBitmap(lay.size)
		b.xor(lay.masked[mask], data)
		codes[mask] = &Code{Text: text, Level: level, Version: int(v), Mask: mask, Size: lay.size, modules: b}
		penalties[mask] = penalty(b)
	}
	return codes, penalties, nil
}

// PenaltyOf scores any square of modules, not only a symbol.
func PenaltyOf(size int, dark func(x, y int) bool) int {
	b := newBitmap(size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if dark(x, y) {
				b.or(x, y, 1)
			}
		}
	}
	return penalty(b)
}

// EncodeECI is Encode with the ECI designator for UTF-8 before the data.
func EncodeECI(text string, level Level) (*Code, error) { return encode(text, level, true) }

// EncodePlain is Encode without any ECI designator.
func EncodePlain(text string, level Level) (*Code, error) { return encode(text, level, false) }
