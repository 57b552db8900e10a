import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { toast } from "@/components/ui/toast-store";
import { loadServerData, storeSession, syncEmergencyData } from "@/lib/auth";
import { toasts } from "@/lib/copy";
import { forgetReferralCode } from "@/lib/referral";
import { useEmergencyStore } from "@/stores/emergency";
import {
  clearPendingOrder,
  clearPendingUser,
  readPendingUser,
  type OrderType,
} from "@/stores/pending";
import { paidStatus, usePaymentStatusStore, useUserStore } from "@/stores/session";
import { createAccountAfterPayment } from "../api/create-account-after-payment";
import { purchaseCopy } from "../copy";

/** docs/design/individual.md §9: redirect 1.5 s after a successful payment. */
export const REDIRECT_AFTER_PAYMENT_MS = 1500;

/**
 * After a successful payment (docs/design/individual.md §4): an existing user is already signed
 * in; a new user's account is created, the form data synced and the pending
 * record removed. Account creation failing is only logged (docs/design/individual.md §8).
 */
export function useCompletePurchase() {
  const navigate = useNavigate();
  // The redirect is for someone still on the page where they paid: a
  // person who has moved on meanwhile (a paid print unlock sends them to
  // their code at once, and they may already be in the print preview) is
  // not pulled back.
  const stillOnThePage = useRef(true);
  useEffect(() => {
    stillOnThePage.current = true;
    return () => {
      stillOnThePage.current = false;
    };
  }, []);
  return async (mode: OrderType) => {
    const pending = readPendingUser();
    const firstVisit = pending !== null && !pending.isExisting;
    const data = useEmergencyStore.getState().data;
    if (firstVisit) {
      try {
        const created = await createAccountAfterPayment({
          email: pending.email,
          password: pending.password,
        });
        // The answer's cookie is the session.
        storeSession({ user: created.user });
        if (data) await syncEmergencyData(pending.email, data);
      } catch (error) {
        console.error("Account creation after payment failed", error);
      }
    }
    clearPendingUser();
    clearPendingOrder();
    forgetReferralCode();
    if (mode === "print") {
      // Shown at once; the server's payment status below is the authority.
      usePaymentStatusStore.getState().setStatus(paidStatus(true));
      useUserStore.getState().setPrintAccess(true);
    }
    const email = useUserStore.getState().user?.email;
    if (email) void loadServerData(email);
    const success = purchaseCopy.dialog.success;
    toast({ title: success.title, description: success[mode], variant: "success" });
    setTimeout(() => {
      toast({ ...(firstVisit ? toasts.welcomeNew : toasts.welcomeBack), variant: "success" });
      if (stillOnThePage.current) navigate(paths.qrGenerated);
    }, REDIRECT_AFTER_PAYMENT_MS);
  };
}
