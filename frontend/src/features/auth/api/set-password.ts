// POST /api/auth/set-password (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function setPassword(body: { email: string; token: string; password: string }) {
  return apiJson<{ message?: string }>("POST", "/api/auth/set-password", body);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
