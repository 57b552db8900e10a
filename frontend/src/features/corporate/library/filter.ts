// The library's project filter from the URL (admin-corporate-side §5; the
// server searches and filters) and its quota bar (§4), as pure functions.
import type { ProjectFilter } from "./api";

/** The project filter a URL's ?project= asks for. */
export function parseProjectFilter(value: string | null): ProjectFilter {
  if (value === "organization") return "organization";
  if (value !== null && /^\d+$/.test(value)) return Number(value);
  return "all";
}

/** §4: usage at or above the maximum is red; the bar caps at 100 %. */
export function quotaUsage(used: number, max: number): { full: boolean; percent: number } {
  return {
    full: used >= max,
    percent: Math.min(100, max > 0 ? (used / max) * 100 : 100),
  };
}
