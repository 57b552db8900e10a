// The signed-in member's organisation: GET /api/corporate/organization and
// /api/corporate/{orgId}/dashboard, and the owner's billing portal.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import type { PaperSize } from "@/lib/labels";

/** Its `paused` says why printing, new codes and links are refused now (the server's rule and words); "" when not. */
export type Organization = Wire<"CorporateOrganization">;

/**
 * What the caller may do here, stated by the server from the rule its
 * routes enforce; pages show only these actions and never decide by role.
 */
export type Permissions = Wire<"CorporatePermissions">;

/** Each activity line comes as a sentence, written by the server (one table of sentences). */
export type Dashboard = Wire<"CorporateDashboard">;

export const organizationKeys = {
  own: ["corporate", "organization"] as const,
  dashboard: (id: number) => ["corporate", "dashboard", id] as const,
  team: (id: number) => ["corporate", "team", id] as const,
};

export function useOwnOrganization(enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.own,
    queryFn: () => apiJson<Organization>("GET", "/api/corporate/organization"),
    enabled,
    retry: false,
  });
}

export function useDashboard(orgId: number | null) {
  return useQuery({
    queryKey: organizationKeys.dashboard(orgId ?? 0),
    queryFn: () => apiJson<Dashboard>("GET", `/api/corporate/${orgId}/dashboard`),
    enabled: orgId !== null,
    retry: false,
  });
}

/** The owner of a trial (or an ended subscription) pays for a plan. */
export function useSubscribe(orgId: number) {
  return useMutation({
    mutationFn: (subscriptionPlan: string) =>
      apiJson<Wire<"CorporateCheckout">>("POST", `/api/corporate/${orgId}/subscribe`, {
        subscriptionPlan,
      } satisfies Wire<"CorporateSubscribeRequest">),
  });
}

export function useBillingPortal(orgId: number) {
  return useMutation({
    mutationFn: () =>
      apiJson<Wire<"CorporateBillingPortal">>("POST", `/api/corporate/${orgId}/billing-portal`),
  });
}

/** Any member changes the paper batch printing starts on. */
/** PUT /api/corporate/{orgId}/review-period: 6, 12 or 24 months. */
export function useSetReviewPeriod(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewPeriodMonths: number) =>
      apiJson<Wire<"ReviewPeriodSaved">>("PUT", `/api/corporate/${orgId}/review-period`, {
        reviewPeriodMonths,
      } satisfies Wire<"ReviewPeriodRequest">),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["corporate"] }),
  });
}

export function useSetPaperSize(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paperSize: PaperSize) =>
      apiJson<Wire<"CorporatePaperSizeSaved">>("PUT", `/api/corporate/${orgId}/paper-size`, {
        paperSize,
      } satisfies Wire<"CorporatePaperSizeRequest">),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["corporate"] }),
  });
}
