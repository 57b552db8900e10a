// The signed-in user and the payment status kept on this device (docs/design/individual.md §3
// "Local user session" and "Local payment status"; keys lifetag_user and
// lifetag_payment_status). The session itself is the server's HttpOnly
// cookie: nothing here can act as the user.
import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Wire } from "@/lib/api";
import { isSessionExpired, parseStoredUser, type StoredUser } from "@/lib/session/rules";
import { clearProductStorage, removeKey, storageKeys } from "@/lib/storage";
import { rawJsonStorage } from "./persistRaw";

/** A physical order as GET /api/user/payment-status answers it. */
export type PhysicalOrder = Wire<"OrderView">;

export interface PaymentStatus {
  hasPaid: boolean;
  hasPrintAccess: boolean;
  hasPhysicalOrder: boolean;
  physicalOrders: PhysicalOrder[];
  paymentDate?: string | null;
  stripeCustomerId?: string | null;
}

interface UserState {
  user: StoredUser | null;
  signIn: (user: StoredUser) => void;
  setPrintAccess: (hasPrintAccess: boolean) => void;
  /** Forgets the session and every product-prefixed entry (docs/design/individual.md §4 logout). */
  signOut: () => void;
  /** Drops a session the server no longer knows, keeping the form on the device. */
  forgetSession: () => void;
}

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      user: null,
      signIn: (user) => set({ user }),
      setPrintAccess: (hasPrintAccess) =>
        set((state) => (state.user ? { user: { ...state.user, hasPrintAccess } } : state)),
      signOut: () => {
        clearProductStorage();
        set({ user: null });
        usePaymentStatusStore.setState({ status: null });
      },
      forgetSession: () => set({ user: null }),
    }),
    {
      name: storageKeys.user,
      storage: rawJsonStorage<Pick<UserState, "user">, StoredUser>({
        // Corrupted or 24-hour-old sessions are removed on load (docs/design/individual.md §4).
        load: (raw) => {
          removeKey(storageKeys.legacySessionToken);
          const parsed = parseStoredUser(raw);
          if (parsed.kind !== "ok" || isSessionExpired(parsed.value, new Date())) return null;
          return { user: parsed.value };
        },
        save: (state) => state.user,
      }),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);

interface PaymentStatusState {
  status: PaymentStatus | null;
  setStatus: (status: PaymentStatus) => void;
}

export const usePaymentStatusStore = create<PaymentStatusState>()(
  persist(
    (set) => ({
      status: null,
      setStatus: (status) => set({ status }),
    }),
    {
      name: storageKeys.paymentStatus,
      storage: rawJsonStorage<Pick<PaymentStatusState, "status">, PaymentStatus>({
        load: (raw) =>
          typeof raw === "object" && raw !== null && "hasPrintAccess" in raw
            ? {
                status: {
                  ...(raw as PaymentStatus),
                  physicalOrders: (raw as PaymentStatus).physicalOrders ?? [],
                },
              }
            : null,
        save: (state) => state.status,
      }),
      partialize: (state) => ({ status: state.status }),
    },
  ),
);

/** The status the spec derives from the simple payment-status call (docs/design/individual.md §4). */
export function paidStatus(hasPrintAccess: boolean, now = new Date()): PaymentStatus {
  return {
    hasPaid: hasPrintAccess,
    hasPrintAccess,
    hasPhysicalOrder: false,
    physicalOrders: [],
    paymentDate: hasPrintAccess ? now.toISOString() : null,
  };
}

/** Paid and signed in: the real QR, print and download (docs/design/individual.md §2, §6). */
export function useCanUseRealData(): boolean {
  const user = useUserStore((s) => s.user);
  const status = usePaymentStatusStore((s) => s.status);
  return user !== null && (user.hasPrintAccess || status?.hasPrintAccess === true);
}

/** Identity fields lock once the person has paid (docs/design/individual.md §2). */
export function useHasPaid(): boolean {
  const user = useUserStore((s) => s.user);
  const status = usePaymentStatusStore((s) => s.status);
  return status?.hasPaid === true || status?.hasPrintAccess === true || !!user?.hasPrintAccess;
}
