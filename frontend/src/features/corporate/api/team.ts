// The team (docs/design/admin-corporate.md §2 /corporate/team): list, invite, resend, remove.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import { organizationKeys } from "./organization";

/** canResend / canRemove: whether the reader may resend this member's link / remove them (the server's rules). */
export type Member = Wire<"CorporateTeamMember">;

export function useTeam(orgId: number | null) {
  return useQuery({
    queryKey: organizationKeys.team(orgId ?? 0),
    queryFn: () => apiJson<Wire<"CorporateTeam">>("GET", `/api/corporate/${orgId}/team`),
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
    apiJson<Wire<"Message">>("POST", `/api/corporate/${orgId}/team/invite`, {
      email,
    } satisfies Wire<"CorporateInviteRequest">),
  );
}

export function useResend(orgId: number) {
  return useTeamChange(orgId, (userId: number) =>
    apiJson<Wire<"Message">>("POST", `/api/corporate/${orgId}/team/${userId}/resend`),
  );
}

export function useRemove(orgId: number) {
  return useTeamChange(orgId, (userId: number) =>
    apiJson<Wire<"Message">>("DELETE", `/api/corporate/${orgId}/team/${userId}`),
  );
}
