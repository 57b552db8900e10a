// The one rule for an e-mail address, rule for rule the same as
// pkg/emergency/mailbox.go (ValidMailbox), proven by the shared vectors in
// pkg/emergency/testdata/mailbox.json: exactly one mailbox, something@something,
// at most rules.maxBytes.email bytes, with no blank character, none of the
// characters that separate or quote mailboxes in a header, and no invisible
// character (so two accounts never differ only by what nobody can see).
import { rules } from "./rules";
import { utf8Bytes } from "./normalize";

const FORBIDDEN = new RegExp(
  "[" +
    // blanks (isBlank)
    "\\u0000-\\u001f\\u007f-\\u009f \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff" +
    // invisible format characters (isInvisible)
    "\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c\\u200b\\u2060-\\u2064\\u206a-\\u206f\\u00ad\\u180e\\ufff9-\\ufffb" +
    // hidden in an address (hiddenInAddress)
    "\\u200c\\u200d\\u034f\\u115f\\u1160\\u3164\\uffa0\\u180b-\\u180f\\ufe00-\\ufe0f\\u{e0000}-\\u{e007f}" +
    // lone surrogates (Go: not valid UTF-8)
    "\\ud800-\\udfff" +
    // mailbox separators and quotes (mailboxSpecials)
    ",;<>()\\[\\]\\\\\":" +
    "]",
  "u",
);

/** Whether s (already trimmed and lower-cased) is exactly one mailbox. */
export function validMailbox(s: string): boolean {
  if (s === "" || utf8Bytes(s) > rules.maxBytes.email) return false;
  const at = s.indexOf("@");
  if (at < 1 || at === s.length - 1 || s.indexOf("@", at + 1) !== -1) return false;
  return !FORBIDDEN.test(s);
}
