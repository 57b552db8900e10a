// The QR code library (docs/design/admin-corporate.md §7 GET /api/corporate/{orgId}/qr-codes
// and the writes a real library needs), one label's downloads and the CSV import.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest, type Wire } from "@/lib/api";
import { dispositionFileName, saveFile } from "@/lib/saveFile";
import { organizationKeys } from "../api/organization";
import { projectKeys } from "../projects/api";

/** A library code; its record and qrText only when asked for (one code, a write's answer, ?records=1). */
export type LibraryCode = Wire<"LibraryCode">;

/** The codes a query picks (one page when paged); total counts them on every page. */
export type Library = Wire<"LibraryPage">;

/** Project filter values (docs/design/admin-corporate.md §5): all, organization (no project), or a project id. */
export type ProjectFilter = "all" | "organization" | number;
export type StatusFilter = "all" | "active" | "inactive";

/** The review filter: due (overdue ones included) or overdue, as the server reckons them. */
export type ReviewFilter = "all" | "due" | "overdue";

/** One page of the library, searched and filtered on the server. */
export interface LibraryQuery {
  search: string;
  project: ProjectFilter;
  status: StatusFilter;
  /** Absent: every code. */
  review?: ReviewFilter;
  page: number;
}

/** Codes on one page of the library: a page is drawn at once, so it stays short. */
export const LIBRARY_PAGE_SIZE = 25;

export type CodeInput = Wire<"CreateQRCodeRequest">;

/** A code's PUT: absent fields are left as they are; projectId 0 is none. */
export type CodeChange = Wire<"UpdateQRCodeRequest">;

export type ImportRow = Wire<"ImportQRCodesRow">;

/** The preview or the import; quotaProblem (in the preview, the server's words) is "" when the rows fit. */
export type ImportResult = Wire<"ImportQRCodesResult">;

/** The import's body: JSON, the file's text in csv. */
export type ImportRequest = Wire<"ImportQRCodesRequest">;

export const libraryKeys = {
  /** Every list of the organisation's codes: the whole library and each page. */
  list: (orgId: number) => ["corporate", "qr-codes", orgId] as const,
  page: (orgId: number, q: LibraryQuery) => ["corporate", "qr-codes", orgId, q] as const,
  code: (orgId: number, id: number) => ["corporate", "qr-code", orgId, id] as const,
};

const base = (orgId: number) => `/api/corporate/${orgId}/qr-codes`;

/** The query string of one library page (the server checks each value). */
export function libraryPageParams(q: LibraryQuery): string {
  const params = new URLSearchParams({
    page: String(q.page),
    pageSize: String(LIBRARY_PAGE_SIZE),
    project: String(q.project),
    status: q.status,
  });
  const search = q.search.trim();
  if (search !== "") params.set("search", search);
  if (q.review && q.review !== "all") params.set("review", q.review);
  return params.toString();
}

/** One page of the library; the page shown stays while the next one loads. */
export function useLibraryPage(orgId: number | null, q: LibraryQuery) {
  return useQuery({
    queryKey: libraryKeys.page(orgId ?? 0, q),
    queryFn: () => apiJson<Library>("GET", `${base(orgId!)}?${libraryPageParams(q)}`),
    enabled: orgId !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every code of the library (no page): the batch page's queue and picker,
 * which add and select all of what a search shows. Without records, 2,000
 * codes are a few hundred kilobytes.
 */
export function useLibrary(orgId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: libraryKeys.list(orgId ?? 0),
    queryFn: () => apiJson<Library>("GET", base(orgId!)),
    enabled: orgId !== null && (options.enabled ?? true),
    retry: false,
  });
}

/** One code with its record, for editing. */
export function useCode(orgId: number, id: number | null) {
  return useQuery({
    queryKey: libraryKeys.code(orgId, id ?? 0),
    queryFn: async () => (await apiJson<CodeAnswer>("GET", `${base(orgId)}/${id}`)).qrCode,
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

/** A library change, after which the list, the projects' counts and the dashboard are read again. */
function useLibraryChange<T, R>(orgId: number, call: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: libraryKeys.list(orgId) });
      void client.invalidateQueries({ queryKey: projectKeys.list(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

type CodeAnswer = Wire<"LibraryCodeAnswer">;

export function useCreateCode(orgId: number) {
  return useLibraryChange(orgId, (input: CodeInput) =>
    apiJson<CodeAnswer>("POST", base(orgId), input),
  );
}

export function useUpdateCode(orgId: number) {
  return useLibraryChange(orgId, ({ id, change }: { id: number; change: CodeChange }) =>
    apiJson<CodeAnswer>("PUT", `${base(orgId)}/${id}`, change),
  );
}

export function useDuplicateCode(orgId: number) {
  return useLibraryChange(orgId, (id: number) =>
    apiJson<CodeAnswer>("POST", `${base(orgId)}/${id}/duplicate`),
  );
}

export function useDeleteCode(orgId: number) {
  return useLibraryChange(orgId, (id: number) =>
    apiJson<Wire<"LibrarySuccess">>("DELETE", `${base(orgId)}/${id}`),
  );
}

export function useImportCodes(orgId: number) {
  return useLibraryChange(orgId, (body: ImportRequest) =>
    apiJson<ImportResult>("POST", `${base(orgId)}/import`, body),
  );
}

export type AttachResult = Wire<"AttachExternalIDsResult">;

/** Gives existing codes their employee or badge numbers from a file (preview, then commit). */
export function useAttachExternalIds(orgId: number) {
  return useLibraryChange(orgId, (body: Wire<"AttachExternalIDsRequest">) =>
    apiJson<AttachResult>("POST", `${base(orgId)}/external-ids`, body),
  );
}

/**
 * Saves one code's label: a PDF on its sheet, or the QR image as a PNG,
 * under the name the server gives it (the worker's name in its own
 * script), or by the code's id when the answer names none.
 */
export async function downloadLabel(orgId: number, code: LibraryCode, format: "pdf" | "png") {
  const response = await apiRequest("GET", `${base(orgId)}/${code.id}/label.${format}`);
  const name =
    dispositionFileName(response.headers.get("Content-Disposition")) ??
    `lifetag-qr-code-${code.id}.${format}`;
  saveFile(await response.blob(), name);
}

/** Saves the import template of a form template. */
export async function downloadImportTemplate(orgId: number, templateId: number) {
  const response = await apiRequest(
    "GET",
    `${base(orgId)}/import-template.csv?templateId=${templateId}`,
  );
  saveFile(await response.blob(), "lifetag-import-template.csv");
}
