// GET /api/user/payment-status?email (spec §7).
import { getJsonOrNullOn401 } from "@/lib/api";
import type { PhysicalOrder } from "@/stores/session";

export interface PaymentStatusResponse {
  hasPrintAccess: boolean;
  stripeCustomerId?: string | null;
  hasPhysicalOrder?: boolean;
  physicalOrders?: PhysicalOrder[];
}

export function getPaymentStatus(email: string): Promise<PaymentStatusResponse | null> {
  return getJsonOrNullOn401<PaymentStatusResponse>(
    `/api/user/payment-status?email=${encodeURIComponent(email)}`,
  );
}
