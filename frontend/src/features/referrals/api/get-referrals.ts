// GET /api/referrals/{email} (docs/design/individual.md §7): 404 means no code yet.
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiJson, type Wire } from "@/lib/api";

/** One purchase made with the code; the buyer's address is masked. */
export type Referral = Wire<"ReferralView">;

export type ReferralDashboard = Wire<"ReferralDashboard">;

export async function getReferrals(email: string): Promise<ReferralDashboard | null> {
  try {
    return await apiJson<ReferralDashboard>("GET", `/api/referrals/${encodeURIComponent(email)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const referralsKey = (email: string | null) => ["referrals", email];

export function useReferrals(email: string | null) {
  return useQuery({
    queryKey: referralsKey(email),
    queryFn: () => getReferrals(email!),
    enabled: email !== null,
  });
}
