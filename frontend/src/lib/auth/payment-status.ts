// GET /api/user/payment-status?email (docs/design/individual.md §7).
import { getJsonOrNullOn401, type Wire } from "@/lib/api";

export type PaymentStatusResponse = Wire<"PaymentStatus">;

export function getPaymentStatus(email: string): Promise<PaymentStatusResponse | null> {
  return getJsonOrNullOn401<PaymentStatusResponse>(
    `/api/user/payment-status?email=${encodeURIComponent(email)}`,
  );
}
