// Which payment provider the cloud takes payments with.
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { PaymentProvider } from "./provider";
import { testCheckoutProvider } from "./test-checkout";

export interface PaymentConfig {
  mode: "stripe" | "test";
  publishableKey: string;
}

/**
 * The provider, or null while the configuration loads or when the browser
 * cannot take the cloud's mode (Stripe's Payment Element is not bundled yet:
 * see the payments note).
 */
export function usePaymentProvider(): PaymentProvider | null {
  const { data } = useQuery({
    queryKey: ["payment-config"],
    queryFn: () => apiJson<PaymentConfig>("GET", "/api/payments/config"),
  });
  return data?.mode === "test" ? testCheckoutProvider : null;
}
