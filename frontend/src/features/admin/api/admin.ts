// Every admin call (docs/design/admin-corporate.md §7), with its query or
// mutation hook. Lists page and search on the server; the session is the
// HttpOnly cookie, so no call carries a token.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";
import type {
  AdminJob,
  AdminJobList,
  AdminOrdersPage,
  AdminStats,
  AdminUsersPage,
  AllowanceRequest,
  AuditLogPage,
  CreatedUser,
  CreateUserRequest,
  CustomerData,
  DeleteUserRequest,
  HandOverRequest,
  Message,
  OrderHistory,
  OrderUpdate,
  OrderUpdated,
  Organization,
  PrintAccessRequest,
  PrintAccessResult,
  ShippingAddressAnswer,
} from "./types";

export type { CreatedUser, ShippingAddress } from "./types";

export const adminPageSize = 20;

export interface ListParams {
  search: string;
  page: number;
}

function listUrl(path: string, p: ListParams): string {
  const q = new URLSearchParams({ page: String(p.page), pageSize: String(adminPageSize) });
  if (p.search.trim() !== "") q.set("search", p.search.trim());
  return `${path}?${q}`;
}

export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  users: (p: ListParams) => ["admin", "users", p] as const,
  orders: (p: ListParams) => ["admin", "orders", p] as const,
  organizations: ["admin", "organizations"] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
  jobs: ["admin", "jobs"] as const,
  history: (orderId: string) => ["admin", "history", orderId] as const,
  customer: (userId: number) => ["admin", "customer", userId] as const,
};

/** The first call of the page: it also tells who may see it (401, 403). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => apiJson<AdminStats>("GET", "/api/admin/stats"),
    retry: false,
  });
}

export function useAdminUsers(p: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.users(p),
    queryFn: () => apiJson<AdminUsersPage>("GET", listUrl("/api/admin/users", p)),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useAdminOrders(p: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.orders(p),
    queryFn: () => apiJson<AdminOrdersPage>("GET", listUrl("/api/admin/physical-orders", p)),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.organizations,
    queryFn: () => apiJson<Organization[]>("GET", "/api/corporate/organizations"),
    enabled,
    retry: false,
  });
}

export function useAuditLog(page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () =>
      apiJson<AuditLogPage>("GET", `/api/admin/audit-log?page=${page}&pageSize=${adminPageSize}`),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useOrderHistory(orderId: string | null) {
  return useQuery({
    queryKey: adminKeys.history(orderId ?? ""),
    queryFn: () =>
      apiJson<OrderHistory>(
        "GET",
        `/api/admin/physical-orders/${encodeURIComponent(orderId!)}/history`,
      ),
    enabled: orderId !== null,
    retry: false,
  });
}

export function useCustomerData(userId: number | null) {
  return useQuery({
    queryKey: adminKeys.customer(userId ?? 0),
    queryFn: () => apiJson<CustomerData>("GET", `/api/admin/customer-data/${userId}`),
    enabled: userId !== null,
    retry: false,
    // Medical data: read fresh each time (each read is audited) and not kept.
    gcTime: 0,
    staleTime: 0,
  });
}

/** Where an order's labels go (each read is audited). */
export function useShippingAddress(orderId: string | null) {
  return useQuery({
    queryKey: ["admin", "shipping", orderId ?? ""],
    queryFn: () =>
      apiJson<ShippingAddressAnswer>(
        "GET",
        `/api/admin/physical-orders/${encodeURIComponent(orderId!)}/shipping-address`,
      ),
    enabled: orderId !== null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Refreshes every admin list and the cards after a change. */
function useInvalidateAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

export function useUpdateOrder() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (v: { orderId: string; status: string; trackingNumber: string }) =>
      apiJson<OrderUpdated>("PUT", `/api/admin/physical-orders/${encodeURIComponent(v.orderId)}`, {
        status: v.status,
        trackingNumber: v.trackingNumber,
      } satisfies OrderUpdate),
    onSuccess: invalidate,
  });
}

export function useSetPrintAccess() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (v: PrintAccessRequest) =>
      apiJson<PrintAccessResult>("POST", "/api/admin/users/print-access", v),
    onSuccess: invalidate,
  });
}

export function useCreateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (v: CreateUserRequest) =>
      apiJson<CreatedUser>("POST", "/api/admin/users/create", v),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userId: number) =>
      apiJson<Message>("DELETE", "/api/admin/users/delete", { userId } satisfies DeleteUserRequest),
    onSuccess: invalidate,
  });
}

/**
 * Removes every second factor of an account whose owner lost them all
 * (after checking who asks): audited, and the account's sessions end.
 */
export function useRemoveSecondFactors() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userId: number) =>
      apiJson<Message>("DELETE", `/api/admin/users/${userId}/second-factors`),
    onSuccess: invalidate,
  });
}

/** A site admin's changes to an organisation: each is in the audit log. */
export function useOrganizationChange() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (
      v:
        | { kind: "delete"; orgId: number }
        | { kind: "handOver"; orgId: number; email: string }
        | { kind: "allowance"; orgId: number; maxQrCodes: number },
    ) => {
      const base = `/api/admin/organizations/${v.orgId}`;
      switch (v.kind) {
        case "delete":
          return apiJson<Message>("DELETE", base);
        case "handOver":
          return apiJson<Message>("POST", `${base}/hand-over`, {
            email: v.email,
          } satisfies HandOverRequest);
        case "allowance":
          return apiJson<Message>("PUT", `${base}/allowance`, {
            maxQrCodes: v.maxQrCodes,
          } satisfies AllowanceRequest);
      }
    },
    onSuccess: invalidate,
  });
}

/** The background jobs (mail, webhooks) that wait or failed: nothing personal in them. */
export function useJobs(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.jobs,
    queryFn: () => apiJson<AdminJobList>("GET", "/api/admin/jobs"),
    enabled,
  });
}

/** Retry runs a job again now; Discard ends it. The server audits both. */
export function useJobChange() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (v: { jobId: number; action: "retry" | "discard" }) =>
      apiJson<AdminJob>("POST", `/api/admin/jobs/${v.jobId}/${v.action}`),
    onSuccess: invalidate,
  });
}

/** "Print Labels": the order's label PDF; printing moves pending to processing. */
export function useOrderLabels() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const response = await apiRequest(
        "POST",
        `/api/admin/physical-orders/${encodeURIComponent(orderId)}/labels.pdf`,
      );
      return response.blob();
    },
    onSuccess: invalidate,
  });
}

/** The users CSV as the server streams it. */
export async function exportUsers(): Promise<Blob> {
  const response = await apiRequest("GET", "/api/admin/export");
  return response.blob();
}
