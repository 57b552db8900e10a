// POST /api/auth/request-reset (docs/design/individual.md §7): the token comes back only in development.
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type RequestResetResponse = Wire<"RequestResetResponse">;

export function requestReset(body: Wire<"EmailRequest">) {
  return apiJson<RequestResetResponse>("POST", "/api/auth/request-reset", body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
