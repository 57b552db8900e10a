// Projects (admin-corporate-side §7): GET /api/corporate/projects/{orgId},
// POST /api/corporate/{orgId}/projects, PUT and DELETE .../projects/{projectId}.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { organizationKeys } from "../api/organization";

export interface Project {
  id: number;
  name: string;
  description: string;
  status: string;
  /** YYYY-MM-DD, "" when unset. */
  startDate: string;
  endDate: string;
  codeCount: number;
  createdAt: string;
}

export const projectKeys = {
  list: (orgId: number) => ["corporate", "projects", orgId] as const,
};

export function useProjects(orgId: number | null) {
  return useQuery({
    queryKey: projectKeys.list(orgId ?? 0),
    queryFn: async () =>
      (await apiJson<{ projects: Project[] }>("GET", `/api/corporate/projects/${orgId}`)).projects,
    enabled: orgId !== null,
    retry: false,
  });
}

function useProjectChange<T>(orgId: number, call: (arg: T) => Promise<{ project: Project }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.list(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

export function useCreateProject(orgId: number) {
  return useProjectChange(
    orgId,
    (input: { name: string; description: string; startDate: string; endDate: string }) =>
      apiJson<{ project: Project }>("POST", `/api/corporate/${orgId}/projects`, input),
  );
}

/** Deletes an empty project; the server refuses one with codes (archive it). */
export function useDeleteProject(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson("DELETE", `/api/corporate/${orgId}/projects/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.list(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

export function useUpdateProject(orgId: number) {
  return useProjectChange(
    orgId,
    ({ id, ...change }: { id: number; name?: string; description?: string; status?: string }) =>
      apiJson<{ project: Project }>("PUT", `/api/corporate/${orgId}/projects/${id}`, change),
  );
}
