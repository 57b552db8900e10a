// An organisation's API keys (cloud/service/apikey.go):
// members list them, the owner makes and revokes them. The secret is only
// in the creation answer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type ApiKey = Wire<"CorporateAPIKey">;
export type NewApiKey = Wire<"CorporateAPIKeyRequest">;

const keysKey = (orgId: number) => ["corporate", "api-keys", orgId] as const;

export function useApiKeys(orgId: number | null) {
  return useQuery({
    queryKey: keysKey(orgId ?? 0),
    queryFn: () => apiJson<Wire<"CorporateAPIKeyList">>("GET", `/api/corporate/${orgId}/api-keys`),
    enabled: orgId !== null,
    retry: false,
  });
}

function useKeyChange<T, R>(orgId: number, call: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: keysKey(orgId) }),
  });
}

export function useCreateApiKey(orgId: number) {
  return useKeyChange(orgId, (key: NewApiKey) =>
    apiJson<Wire<"CorporateAPIKeyCreated">>("POST", `/api/corporate/${orgId}/api-keys`, key),
  );
}

export function useRevokeApiKey(orgId: number) {
  return useKeyChange(orgId, (keyId: number) =>
    apiJson<ApiKey>("DELETE", `/api/corporate/${orgId}/api-keys/${keyId}`),
  );
}
