// POST /api/create-payment-intent (docs/design/individual.md §7, §8). Built by the payments issue.
import { ApiError, apiRequest, serverMessage, type Wire } from "@/lib/api";
import { purchaseCopy } from "../copy";

/** The wire's checkout, with what each type needs made required. */
export type PaymentIntentRequest = Wire<"PaymentIntentRequest"> &
  (
    | { type: "print" }
    | {
        type: "physical";
        labelType: Wire<"LabelType">;
        /** Packs of printed labels; the server prices them. */
        quantity: number;
        shippingAddress: Wire<"ShippingAddress">;
      }
  );

/**
 * The address has an account, so its owner must sign in to pay for it (the
 * server refuses an anonymous payment for it); the message says so.
 */
export class AccountExistsError extends Error {}

/** Returns the client secret, or raises the spec's messages for the two failures. */
export async function createPaymentIntent(body: PaymentIntentRequest): Promise<string> {
  let response: Response;
  try {
    response = await apiRequest("POST", "/api/create-payment-intent", body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new AccountExistsError(serverMessage(error) ?? purchaseCopy.dialog.initFallback);
    }
    if (error instanceof ApiError) throw new Error(purchaseCopy.dialog.initFailed(error.status));
    throw error;
  }
  const json = (await response.json().catch(() => null)) as Partial<Wire<"PaymentIntent">> | null;
  if (!json?.clientSecret) throw new Error(purchaseCopy.dialog.noSecret);
  return json.clientSecret;
}
