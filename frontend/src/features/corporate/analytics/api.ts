// An organisation's analytics: GET /api/corporate/{orgId}/analytics and the
// CSV report beside it (cloud/service/orgreport.go).
import { useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest, type Wire } from "@/lib/api";

/** One month's figure; month is YYYY-MM. */
export type MonthCount = Wire<"OrgReportMonthCount">;

export type OrgReport = Wire<"OrgReport">;

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
