// POST /api/corporate/register: the simple form's 14-day trial (docs/design/admin-corporate.md §7), and
// POST /api/corporate/resend-setup for the page a new customer lands on.
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

export type TrialRegistration = Wire<"CorporateTrialRegistration">;

/** Nothing exists yet: the contact proves the address with the mailed link. */
export type TrialStarted = Wire<"CorporateTrialStarted">;

export function registerTrial(body: TrialRegistration) {
  return apiJson<TrialStarted>("POST", "/api/corporate/register", body);
}

export function useRegisterTrial() {
  return useMutation({ mutationFn: registerTrial });
}

/** The landing page's Resend: a trial's link, or a paid registration's setup link. */
export function resendSetup(body: Wire<"CorporateResendSetupRequest">) {
  return apiJson<Wire<"Message">>("POST", "/api/corporate/resend-setup", body);
}

export function useResendSetup() {
  return useMutation({ mutationFn: resendSetup });
}
