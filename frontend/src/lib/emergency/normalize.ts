// Text normalisation, rule for rule the same as pkg/emergency/normalize.go:
// single-line fields collapse every run of blank characters (white space and
// control characters) into one space and are trimmed; multi-line fields keep
// their non-empty lines. The blank set is spelled out because JavaScript's
// trim() and Go's unicode.IsSpace disagree on U+0085 and U+FEFF.

export const BLANK =
  // Control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Invisible format characters, removed before anything else (the same set as
 * isInvisible in Go): bidirectional embeddings, overrides and isolates and
 * direction marks could make a label read differently from the code with
 * nothing on screen to show it; zero-width space, word joiner, invisible
 * operators, deprecated format controls, soft hyphen, Mongolian vowel
 * separator and interlinear annotation controls hide inside text. Zero-width
 * (non-)joiners stay: emoji sequences and several scripts need them.
 */
export const INVISIBLE =
  /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060-\u2064\u206a-\u206f\u00ad\u180e\ufff9-\ufffb]/g;

export function singleLine(s: string | undefined | null): string {
  return (s ?? "")
    .replace(INVISIBLE, "")
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
