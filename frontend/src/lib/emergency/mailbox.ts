// The one rule for an e-mail address, rule for rule the same as
// pkg/emergency/mailbox.go (ValidMailbox), proven by the shared vectors in
// pkg/emergency/testdata/mailbox.json: exactly one mailbox, something@something,
// at most rules.maxBytes.email bytes, with no blank character, none of the
// characters that separate or quote mailboxes in a header, and no invisible
// character (so two accounts never differ only by what nobody can see).
import { rules } from "./rules";
import { BLANK, INVISIBLE, utf8Bytes } from "./normalize";

// Blanks and invisible format characters as normalisation knows them
// (isBlank, isInvisible); then what only an address must not hold
// (hiddenInAddress: the joiners are listed on purpose, one by one), lone
// surrogates (Go: not valid UTF-8) and the mailbox separators and quotes
// (mailboxSpecials).
const FORBIDDEN = new RegExp(
  [
    BLANK.source,
    INVISIBLE.source,
    "[\\u200c\\u200d\\u034f\\u115f\\u1160\\u3164\\uffa0\\u180b-\\u180f\\ufe00-\\ufe0f\\u{e0000}-\\u{e007f}]",
    "[\\ud800-\\udfff]",
    '[,;<>()\\[\\]\\\\":]',
  ].join("|"),
  "u",
);

/** Whether s (already trimmed and lower-cased) is exactly one mailbox. */
export function validMailbox(s: string): boolean {
  if (s === "" || utf8Bytes(s) > rules.maxBytes.email) return false;
  const at = s.indexOf("@");
  if (at < 1 || at === s.length - 1 || s.indexOf("@", at + 1) !== -1) return false;
  return !FORBIDDEN.test(s);
}

/** An address as typed: normalised as the cloud does (trimmed, lower-cased), then checked. */
export function validAddress(typed: string): boolean {
  return validMailbox(typed.trim().toLowerCase());
}
