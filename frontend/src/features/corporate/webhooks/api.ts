// An organisation's webhook endpoints (cloud/service/webhook.go): the owner
// registers, changes, rotates and deletes them and reads their delivery
// logs. A secret is only in the answer that made it.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type WebhookEndpoint = Wire<"WebhookEndpoint">;
export type NewWebhookEndpoint = Wire<"WebhookEndpointRequest">;
export type WebhookDelivery = Wire<"WebhookDelivery">;
export type WebhookEventType = Wire<"WebhookEventType">;

const endpointsKey = (orgId: number) => ["corporate", "webhooks", orgId] as const;
const deliveriesKey = (orgId: number, endpointId: number) =>
  ["corporate", "webhooks", orgId, endpointId, "deliveries"] as const;

export function useWebhookEndpoints(orgId: number | null) {
  return useQuery({
    queryKey: endpointsKey(orgId ?? 0),
    queryFn: () => apiJson<Wire<"WebhookEndpointList">>("GET", `/api/corporate/${orgId}/webhooks`),
    enabled: orgId !== null,
    retry: false,
  });
}

/** The delivery log a page at a time, newest first: fetchNextPage reads
 * the next, older page with the last one's cursor. */
export function useWebhookDeliveries(orgId: number, endpointId: number) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(orgId, endpointId),
    queryFn: ({ pageParam }) =>
      apiJson<Wire<"WebhookDeliveryList">>(
        "GET",
        `/api/corporate/${orgId}/webhooks/${endpointId}/deliveries` +
          (pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}

function useEndpointChange<T, R>(orgId: number, call: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: endpointsKey(orgId) }),
  });
}

export function useCreateWebhookEndpoint(orgId: number) {
  return useEndpointChange(orgId, (endpoint: NewWebhookEndpoint) =>
    apiJson<Wire<"WebhookEndpointCreated">>("POST", `/api/corporate/${orgId}/webhooks`, endpoint),
  );
}

export function useSetWebhookEnabled(orgId: number) {
  return useEndpointChange(orgId, (change: { id: number; enabled: boolean }) =>
    apiJson<WebhookEndpoint>("PUT", `/api/corporate/${orgId}/webhooks/${change.id}`, {
      enabled: change.enabled,
    }),
  );
}

export function useRotateWebhookSecret(orgId: number) {
  return useEndpointChange(orgId, (id: number) =>
    apiJson<Wire<"WebhookEndpointCreated">>(
      "POST",
      `/api/corporate/${orgId}/webhooks/${id}/rotate-secret`,
    ),
  );
}

export function useDeleteWebhookEndpoint(orgId: number) {
  return useEndpointChange(orgId, (id: number) =>
    apiJson<Wire<"LibrarySuccess">>("DELETE", `/api/corporate/${orgId}/webhooks/${id}`),
  );
}

export function useResendWebhookDelivery(orgId: number, endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiJson<Wire<"LibrarySuccess">>(
        "POST",
        `/api/corporate/${orgId}/webhooks/${endpointId}/deliveries/${messageId}/resend`,
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveriesKey(orgId, endpointId) }),
  });
}
