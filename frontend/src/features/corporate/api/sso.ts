// Single sign-on with the organisation's own provider: discovery on the
// sign-in page, the owner's settings. The sign-in itself is a navigation
// (ssoStartUrl): the browser goes to the provider and comes back.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { withFreshProof } from "@/components/signin/fresh-proof";
import { apiJson, type Wire } from "@/lib/api";

export type SSODiscovery = Wire<"SSODiscovery">;
export type SSOSettings = Wire<"SSOSettings">;
export type SSOSettingsRequest = Wire<"SSOSettingsRequest">;

export function discoverSSO(email: string) {
  return apiJson<SSODiscovery>("POST", "/api/auth/sso/discover", { email });
}

/** Where the browser goes to sign in with its company. */
export function ssoStartUrl(email: string) {
  return `/api/auth/sso/start?email=${encodeURIComponent(email)}`;
}

const ssoKey = (orgId: number) => ["corporate", orgId, "sso"] as const;

export function useSSOSettings(orgId: number | null) {
  return useQuery({
    queryKey: ssoKey(orgId ?? 0),
    queryFn: () => apiJson<SSOSettings>("GET", `/api/corporate/${orgId}/sso`),
    enabled: orgId !== null,
    retry: false,
  });
}

export function useSaveSSOSettings(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    // A change here could shut the organisation's people out or let in
    // another provider's: it needs a fresh proof (withFreshProof).
    mutationFn: (body: SSOSettingsRequest) =>
      withFreshProof(() => apiJson<SSOSettings>("PUT", `/api/corporate/${orgId}/sso`, body)),
    onSuccess: (saved) => client.setQueryData(ssoKey(orgId), saved),
  });
}
