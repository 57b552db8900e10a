// Dates in the QR text are "5 Nov 2026": unambiguous in every country. Month
// names are written out so the browser's locale data cannot change them.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatDate(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** Parses a real calendar date written YYYY-MM-DD, from year 1900 on. */
export function parseDate(s: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? { year, month, day } : null;
}

/** The calendar date of an instant in an IANA time zone. */
export function localDate(
  at: Date,
  timeZone: string,
): { year: number; month: number; day: number } {
  // Only the numeric parts are read, so the locale never shows.
  // eslint-disable-next-line no-restricted-syntax
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}
