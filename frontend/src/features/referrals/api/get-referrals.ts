// GET /api/referrals/{email} (spec §7): 404 means no code yet.
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "@/lib/api";

export interface Referral {
  referralCode: string;
  referrerEmail: string;
  referredEmail: string;
  rewardClaimed?: boolean;
  createdAt?: string;
}

export interface ReferralDashboard {
  referralCode: string;
  referrals: Referral[];
  totalReferrals: number;
}

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
