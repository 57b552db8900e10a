// POST /api/auth/check-user (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export function checkUser(body: Wire<"EmailRequest">) {
  return apiJson<Wire<"CheckUserResponse">>("POST", "/api/auth/check-user", body);
}

export function useCheckUser() {
  return useMutation({ mutationFn: checkUser });
}
