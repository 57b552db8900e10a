import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEmergencyStore } from "@/stores/emergency";
import { usePaymentStatusStore, useUserStore } from "@/stores/session";
import { mockFetch } from "@/test/fetchMock";
import { janeRecord, resetStores, saveRecord, signInPaid } from "@/test/fixtures";
import { restoreSession } from "./session";

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
      "GET /api/user/data": () => ({
        body: {
          user: { id: 1, email: "jane@example.com", hasPrintAccess: true },
          emergencyData: janeRecord,
        },
      }),
      "GET /api/user/payment-status": () => ({
        body: { hasPrintAccess: true, hasPhysicalOrder: false },
      }),
    });
    await restoreSession("jane@example.com");
    expect(useEmergencyStore.getState().data?.personalInfo.fullName).toBe("Jane Doe");
    expect(useUserStore.getState().user?.hasPrintAccess).toBe(true);
    expect(usePaymentStatusStore.getState().status).toMatchObject({
      hasPaid: true,
      hasPrintAccess: true,
    });
  });

  it("pushes this device's complete record when the account has none", async () => {
    signInPaid(false);
    saveRecord();
    const fetch = mockFetch({
      "GET /api/user/data": () => ({
        body: {
          user: { id: 1, email: "jane@example.com", hasPrintAccess: false },
          emergencyData: null,
        },
      }),
      "GET /api/user/payment-status": () => ({ body: { hasPrintAccess: false } }),
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
