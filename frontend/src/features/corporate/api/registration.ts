// POST /api/corporate/create-payment-intent, /complete-registration and the
// local test checkout's confirm (docs/design/admin-corporate.md §7).
import { useMutation } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import type { Registration } from "../validation";

export type RegistrationCheckout = Wire<"CorporateCheckout">;

export function createRegistrationCheckout(body: Registration) {
  return apiJson<RegistrationCheckout>(
    "POST",
    "/api/corporate/create-payment-intent",
    body satisfies Wire<"CorporateRegistrationRequest">,
  );
}

export function useCreateRegistrationCheckout() {
  return useMutation({ mutationFn: createRegistrationCheckout });
}

export function completeRegistration(body: Wire<"CorporateCompleteRegistrationRequest">) {
  // setupPending: a new customer, who has to open the setup mail first.
  return apiJson<Wire<"CorporateRegistrationCompleted">>(
    "POST",
    "/api/corporate/complete-registration",
    body,
  );
}

export function confirmTestCheckout(body: Wire<"CorporateTestCheckoutRequest">) {
  return apiJson<Wire<"CorporateTestCheckoutResult">>(
    "POST",
    "/api/corporate/test-checkout/confirm",
    body,
  );
}

export function useConfirmTestCheckout() {
  return useMutation({ mutationFn: confirmTestCheckout });
}
