// Projects (docs/design/admin-corporate.md §7): GET /api/corporate/projects/{orgId},
// POST /api/corporate/{orgId}/projects, PUT and DELETE .../projects/{projectId}.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import { organizationKeys } from "../api/organization";

/** A project; its dates are YYYY-MM-DD, "" when unset. */
export type Project = Wire<"Project">;
/** The body of a create, or of an update (a field left out stays as it is). */
export type ProjectRequest = Wire<"ProjectRequest">;
type ProjectSaved = Wire<"ProjectSaved">;

export const projectKeys = {
  list: (orgId: number) => ["corporate", "projects", orgId] as const,
};

export function useProjects(orgId: number | null) {
  return useQuery({
    queryKey: projectKeys.list(orgId ?? 0),
    queryFn: async () =>
      (await apiJson<Wire<"ProjectList">>("GET", `/api/corporate/projects/${orgId}`)).projects,
    enabled: orgId !== null,
    retry: false,
  });
}

function useProjectChange<T>(orgId: number, call: (arg: T) => Promise<ProjectSaved>) {
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
  return useProjectChange(orgId, (input: ProjectRequest) =>
    apiJson<ProjectSaved>("POST", `/api/corporate/${orgId}/projects`, input),
  );
}

/** Deletes an empty project; the server refuses one with codes (archive it). */
export function useDeleteProject(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<Wire<"LibrarySuccess">>("DELETE", `/api/corporate/${orgId}/projects/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.list(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

export function useUpdateProject(orgId: number) {
  return useProjectChange(orgId, ({ id, ...change }: { id: number } & ProjectRequest) =>
    apiJson<ProjectSaved>("PUT", `/api/corporate/${orgId}/projects/${id}`, change),
  );
}
