// POST /api/auth/check-user (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function checkUser(body: { email: string }) {
  return apiJson<{ exists: boolean }>("POST", "/api/auth/check-user", body);
}

export function useCheckUser() {
  return useMutation({ mutationFn: checkUser });
}
