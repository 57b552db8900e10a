// An organisation's analytics: GET /api/corporate/{orgId}/analytics and the
// CSV report beside it (cloud/service/orgreport.go).
import { useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";

export interface MonthCount {
  month: string; // YYYY-MM
  count: number;
}

export interface OrgReport {
  quota: { used: number; max: number };
  byProject: { projectId: number | null; name: string; active: number; inactive: number }[];
  bySource: { source: string; count: number }[];
  codesCreatedByMonth: MonthCount[];
  labelsPrintedByMonth: MonthCount[];
  incompleteRecords: number;
  scansNote: string;
  generatedAt: string;
}

export function useOrgReport(orgId: number | null) {
  return useQuery({
    queryKey: ["corporate", "analytics", orgId ?? 0],
    queryFn: () => apiJson<OrgReport>("GET", `/api/corporate/${orgId}/analytics`),
    enabled: orgId !== null,
    retry: false,
  });
}

export async function downloadReport(orgId: number): Promise<Blob> {
  const response = await apiRequest("GET", `/api/corporate/${orgId}/analytics/report.csv`);
  return response.blob();
}
