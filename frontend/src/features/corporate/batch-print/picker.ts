// The library picker's rules (spec §4 library picker, §5 library search):
// codes whose name is already queued are hidden; the search matches the
// code's name or project name, ignoring case and accents as the library's
// search on the server does (the same folding), a name in another script by
// its Latin spelling, or its employee or badge number or its id; the filter is all codes, the
// organisation's own (no project), or one project.
import { foldForSearch, matchesLatin } from "@/lib/emergency/search";
import type { ProjectFilter } from "../library/api";
import type { LibraryCode } from "./api";

export function pickable(
  codes: LibraryCode[],
  queuedNames: ReadonlySet<string>,
  search: string,
  filter: ProjectFilter,
): LibraryCode[] {
  const needle = foldForSearch(search.trim());
  return codes.filter((c) => {
    if (queuedNames.has(c.name)) return false;
    if (filter === "organization" && c.projectId !== null) return false;
    if (typeof filter === "number" && c.projectId !== filter) return false;
    if (needle === "") return true;
    return (
      foldForSearch(c.name).includes(needle) ||
      foldForSearch(c.projectName).includes(needle) ||
      // A name in another script by its Latin spelling, which the server sends.
      matchesLatin(c.searchLatin ?? "", search) ||
      // As the library's search: part of the number, or the whole id.
      (c.externalId ?? "").toLowerCase().includes(search.trim().toLowerCase()) ||
      String(c.id) === search.trim().replace(/^#/, "")
    );
  });
}

/** Sheets for the queue from a start position (1-based): spec §9 with the partial sheet. */
export function sheetsNeeded(labels: number, start: number, perSheet: number): number {
  if (labels <= 0 || perSheet <= 0) return 0;
  return Math.ceil((start - 1 + labels) / perSheet);
}
