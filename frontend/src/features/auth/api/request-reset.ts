// POST /api/auth/request-reset (spec §7): the token comes back only in development.
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface RequestResetResponse {
  resetToken?: string;
  message?: string;
}

export function requestReset(body: { email: string }) {
  return apiJson<RequestResetResponse>("POST", "/api/auth/request-reset", body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
