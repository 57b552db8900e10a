import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEmergencyStore } from "@/stores/emergency";
import { usePaymentStatusStore, useUserStore } from "@/stores/session";
import { mockFetch } from "@/test/fetchMock";
import { janeRecord, resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import type { Wire } from "@/lib/api";
import type { EmergencyData } from "@/lib/emergency";
import { restoreSession } from "./session";

/** GET /api/user/data's answer for Jane. */
function userData(hasPrintAccess: boolean, emergencyData: EmergencyData | null): Wire<"UserData"> {
  return {
    user: {
      id: 1,
      email: "jane@example.com",
      hasPrintAccess,
      isAdmin: false,
      stripeCustomerId: null,
      referralCode: null,
      createdAt: "2026-03-01T12:00:00Z",
    },
    emergencyData,
    reviewedAt: emergencyData ? "2026-03-01T12:00:00Z" : null,
    reviewReminderMonths: 12,
  };
}

/** GET /api/user/payment-status's answer, without orders. */
function paymentStatus(hasPrintAccess: boolean): Wire<"PaymentStatus"> {
  return { hasPrintAccess, stripeCustomerId: null, hasPhysicalOrder: false, physicalOrders: [] };
}

describe("session restore", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it("forgets a session the server refuses, keeping the form data", async () => {
    signInPaid(false);
    saveRecord();
    mockFetch({
      "GET /api/user/data": () => ({ status: 401, body: { message: "Sign in" } }),
      "GET /api/user/payment-status": () => ({ status: 401 }),
    });
    await restoreSession("jane@example.com");
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem("sessionToken")).toBeNull();
    expect(useEmergencyStore.getState().data?.personalInfo.fullName).toBe("Jane Doe");
  });

  it("loads the account's record and payment status", async () => {
    signInPaid(false);
    mockFetch({
      "GET /api/user/data": () => ({ body: userData(true, janeRecord) }),
      "GET /api/user/payment-status": () => ({ body: paymentStatus(true) }),
    });
    await restoreSession("jane@example.com");
    expect(useEmergencyStore.getState().data?.personalInfo.fullName).toBe("Jane Doe");
    expect(useUserStore.getState().user?.hasPrintAccess).toBe(true);
    expect(usePaymentStatusStore.getState().status).toMatchObject({
      hasPaid: true,
      hasPrintAccess: true,
      hasPhysicalOrder: false,
      physicalOrders: [],
    });
  });

  it("pushes this device's complete record when the account has none", async () => {
    signInPaid(false);
    saveRecord();
    const fetch = mockFetch({
      "GET /api/user/data": () => ({ body: userData(false, null) }),
      "GET /api/user/payment-status": () => ({ body: paymentStatus(false) }),
      "POST /api/sync/emergency-data": () => ({ body: { message: "ok" } }),
    });
    await restoreSession("jane@example.com");
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === "/api/sync/emergency-data")).toBe(
        true,
      ),
    );
  });
});
