// POST /api/privacy/delete-data (docs/design/individual.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export function deleteData(body: Wire<"PrivacyDeleteRequest">) {
  return apiJson<Wire<"Message">>("POST", "/api/privacy/delete-data", body);
}

export function useDeleteData() {
  return useMutation({ mutationFn: deleteData });
}
