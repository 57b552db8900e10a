// Which payment provider the cloud takes payments with.
import { useQuery } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";
import type { PaymentProvider } from "./provider";
import { testCheckoutProvider } from "./test-checkout";

export type PaymentConfig = Wire<"PaymentConfig">;

/** The provider, or null while it loads. */
export function usePaymentProvider(): PaymentProvider | null {
  const config = useQuery({
    queryKey: ["payment-config"],
    queryFn: () => apiJson<PaymentConfig>("GET", "/api/payments/config"),
  });
  const publishableKey = config.data?.mode === "stripe" ? config.data.publishableKey : "";
  // Stripe's code is fetched only in Stripe mode, once per key.
  const stripe = useQuery({
    queryKey: ["stripe-provider", publishableKey],
    queryFn: async () => (await import("./stripe-checkout")).stripeCheckoutProvider(publishableKey),
    enabled: publishableKey !== "",
  });
  if (config.data?.mode === "test") return testCheckoutProvider;
  return stripe.data ?? null;
}
