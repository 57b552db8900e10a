// POST /api/privacy/export-data (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiRequest, type Wire } from "@/lib/api";

export async function exportData(body: Wire<"ExportDataRequest">): Promise<Blob> {
  const response = await apiRequest("POST", "/api/privacy/export-data", body);
  return new Blob([await response.text()], { type: "application/json" });
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
