// POST /api/privacy/delete-account (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export function deleteAccount(body: Wire<"PrivacyDeleteRequest">) {
  return apiJson<Wire<"Message">>("POST", "/api/privacy/delete-account", body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
