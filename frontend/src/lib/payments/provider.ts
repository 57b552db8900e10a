// The card payment step behind the payment dialog: Stripe's Payment Element,
// or the cloud's local test checkout when it runs without Stripe keys. The
// cloud says which (GET /api/payments/config).
import type { ReactNode } from "react";

export type PaymentMode = "print" | "physical";

export interface PaymentProvider {
  /** The card form, rendered inside the dialog. */
  renderCardForm: (mode: PaymentMode) => ReactNode;
  /**
   * Checks the card form before the payment intent is created (Stripe asks
   * for this before any other asynchronous work). Resolves with a message
   * when the form is incomplete.
   */
  prepare?: () => Promise<{ error?: string }>;
  /**
   * Confirms the payment with the provider: return to the site origin,
   * redirect only if required (docs/design/individual.md §7). Resolves with the provider's error
   * message when the card is declined.
   */
  confirm: (clientSecret: string, returnUrl: string) => Promise<{ error?: string }>;
}
