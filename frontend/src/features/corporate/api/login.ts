// POST /api/corporate/login and /api/corporate/setup-password (spec §7).
// The website gets no token: the answer's HttpOnly cookie is the session.
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface CorporateLoginResponse {
  success: boolean;
  organizationId: number;
  message: string;
  user: { id: number; email: string; userType: string; organizationId: number };
}

export function corporateLogin(body: { email: string; password: string }) {
  return apiJson<CorporateLoginResponse>("POST", "/api/corporate/login", body);
}

export function useCorporateLogin() {
  return useMutation({ mutationFn: corporateLogin });
}

export function setupPassword(body: { token: string; password: string }) {
  return apiJson<{ success: boolean; message: string }>(
    "POST",
    "/api/corporate/setup-password",
    body,
  );
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
