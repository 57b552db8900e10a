// What happens after sign-in and on session restore (docs/design/individual.md §4).
import { retryWithDoubling } from "@/lib/session/rules";
import { useEmergencyStore } from "@/stores/emergency";
import { paidStatus, usePaymentStatusStore, useUserStore } from "@/stores/session";
import type { LoginResponse } from "./login";
import { fromWire } from "@/lib/emergency/types";
import { validateEmergencyData } from "@/lib/emergency/validate";
import { getPaymentStatus, type PaymentStatusResponse } from "./payment-status";
import { syncEmergencyData } from "./sync-emergency-data";
import { getUserData, type UserDataResponse } from "./user-data";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Remembers who is signed in (the session is the server's cookie); a paid
 * status is saved at once when print access is granted.
 */
export function storeSession(response: Pick<LoginResponse, "user">, now = new Date()): void {
  useUserStore.getState().signIn({
    email: response.user.email,
    userId: String(response.user.id),
    loginTime: now.toISOString(),
    hasPrintAccess: response.user.hasPrintAccess,
  });
  if (response.user.hasPrintAccess) {
    usePaymentStatusStore.getState().setStatus(paidStatus(true, now));
  }
}

function applyUserData(data: UserDataResponse): void {
  if (data.emergencyData) {
    useEmergencyStore.getState().replace(fromWire(data.emergencyData));
  } else {
    // Nothing saved on the account yet: push what this device holds, if it
    // is a complete record (docs/design/individual.md §4 sync), so the account has it too.
    const local = useEmergencyStore.getState().data;
    if (local && Object.keys(validateEmergencyData(local)).length === 0) {
      void syncEmergencyData(data.user.email, local);
    }
  }
  useUserStore.getState().setPrintAccess(data.user.hasPrintAccess);
}

function applyPaymentStatus(status: PaymentStatusResponse): void {
  usePaymentStatusStore.getState().setStatus({
    ...paidStatus(status.hasPrintAccess),
    hasPhysicalOrder: status.hasPhysicalOrder,
    physicalOrders: status.physicalOrders,
    stripeCustomerId: status.stripeCustomerId,
  });
}

/**
 * Loads the account's saved data and payment status in parallel. The user
 * data is retried (5 tries from 200 ms, doubling) because the first read
 * right after sign-in can race the new session. Failures are only logged.
 */
export async function loadServerData(email: string): Promise<void> {
  const userData = retryWithDoubling(() => getUserData(email), sleep).then((data) => {
    if (data) applyUserData(data);
  });
  const payment = getPaymentStatus(email).then((status) => {
    if (status) applyPaymentStatus(status);
  });
  logFailures(await Promise.allSettled([userData, payment]));
}

/**
 * On page load with a stored session (docs/design/individual.md §4 "session restore"): the same
 * two loads, once each. A 401 means the server has ended the session, so
 * the device forgets it too (the form data stays).
 */
export async function restoreSession(email: string): Promise<void> {
  const userData = getUserData(email).then((data) => {
    if (data === null) useUserStore.getState().forgetSession();
    else applyUserData(data);
  });
  const payment = getPaymentStatus(email).then((status) => {
    if (status) applyPaymentStatus(status);
  });
  logFailures(await Promise.allSettled([userData, payment]));
}

function logFailures(results: PromiseSettledResult<void>[]): void {
  for (const r of results) {
    if (r.status === "rejected") console.error("Loading account data failed", r.reason);
  }
}
