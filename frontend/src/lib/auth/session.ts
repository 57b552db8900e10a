// What happens after sign-in and on session restore (spec §4).
import { retryWithDoubling } from "@/lib/session/rules";
import { useEmergencyStore } from "@/stores/emergency";
import { paidStatus, usePaymentStatusStore, useUserStore } from "@/stores/session";
import type { LoginResponse } from "./login";
import { getPaymentStatus } from "./payment-status";
import { getUserData } from "./user-data";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Stores the session; a paid status is saved at once when print access is granted. */
export function storeSession(response: LoginResponse, now = new Date()): void {
  useUserStore.getState().signIn({
    email: response.user.email,
    userId: String(response.user.id),
    loginTime: now.toISOString(),
    hasPrintAccess: response.user.hasPrintAccess,
    sessionToken: response.sessionToken,
  });
  if (response.user.hasPrintAccess) {
    usePaymentStatusStore.getState().setStatus(paidStatus(true, now));
  }
}

/**
 * Loads the account's saved data and payment status in parallel. The user
 * data is retried (5 tries from 200 ms, doubling) because the first read
 * right after sign-in can race the new session. Failures are only logged.
 */
export async function loadServerData(email: string): Promise<void> {
  const userData = retryWithDoubling(() => getUserData(email), sleep).then((data) => {
    if (data?.emergencyData) useEmergencyStore.getState().replace(data.emergencyData);
    if (data?.user) useUserStore.getState().setPrintAccess(data.user.hasPrintAccess);
  });
  const payment = getPaymentStatus(email).then((status) => {
    if (status) {
      usePaymentStatusStore.getState().setStatus({
        ...paidStatus(status.hasPrintAccess),
        hasPhysicalOrder: status.hasPhysicalOrder ?? false,
        physicalOrders: status.physicalOrders ?? [],
        stripeCustomerId: status.stripeCustomerId ?? null,
      });
    }
  });
  const results = await Promise.allSettled([userData, payment]);
  for (const r of results) {
    if (r.status === "rejected") console.error("Loading account data failed", r.reason);
  }
}
