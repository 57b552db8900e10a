// Live counters for the fields with a size limit (rules.json maxBytes). The
// limit is in UTF-8 bytes, because that is what fills the QR code; people
// count characters, so the counter speaks of characters: a plain letter is
// one byte, an accented letter two, an emoji four.
import { utf8Bytes } from "./normalize";
import { rules, type LimitKey } from "./rules";

/** The counter appears once a field has used this share of its limit. */
export const COUNTER_FROM_SHARE = 0.8;

export interface LimitStatus {
  /** Plain characters that still fit; negative when over the limit. */
  left: number;
  /** The text has characters that take more than one unit. */
  wide: boolean;
}

/** Null while the field is comfortably inside its limit. */
export function limitStatus(key: LimitKey, text: string): LimitStatus | null {
  const max = rules.maxBytes[key];
  const used = utf8Bytes(text);
  if (used < max * COUNTER_FROM_SHARE) return null;
  return { left: max - used, wide: used > [...text].length };
}

export function limitCounterText(status: LimitStatus): string {
  const { left, wide } = status;
  const plural = (n: number) => (n === 1 ? "character" : "characters");
  const base = left >= 0 ? `${left} ${plural(left)} left` : `${-left} ${plural(-left)} too many`;
  return wide ? `${base} (accented letters count as 2, emoji as 4)` : base;
}
