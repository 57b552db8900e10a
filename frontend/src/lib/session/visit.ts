// A visit is one browser tab's time on the site: it survives reloads and the
// payment provider's redirect back (session storage), and ends with the tab.
// Data left on the device by an earlier visit is checked once, as the visit
// starts, before any store reads it (docs/design/individual.md §4; see isStaleAnonymousLeftover).
import { readJson, readString, removeKey, storageKeys, writeString } from "@/lib/storage";
import { isStaleAnonymousLeftover } from "./rules";

const visitKey = "lifetag_visit_started";

/**
 * Starts a visit unless one is in progress in this tab. Returns whether an
 * earlier visit's anonymous record was removed.
 */
export function beginVisit(
  now: Date,
  local: Storage = localStorage,
  session: Storage = sessionStorage,
): boolean {
  if (readString(visitKey, session) !== null) return false;
  writeString(visitKey, now.toISOString(), session);
  const stale = isStaleAnonymousLeftover({
    user: readJson(storageKeys.user, local),
    emergency: readJson(storageKeys.emergencyInfo, local),
    paymentStatus: readJson(storageKeys.paymentStatus, local),
    now,
  });
  if (!stale) return false;
  // The record and what the purchase flow held with it (an address).
  for (const key of [
    storageKeys.emergencyInfo,
    storageKeys.pendingOrderType,
    storageKeys.pendingShippingAddress,
  ]) {
    removeKey(key, local);
  }
  return true;
}
