// The team (spec §2 /corporate/team): list, invite, resend, remove.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { organizationKeys, type Permissions } from "./organization";

export interface Member {
  id: number;
  email: string;
  userType: string;
  role: string;
  passwordSet: boolean;
  /** Whether the reader may resend this member's link / remove them (the server's rules). */
  canResend: boolean;
  canRemove: boolean;
}

export function useTeam(orgId: number | null) {
  return useQuery({
    queryKey: organizationKeys.team(orgId ?? 0),
    queryFn: () =>
      apiJson<{ members: Member[]; maxMembers: number; permissions: Permissions }>(
        "GET",
        `/api/corporate/${orgId}/team`,
      ),
    enabled: orgId !== null,
    retry: false,
  });
}

function useTeamChange<T>(orgId: number, call: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: organizationKeys.team(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

export function useInvite(orgId: number) {
  return useTeamChange(orgId, (email: string) =>
    apiJson("POST", `/api/corporate/${orgId}/team/invite`, { email }),
  );
}

export function useResend(orgId: number) {
  return useTeamChange(orgId, (userId: number) =>
    apiJson("POST", `/api/corporate/${orgId}/team/${userId}/resend`),
  );
}

export function useRemove(orgId: number) {
  return useTeamChange(orgId, (userId: number) =>
    apiJson("DELETE", `/api/corporate/${orgId}/team/${userId}`),
  );
}
