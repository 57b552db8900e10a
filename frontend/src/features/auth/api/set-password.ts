// POST /api/auth/set-password (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export function setPassword(body: Wire<"SetPasswordRequest">) {
  return apiJson<Wire<"Message">>("POST", "/api/auth/set-password", body);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
