// POST /api/referrals/generate (docs/design/individual.md §7).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import { referralsKey } from "./get-referrals";

export function generateReferral(body: Wire<"ReferralCodeRequest">) {
  return apiJson<Wire<"ReferralCode">>("POST", "/api/referrals/generate", body);
}

export function useGenerateReferral(email: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateReferral,
    onSuccess: () => client.invalidateQueries({ queryKey: referralsKey(email) }),
  });
}
