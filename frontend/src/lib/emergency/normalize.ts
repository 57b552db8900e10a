// Text normalisation, rule for rule the same as pkg/emergency/normalize.go:
// single-line fields collapse every run of blank characters (white space and
// control characters) into one space and are trimmed; multi-line fields keep
// their non-empty lines. The blank set is spelled out because JavaScript's
// trim() and Go's unicode.IsSpace disagree on U+0085 and U+FEFF.

const BLANK =
  // Control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

export function singleLine(s: string | undefined | null): string {
  return (s ?? "")
    .split(BLANK)
    .filter((part) => part !== "")
    .join(" ");
}

export function multiLine(s: string | undefined | null): string {
  return (s ?? "")
    .split(LINE_BREAK)
    .map(singleLine)
    .filter((line) => line !== "")
    .join("\n");
}

const encoder = new TextEncoder();

/** The size of a string in UTF-8, the unit of the QR code and of the limits. */
export function utf8Bytes(s: string): number {
  return encoder.encode(s).length;
}
