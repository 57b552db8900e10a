import { labelFontCoverage } from "./coverage";

/** What a label prints for a character that none of its fonts has. */
export const REPLACEMENT = "\uFFFD";

function drawn(cp: number): boolean {
  let lo = 0;
  let hi = labelFontCoverage.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = labelFontCoverage[mid]!;
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * A line as the label prints it, so the preview promises what the PDF
 * gives: a character that none of the label fonts has (an emoji, a script
 * not covered) shows as U+FFFD, never dropped; a mark, joiner or selector
 * that belongs to such a character adds nothing (pkg/sheet's shapeText has
 * the same rule).
 */
export function printedText(text: string): string {
  let out = "";
  for (const ch of text) {
    if (/\s/u.test(ch) || drawn(ch.codePointAt(0)!)) out += ch;
    else if (!/[\p{M}\p{Cf}]/u.test(ch)) out += REPLACEMENT;
  }
  return out;
}
