// The signed-in account's second factors and sessions (/api/account/...).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJsonOrNullOn401, type Wire } from "@/lib/api";
import { withFreshProof } from "@/components/signin/fresh-proof";
import { addPasskey } from "@/lib/auth";

const securityKey = ["account", "security"] as const;
const sessionsKey = ["account", "sessions"] as const;

export function useSecurity() {
  return useQuery({
    queryKey: securityKey,
    queryFn: () => getJsonOrNullOn401<Wire<"AccountSecurity">>("/api/account/security"),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => getJsonOrNullOn401<Wire<"SessionList">>("/api/account/sessions"),
  });
}

/** A change to the account's factors; the list is read again after it. */
function useSecurityChange<In, Out>(call: (input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: ["account"] }),
  });
}

// Adding or removing a factor and new recovery codes need a fresh proof of
// who is signed in: withFreshProof asks for it and tries again.
export const useStartTotp = () =>
  useSecurityChange(() =>
    withFreshProof(() => apiJson<Wire<"TOTPSetUp">>("POST", "/api/account/totp")),
  );
export const useConfirmTotp = () =>
  useSecurityChange((code: string) =>
    apiJson<Wire<"FactorAdded">>("PUT", "/api/account/totp", { code }),
  );
export const useRemoveTotp = () =>
  useSecurityChange(() =>
    withFreshProof(() => apiJson<Wire<"Message">>("DELETE", "/api/account/totp")),
  );
export const useAddPasskey = () =>
  useSecurityChange((name: string) => withFreshProof(() => addPasskey(name)));
export const useRemovePasskey = () =>
  useSecurityChange((id: number) =>
    withFreshProof(() => apiJson<Wire<"Message">>("DELETE", `/api/account/passkeys/${id}`)),
  );
export const useNewRecoveryCodes = () =>
  useSecurityChange(() =>
    withFreshProof(() => apiJson<Wire<"RecoveryCodes">>("POST", "/api/account/recovery-codes")),
  );
export const useEndSession = () =>
  useSecurityChange((id: string) =>
    apiJson<Wire<"Message">>("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`),
  );
export const useEndOtherSessions = () =>
  useSecurityChange(() =>
    apiJson<Wire<"Message">>("POST", "/api/account/sessions/sign-out-others"),
  );
