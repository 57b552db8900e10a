// The card payment step behind the payment dialog. The payments issue plugs
// in the Stripe Payment Element, or the cloud's local test checkout when it
// runs without Stripe keys; until then no provider is registered and the
// dialog says so instead of pretending to take a payment.
import type { ReactNode } from "react";

export interface PaymentProvider {
  /** The card form, rendered inside the dialog for this client secret. */
  renderCardForm?: (clientSecret: string) => ReactNode;
  /**
   * Confirms the payment with the provider: return to the site origin,
   * redirect only if required (spec §7). Resolves with the provider's error
   * message when the card is declined.
   */
  confirm: (clientSecret: string, returnUrl: string) => Promise<{ error?: string }>;
}

let current: PaymentProvider | null = null;

export function registerPaymentProvider(provider: PaymentProvider | null): void {
  current = provider;
}

export function paymentProvider(): PaymentProvider | null {
  return current;
}
