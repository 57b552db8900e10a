// The library's search and filters (admin-corporate-side §5) and its quota
// bar (§4), as pure functions.
import type { LibraryCode } from "./api";

/** Project filter values (§5): all, organization (no project), or a project id. */
export type ProjectFilter = "all" | "organization" | number;
export type StatusFilter = "all" | "active" | "inactive";

export interface LibraryFilter {
  search: string;
  project: ProjectFilter;
  status: StatusFilter;
}

/** §5: the search matches the code's or its project's name, case-insensitive. */
export function filterCodes(codes: LibraryCode[], f: LibraryFilter): LibraryCode[] {
  const needle = f.search.trim().toLocaleLowerCase();
  return codes.filter((c) => {
    if (f.project === "organization" && c.projectId !== null) return false;
    if (typeof f.project === "number" && c.projectId !== f.project) return false;
    if (f.status === "active" && !c.isActive) return false;
    if (f.status === "inactive" && c.isActive) return false;
    if (needle === "") return true;
    return (
      c.name.toLocaleLowerCase().includes(needle) ||
      c.projectName.toLocaleLowerCase().includes(needle)
    );
  });
}

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
