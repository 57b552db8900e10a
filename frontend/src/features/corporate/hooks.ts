import { useEffect } from "react";
import { useParams } from "react-router";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useOwnOrganization } from "./api/organization";

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
  // header stops offering this member's dashboard.
  const noSession = own.isError;
  useEffect(() => {
    if (noSession) useCorporateMemberStore.getState().forget();
  }, [noSession]);
  if (orgId !== undefined) return fromPath;
  if (own.isPending) return undefined;
  return own.data?.id ?? null;
}
