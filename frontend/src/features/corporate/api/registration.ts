// POST /api/corporate/create-payment-intent, /complete-registration and the
// local test checkout's confirm (spec §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { Registration } from "../validation";

export interface RegistrationCheckout {
  sessionId: string;
  redirectUrl: string;
  registrationId: string;
}

export function createRegistrationCheckout(body: Registration) {
  return apiJson<RegistrationCheckout>("POST", "/api/corporate/create-payment-intent", body);
}

export function useCreateRegistrationCheckout() {
  return useMutation({ mutationFn: createRegistrationCheckout });
}

export function completeRegistration(body: { sessionId: string; registrationId: string }) {
  // setupPending: a new customer, who has to open the setup mail first.
  return apiJson<{
    success: boolean;
    message: string;
    organizationId: number;
    contactEmail: string;
    setupPending: boolean;
  }>("POST", "/api/corporate/complete-registration", body);
}

export function confirmTestCheckout(body: { sessionId: string; cardNumber: string }) {
  return apiJson<{ status: string }>("POST", "/api/corporate/test-checkout/confirm", body);
}

export function useConfirmTestCheckout() {
  return useMutation({ mutationFn: confirmTestCheckout });
}
