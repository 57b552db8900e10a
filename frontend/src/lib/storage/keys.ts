// Local storage keys of docs/design/individual.md §3. Product data carries the
// "lifetag_" prefix so that logout can remove all of it in one sweep.
export const STORAGE_PREFIX = "lifetag_";

export const storageKeys = {
  user: `${STORAGE_PREFIX}user`,
  emergencyInfo: `${STORAGE_PREFIX}emergency_info`,
  labelOptions: `${STORAGE_PREFIX}label_options`,
  paymentStatus: `${STORAGE_PREFIX}payment_status`,
  pendingUser: `${STORAGE_PREFIX}pending_user`,
  // Which corporate member this browser signed in (for the site header only;
  // the session itself is the HttpOnly cookie).
  corporateMember: `${STORAGE_PREFIX}corporate_member`,
  // Unprefixed by the spec. The spec's "sessionToken" entry is not used: the
  // website is signed in by its HttpOnly cookie alone, so no script on the
  // page can read a session. A token left there by an older version is
  // removed (session store, logout).
  legacySessionToken: "sessionToken",
  pendingOrderType: "pendingOrderType",
  pendingShippingAddress: "pendingShippingAddress",
} as const;
