import { useEffect } from "react";
import { useParams } from "react-router";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useOwnOrganization } from "./api/organization";
import { isRefusal } from "./components/AccessDenied";

/**
 * The organisation a corporate page is about: {orgId} of the address, or
 * else the signed-in member's own. undefined while it is being found; null
 * when there is none (not signed in as a corporate user).
 */
export function useOrganizationId(): number | null | undefined {
  const { orgId } = useParams();
  const fromPath = orgId !== undefined && /^\d+$/.test(orgId) ? Number(orgId) : null;
  const own = useOwnOrganization(orgId === undefined);
  // No corporate session any more (expired, or signed out elsewhere): the
  // header stops offering this member's dashboard. A server or connection
  // failure says nothing about the session, which is kept.
  const noSession = isRefusal(own.error);
  useEffect(() => {
    if (noSession) useCorporateMemberStore.getState().forget();
  }, [noSession]);
  if (orgId !== undefined) return fromPath;
  if (own.isPending) return undefined;
  return own.data?.id ?? null;
}
