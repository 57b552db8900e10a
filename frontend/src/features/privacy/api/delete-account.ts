// POST /api/privacy/delete-account (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function deleteAccount(body: { email: string; confirmation: string }) {
  return apiJson<{ message?: string }>("POST", "/api/privacy/delete-account", body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
