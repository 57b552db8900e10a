// POST /api/corporate/login and /api/corporate/setup-password (docs/design/admin-corporate.md §7).
// The website gets no token: the answer's HttpOnly cookie is the session.
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type CorporateLoginResponse = Wire<"CorporateLoginResponse">;

/** Signed in, or (202) the second step the account needs. */
export function corporateLogin(body: Wire<"CorporateLoginRequest">) {
  return apiJson<CorporateLoginResponse | Wire<"SignInStep">>("POST", "/api/corporate/login", body);
}

export function useCorporateLogin() {
  return useMutation({ mutationFn: corporateLogin });
}

export function setupPassword(body: Wire<"CorporateSetupPasswordRequest">) {
  return apiJson<Wire<"CorporatePasswordSet">>("POST", "/api/corporate/setup-password", body);
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}

export type SetupLinkState = Wire<"CorporateSetupLinkState">;

/**
 * GET /api/corporate/setup-password: what the link is as the page opens
 * (valid, used, expired, invalid), without using it.
 */
export function useSetupLinkState(token: string) {
  return useQuery({
    queryKey: ["corporate", "setup-link", token] as const,
    queryFn: () =>
      apiJson<SetupLinkState>(
        "GET",
        `/api/corporate/setup-password?token=${encodeURIComponent(token)}`,
      ),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity, // looked at once; the form's answer says the rest
  });
}
