// The calls batch printing makes: the library and its projects (the
// library's routes, docs/design/admin-corporate.md §7), the layouts and the sheet catalogue, and the
// label engine's PDF of the queue (POST /api/corporate/{orgId}/batch-print.pdf),
// and which layouts hold every queued code (POST …/batch-print/fit).
import { useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest, type Wire } from "@/lib/api";
import { batchCopy } from "./copy";

// The library and its projects come from their own features' hooks (one
// query key, one shape): useLibrary (library/api) and useProjects (projects/api).
export type { LibraryCode } from "../library/api";
export type { Project } from "../projects/api";

/** A label sheet (docs/design/admin-corporate.md §3 label layout, all mm) and how many labels it holds. */
export type LabelLayout = Wire<"LabelGeometry">;

export const batchKeys = {
  layouts: ["labels", "batch-layouts"] as const,
  catalogue: (q: string) => ["labels", "catalogue", q] as const,
  fit: (orgId: number, codeIds: number[]) => ["batch-fit", orgId, codeIds] as const,
  sheetFit: (orgId: number, codeIds: number[], sheets: string[]) =>
    ["batch-fit", orgId, codeIds, "sheets", sheets] as const,
};

/** Per named layout's id, the queued codes too dense for its labels (none: it holds them all). */
export type BatchFit = ReadonlyMap<string, readonly number[]>;

/**
 * Which named layouts hold every queued code legibly: the server's rule
 * (pkg/sheet, the one printing applies), asked as the queue changes, so
 * the layout picker marks the layouts that would refuse it before any
 * preview. Each code is asked once, in a stable order.
 */
export function useBatchFit(orgId: number, queued: readonly number[]) {
  const codeIds = uniqueSorted(queued);
  return useQuery({
    queryKey: batchKeys.fit(orgId, codeIds),
    queryFn: () => fetchFit(orgId, { codeIds }),
    enabled: codeIds.length > 0,
    staleTime: 60_000,
  });
}

/**
 * The same question for sheets found in the catalogue (by name, as the
 * search gives them): asked apart from the named layouts' so a new search
 * leaves their marks in place. Only the sheets asked about are kept.
 */
export function useSheetFit(orgId: number, queued: readonly number[], sheets: readonly string[]) {
  const codeIds = uniqueSorted(queued);
  const asked = [...new Set(sheets)].sort();
  return useQuery({
    queryKey: batchKeys.sheetFit(orgId, codeIds, asked),
    queryFn: async (): Promise<BatchFit> => {
      const fit = await fetchFit(orgId, { codeIds, sheets: asked });
      return new Map([...fit].filter(([id]) => asked.includes(id)));
    },
    enabled: codeIds.length > 0 && asked.length > 0,
    staleTime: 60_000,
  });
}

/** Each code once, in a stable order, so one queue is one question. */
function uniqueSorted(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

async function fetchFit(orgId: number, body: Wire<"BatchFitRequest">): Promise<BatchFit> {
  const fit = await apiJson<Wire<"BatchFit">>(
    "POST",
    `/api/corporate/${orgId}/batch-print/fit`,
    body,
  );
  return new Map(fit.layouts.map((l) => [l.id, l.refusedCodeIds]));
}

/**
 * The named layouts a warning offers instead: those that hold every
 * queued code, only those on the organisation's paper when one of them
 * does (an A4 office has no US Letter sheets to hand), as the server's
 * refusal offers them (pkg/sheet SuggestedLayouts).
 */
export function suggestedLayouts(
  named: readonly LabelLayout[],
  fit: BatchFit | undefined,
  paperSize: string | undefined,
): string[] {
  const holding = named.filter((l) => holdsAll(fit, l));
  const onPaper = holding.filter((l) => paperSize && l.paperSize === paperSize);
  return (onPaper.length > 0 ? onPaper : holding).map((l) => l.name);
}

export function useBatchLayouts() {
  return useQuery({
    queryKey: batchKeys.layouts,
    queryFn: async () =>
      (await apiJson<Wire<"BatchLayouts">>("GET", "/api/labels/batch-layouts")).layouts,
    staleTime: Infinity,
  });
}

export function useCatalogueSearch(query: string) {
  return useQuery({
    queryKey: batchKeys.catalogue(query),
    queryFn: async () =>
      (
        await apiJson<Wire<"LabelCatalogue">>(
          "GET",
          `/api/labels/catalogue?q=${encodeURIComponent(query)}`,
        )
      ).sheets,
    enabled: query.trim() !== "",
    staleTime: Infinity,
  });
}

export interface BatchPrintRequest {
  /** The queue in order; a duplicated item repeats its code's id. */
  codeIds: number[];
  layoutId: string;
  startPosition: number;
  preview: boolean;
}

/** The label engine's PDF of the queue. A print (not a preview) is recorded by the server. */
export async function fetchBatchPdf(orgId: number, request: BatchPrintRequest): Promise<Blob> {
  const body: Wire<"BatchPrintRequest"> = {
    codeIds: request.codeIds,
    layout: { id: request.layoutId },
    startPosition: request.startPosition,
    preview: request.preview,
  };
  const response = await apiRequest("POST", `/api/corporate/${orgId}/batch-print.pdf`, body);
  return response.blob();
}

/** A layout's paper as people name it: A4, US Letter, or the catalogue's own name. */
export function paperName(layout: LabelLayout): string {
  return batchCopy.layout.papers[layout.paperSize] ?? layout.paper;
}

/** Whether a layout holds every queued code; unknown (undefined) until the server has said. */
export function holdsAll(fit: BatchFit | undefined, layout: LabelLayout): boolean | undefined {
  const refused = fit?.get(layout.id);
  return refused && refused.length === 0;
}

/**
 * The layout batch printing starts on: the first named layout on the
 * organisation's paper (A4 for a UK organisation) that holds every queued
 * code, else the first on its paper, else the first. (Avery 5160, the
 * first US Letter layout, holds no realistic worker's record.)
 */
export function defaultLayout(
  layouts: LabelLayout[] | undefined,
  paperSize: string | undefined,
  fit?: BatchFit,
): LabelLayout | null {
  const onPaper = layouts?.filter((l) => l.paperSize === paperSize) ?? [];
  // Paper unknown (the station offline) or no layout on it: any paper.
  const candidates = onPaper.length > 0 ? onPaper : (layouts ?? []);
  return candidates.find((l) => holdsAll(fit, l)) ?? candidates[0] ?? null;
}

/** How many names a warning lists before "and N more" (sheet.RefusedNames' rule). */
const NAMES_LISTED = 5;

/** Names for a warning: the first few, then how many more. */
export function namesList(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_LISTED).join(", ");
  const more = names.length - NAMES_LISTED;
  return more > 0 ? batchCopy.layout.andMore(shown, more) : shown;
}
