// POST /api/corporate/login and /api/corporate/setup-password (spec §7).
// The website gets no token: the answer's HttpOnly cookie is the session.
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type CorporateLoginResponse = Wire<"CorporateLoginResponse">;

export function corporateLogin(body: Wire<"CorporateLoginRequest">) {
  return apiJson<CorporateLoginResponse>("POST", "/api/corporate/login", body);
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
