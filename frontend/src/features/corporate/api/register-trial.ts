// POST /api/corporate/register: the simple form's 14-day trial (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export interface TrialRegistration {
  name: string;
  industry: string;
  contactEmail: string;
  contactPhone: string;
  subscriptionTier: string;
}

export function registerTrial(body: TrialRegistration) {
  return apiJson<{ organizationId: number; message: string }>(
    "POST",
    "/api/corporate/register",
    body,
  );
}

export function useRegisterTrial() {
  return useMutation({ mutationFn: registerTrial });
}
