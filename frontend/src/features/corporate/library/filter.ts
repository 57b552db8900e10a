// The library's project filter from the URL (docs/design/admin-corporate.md §5; the
// server searches and filters) and its quota bar (docs/design/admin-corporate.md §4), as pure functions.
import type { ProjectFilter, ReviewFilter } from "./api";

/** The review filter a URL's ?review= asks for (the dashboard's counts link to it). */
export function parseReviewFilter(value: string | null): ReviewFilter {
  return value === "due" || value === "overdue" ? value : "all";
}

/** How long ago a code's details were last confirmed, in the largest whole unit: days, then months, then years. */
export function reviewAge(
  reviewedAt: string,
  now: Date,
): { unit: "day" | "month" | "year"; count: number } {
  const then = new Date(reviewedAt);
  let months =
    (now.getUTCFullYear() - then.getUTCFullYear()) * 12 + now.getUTCMonth() - then.getUTCMonth();
  if (now.getUTCDate() < then.getUTCDate()) months -= 1;
  if (months >= 24) return { unit: "year", count: Math.floor(months / 12) };
  if (months >= 1) return { unit: "month", count: months };
  const days = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 86_400_000));
  return { unit: "day", count: days };
}

/** The project filter a URL's ?project= asks for. */
export function parseProjectFilter(value: string | null): ProjectFilter {
  if (value === "organization") return "organization";
  if (value !== null && /^\d+$/.test(value)) return Number(value);
  return "all";
}

/** docs/design/admin-corporate.md §4: usage at or above the maximum is red; the bar caps at 100 %. */
export function quotaUsage(used: number, max: number): { full: boolean; percent: number } {
  return {
    full: used >= max,
    percent: Math.min(100, max > 0 ? (used / max) * 100 : 100),
  };
}
