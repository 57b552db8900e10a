// POST /api/privacy/delete-data (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function deleteData(body: { email: string; confirmation: string }) {
  return apiJson<{ message?: string }>("POST", "/api/privacy/delete-data", body);
}

export function useDeleteData() {
  return useMutation({ mutationFn: deleteData });
}
