// Worker self-service collection links (cloud/service/collection.go): the
// officer's links, the worker's form behind /collect/{token}, and the
// projects the officer chooses from (templates: ../templates/api).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import type { RecordValues } from "@/lib/emergency/template";
import { organizationKeys } from "../api/organization";

/** url is only in the answer that created the link. */
export type CollectionLink = Wire<"CollectionLink">;

export type NewLink = Wire<"CollectionLinkRequest">;

const linkKey = (orgId: number) => ["corporate", "collection-links", orgId] as const;

export function useCollectionLinks(orgId: number | null) {
  return useQuery({
    queryKey: linkKey(orgId ?? 0),
    queryFn: () =>
      apiJson<Wire<"CollectionLinkList">>("GET", `/api/corporate/${orgId}/collection-links`),
    enabled: orgId !== null,
    retry: false,
  });
}

function useLinkChange<T, R>(orgId: number, call: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: linkKey(orgId) });
      void client.invalidateQueries({ queryKey: organizationKeys.dashboard(orgId) });
    },
  });
}

export function useCreateLink(orgId: number) {
  return useLinkChange(orgId, (link: NewLink) =>
    apiJson<Wire<"CollectionLinkCreated">>(
      "POST",
      `/api/corporate/${orgId}/collection-links`,
      link,
    ),
  );
}

export function useRevokeLink(orgId: number) {
  return useLinkChange(orgId, (linkId: number) =>
    apiJson<Wire<"Message">>("DELETE", `/api/corporate/${orgId}/collection-links/${linkId}`),
  );
}

/** POST /api/corporate/{orgId}/qr-codes/{codeId}/update-link: a single-use link to one code. */
export function useSendUpdateLink(orgId: number, codeId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<Wire<"UpdateLinkCreated">>(
        "POST",
        `/api/corporate/${orgId}/qr-codes/${codeId}/update-link`,
        (email === "" ? {} : { email }) satisfies Wire<"UpdateLinkRequest">,
      ),
  });
}

export interface Choice {
  id: number;
  name: string;
}

/** The organisation's projects (docs/design/admin-corporate.md §7 GET /api/corporate/projects/{orgId}). */
export function useProjectChoices(orgId: number) {
  return useQuery({
    queryKey: ["corporate", "projects", orgId],
    queryFn: async () => {
      const answer = await apiJson<{ projects: Choice[] } | Choice[]>(
        "GET",
        `/api/corporate/projects/${orgId}`,
      );
      return Array.isArray(answer) ? answer : answer.projects;
    },
    retry: false,
  });
}

/** GET /api/collect/{token}: what a worker's form shows (values: an update link's current details). */
export type CollectForm = Wire<"CollectForm">;

export function useCollectForm(token: string) {
  return useQuery({
    queryKey: ["collect", token],
    queryFn: () => apiJson<CollectForm>("GET", `/api/collect/${encodeURIComponent(token)}`),
    retry: false,
    // A form being filled in must not be refetched and reset under the worker.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSubmitCollect(token: string) {
  return useMutation({
    mutationFn: (body: { values: RecordValues; consent: boolean }) =>
      apiJson<Wire<"Message">>(
        "POST",
        `/api/collect/${encodeURIComponent(token)}`,
        body satisfies Wire<"CollectSubmission">,
      ),
  });
}

/** POST /api/collect/{token}/confirm: an update link's "my details are still right". */
export function useConfirmCollect(token: string) {
  return useMutation({
    mutationFn: () =>
      apiJson<Wire<"Message">>("POST", `/api/collect/${encodeURIComponent(token)}/confirm`),
  });
}
