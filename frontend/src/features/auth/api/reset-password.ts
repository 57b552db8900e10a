// POST /api/auth/reset-password (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function resetPassword(body: { token: string; newPassword: string; email?: string }) {
  return apiJson<{ message?: string }>("POST", "/api/auth/reset-password", body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
