// The calls batch printing makes: the library and its projects (the
// library's routes, spec §7), the layouts and the sheet catalogue, and the
// label engine's PDF of the queue (POST /api/corporate/{orgId}/batch-print.pdf).
import { useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest, type Wire } from "@/lib/api";
import { batchCopy } from "./copy";

// The library and its projects come from their own features' hooks (one
// query key, one shape): useLibrary (library/api) and useProjects (projects/api).
export type { LibraryCode } from "../library/api";
export type { Project } from "../projects/api";

/** A label sheet (spec §3 label layout, all mm) and how many labels it holds. */
export type LabelLayout = Wire<"LabelGeometry">;

export const batchKeys = {
  layouts: ["labels", "batch-layouts"] as const,
  catalogue: (q: string) => ["labels", "catalogue", q] as const,
};

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
  const response = await apiRequest("POST", `/api/corporate/${orgId}/batch-print.pdf`, {
    codeIds: request.codeIds,
    layout: { id: request.layoutId },
    startPosition: request.startPosition,
    preview: request.preview,
  });
  return response.blob();
}

/** A layout's paper as people name it: A4, US Letter, or the catalogue's own name. */
export function paperName(layout: LabelLayout): string {
  return batchCopy.layout.papers[layout.paperSize] ?? layout.paper;
}

/**
 * The layout batch printing starts on: the first named layout on the
 * organisation's paper (A4 for a UK organisation), else the first.
 */
export function defaultLayout(
  layouts: LabelLayout[] | undefined,
  paperSize: string | undefined,
): LabelLayout | null {
  return layouts?.find((l) => l.paperSize === paperSize) ?? layouts?.[0] ?? null;
}
