package emergency

import (
	"strings"
	"unicode/utf8"
)

// ValidMailbox is the one rule for an e-mail address a person gives us (an
// account, a recipient, a contact), shared rule for rule with the
// TypeScript twin (frontend/src/lib/emergency/mailbox.ts) and proven by the
// vectors in testdata/mailbox.json. s is already trimmed and lower-cased.
//
// The address must be exactly one mailbox, something@something, at most
// Rules.MaxBytes["email"] bytes of UTF-8:
//   - no second "@" and none of the characters that separate, quote or
//     comment mailboxes in a header (, ; < > ( ) [ ] \ " :), so "a@x,b@y"
//     cannot reach two people through one field;
//   - no blank (white space, line breaks, control characters: isBlank);
//   - no invisible character (isInvisible, plus the zero-width joiners,
//     fillers, variation selectors and tags: hiddenInAddress), so that two
//     accounts never look the same in a list and differ only by what nobody
//     can see.
//
// Names and free text have such characters removed (SingleLine); an
// address is refused instead, because a mailbox that differs from what the
// person typed would be someone else's.
func ValidMailbox(s string) bool {
	if s == "" || len(s) > Rules.MaxBytes["email"] || !utf8.ValidString(s) {
		return false
	}
	at := strings.IndexByte(s, '@')
	if at < 1 || at == len(s)-1 || strings.Count(s, "@") != 1 {
		return false
	}
	for _, r := range s {
		if isBlank(r) || isInvisible(r) || hiddenInAddress(r) || strings.ContainsRune(mailboxSpecials, r) {
			return false
		}
	}
	return true
}

// mailboxSpecials separate, quote or comment mailboxes in a header.
const mailboxSpecials = `,;<>()[]\":`

// hiddenInAddress are characters with no glyph that text may need (and so
// SingleLine keeps) but an address never does: the zero-width (non-)joiners,
// the combining grapheme joiner, the Hangul fillers, the variation
// selectors and the tag characters.
func hiddenInAddress(r rune) bool {
	switch {
	case r == 0x200C, r == 0x200D, r == 0x034F,
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0,
		r >= 0x180B && r <= 0x180F, r >= 0xFE00 && r <= 0xFE0F,
		r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}
