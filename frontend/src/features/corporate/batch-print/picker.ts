// The library picker's rules (docs/design/admin-corporate.md §4 library picker, docs/design/admin-corporate.md §5 library search):
// codes whose name is already queued are hidden; the search matches the
// code's name or project name, ignoring case and accents as the library's
// search on the server does (the same folding), a name in another script by
// its Latin spelling, or its employee or badge number or its id; the filter
// is all codes, the organisation's own (no project), or one project.
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
  const number = search.trim().toLowerCase();
  const id = search.trim().replace(/^#/, "");
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
      (c.externalId ?? "").toLowerCase().includes(number) ||
      String(c.id) === id
    );
  });
}

/** The orders the picker lists codes in, and so adds them to the queue and prints them. */
export const pickerOrders = ["added", "name", "nameDescending", "newest"] as const;
export type PickerOrder = (typeof pickerOrders)[number];

// Names compare as a reader expects: accents and case second, digits as numbers.
const names = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function byAdded(a: LibraryCode, b: LibraryCode): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
}

/**
 * codes in the officer's chosen order. "added" is the order the codes came
 * into the library (a spreadsheet's rows in the sheet's own order), which
 * is how an officer who sorted the sheet expects the labels to come out.
 */
export function sortCodes(codes: readonly LibraryCode[], order: PickerOrder): LibraryCode[] {
  const sorted = [...codes];
  switch (order) {
    case "added":
      return sorted.sort(byAdded);
    case "newest":
      return sorted.sort((a, b) => byAdded(b, a));
    case "name":
      return sorted.sort((a, b) => names.compare(a.name, b.name) || byAdded(a, b));
    case "nameDescending":
      return sorted.sort((a, b) => names.compare(b.name, a.name) || byAdded(a, b));
  }
}

/** Sheets for the queue from a start position (1-based): docs/design/admin-corporate.md §9 with the partial sheet. */
export function sheetsNeeded(labels: number, start: number, perSheet: number): number {
  if (labels <= 0 || perSheet <= 0) return 0;
  return Math.ceil((start - 1 + labels) / perSheet);
}

/**
 * The queued codes the library marks overdue for review (the server's
 * reckoning, under the organisation's period), each once, in queue order:
 * asked about before a batch prints.
 */
export function overdueQueued(
  items: readonly { codeId: number; name: string }[],
  byId: ReadonlyMap<number, LibraryCode>,
): { id: number; name: string }[] {
  const seen = new Set<number>();
  const out: { id: number; name: string }[] = [];
  for (const item of items) {
    if (seen.has(item.codeId) || byId.get(item.codeId)?.review !== "overdue") continue;
    seen.add(item.codeId);
    out.push({ id: item.codeId, name: item.name });
  }
  return out;
}
