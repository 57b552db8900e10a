// POST /api/auth/reset-password (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export function resetPassword(body: Wire<"ResetPasswordRequest">) {
  return apiJson<Wire<"Message">>("POST", "/api/auth/reset-password", body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
